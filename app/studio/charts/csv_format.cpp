#include "charts/csv_format.h"

#include <charconv>
#include <cmath>

namespace d500::studio::csv {

QString number(double v) {
  if (std::isnan(v)) return QStringLiteral("nan");
  if (std::isinf(v)) return v > 0 ? QStringLiteral("inf") : QStringLiteral("-inf");
  char buf[64];
  // std::to_chars without a precision gives the shortest representation that round-trips.
  auto r = std::to_chars(buf, buf + sizeof buf, v);
  return QString::fromLatin1(buf, static_cast<int>(r.ptr - buf));
}

QString number(int64_t v) {
  return QString::number(v);
}

}  // namespace d500::studio::csv
