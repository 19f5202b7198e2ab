// Durations are stored in nanoseconds; charts and tables show them in the unit that keeps the
// typical value between 1 and 1000, so axis labels stay short.
#pragma once

#include <QString>

namespace d500::studio {

struct DurationUnit {
  double nsPerUnit = 1;  // divide a value in ns by this
  QString symbol = QStringLiteral("ns");

  // The unit for values around `typicalNs` (ns, µs, ms or s).
  static DurationUnit forTypical(double typicalNs);
};

// "26.1 µs": three significant digits in the value's own unit.
QString formatDuration(double ns);
// "0.034", "2.5", "124": a percentage with no more digits than it deserves.
QString formatPercent(double percent);
// "2.51", "17300", "0.0123": three significant digits in plain digits, for GFLOP/s, ratios and
// the like; exponents ("2.5e-05", "3.1e+07") only below 0.001 and from 10^7 on.
QString formatNumber(double v, int significant = 3);

}  // namespace d500::studio
