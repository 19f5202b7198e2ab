// The y axes of the dashboards' panels: a quantity's stored values shown in the unit that suits
// their size (fractions as percent, seconds and bytes scaled), ranges padded a little and never
// empty, and value axes whose labels read 350000 rather than 3.5e+05.
#pragma once

#include <QString>
#include <utility>

#include "dashboards/panel_spec.h"

QT_BEGIN_NAMESPACE
class QAbstractAxis;
QT_END_NAMESPACE

namespace d500::studio {

struct AxisUnit {
  double scale = 1;  // axis value = stored value * scale
  QString symbol;    // "" for none
};

// The unit for values of `unit` up to `maxAbs` (as stored: seconds, bytes, fractions).
AxisUnit axisUnitFor(PanelSpec::Unit unit, double maxAbs);
// [lo, hi] with 5% margins (not below 0 for data that is not); (0, 1) when empty.
std::pair<double, double> paddedRange(double lo, double hi);
// A value axis titled `title` (a log axis of `base` when `log`, labelled in printf `format`), in
// the panels' title font.
QAbstractAxis* panelAxis(const QString& title, bool log = false, int base = 10,
                         const char* format = "%.6g");

}  // namespace d500::studio
