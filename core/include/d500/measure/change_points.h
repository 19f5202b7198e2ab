// Change points in a benchmark's history (issue 31): where a series of runs, each with its raw
// samples, shifts to another distribution. E-divisive means (Matteson & James 2014, the method of
// MongoDB's and DataStax's performance CI) on the runs, with a permutation test:
// - each run is sketched by `sketch` quantiles of its samples, so the whole distribution counts
//   (a change in the tail is a change), not only the median;
// - the divergence of two groups of runs is the energy distance of their pooled sketches; the
//   best split of a segment maximises it, weighted by t(n - t)/n;
// - its p-value permutes whole runs (samples within one run share the machine's state, so they
//   are not exchangeable one by one); a significant split is kept and both sides are searched
//   again (bisection), until none is.
// Each change point carries the relative change of the median run with a bootstrap CI over runs.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace d500::measure {

struct ChangePointOptions {
  double alpha = 0.05;     // a split is kept when its permutation p-value is at most this
  int permutations = 199;  // per tested split; the smallest p-value is 1 / (permutations + 1)
  size_t min_segment = 3;  // runs on each side of a change, at least
  size_t sketch = 32;      // quantiles per run
  int bootstrap = 1000;    // resamples for the change's CI
  double ci_level = 0.95;
  uint64_t seed = 1;  // the permutations and resamples: the same series gives the same answer
};

struct ChangePoint {
  size_t index = 0;      // the first run after the change (runs[index - 1] is the last before it)
  double statistic = 0;  // the weighted energy distance of the split
  double p_value = 1;
  // The median of the runs' medians after it over the one before it, minus 1 (+0.05: 5% slower
  // when the samples are times), with its bootstrap CI.
  double change = 0, ci_lo = 0, ci_hi = 0;
};

// The change points of `runs` (each run's raw samples, in series order), by index. Fewer than
// 2 * min_segment runs: none can be found, and none is returned (series_testable says so).
// Throws D500Error for a run without samples or a non-finite sample.
std::vector<ChangePoint> change_points(const std::vector<std::vector<double>>& runs,
                                       const ChangePointOptions& o = {});

bool series_testable(size_t runs, const ChangePointOptions& o = {});

}  // namespace d500::measure
