// Level 0 correctness beside speed (measurement.md): an implementation's forward against the
// reference in float64, its analytic backward against central differences, and determinism.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "d500/plugin/operator_registry.h"
#include "d500/tensor.h"

namespace d500::operators {

struct ValidationResult {
  std::string metric;  // "forward_rel_l2[k]", "backward_rel[i]", "determinism[k]"
  double value = 0;    // the error (or the count of differing elements)
  double tolerance = 0;
  bool passed = false;
  std::string detail;    // L1/L2/Linf, where it failed, or why it was skipped
  bool skipped = false;  // nothing was checked (no reference, no backward, non-finite inputs)
  // Determinism only: element-wise relative difference of two runs, when they differ, as JSON
  // {"shape": [...], "values": [...]} (Deep500's DiffHeatmap).
  std::string heatmap_json;
};

struct ValidationOptions {
  bool forward = true, backward = true, determinism = true;
  double tolerance = 0;  // relative; 0 = default per dtype (see default_tolerance)
  uint64_t seed = 0;     // for gradient directions and output weights
};

// Default relative tolerances: forward float32 1e-5 (exact algorithms), float64 1e-10; backward
// float32 1e-3, float64 1e-6 (an analytic gradient against a float64 central difference).
double default_tolerance(DType dtype, bool backward);

// `inputs` are the point's inputs in the implementation's dtype; `reference` may be null (then
// the forward and backward checks are reported as skipped). Never throws for a failing plugin:
// an error becomes a failed result with the message. An implementation of another device type
// than the CPU runs on device copies of its tensors (core/device), its results copied back.
// `computed`, when given, holds the implementation's outputs on `inputs` already (the operator
// benchmark's, copied back from the device): they are checked instead of a fresh forward's.
std::vector<ValidationResult> validate_operator(const plugin::OperatorImpl& impl,
                                                const plugin::OperatorImpl* reference,
                                                const std::vector<plugin::Attribute>& attrs,
                                                const std::vector<Tensor>& inputs,
                                                const ValidationOptions& options,
                                                const std::vector<Tensor>* computed = nullptr);

}  // namespace d500::operators
