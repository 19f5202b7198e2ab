#include "charts/series_buffer.h"

#include <algorithm>
#include <cmath>

#include "charts/ema_smoother.h"

namespace d500::studio {

void SeriesBuffer::Bounds::add(double v) {
  if (!std::isfinite(v)) return;
  min = std::min(min, v);
  max = std::max(max, v);
  if (v > 0) minPositive = std::min(minPositive, v);
}

void SeriesBuffer::append(const store::SeriesPoint& p) {
  const double step = static_cast<double>(p.step);
  if (!steps_.empty()) {
    if (step < steps_.back()) stepsSorted_ = false;
    if (p.wall_time < wallTimes_.back()) wallTimesSorted_ = false;
  }
  ids_.push_back(p.id);
  steps_.push_back(step);
  wallTimes_.push_back(p.wall_time);
  values_.push_back(p.value);
  stepBounds_.add(step);
  wallBounds_.add(p.wall_time);
  valueBounds_.add(p.value);
}

std::span<const double> SeriesBuffer::smoothed(double weight) {
  if (weight != smoothingWeight_) {
    ema_ = EmaSmoother(weight);
    smoothed_.clear();
    smoothingWeight_ = weight;
  }
  // The EMA is a recurrence: only values appended since the last call need work.
  smoothed_.reserve(values_.size());
  for (size_t i = smoothed_.size(); i < values_.size(); ++i)
    smoothed_.push_back(ema_.push(values_[i]));
  return smoothed_;
}

ptrdiff_t SeriesBuffer::nearest(double x, bool wallTime) const {
  const auto& xs = wallTime ? wallTimes_ : steps_;
  if (xs.empty()) return -1;
  const bool sorted = wallTime ? wallTimesSorted_ : stepsSorted_;
  if (sorted) {
    auto it = std::lower_bound(xs.begin(), xs.end(), x);
    ptrdiff_t i = it - xs.begin();
    if (i >= static_cast<ptrdiff_t>(xs.size())) return static_cast<ptrdiff_t>(xs.size()) - 1;
    if (i > 0 && std::fabs(xs[i - 1] - x) <= std::fabs(xs[i] - x)) return i - 1;
    return i;
  }
  ptrdiff_t best = 0;
  for (size_t i = 1; i < xs.size(); ++i)
    if (std::fabs(xs[i] - x) < std::fabs(xs[best] - x)) best = static_cast<ptrdiff_t>(i);
  return best;
}

}  // namespace d500::studio
