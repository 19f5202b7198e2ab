// measurement.md's stop rule and block sizing, shared by the measurement loop (loop.cpp) and the
// collective timing of level 3 (distributed/collective_timing.cpp), which samples the agreed
// slowest rank's times with the same rule.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "d500/measure/loop.h"

namespace d500::measure {

// Blocks grow x10 from 10 up to this many calls.
inline constexpr uint64_t kMaxBlockSize = 1'000'000'000;

// The stop rule over one variant's samples (ns per call). Keeps a sorted copy of the samples,
// merging in only the new ones at each check.
class StopRule {
 public:
  explicit StopRule(const Policy& policy) : p_(policy) {}

  // After each new sample (`sampling_ns`: the sampling time so far): the reason to stop now, or
  // nullopt to take another. Converged once the median's CI is tight enough (tested every
  // check_every samples, and again when a cap lands between two checks); min_samples is a floor
  // the time cap does not cut.
  std::optional<StopReason> after_sample(const std::vector<double>& samples, double sampling_ns);

  // Whether `n` samples taken in `sampling_ns` have reached a cap: max_samples, or max_seconds
  // once min_samples are in.
  bool at_cap(int64_t n, double sampling_ns) const;

  // Whether the median's CI half-width is within target_rel_ci of the median.
  bool target_met(const std::vector<double>& samples);
  // The half-width / median of the last check (0 before a valid CI).
  double rel_ci() const { return rel_ci_; }

 private:
  const Policy& p_;
  std::vector<double> sorted_;
  double rel_ci_ = 0;
};

// The block size: 1 when the timer resolves one call of `call_ns` well (resolution 10x finer,
// overhead under 5 %), else the first power of ten from 10 whose block time the timer overhead is
// at most `block_overhead` of. `time_block(n)` times n calls and returns nullopt when cancelled,
// which ends the sizing with nullopt.
template <class TimeBlock>
std::optional<uint64_t> choose_block(const TimerInfo& timer, double call_ns, double block_overhead,
                                     TimeBlock&& time_block) {
  if (timer.resolution_ns * 10.0 <= call_ns && timer.overhead_ns < 0.05 * call_ns) return 1;
  uint64_t block = 10;
  for (;;) {
    const std::optional<double> dt = time_block(block);
    if (!dt) return std::nullopt;
    if (timer.overhead_ns <= block_overhead * *dt || block >= kMaxBlockSize) return block;
    block *= 10;
  }
}

}  // namespace d500::measure
