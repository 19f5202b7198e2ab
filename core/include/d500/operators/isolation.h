// Isolation of plugin code in the operator benchmark (issue 15): an implementation measured with
// process isolation is created, measured (warm-up, repetition loop) and validated in a forked
// child process (d500/plugin/child_call.h) that sends its result back; only this process writes
// the store. A child that crashes, aborts, exits or overruns its deadline becomes a failed
// measurement that names its signal or exit status, and the sweep goes on.
#pragma once

#include <string>
#include <vector>

#include "d500/measure/loop.h"
#include "d500/plugin/plugin_manager.h"
#include "d500/spec/experiment.h"

namespace d500::operators {

// Zero is Invalid: a value that was never parsed is not mistaken for a choice.
enum class Isolation { Invalid = 0, Auto, InProcess, Process };

// "auto", "process", "none" (or "in-process"); Invalid for anything else.
Isolation parse_isolation(const std::string& text);
const char* isolation_name(Isolation mode);  // "auto", "none", "process", "invalid"

// The experiment's "isolation" ("auto" when it has none).
Isolation experiment_isolation(const spec::Experiment& e);

struct IsolationOptions {
  // Per implementation, in the order run_operator_experiment gets them: measured in a child
  // process. Empty: every implementation in this process.
  std::vector<bool> isolate;
  // A child may take the point's time cap (repetition warmup_seconds + max_seconds) plus this, in
  // seconds, for creating the instance, the first calls and validating; then it is killed.
  double margin_seconds = 60;
};

// Which implementations run in a child: every one (Process), none (InProcess, Invalid), or those
// whose plugin was not shipped with d500 (Auto: PluginRecord::shipped is false).
std::vector<bool> isolation_plan(Isolation mode,
                                 const std::vector<const plugin::OperatorImpl*>& impls,
                                 const plugin::PluginManager& plugins);

// The wall-clock limit of one isolated measurement, in seconds.
double isolation_deadline_seconds(const measure::Policy& policy, double margin_seconds);

}  // namespace d500::operators
