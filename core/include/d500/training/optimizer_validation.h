// Validation of an optimizer against a reference, step by step on identical inputs.
//
// Both optimizers are created fresh with the same hyper-parameters and given the same seeded
// random parameters and, at every step, the same seeded random gradients. Before each step the
// candidate's parameters are reset to the reference's, so the comparison measures the update
// rule (and the state it keeps) rather than drift accumulated from earlier steps:
//
//   error(step) = max over tensors of  max(|p_cand - p_ref| - 2 u |p_ref|)  /  max|p_ref -
//   p_before|
//
// the largest deviation relative to the size of the reference's update, where a difference of up
// to two unit roundoffs u of the dtype (2^-23 for float32) in a parameter counts as rounding: two
// correct float32 implementations differ by that much at any learning rate. The candidate passes
// when every step's error is within the tolerance. A rule that differs (a missing bias
// correction, weight decay coupled instead of decoupled) shows as an error of order 1e-2..1.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "d500/plugin/components.h"
#include "d500/tensor.h"
#include "d500/training/optimizer.h"

namespace d500::training {

struct OptimizerValidationOptions {
  std::vector<Shape> shapes = {{17}, {4, 5}, {3, 2, 2}};  // one parameter tensor each
  int64_t steps = 10;
  double lr = 1e-2;
  DType dtype = DType::Float32;  // float32 or float64
  uint64_t seed = 500;
  double tolerance = 1e-4;  // on the relative update error above
};

struct OptimizerValidation {
  std::string candidate;            // "torch/adam"
  std::string reference;            // "reference/adam"
  std::vector<double> step_errors;  // per step, as defined above
  double max_error = 0.0;
  double tolerance = 0.0;
  bool passed = false;
  // "passed: max relative update error 3.1e-07 over 10 steps (tolerance 1e-04)" or, on failure,
  // the first step above the tolerance.
  std::string message;
};

// Runs the two implementations as described. Throws D500Error when either cannot be created or
// stepped (that is not a numerical failure but an error).
OptimizerValidation validate_optimizer(const plugin::OptimizerImpl& candidate,
                                       const plugin::OptimizerImpl& reference,
                                       const HyperParameters& hyper,
                                       const OptimizerValidationOptions& options = {});

}  // namespace d500::training
