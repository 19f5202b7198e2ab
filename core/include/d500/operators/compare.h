// Comparing measurements (measurement.md, "Comparing"): a speedup always beside both absolute
// medians, and a Mann-Whitney U test on the raw samples to say whether the difference is real.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "d500/measure/stats.h"
#include "d500/store/result_store.h"

namespace d500::operators {

struct Comparison {
  std::string point_json;  // the sweep point
  std::string subject;     // e.g. "Gemm N=64"
  std::string a_impl, b_impl;
  double a_median_ns = 0, b_median_ns = 0;
  double a_ci_lo = 0, a_ci_hi = 0, b_ci_lo = 0, b_ci_hi = 0;
  int64_t a_n = 0, b_n = 0;
  double speedup = 0;        // a_median / b_median: > 1 means b is faster
  stats::MannWhitney test;   // a's samples against b's
  bool significant = false;  // p < alpha
  bool ci_overlap = true;    // the first look: do the two CIs overlap?
};

// The identity of a measurement's point, independent of how its JSON was spelled: the point's
// keys in canonical order, less those that count repetitions rather than say where it was
// measured (a training run's "seeds" is its sample count, n). Two runs of one recipe with 1 and 5
// seeds measured the same thing, so their rows pair (issue 35, item 16).
std::string point_identity(const std::string& point_json);

// Within one run: every implementation (b) against the baseline (a) at the same point.
std::vector<Comparison> compare_to_baseline(const store::ResultStore& s, int64_t run_id,
                                            const std::string& baseline, double alpha = 0.05);

// Across runs (a run and its rerun, two machines): every (point, implementation) measured in
// both, a from run_a and b from run_b.
std::vector<Comparison> compare_runs(const store::ResultStore& sa, int64_t run_a,
                                     const store::ResultStore& sb, int64_t run_b,
                                     double alpha = 0.05);

// "faster", "slower" or "same" for b relative to a, by the test's verdict.
std::string verdict(const Comparison& c);

}  // namespace d500::operators
