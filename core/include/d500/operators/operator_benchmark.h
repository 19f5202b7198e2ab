// Level 0: benchmarking operators. Runs an operator experiment through the plugins' C ABI with the
// measurement loop and writes every measurement (raw samples, summary, FLOPs, bytes) to the store.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "d500/error.h"
#include "d500/operators/isolation.h"
#include "d500/plugin/plugin_manager.h"
#include "d500/spec/experiment.h"
#include "d500/store/result_store.h"

namespace d500::operators {

struct ProgressEvent {
  size_t done = 0;      // measurements finished
  size_t total = 0;     // measurements planned (points x implementations)
  std::string subject;  // the point being measured, e.g. "Gemm N=64"
  int64_t samples = 0;  // samples of the variant that just took one
  double rel_ci = 0;    // its current relative CI half-width (0 = not yet known)
};

struct RunCallbacks {
  std::function<void(const ProgressEvent&)> progress;
  const std::atomic<bool>* cancel = nullptr;
};

struct RunSummary {
  size_t measurements = 0;
  size_t failed = 0;       // measurements that ended in an error
  size_t unsupported = 0;  // implementations that refused a point (see kUnsupportedStop)
  size_t invalid = 0;      // measurements whose implementation failed a validation check
  bool cancelled = false;
  std::vector<std::string> errors;  // one line per failed measurement
};

// Every implementation the experiment names must exist for its operator; otherwise an Error that
// names the implementation, the operator and what is available.
Result<std::vector<const plugin::OperatorImpl*>> resolve_implementations(
    const spec::Experiment& e, const plugin::OperatorRegistry& registry);

// The store's row for a measurement: its summary, stop reason, block size, warm-up, timer and
// counters (subject, implementation, point, run and work are left for the caller).
store::MeasurementRow measurement_row(const measure::Measurement& m);

// Whether a stored measurement is a copy timed once beside an operator (a device transfer, an
// owned output copied out: point_json has "transfer"), not the operator's own time at a point.
bool is_transfer_row(const store::MeasurementRow& m);

// The stop reason of an implementation that refused a point at creation (the plugin's
// D500_ERR_UNSUPPORTED: Winograd on a strided convolution, a kernel this CPU lacks): no samples,
// the plugin's reason in the row's error, counted as unsupported rather than failed.
inline constexpr const char* kUnsupportedStop = "unsupported";
bool is_unsupported_row(const store::MeasurementRow& m);

// Converts JSON attribute values (integers, numbers, strings, arrays) to ABI attributes.
std::vector<plugin::Attribute> attributes_from_json(const nlohmann::json& attrs);

// Measures every point in a seeded shuffled order; within a point, the implementations are
// measured interleaved (measurement.md rule 6). Each point's measurements are committed as soon as
// the point is done, so a run killed later keeps them. A failure (unsupported shape, an exception
// in the plugin) is recorded as that measurement's error and the sweep continues; a refusal
// (D500_ERR_UNSUPPORTED when the instance is made) is recorded as unsupported, with the reason.
// An implementation whose plugin reports its instances (plugin_report.h) has the kernel it ran
// stored with the measurement, and the layout conversions its calls did inside themselves timed
// apart: the operator's samples are its blocks' time less those conversions', which are stored
// as a measurement of their own ("<point> [reorder]"), like the device copies.
// After a point is measured, each implementation is validated (unless the experiment turns it
// off) against `reference` (may be null: checks recorded as skipped); the verdicts are stored
// with the measurement, apart from its time.
// An implementation `isolation` marks is measured alone in a child process (isolation.h), after
// the point's others; a child that crashes, exits or overruns its deadline is that measurement's
// error ("killed by SIGSEGV (measured in a child process)").
RunSummary run_operator_experiment(const spec::Experiment& e,
                                   const std::vector<const plugin::OperatorImpl*>& impls,
                                   const plugin::OperatorImpl* reference, store::ResultStore& store,
                                   int64_t run_id, const RunCallbacks& callbacks,
                                   const IsolationOptions& isolation = {});

}  // namespace d500::operators
