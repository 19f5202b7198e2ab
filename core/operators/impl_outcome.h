// Private to core/operators: what measuring one implementation at one point gave, before it is
// stored. The same whether it ran in this process or in a child process, which sends it back
// serialized (isolation.cpp).
#pragma once

#include <functional>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "d500/measure/loop.h"
#include "d500/operators/validation.h"
#include "d500/plugin/child_call.h"
#include "d500/store/result_store.h"

namespace d500::operators {

// One timed copy between host and device (device implementations only), or of an output the
// operator allocated into the host's buffer (ABI 1.3, forward_owned).
// Layout conversions inside the calls (plugin_report.h) are sampled with the operator: one
// per-call time per block in samples_ns.
struct TransferOutcome {
  double ns = 0;
  int64_t bytes = 0;
  std::vector<double> samples_ns;  // empty: one timed copy, `ns`
};

struct ImplOutcome {
  // Summary, stop reason, error, FLOPs and bytes; subject, implementation, point and run are
  // filled in when it is stored.
  store::MeasurementRow row;
  std::vector<double> samples_ns;
  std::vector<uint32_t> context_words;        // measure::context_words of the samples' contexts
  std::vector<ValidationResult> validations;  // empty when it was not validated
  std::optional<TransferOutcome> h2d, d2h;
  // The copy of the last call's own outputs into host buffers, when the host needed them
  // (validation): a quantity of its own, never inside the operator's time.
  std::optional<TransferOutcome> owned_copy;
  // The layout conversions (reorders) the implementation did inside its timed calls, per call.
  std::optional<TransferOutcome> reorder;
};

// An outcome with no samples that stopped for `why` (Error, with `error`; Cancelled).
ImplOutcome stopped_outcome(measure::StopReason why, std::string error = "");

// A serialized outcome: CBOR of a JSON object (CBOR keeps NaN and infinities, which validation
// values may be).
std::string outcome_to_bytes(const ImplOutcome& o);
ImplOutcome outcome_from_bytes(const std::string& bytes);  // throws on a malformed blob

// Runs `measure` in a child process (plugin::call_in_child) and returns what it gave; a child that
// did not report (crashed, exited, overran its deadline) gives a failed outcome whose error says
// how it ended, or a cancelled one when `options.cancel` was set meanwhile.
ImplOutcome measure_in_child(const std::function<ImplOutcome()>& measure,
                             const plugin::ChildOptions& options);

}  // namespace d500::operators
