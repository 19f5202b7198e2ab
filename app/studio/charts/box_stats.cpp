#include "charts/box_stats.h"

#include <QCoreApplication>

#include "d500/measure/stats.h"

namespace d500::studio {

BoxStats BoxStats::fromSorted(std::span<const double> sorted, double k) {
  BoxStats b;
  b.n = sorted.size();
  if (sorted.empty()) return b;
  const auto t = stats::tukey(sorted, k);
  b.q1 = t.q1;
  b.q3 = t.q3;
  b.median = stats::quantile_sorted(sorted, 0.5);
  b.min = sorted.front();
  b.max = sorted.back();
  b.lowerWhisker = b.q1;
  b.upperWhisker = b.q3;
  for (double v : sorted)
    if (v >= t.low_fence) {
      b.lowerWhisker = v;
      break;
    }
  for (size_t i = sorted.size(); i-- > 0;)
    if (sorted[i] <= t.high_fence) {
      b.upperWhisker = sorted[i];
      break;
    }
  b.nOutliers = t.n_low + t.n_high;
  return b;
}

QString BoxStats::whiskerRule(double k) {
  return QCoreApplication::translate("BoxStats", "whiskers: %1 IQR (Tukey)").arg(k);
}

}  // namespace d500::studio
