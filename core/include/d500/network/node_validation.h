// Per-node validation of a network run (issue 13, the graph view's validation overlay): each
// executor of the run is compared with the reference executor on the same seeded inputs at
// batch 1 (compare_executors), and every node whose output both keep gets a validation row,
// tied to that executor's node measurement of the forward pass at batch 1 ("fwd b=1"), with the
// relative error of its output (max |a - e| / |e|) against the tolerance. So the studio can colour
// the graph by where an executor parts from the reference, and the per-node table lists it.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "d500/network/graph.h"
#include "d500/network/network_benchmark.h"
#include "d500/operators/conformance.h"
#include "d500/store/result_store.h"

namespace d500::network {

struct NodeValidationSummary {
  size_t nodes = 0;                 // validation rows written
  size_t failed = 0;                // of them outside the tolerance
  std::vector<std::string> errors;  // an executor that could not be compared, and why
};

// For every executor of `executors` other than "reference" (and only when "reference" is among
// them): builds it and the reference at batch 1, compares them and stores the rows into `run_id`.
// `skip[i]`: executor i is not compared here (an isolated one: its library does not run in this
// process). Never throws for an executor that fails; it is named in `errors`.
NodeValidationSummary validate_nodes(store::ResultStore& store, int64_t run_id,
                                     const std::vector<ExecutorUnderTest>& executors,
                                     const std::vector<bool>& skip, const Graph& graph,
                                     uint64_t seed, const operators::Tolerance& tol = {});

}  // namespace d500::network
