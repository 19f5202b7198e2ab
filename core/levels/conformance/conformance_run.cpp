// The conformance run: the plugin checked and loaded, the tests listed, then the run recorded
// and each test's verdict stored as it ends (a plugin that crashes the process leaves what it
// passed).
#include "d500/run/conformance_run.h"

#include <regex>
#include <set>

#include "d500/env/environment.h"
#include "d500/network/graph_conformance.h"

namespace d500::run {

namespace {

using operators::ConformanceResult;

// Loads the plugin `spec` names ("name" or "name/variant"); Failure(kBadInput) when it is
// unknown, broken, or has no such variant.
void load_plugin(plugin::PluginManager& pm, const std::string& spec) {
  const std::string name = spec.substr(0, spec.find('/'));
  if (!pm.find(name)) {
    std::string known;
    for (const auto& r : pm.plugins())
      if (r.state != plugin::PluginState::Broken) known += (known.empty() ? "" : ", ") + r.name;
    throw Failure{kBadInput, "unknown plugin \"" + name + "\" (plugins found: " +
                                 (known.empty() ? "none" : known) + "; see `d500 plugins`)"};
  }
  pm.load({name});
  const auto* rec = pm.find(name);
  if (rec->state != plugin::PluginState::Loaded)
    throw Failure{kBadInput, "plugin \"" + name + "\" cannot be used: " + rec->error};
  if (spec == name) return;
  std::set<std::string> variants;
  for (const auto& impl : pm.operators().all())
    if (impl.plugin == name) variants.insert(impl.variant());
  if (!variants.count(spec.substr(name.size() + 1))) {
    std::string list;
    for (const auto& v : variants) list += (list.empty() ? "" : ", ") + v;
    throw Failure{kBadInput, "plugin \"" + name + "\" has no variant \"" +
                                 spec.substr(name.size() + 1) + "\" (its variants: " + list + ")"};
  }
}

// The node tests the request selects; Failure when the filter or the folder is bad, or none.
std::vector<std::string> selected_tests(const ConformanceRequest& req,
                                        const std::string& data_dir) {
  try {
    std::regex check(req.filter, std::regex::ECMAScript);
  } catch (const std::regex_error& e) {
    throw Failure{kUsage,
                  "--filter \"" + req.filter + "\" is not a valid regular expression: " + e.what()};
  }
  auto tests = operators::list_node_tests(data_dir, req.filter);
  if (!tests) throw Failure{kBadInput, "--data: " + tests.error().to_string()};
  if (tests->empty())
    throw Failure{kBadInput,
                  "no node test in " + data_dir +
                      (req.filter.empty() ? "" : " matches --filter \"" + req.filter + "\"")};
  return std::move(tests).value();
}

// The run as recorded: its spec (plugin, filter, data, tolerances) and the machine.
store::RunInfo record_run(store::ResultStore& store, const plugin::PluginManager& pm,
                          const ConformanceRequest& req, const std::string& data_dir,
                          const operators::Tolerance& tol) {
  env::CaptureOptions copt;
  for (const auto& rec : pm.plugins())
    if (rec.state == plugin::PluginState::Loaded)
      copt.plugins.push_back({rec.name, rec.version, rec.wraps});
  nlohmann::json spec{{"d500", 1},
                      {"name", "conformance " + req.plugin},
                      {"level", "conformance"},
                      {"plugin", req.plugin},
                      {"filter", req.filter},
                      {"data", data_dir},
                      {"rtol", tol.rtol},
                      {"atol", tol.atol}};
  store::RunInfo run;
  run.name = "conformance " + req.plugin;
  run.level = "conformance";
  run.spec_json = spec.dump();
  run.spec_hash = store::sha256_hex(run.spec_json);
  run.spec_path = data_dir;
  run.launcher = "local";
  run.environment_id = store.put_environment(env::capture(copt).dump());
  run.id = store.create_run(run);
  store.start_run(run.id);
  return run;
}

// Cancelled, failed (a test failed or erred) or succeeded, with the reason stored.
void settle(ConformanceRun& out, bool cancelled) {
  const auto counts = operators::count_outcomes(out.results);
  if (cancelled) {
    out.status = store::RunStatus::Cancelled;
    out.code = kCancelled;
    out.reason = "cancelled by a signal after " + std::to_string(out.results.size()) + " of " +
                 std::to_string(out.tests) + " tests";
  } else if (counts.failed || counts.errors) {
    out.status = store::RunStatus::Failed;
    out.code = kRunFailed;
    out.reason = std::to_string(counts.failed) + " failed and " + std::to_string(counts.errors) +
                 " errors among " + std::to_string(counts.total()) + " tests";
  }
}

}  // namespace

ConformanceRun run_conformance(const ConformanceRequest& req, const ConformanceObserver& observer) {
  const std::string data_dir = req.data_dir.empty() ? operators::kDefaultNodeTestDir : req.data_dir;
  const auto tests = selected_tests(req, data_dir);
  auto pm = discover_plugins(req.plugin_path, req.program_dir);
  load_plugin(*pm, req.plugin);
  auto store = open_store(req.db, store::ResultStore::Mode::ReadWrite);
  const operators::Tolerance tol;
  const store::RunInfo run = record_run(*store, *pm, req, data_dir, tol);
  ConformanceRun out;
  out.run_id = run.id;
  out.tests = tests.size();
  if (observer.started) observer.started(run.id, tests.size());
  try {
    out.results = operators::run_conformance(
        pm->operators(), req.plugin, tests, tol,
        [&](const ConformanceResult& r, size_t done, size_t total) {
          store->add_validation(operators::validation_row(r, run.id, tol));
          if (observer.progress) observer.progress(done, total, r.test);
        },
        req.cancel, network::graph_conformance(pm->operators(), req.plugin, tol));
  } catch (const std::exception& ex) {
    store->finish_run(run.id, store::RunStatus::Failed, kRunFailed, ex.what());
    throw Failure{kRunFailed, "run " + std::to_string(run.id) + " failed: " + ex.what()};
  }
  settle(out, req.cancel && req.cancel->load());
  store->finish_run(run.id, out.status, out.code, out.reason);
  return out;
}

}  // namespace d500::run
