#include "charts/units.h"

#include <algorithm>
#include <cmath>

#include "common/locale_format.h"

namespace d500::studio {

DurationUnit DurationUnit::forTypical(double typicalNs) {
  const double v = std::fabs(typicalNs);
  if (!(v >= 1e3)) return {1, QStringLiteral("ns")};
  if (v < 1e6) return {1e3, QStringLiteral("µs")};
  if (v < 1e9) return {1e6, QStringLiteral("ms")};
  return {1e9, QStringLiteral("s")};
}

QString formatNumber(double v, int significant) {
  const double a = std::fabs(v);
  // Exponents only where plain digits would run long: 17300 beside 103, not 1.73e+04.
  if (!std::isfinite(v)) return QString::number(v, 'g', significant);
  if (a == 0 || a < 1e-3 || a >= 1e7) return LocaleFormat::general(v, significant);
  const int exponent = static_cast<int>(std::floor(std::log10(a)));
  const int decimals = std::max(0, significant - 1 - exponent);
  const double unit = std::pow(10.0, exponent - significant + 1);
  return LocaleFormat::fixed(std::round(v / unit) * unit, decimals);  // 2.5, not 2.50
}

QString formatPercent(double p) {
  if (!std::isfinite(p)) return QString::number(p);
  const double a = std::fabs(p);
  return LocaleFormat::fixed(p, a < 1 ? 2 : (a < 10 ? 1 : 0), false);
}

QString formatDuration(double ns) {
  const DurationUnit u = DurationUnit::forTypical(ns);
  return formatNumber(ns / u.nsPerUnit) + QLatin1Char(' ') + u.symbol;
}

}  // namespace d500::studio
