// Cross-executor validation (Deep500's "verifiable" for level 1): two executors of the same
// graph run on the same seeded random inputs; every graph output, every intermediate value both
// keep, and every parameter's gradient are compared, so the first node where they part is named.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "d500/network/executor.h"
#include "d500/network/graph.h"
#include "d500/operators/conformance.h"

namespace d500::network {

struct ValueDiff {
  std::string value;
  std::string node;  // the producing node's label, "'conv1' (Conv)"; "" for inputs, parameters
  operators::Comparison comparison;  // a against b (b is the expected side)
};

struct ComparisonOptions {
  uint64_t seed = 0;  // inputs: uniform in [-1, 1) for floats, zeros for integer inputs
  operators::Tolerance tol;
  bool gradients = true;
};

struct ExecutorComparison {
  std::vector<ValueDiff> outputs;        // graph outputs, in order
  std::vector<ValueDiff> intermediates;  // values both executors keep, in run order
  // The first node in run order with an output outside the tolerance; "" when none. Later
  // differences may only be its consequences.
  std::string first_diverging_node;
  // Gradients: of `loss` (a scalar graph output, or "sum of <outputs>"), per parameter.
  std::string loss;
  bool gradients_compared = false;
  std::string gradients_skipped;  // why not, when not compared
  std::vector<ValueDiff> gradients;
  bool passed() const;  // every output and every compared gradient within the tolerance
};

// Runs `a` and `b` (both built from `graph`, with the same input shapes) and compares them.
// The loss for gradients: the graph's one scalar output if it has one, else the sum of its float
// outputs. Errors of either executor while running are thrown as D500Error naming which.
ExecutorComparison compare_executors(const Graph& graph, NetworkExecutor& a, NetworkExecutor& b,
                                     const ComparisonOptions& options = {});

}  // namespace d500::network
