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

QString field(const QString& text) {
  const bool quote = text.contains(QLatin1Char(',')) || text.contains(QLatin1Char('"')) ||
                     text.contains(QLatin1Char('\n')) || text.contains(QLatin1Char('\r')) ||
                     (!text.isEmpty() && (text.front().isSpace() || text.back().isSpace()));
  if (!quote) return text;
  QString inner = text;
  inner.replace(QLatin1String("\""), QLatin1String("\"\""));
  return QLatin1Char('"') + inner + QLatin1Char('"');
}

QString line(const QStringList& fields) {
  QStringList out;
  out.reserve(fields.size());
  for (const auto& f : fields) out.append(field(f));
  return out.join(QLatin1Char(','));
}

}  // namespace d500::studio::csv
