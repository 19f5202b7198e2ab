// `d500 conformance` as a library call: one plugin's operators (or one variant's) against the
// ONNX backend node tests, stored as a run of level "conformance" with one validation row per
// test, written as each test ends. Bad input (the plugin, the data folder, the filter) is a
// run::Failure before the store is touched.
#pragma once

#include <atomic>
#include <functional>
#include <string>
#include <vector>

#include "d500/operators/conformance.h"
#include "d500/report/document.h"
#include "d500/run/run.h"

namespace d500::run {

struct ConformanceRequest {
  std::string plugin;    // "name" or "name/variant"
  std::string filter;    // an ECMAScript regular expression over the test names; "" for all
  std::string data_dir;  // "" = operators::kDefaultNodeTestDir
  std::string db = "d500.d500db";
  std::vector<std::string> plugin_path;  // as run::Request's
  std::string program_dir;
  const std::atomic<bool>* cancel = nullptr;
};

struct ConformanceRun {
  int64_t run_id = 0;
  size_t tests = 0;  // the node tests selected
  store::RunStatus status = store::RunStatus::Succeeded;
  int code = kOk;      // kOk, kRunFailed (a test failed or erred), kCancelled
  std::string reason;  // stored with the run
  std::vector<operators::ConformanceResult> results;
};

// Hears the run once recorded (its id, the tests selected), then each test as it ends.
struct ConformanceObserver {
  std::function<void(int64_t run_id, size_t tests)> started;
  std::function<void(size_t done, size_t total, const std::string& test)> progress;
};

// Runs the tests; Failure(kUsage) for a filter that is no regular expression, Failure(kBadInput)
// for an unknown or broken plugin, an unknown variant, or no test; Failure(kRunFailed) when the
// run itself fails (recorded as failed).
ConformanceRun run_conformance(const ConformanceRequest& req, const ConformanceObserver& observer);

// Per operator the plugin implements (the rest summed in one line) the counts, then every
// failed, erroneous, and unsupported-despite-implemented test with its reason.
report::Document conformance_summary(const std::string& plugin,
                                     const std::vector<operators::ConformanceResult>& results);

}  // namespace d500::run
