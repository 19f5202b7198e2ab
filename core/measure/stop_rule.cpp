#include "d500/measure/stop_rule.h"

#include <algorithm>
#include <cstddef>
#include <limits>

namespace d500::measure {

std::optional<StopReason> StopRule::after_sample(const std::vector<double>& samples,
                                                 double sampling_ns) {
  const auto n = static_cast<int64_t>(samples.size());
  const bool enough = n >= std::max<int64_t>(p_.min_samples, 1);
  if (enough && n % std::max<int64_t>(p_.check_every, 1) == 0 && target_met(samples))
    return StopReason::Converged;
  if (!at_cap(n, sampling_ns)) return std::nullopt;
  // A cap that lands between two checks still reports a target that was in fact met.
  if (enough && target_met(samples)) return StopReason::Converged;
  return n >= std::max<int64_t>(p_.max_samples, 1) ? StopReason::MaxSamples : StopReason::MaxTime;
}

bool StopRule::at_cap(int64_t n, double sampling_ns) const {
  const bool enough = n >= std::max<int64_t>(p_.min_samples, 1);
  return n >= std::max<int64_t>(p_.max_samples, 1) ||
         (enough && p_.max_seconds > 0 && sampling_ns >= p_.max_seconds * 1e9);
}

bool StopRule::target_met(const std::vector<double>& samples) {
  const size_t old_size = sorted_.size();
  sorted_.insert(sorted_.end(), samples.begin() + static_cast<std::ptrdiff_t>(old_size),
                 samples.end());
  const auto mid = sorted_.begin() + static_cast<std::ptrdiff_t>(old_size);
  std::sort(mid, sorted_.end());
  std::inplace_merge(sorted_.begin(), mid, sorted_.end());

  const stats::MedianCI ci = stats::median_ci(sorted_, p_.confidence);
  if (!ci.valid) {
    rel_ci_ = 0;
    return false;
  }
  const double median = stats::quantile_sorted(sorted_, 0.5);
  const double half_width = std::max(median - ci.lo, ci.hi - median);
  if (median > 0)
    rel_ci_ = half_width / median;
  else
    rel_ci_ = half_width == 0 ? 0.0 : std::numeric_limits<double>::infinity();
  return half_width <= p_.target_rel_ci * median;
}

}  // namespace d500::measure
