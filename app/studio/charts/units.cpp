#include "charts/units.h"

#include <cmath>

namespace d500::studio {

DurationUnit DurationUnit::forTypical(double typicalNs) {
  const double v = std::fabs(typicalNs);
  if (!(v >= 1e3)) return {1, QStringLiteral("ns")};
  if (v < 1e6) return {1e3, QStringLiteral("µs")};
  if (v < 1e9) return {1e6, QStringLiteral("ms")};
  return {1e9, QStringLiteral("s")};
}

QString formatNumber(double v, int significant) {
  if (!std::isfinite(v)) return QString::number(v);
  return QString::number(v, 'g', significant);
}

QString formatPercent(double p) {
  if (!std::isfinite(p)) return QString::number(p);
  const double a = std::fabs(p);
  return QString::number(p, 'f', a < 1 ? 2 : (a < 10 ? 1 : 0));
}

QString formatDuration(double ns) {
  const DurationUnit u = DurationUnit::forTypical(ns);
  return formatNumber(ns / u.nsPerUnit) + QLatin1Char(' ') + u.symbol;
}

}  // namespace d500::studio
