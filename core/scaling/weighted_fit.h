// What the scaling fits share (internal to d500_scaling): the least squares of y = c0 + c1 * t with
// each point weighed by its relative error, and one bootstrap draw of the points' medians.
#pragma once

#include <cmath>
#include <random>
#include <utility>
#include <vector>

#include "d500/measure/stats.h"

namespace d500::scaling::detail {

// Minimises sum ((c0 + c1 t_k - y_k) / y_k)^2; the constant (c1 = 0) when asked or when t does not
// vary across the points.
inline std::pair<double, double> weighted_line(const std::vector<double>& t,
                                               const std::vector<double>& y,
                                               bool constant = false) {
  double s00 = 0, s01 = 0, s11 = 0, r0 = 0, r1 = 0;
  for (size_t k = 0; k < y.size(); ++k) {
    const double w = 1 / (y[k] * y[k]);
    s00 += w;
    s01 += w * t[k];
    s11 += w * t[k] * t[k];
    r0 += w * y[k];
    r1 += w * t[k] * y[k];
  }
  const double det = s00 * s11 - s01 * s01;
  if (constant || !(std::fabs(det) > 1e-12 * s00 * s11)) return {r0 / s00, 0};
  return {(r0 * s11 - r1 * s01) / det, (s00 * r1 - s01 * r0) / det};
}

// The medians of one bootstrap resample of each point's samples, into `out`.
inline void resampled_medians(const std::vector<const std::vector<double>*>& samples,
                              std::mt19937_64& rng, std::vector<double>& out) {
  std::vector<double> draw;
  out.resize(samples.size());
  for (size_t k = 0; k < samples.size(); ++k) {
    const auto& s = *samples[k];
    std::uniform_int_distribution<size_t> pick(0, s.size() - 1);
    draw.resize(s.size());
    for (auto& d : draw) d = s[pick(rng)];
    out[k] = stats::median(draw);
  }
}

}  // namespace d500::scaling::detail
