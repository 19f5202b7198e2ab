#include "dashboards/axis_unit.h"

#include <QtCharts/QLogValueAxis>
#include <QtCharts/QValueAxis>
#include <algorithm>
#include <cmath>

#include "charts/units.h"

namespace d500::studio {

AxisUnit axisUnitFor(PanelSpec::Unit u, double maxAbs) {
  switch (u) {
    case PanelSpec::Unit::Percent:
      return {100, QStringLiteral("%")};
    case PanelSpec::Unit::Seconds: {
      const DurationUnit d = DurationUnit::forTypical(maxAbs * 1e9);
      return {1e9 / d.nsPerUnit, d.symbol};
    }
    case PanelSpec::Unit::Bytes: {
      if (maxAbs >= 1073741824.0) return {1 / 1073741824.0, QStringLiteral("GiB")};
      if (maxAbs >= 1048576.0) return {1 / 1048576.0, QStringLiteral("MiB")};
      if (maxAbs >= 1024.0) return {1 / 1024.0, QStringLiteral("KiB")};
      return {1, QStringLiteral("B")};
    }
    case PanelSpec::Unit::PerSecond:
      return {1, QStringLiteral("1/s")};
    case PanelSpec::Unit::Plain:
      break;
  }
  return {};
}

std::pair<double, double> paddedRange(double lo, double hi) {
  if (!std::isfinite(lo) || !std::isfinite(hi) || lo > hi) return {0, 1};
  if (hi == lo) {
    const double d = lo == 0 ? 1 : std::fabs(lo) * 0.1;
    return {lo - d, hi + d};
  }
  const double d = (hi - lo) * 0.05;
  return {lo >= 0 ? std::max(0.0, lo - d) : lo - d, hi + d};
}

QAbstractAxis* panelAxis(const QString& title, bool log, int base, const char* format) {
  QAbstractAxis* a;
  if (log) {
    auto* l = new QLogValueAxis;
    l->setBase(base);
    l->setLabelFormat(QString::fromLatin1(format));
    l->setMinorTickCount(base == 10 ? -1 : 0);  // 2..9 between decades
    a = l;
  } else {
    auto* v = new QValueAxis;
    v->setLabelFormat(QStringLiteral("%.6g"));  // 350000, not 3.5e+05
    a = v;
  }
  a->setTitleText(title);
  QFont f = a->titleFont();
  f.setPointSizeF(f.pointSizeF() * 0.9);
  a->setTitleFont(f);
  return a;
}

}  // namespace d500::studio
