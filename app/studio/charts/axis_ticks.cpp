#include "charts/axis_ticks.h"

#include <QtCharts/QCategoryAxis>
#include <QtCharts/QLogValueAxis>
#include <QtCharts/QValueAxis>
#include <algorithm>
#include <cmath>

namespace d500::studio {

namespace {

constexpr double kPlainBelow = 1e7;  // 2000000 reads well; beyond, exponents
constexpr double kPlainFrom = 1e-4;  // 0.0005 reads well; below, exponents
constexpr double kEndMargin = 1.02;  // a power of the base at an end stays inside the range
constexpr double kTwoDecades = 128;  // under this ratio powers of 2 label the axis

double logOf(double v, int base) {
  return std::log(v) / std::log(static_cast<double>(base));
}

// The powers of `base` in [lo, hi], counted with a little slack against rounding.
int powersInside(double lo, double hi, int base) {
  return static_cast<int>(std::floor(logOf(hi, base) + 1e-9) - std::ceil(logOf(lo, base) - 1e-9)) +
         1;
}

}  // namespace

AxisTicks::LogRange AxisTicks::fitLog(double lo, double hi) {
  LogRange r;
  if (!(lo > 0) || !(hi > lo)) return r;
  r.base = hi / lo < kTwoDecades ? 2 : 10;
  const double b = r.base;
  // An end within a factor of sqrt(base) of the next power outward moves out to that power, so
  // it is labelled; further away, the next power inward is close enough to read the end by.
  const double below = std::pow(b, std::floor(logOf(lo, r.base) + 1e-9));
  const double above = std::pow(b, std::ceil(logOf(hi, r.base) - 1e-9));
  r.lo = lo / below <= std::sqrt(b) ? below / kEndMargin : lo;
  r.hi = above / hi <= std::sqrt(b) ? above * kEndMargin : hi;
  if (powersInside(r.lo, r.hi, r.base) < 2) {  // less than an octave: two powers around it
    r.lo = below / kEndMargin;
    r.hi = std::max(above, below * b) * kEndMargin;
  }
  return r;
}

QString AxisTicks::linearFormat(double lo, double hi, int ticks) {
  const double maxAbs = std::max(std::fabs(lo), std::fabs(hi));
  const double step = ticks > 1 ? (hi - lo) / (ticks - 1) : hi - lo;
  if (maxAbs < kPlainBelow && (maxAbs == 0 || step >= kPlainFrom * 0.99)) {
    // The fewest decimals that write every tick exactly.
    for (int decimals = 0; decimals <= 6; ++decimals) {
      const double scale = std::pow(10.0, decimals);
      bool exact = true;
      for (int i = 0; i < std::max(ticks, 1) && exact; ++i) {
        const double v = (lo + i * step) * scale;
        exact = std::fabs(v - std::round(v)) <= 1e-6 * std::max(1.0, std::fabs(v));
      }
      if (exact) return QStringLiteral("%.%1f").arg(decimals);
    }
    // Ticks a zoom left at odd values: two significant digits of the step.
    if (step > 0)
      return QStringLiteral("%.%1f").arg(
          std::clamp(1 - static_cast<int>(std::floor(std::log10(step))), 0, 6));
  }
  // Exponents throughout, with the mantissa digits that keep neighbouring ticks apart.
  const double span = maxAbs > 0 && step > 0 ? maxAbs / step : 1;
  const int digits = std::clamp(static_cast<int>(std::ceil(std::log10(span))), 1, 6);
  return QStringLiteral("%.%1e").arg(digits);
}

QString AxisTicks::logFormat(double lo, double hi, int base) {
  if (!(lo > 0) || !(hi > lo)) return QStringLiteral("%.6g");
  const double first = std::pow(base, std::ceil(logOf(lo, base) - 1e-9));
  const double last = std::pow(base, std::floor(logOf(hi, base) + 1e-9));
  // %.6g writes 0.001, 0.125, 1, 64, 100000 plainly; from 10^6 on it would switch to exponents.
  // The precision is written out: with localized numbers (QChart::setLocalizeNumbers) Qt Charts
  // draws a log axis's labels empty for a bare "%g" (Qt 6.4).
  if (first >= kPlainFrom && last < 1e6) return QStringLiteral("%.6g");
  if (first >= 1 && last < kPlainBelow) return QStringLiteral("%.0f");
  return base == 10 ? QStringLiteral("%.0e") : QStringLiteral("%.2e");
}

void AxisTicks::applyFormat(QAbstractAxis* axis) {
  if (qobject_cast<QCategoryAxis*>(axis)) return;  // labelled by its categories
  if (auto* l = qobject_cast<QLogValueAxis*>(axis)) {
    const QString f = logFormat(l->min(), l->max(), static_cast<int>(l->base()));
    if (l->labelFormat() != f) l->setLabelFormat(f);
  } else if (auto* v = qobject_cast<QValueAxis*>(axis)) {
    const QString f = linearFormat(v->min(), v->max(), v->tickCount());
    if (v->labelFormat() != f) v->setLabelFormat(f);
  }
}

}  // namespace d500::studio
