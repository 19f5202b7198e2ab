// Time-to-accuracy over seeds (Deep500 L2, MLPerf's rule): one training per seed; the result is
// the TTA of each seed, their median with a nonparametric CI, the MLPerf "olympic" mean (the
// fastest and the slowest dropped), and how many seeds never reached the target. A seed that does
// not converge is a result, counted, never an error.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace d500::training {

struct TtaSummary {
  std::vector<double> seconds;  // per seed, in seed order; < 0 when the target was not reached
  int64_t reached = 0, not_reached = 0;
  // Over the seeds that reached the target (valid when reached >= 1; the CI when it can be
  // formed at 95% from that many, else ci_valid false).
  double median = 0, ci_lo = 0, ci_hi = 0;
  bool ci_valid = false;
  // Mean after dropping the fastest and the slowest; valid when reached >= 3 and every seed
  // reached the target (MLPerf counts a run that never converges as a failed result).
  double olympic_mean = 0;
  bool olympic_valid = false;
  std::string describe() const;  // "median 2.31 s [2.10, 2.60] over 5 seeds; olympic 2.28 s"
};

TtaSummary summarize_tta(const std::vector<double>& seconds_per_seed);

}  // namespace d500::training
