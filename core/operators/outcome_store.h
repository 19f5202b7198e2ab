// Private to core/operators: how a measured implementation's outcome goes into the store — its
// row and samples, its validation verdicts, the copies and layout conversions timed beside it as
// rows of their own, and an implementation's refusal of a point (D500_ERR_UNSUPPORTED at create)
// as "unsupported", not as a failure.
#pragma once

#include <string>

#include "d500/operators/operator_benchmark.h"
#include "d500/spec/experiment.h"
#include "impl_outcome.h"

namespace d500::operators {

// Where a point's outcomes go.
struct Destination {
  store::ResultStore& store;
  int64_t run_id;
  std::string policy_json;
};

// The outcome of an implementation whose instance could not be made for a point: "unsupported"
// with the plugin's reason when it refused (CallError with D500_ERR_UNSUPPORTED), else an error.
ImplOutcome creation_failed(const std::exception& ex);

// Stores one implementation's outcome at a point labelled `label`, counting it in `summary`.
void store_outcome(const Destination& d, const std::string& implementation,
                   const spec::Point& point, const std::string& label, ImplOutcome& o,
                   RunSummary& summary);

}  // namespace d500::operators
