// Back-propagation checked against central differences (measurement.md, "Backward"): for each
// parameter a seeded random unit direction d over its elements, the analytic directional
// derivative <gradient, d> against (L(p + e d) - L(p - e d)) / 2e. One direction per parameter
// tests every element of it at once and costs two forward passes, not two per element.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "d500/network/executor.h"

namespace d500::network {

struct GradientCheckOptions {
  uint64_t seed = 0;
  double epsilon = 1e-6;    // step along the unit direction; suits float64
  double tolerance = 1e-6;  // on the relative error
};

struct GradientCheck {
  std::string parameter;
  double analytic = 0;   // <gradient, d>
  double numeric = 0;    // central difference along d
  double rel_error = 0;  // |analytic - numeric| / max(|analytic|, |numeric|, 1e-12)
  bool passed = false;
};

// Runs forward_backward(loss) on the executor's current inputs, then two forward passes per
// parameter. Parameters are restored afterwards. Throws D500Error from the executor.
std::vector<GradientCheck> check_gradients(NetworkExecutor& ex, const std::string& loss,
                                           const GradientCheckOptions& options = {});

}  // namespace d500::network
