// `d500 conformance --plugin NAME`: one plugin's operators against the ONNX backend node tests,
// stored as a run of level "conformance" with one validation row per test. Bad input (plugin,
// data folder, filter) is refused before the store is touched.
#include <unistd.h>

#include <chrono>
#include <cmath>
#include <cstdio>
#include <iostream>
#include <regex>
#include <set>

#include "commands.h"
#include "d500/env/environment.h"
#include "d500/network/graph_conformance.h"
#include "d500/operators/conformance.h"

namespace d500::cli {

namespace {

using operators::ConformanceCounts;
using operators::ConformanceOutcome;
using operators::ConformanceResult;

// Loads the plugin `spec` names ("name" or "name/variant"); CliError(kBadInput) when it is
// unknown, broken, or has no such variant.
void load_plugin(plugin::PluginManager& pm, const std::string& spec) {
  const std::string name = spec.substr(0, spec.find('/'));
  if (!pm.find(name)) {
    std::string known;
    for (const auto& r : pm.plugins())
      if (r.state != plugin::PluginState::Broken) known += (known.empty() ? "" : ", ") + r.name;
    throw CliError{kBadInput, "unknown plugin \"" + name + "\" (plugins found: " +
                                  (known.empty() ? "none" : known) + "; see `d500 plugins`)"};
  }
  pm.load({name});
  const auto* rec = pm.find(name);
  if (rec->state != plugin::PluginState::Loaded)
    throw CliError{kBadInput, "plugin \"" + name + "\" cannot be used: " + rec->error};
  if (spec == name) return;
  std::set<std::string> variants;
  for (const auto& impl : pm.operators().all())
    if (impl.plugin == name) variants.insert(impl.variant());
  if (!variants.count(spec.substr(name.size() + 1))) {
    std::string list;
    for (const auto& v : variants) list += (list.empty() ? "" : ", ") + v;
    throw CliError{kBadInput, "plugin \"" + name + "\" has no variant \"" +
                                  spec.substr(name.size() + 1) + "\" (its variants: " + list + ")"};
  }
}

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

// Per-operator counts for the operators the plugin implements (the rest summed in one line),
// then every failed, erroneous, and unsupported-despite-implemented test with its reason.
void print_text(const std::string& plugin, const std::vector<ConformanceResult>& results) {
  std::set<std::string> implemented;
  for (const auto& r : results)
    if (!r.implementation.empty())
      implemented.insert(r.domain.empty() ? r.op_type : r.domain + "." + r.op_type);
  std::vector<std::vector<std::string>> rows{
      {"OPERATOR", "TESTS", "PASSED", "FAILED", "UNSUPPORTED", "ERROR"}};
  ConformanceCounts other;
  size_t other_ops = 0;
  for (const auto& [op, c] : operators::counts_by_operator(results)) {
    if (implemented.count(op) || c.failed || c.errors) {
      rows.push_back({op.empty() ? "-" : op, std::to_string(c.total()), std::to_string(c.passed),
                      std::to_string(c.failed), std::to_string(c.unsupported),
                      std::to_string(c.errors)});
    } else {
      ++other_ops;
      other.unsupported += c.unsupported;
    }
  }
  auto all = operators::count_outcomes(results);
  rows.push_back({"total", std::to_string(all.total()), std::to_string(all.passed),
                  std::to_string(all.failed), std::to_string(all.unsupported),
                  std::to_string(all.errors)});
  print_table(rows);
  if (other_ops)
    std::cout << "(" << other.unsupported << " tests of " << other_ops
              << " operators or multi-node graphs that " << plugin
              << " does not implement are counted as unsupported)\n";
  auto list = [&](ConformanceOutcome o, const char* title, bool only_implemented) {
    bool first = true;
    for (const auto& r : results) {
      if (r.outcome != o || (only_implemented && r.implementation.empty())) continue;
      if (first) std::cout << "\n" << title << ":\n";
      first = false;
      std::cout << "  " << r.test << ": " << r.reason << "\n";
    }
  };
  list(ConformanceOutcome::Failed, "Failed", false);
  list(ConformanceOutcome::Error, "Errors", false);
  list(ConformanceOutcome::Unsupported, "Unsupported by implemented operators", true);
}

}  // namespace

int cmd_conformance(const GlobalOptions& g, const std::string& plugin_spec,
                    const std::string& filter, const std::string& data_dir_arg) {
  const std::string data_dir = data_dir_arg.empty() ? operators::kDefaultNodeTestDir : data_dir_arg;
  try {
    std::regex check(filter, std::regex::ECMAScript);
  } catch (const std::regex_error& e) {
    throw CliError{kUsage,
                   "--filter \"" + filter + "\" is not a valid regular expression: " + e.what()};
  }
  auto tests = operators::list_node_tests(data_dir, filter);
  if (!tests) throw CliError{kBadInput, "--data: " + tests.error().to_string()};
  if (tests->empty())
    throw CliError{kBadInput, "no node test in " + data_dir +
                                  (filter.empty() ? "" : " matches --filter \"" + filter + "\"")};
  auto pm = make_plugin_manager(g);
  load_plugin(*pm, plugin_spec);

  auto store = open_store(g.db, store::ResultStore::Mode::ReadWrite);
  env::CaptureOptions copt;
  for (const auto& rec : pm->plugins())
    if (rec.state == plugin::PluginState::Loaded)
      copt.plugins.push_back({rec.name, rec.version, rec.wraps});
  const operators::Tolerance tol;
  nlohmann::json spec{{"d500", 1},
                      {"name", "conformance " + plugin_spec},
                      {"level", "conformance"},
                      {"plugin", plugin_spec},
                      {"filter", filter},
                      {"data", data_dir},
                      {"rtol", tol.rtol},
                      {"atol", tol.atol}};
  store::RunInfo run;
  run.name = "conformance " + plugin_spec;
  run.level = "conformance";
  run.spec_json = spec.dump();
  run.spec_hash = store::sha256_hex(run.spec_json);
  run.spec_path = data_dir;
  run.launcher = "local";
  run.environment_id = store->put_environment(env::capture(copt).dump());
  run.id = store->create_run(run);
  store->start_run(run.id);
  if (!g.json)
    std::cerr << "d500: run " << run.id << " (" << run.name << ", " << tests->size()
              << " node tests) into " << g.db << "\n";

  install_signal_handlers();
  Bar bar(!g.json && isatty(STDERR_FILENO));
  std::vector<ConformanceResult> results;
  try {
    results = operators::run_conformance(
        pm->operators(), plugin_spec, *tests, tol,
        [&](const ConformanceResult& r, size_t done, size_t total) {
          // Written as each test ends, so a plugin that crashes the process leaves what it passed.
          store->add_validation(operators::validation_row(r, run.id, tol));
          bar.update(done, total, r.test);
        },
        &g_cancel, network::graph_conformance(pm->operators(), plugin_spec, tol));
  } catch (const std::exception& ex) {
    bar.finish();
    store->finish_run(run.id, store::RunStatus::Failed, kRunFailed, ex.what());
    throw CliError{kRunFailed, "run " + std::to_string(run.id) + " failed: " + ex.what()};
  }
  bar.finish();

  auto counts = operators::count_outcomes(results);
  store::RunStatus status = store::RunStatus::Succeeded;
  int code = kOk;
  std::string reason;
  if (g_cancel.load()) {
    status = store::RunStatus::Cancelled;
    code = kCancelled;
    reason = "cancelled by a signal after " + std::to_string(results.size()) + " of " +
             std::to_string(tests->size()) + " tests";
  } else if (counts.failed || counts.errors) {
    status = store::RunStatus::Failed;
    code = kRunFailed;
    reason = std::to_string(counts.failed) + " failed and " + std::to_string(counts.errors) +
             " errors among " + std::to_string(counts.total()) + " tests";
  }
  store->finish_run(run.id, status, code, reason);
  if (g.json) {
    print_json(run.id, plugin_spec, std::string(store::run_status_name(status)), results);
  } else {
    print_text(plugin_spec, results);
    std::cerr << "d500: run " << run.id << " " << store::run_status_name(status)
              << (reason.empty() ? "" : " (" + reason + ")") << "\n";
  }
  return code;
}

}  // namespace d500::cli
