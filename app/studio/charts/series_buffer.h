// One curve (run, rank, series name) as read from the store: the chart's own buffer, so that
// drawing never goes back to the store and Qt Charts only ever sees the decimated points.
// Columns are kept apart (struct of arrays) because decimation scans one x and one y column.
#pragma once

#include <cstdint>
#include <limits>
#include <span>
#include <vector>

#include "charts/ema_smoother.h"
#include "d500/store/result_store.h"

namespace d500::studio {

class SeriesBuffer {
 public:
  void append(const store::SeriesPoint& p);
  size_t size() const { return ids_.size(); }

  std::span<const int64_t> ids() const { return ids_; }
  std::span<const double> steps() const { return steps_; }  // exact below 2^53
  std::span<const double> wallTimes() const { return wallTimes_; }
  std::span<const double> values() const { return values_; }
  // The EMA of values() with `weight` (recomputed when the weight changes, then kept up to date
  // point by point as new values arrive).
  std::span<const double> smoothed(double weight);

  // Whether steps() / wallTimes() never decrease (decimation may then use binary search).
  bool stepsSorted() const { return stepsSorted_; }
  bool wallTimesSorted() const { return wallTimesSorted_; }

  // Bounds of the finite values; the "positive" ones are for log axes (+inf when none).
  struct Bounds {
    double min = std::numeric_limits<double>::infinity();
    double max = -std::numeric_limits<double>::infinity();
    double minPositive = std::numeric_limits<double>::infinity();
    void add(double v);
  };
  const Bounds& stepBounds() const { return stepBounds_; }
  const Bounds& wallTimeBounds() const { return wallBounds_; }
  const Bounds& valueBounds() const { return valueBounds_; }

  // The index of the stored point nearest to x on the step (or wall time) axis; -1 when empty.
  ptrdiff_t nearest(double x, bool wallTime) const;

 private:
  std::vector<int64_t> ids_;
  std::vector<double> steps_, wallTimes_, values_, smoothed_;
  double smoothingWeight_ = -1;  // the weight smoothed_ was computed with; -1: none yet
  EmaSmoother ema_;
  bool stepsSorted_ = true, wallTimesSorted_ = true;
  Bounds stepBounds_, wallBounds_, valueBounds_;
};

}  // namespace d500::studio
