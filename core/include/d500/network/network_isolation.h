// Isolation of network executors (issue 15, item 2): an executor measured with process isolation
// is built, measured and its micro-batching run in a forked child (d500/plugin/child_call.h)
// that sends what it measured back; only this process writes the store, exactly as for an
// executor measured here. A child that crashes, aborts, exits or overruns its deadline costs
// that executor's measurements of the run, named with its signal or status; the other executors
// go on. Isolated executors are measured one after another, not interleaved point by point.
//
// The child is a fork of this process: an executor whose library started threads here before
// the fork (LibTorch after running an operator) may not work in it. So the check that builds
// each executor once before a run (check_network) builds an isolated one in a child too.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "d500/network/micro_batching.h"
#include "d500/network/network_benchmark.h"
#include "d500/operators/isolation.h"
#include "d500/plugin/plugin_manager.h"
#include "d500/spec/problem.h"
#include "d500/store/result_store.h"

namespace d500::network {

// Per executor name: run in a child. Process: all; InProcess/Invalid: none; Auto: those offered
// by a plugin that was not shipped with d500 (the reference and assembled executors are core's).
std::vector<bool> executor_isolation_plan(operators::Isolation mode,
                                          const std::vector<std::string>& executors,
                                          const plugin::PluginManager& plugins);

// What an isolated executor's child did.
struct IsolatedOutcome {
  size_t points = 0;                // measured (and stored by the caller)
  std::vector<std::string> errors;  // its failed points, and how the child ended when it failed
  bool cancelled = false;
  bool child_failed = false;  // crashed, exited, hung: `errors` says how
  size_t invalid = 0;         // micro-batching runs whose gradients differ
};

// Where the measurements go: stored into `store` as run `run_id` (store_benchmark_results,
// store_micro_batching) as soon as the child's reply arrives.
struct IsolatedDestination {
  store::ResultStore& store;
  int64_t run_id = 0;
};

// run_network_benchmark for `executor` alone, in a child. `callbacks.progress` is called in the
// child (it writes the runner's progress lines); `callbacks.on_point` is not used. The child is
// killed after count_points(options) x 2 (warm-up + max_seconds) + margin seconds.
IsolatedOutcome run_isolated_benchmark(const ExecutorUnderTest& executor,
                                       const NetworkBenchmarkOptions& options,
                                       const IsolatedDestination& to,
                                       const BenchmarkCallbacks& callbacks,
                                       double margin_seconds = 60);

// run_micro_batching for `name` in a child.
IsolatedOutcome run_isolated_micro_batching(const std::string& name, const ExecutorFactory& make,
                                            const MicroBatchOptions& options,
                                            const IsolatedDestination& to,
                                            const std::atomic<bool>* cancel,
                                            double margin_seconds = 60);

// `check` (building an executor once, as check_network does) in a child: its problems, or how
// the child ended as one problem at `at`.
spec::Problems check_in_child(const std::function<spec::Problems()>& check, const std::string& at,
                              double deadline_seconds = 120);

}  // namespace d500::network
