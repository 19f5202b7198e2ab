#include "charts/decimate.h"

#include <algorithm>
#include <cmath>
#include <vector>

#include "d500/error.h"

namespace d500::studio {

QList<QPointF> decimateMinMax(std::span<const double> xs, std::span<const double> ys,
                              const DecimateOptions& o) {
  D500_ASSERT(xs.size() == ys.size());
  QList<QPointF> out;
  const size_t n = xs.size();
  if (n == 0 || o.columns <= 0) return out;

  const bool logX = o.logX && o.xMin > 0 && o.xMax > 0;
  const double a = logX ? std::log10(o.xMin) : o.xMin;
  const double b = logX ? std::log10(o.xMax) : o.xMax;
  // A degenerate range (one distinct x) is one column.
  const int columns = b > a ? o.columns : 1;
  const double perUnit = b > a ? columns / (b - a) : 0.0;

  auto usable = [&](size_t i) {
    const double x = xs[i], y = ys[i];
    if (!std::isfinite(x) || !std::isfinite(y)) return false;
    if (o.logX && x <= 0) return false;
    if (o.logY && y <= 0) return false;
    return true;
  };

  size_t begin = 0, end = n;
  if (o.sortedX) {
    begin = std::lower_bound(xs.begin(), xs.end(), o.xMin) - xs.begin();
    end = std::upper_bound(xs.begin(), xs.end(), o.xMax) - xs.begin();
    for (size_t i = begin; i-- > 0;)
      if (usable(i)) {
        out.append(QPointF(xs[i], ys[i]));
        break;
      }
  }

  std::vector<ptrdiff_t> lowest(columns, -1), highest(columns, -1);
  for (size_t i = begin; i < end; ++i) {
    if (!usable(i)) continue;
    const double x = logX ? std::log10(xs[i]) : xs[i];
    if (x < a || x > b) continue;  // only reachable for unsorted input
    int c = static_cast<int>((x - a) * perUnit);
    c = std::clamp(c, 0, columns - 1);
    // Strict comparisons keep the first of equal values, so a flat column yields one point.
    if (lowest[c] < 0 || ys[i] < ys[lowest[c]]) lowest[c] = static_cast<ptrdiff_t>(i);
    if (highest[c] < 0 || ys[i] > ys[highest[c]]) highest[c] = static_cast<ptrdiff_t>(i);
  }
  out.reserve(out.size() + 2 * columns + 1);
  for (int c = 0; c < columns; ++c) {
    if (lowest[c] < 0) continue;
    const ptrdiff_t first = std::min(lowest[c], highest[c]);
    const ptrdiff_t second = std::max(lowest[c], highest[c]);
    out.append(QPointF(xs[first], ys[first]));
    if (second != first) out.append(QPointF(xs[second], ys[second]));
  }

  if (o.sortedX)
    for (size_t i = end; i < n; ++i)
      if (usable(i)) {
        out.append(QPointF(xs[i], ys[i]));
        break;
      }
  return out;
}

}  // namespace d500::studio
