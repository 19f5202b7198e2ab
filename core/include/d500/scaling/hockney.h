// Collective cost models (issue 36, item 1): from a collective sweep (one operation at many sizes
// on p ranks), the Hockney model T(n) = alpha + beta * n per operation and implementation, fitted
// on the raw samples. Sizes span decades (4 B to 64 MiB), so the fit weighs each size by its
// relative error (least squares on T / median), not by its absolute time, or the largest size
// alone would set alpha. CIs come from the bootstrap: each size's samples are resampled, the
// medians and the fit recomputed. For reductions, gamma (the per-byte cost of the reduction
// itself) is what allreduce pays per byte beyond allgather of the same run, when both were
// measured. Every measured point is checked against the fit: its relative error and whether the
// model's band covers it.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace d500::scaling {

struct Interval {
  double value = 0, lo = 0, hi = 0;  // the estimate and its 95% bootstrap interval
};

struct SizePoint {
  double bytes = 0;
  std::vector<double> samples_ns;  // raw samples of one size
};

struct PointCheck {
  double bytes = 0;
  double measured_ns = 0;           // median of the samples
  double predicted_ns = 0;          // alpha + beta * bytes
  double band_lo = 0, band_hi = 0;  // the prediction's bootstrap band
  double rel_error = 0;             // predicted / measured - 1
  bool covered = false;             // the band overlaps the measured median's 95% CI
};

struct LinearModel {
  Interval alpha_ns;     // latency: the time of an empty message
  Interval ns_per_byte;  // beta: 1 / bandwidth
  std::vector<PointCheck> checks;
  double median_abs_error = 0;  // over the checks
  int covered = 0;              // checks inside the band
};

// Fits T(n) = alpha + beta * n to `points` (at least 2 sizes with samples). Throws D500Error
// otherwise, or for a non-finite or non-positive sample.
LinearModel fit_linear(const std::vector<SizePoint>& points, int bootstrap = 400,
                       uint64_t seed = 1);

}  // namespace d500::scaling
