// The five numbers of a box plot from raw samples. The whisker rule is stated on the chart
// (measurement.md: outliers are kept and flagged, never silently dropped), so it lives here as
// one definition used both to compute the whiskers and to label the axis.
#pragma once

#include <QString>
#include <cstddef>
#include <span>

namespace d500::studio {

struct BoxStats {
  size_t n = 0;
  double lowerWhisker = 0, q1 = 0, median = 0, q3 = 0, upperWhisker = 0;
  double min = 0, max = 0;
  size_t nOutliers = 0;  // samples beyond the whiskers (drawn as none; counted in the tooltip)

  // Tukey: quartiles by linear interpolation (type 7); whiskers reach the most extreme samples
  // within k IQR of the quartiles. `sorted` ascending; an empty span gives n = 0.
  static BoxStats fromSorted(std::span<const double> sorted, double k = 1.5);
  // "whiskers: 1.5 IQR (Tukey)"
  static QString whiskerRule(double k = 1.5);
};

}  // namespace d500::studio
