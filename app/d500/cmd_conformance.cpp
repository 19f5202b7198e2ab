// `d500 conformance --plugin NAME`: run::run_conformance (the plugin's operators against the ONNX
// backend node tests, stored as a run of level "conformance") with a progress bar, then its
// summary, or everything as JSON.
#include <unistd.h>

#include <chrono>
#include <cmath>
#include <cstdio>
#include <iostream>

#include "commands.h"
#include "d500/run/conformance_run.h"

namespace d500::cli {

namespace {

using operators::ConformanceCounts;
using operators::ConformanceOutcome;
using operators::ConformanceResult;

// A one-line bar on stderr, redrawn at most ten times a second.
class Bar {
 public:
  explicit Bar(bool on) : on_(on) {}
  void update(size_t done, size_t total, const std::string& test) {
    if (!on_) return;
    auto now = std::chrono::steady_clock::now();
    if (done != total && drawn_ && now - last_ < std::chrono::milliseconds(100)) return;
    last_ = now;
    drawn_ = true;
    const int width = 30;
    int filled = total ? static_cast<int>(width * done / total) : 0;
    std::fprintf(stderr, "\r[%s%s] %zu/%zu %-40.40s", std::string(filled, '#').c_str(),
                 std::string(width - filled, '.').c_str(), done, total, test.c_str());
    std::fflush(stderr);
  }
  void finish() {
    if (on_ && drawn_) std::fprintf(stderr, "\n");
    drawn_ = false;
  }

 private:
  bool on_;
  bool drawn_ = false;
  std::chrono::steady_clock::time_point last_;
};

nlohmann::json counts_json(const ConformanceCounts& c) {
  return {{"passed", c.passed},
          {"failed", c.failed},
          {"unsupported", c.unsupported},
          {"error", c.errors},
          {"total", c.total()}};
}

// JSON has no infinity; an infinite error (NaN where a number was expected) becomes null.
nlohmann::json number(double v) {
  return std::isfinite(v) ? nlohmann::json(v) : nlohmann::json(nullptr);
}

void print_json(int64_t run_id, const std::string& plugin, const std::string& status,
                const std::vector<ConformanceResult>& results) {
  nlohmann::json ops = nlohmann::json::object();
  for (const auto& [op, c] : operators::counts_by_operator(results)) ops[op] = counts_json(c);
  nlohmann::json tests = nlohmann::json::array();
  for (const auto& r : results)
    tests.push_back({{"test", r.test},
                     {"op_type", r.op_type},
                     {"domain", r.domain},
                     {"implementation", r.implementation},
                     {"outcome", operators::conformance_outcome_name(r.outcome)},
                     {"detail", r.detail()},
                     {"data_sets", r.data_sets},
                     {"max_abs_error", number(r.max_abs_error)},
                     {"max_rel_error", number(r.max_rel_error)}});
  std::cout << nlohmann::json{{"run_id", run_id},
                              {"plugin", plugin},
                              {"status", status},
                              {"counts", counts_json(operators::count_outcomes(results))},
                              {"operators", ops},
                              {"tests", tests}}
                   .dump(2)
            << "\n";
}

}  // namespace

int cmd_conformance(const GlobalOptions& g, const std::string& plugin_spec,
                    const std::string& filter, const std::string& data_dir) {
  run::ConformanceRequest req;
  req.plugin = plugin_spec;
  req.filter = filter;
  req.data_dir = data_dir;
  req.db = g.db;
  req.plugin_path = g.plugin_path;
  req.program_dir = executable_dir();
  req.cancel = &g_cancel;
  install_signal_handlers();
  Bar bar(!g.json && isatty(STDERR_FILENO));
  run::ConformanceObserver observer;
  observer.started = [&](int64_t id, size_t tests) {
    if (!g.json)
      std::cerr << "d500: run " << id << " (conformance " << plugin_spec << ", " << tests
                << " node tests) into " << g.db << "\n";
  };
  observer.progress = [&](size_t done, size_t total, const std::string& test) {
    bar.update(done, total, test);
  };
  run::ConformanceRun r;
  try {
    r = run::run_conformance(req, observer);
  } catch (...) {
    bar.finish();
    throw;
  }
  bar.finish();
  const std::string status(store::run_status_name(r.status));
  if (g.json) {
    print_json(r.run_id, plugin_spec, status, r.results);
    return r.code;
  }
  write_report(run::conformance_summary(plugin_spec, r.results), {});
  std::cerr << "d500: run " << r.run_id << " " << status
            << (r.reason.empty() ? "" : " (" + r.reason + ")") << "\n";
  return r.code;
}

}  // namespace d500::cli
