// `d500 validate-model DIR`: a whole network on the assembled executor against ONNX test data
// (model.onnx + test_data_set_N/), and with --compare-with against a second executor on seeded
// random inputs, value by value and gradient by gradient. Exit 0 passed, 1 failed, 3 bad input
// or an operator no chosen plugin implements. With --db the result is stored as a run; bad input
// stores nothing.
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <set>

#include "commands.h"
#include "d500/env/environment.h"
#include "d500/network/executor_comparison.h"
#include "d500/network/executor_factory.h"
#include "d500/network/model_validation.h"

namespace d500::cli {

namespace {

namespace fs = std::filesystem;
using network::ModelOutcome;

std::string g3(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.3g", v);
  return buf;
}

nlohmann::json number(double v) {
  return std::isfinite(v) ? nlohmann::json(v) : nlohmann::json(nullptr);
}

// The plugins a preference list names ("reference", "examples/im2col", "Conv=examples/im2col").
void collect_plugins(const network::AssemblyPolicy& p, std::set<std::string>& names) {
  auto add = [&](const std::string& id) { names.insert(id.substr(0, id.find('/'))); };
  for (const auto& id : p.prefer) add(id);
  for (const auto& [op, ids] : p.per_op)
    for (const auto& id : ids) add(id);
}

void load_plugins(plugin::PluginManager& pm, const std::set<std::string>& names) {
  for (const auto& name : names)
    if (!pm.find(name))
      throw CliError{kBadInput, "unknown plugin \"" + name + "\" (see `d500 plugins`)"};
  pm.load({names.begin(), names.end()});
  for (const auto& name : names)
    if (pm.find(name)->state != plugin::PluginState::Loaded)
      throw CliError{kBadInput, "plugin \"" + name + "\" cannot be used: " + pm.find(name)->error};
}

// A variant that does not exist would silently leave the node to the next candidate: refuse it.
void check_variants(const plugin::PluginManager& pm, const network::AssemblyPolicy& p) {
  std::vector<std::string> ids = p.prefer;
  for (const auto& [op, list] : p.per_op) ids.insert(ids.end(), list.begin(), list.end());
  for (const auto& id : ids) {
    if (id.find('/') == std::string::npos) continue;
    const std::string plugin = id.substr(0, id.find('/'));
    std::set<std::string> variants;
    bool found = false;
    for (const auto& impl : pm.operators().all()) {
      if (impl.plugin != plugin) continue;
      found |= impl.id() == id;
      variants.insert(impl.variant());
    }
    std::string list;
    for (const auto& v : variants) list += (list.empty() ? "" : ", ") + v;
    if (!found)
      throw CliError{kBadInput, "no implementation \"" + id + "\" (the variants of " + plugin +
                                    " are: " + (list.empty() ? "none" : list) + ")"};
  }
}

network::AssemblyPolicy policy_of(const std::string& list, const char* option) {
  auto p = network::AssemblyPolicy::parse(list);
  if (!p) throw CliError{kUsage, std::string(option) + ": " + p.error().message};
  return *p;
}

int exit_code(ModelOutcome o) {
  switch (o) {
    case ModelOutcome::Passed:
      return kOk;
    case ModelOutcome::Failed:
      return kRunFailed;
    default:
      return kBadInput;
  }
}

// One run of level "model-validation" with a validation row per comparison; written only once
// the result is known, so an interrupted or refused validation leaves nothing half-way.
void store_result(const GlobalOptions& g, const plugin::PluginManager& pm, const std::string& name,
                  const nlohmann::json& spec, const std::vector<store::ValidationRow>& rows,
                  bool passed, const std::string& reason) {
  auto st = open_store(g.db, store::ResultStore::Mode::ReadWrite);
  env::CaptureOptions copt;
  for (const auto& rec : pm.plugins())
    if (rec.state == plugin::PluginState::Loaded)
      copt.plugins.push_back({rec.name, rec.version, rec.wraps});
  store::RunInfo run;
  run.name = name;
  run.level = "model-validation";
  run.spec_json = spec.dump();
  run.spec_hash = store::sha256_hex(run.spec_json);
  run.spec_path = spec.value("model", "");
  run.launcher = "local";
  run.environment_id = st->put_environment(env::capture(copt).dump());
  run.id = st->create_run(run);
  st->start_run(run.id);
  for (auto row : rows) {
    row.run_id = run.id;
    st->add_validation(row);
  }
  st->finish_run(run.id, passed ? store::RunStatus::Succeeded : store::RunStatus::Failed,
                 passed ? kOk : kRunFailed, reason);
  if (!g.json) std::cerr << "d500: stored as run " << run.id << " in " << g.db << "\n";
}

store::ValidationRow row_of(const std::string& subject, const operators::Comparison& c,
                            const operators::Tolerance& tol) {
  store::ValidationRow r;
  r.subject = subject;
  r.metric = "allclose_max_rel";
  r.value = std::isfinite(c.max_rel_error) ? c.max_rel_error : 1e308;
  r.tolerance = tol.rtol;
  r.passed = c.passed;
  r.detail = c.passed ? "max abs err " + g3(c.max_abs_error) : c.message;
  return r;
}

int run_test_dir(const GlobalOptions& g, const ValidateModelOptions& o, plugin::PluginManager& pm,
                 const network::AssemblyPolicy& policy, const operators::Tolerance& tol) {
  auto r = o.executor.empty() ? network::validate_model_dir(pm.operators(), o.dir, policy, tol)
                              : network::validate_model_dir(pm, o.dir, o.executor, tol);
  if (g.json) {
    nlohmann::json checks = nlohmann::json::array();
    for (const auto& c : r.checks)
      checks.push_back({{"data_set", c.data_set},
                        {"output", c.output},
                        {"passed", c.comparison.passed},
                        {"max_abs_error", number(c.comparison.max_abs_error)},
                        {"max_rel_error", number(c.comparison.max_rel_error)},
                        {"message", c.comparison.message}});
    std::cout << nlohmann::json{{"test", r.test},
                                {"model", r.model},
                                {"outcome", network::model_outcome_name(r.outcome)},
                                {"reason", r.reason},
                                {"executor", r.executor},
                                {"data_sets", r.data_sets},
                                {"checks", checks},
                                {"max_abs_error", number(r.max_abs_error)},
                                {"max_rel_error", number(r.max_rel_error)}}
                     .dump(2)
              << "\n";
  } else {
    std::cout << "model     " << r.model << "\n";
    if (!r.executor.empty()) std::cout << "executor  " << r.executor << "\n";
    for (const auto& c : r.checks)
      std::cout << "  " << c.data_set << "  " << c.output << ": "
                << (c.comparison.passed ? "ok" : "FAILED") << " (max abs err "
                << g3(c.comparison.max_abs_error) << ", max rel err "
                << g3(c.comparison.max_rel_error) << ")\n";
    std::cout << network::model_outcome_name(r.outcome)
              << (r.outcome == ModelOutcome::Passed
                      ? " (" + std::to_string(r.data_sets) + " data sets, rtol " + g3(tol.rtol) +
                            ", atol " + g3(tol.atol) + ")"
                      : ": " + r.reason)
              << "\n";
  }
  const bool ran = r.outcome == ModelOutcome::Passed || r.outcome == ModelOutcome::Failed;
  if (o.store && ran) {
    std::vector<store::ValidationRow> rows;
    for (const auto& c : r.checks)
      rows.push_back(row_of(r.test + ":" + c.data_set + ":" + c.output, c.comparison, tol));
    nlohmann::json spec{{"d500", 1},        {"level", "model-validation"},
                        {"model", r.model}, {"policy", policy.to_string()},
                        {"rtol", tol.rtol}, {"atol", tol.atol}};
    store_result(g, pm, "validate-model " + r.test, spec, rows, r.outcome == ModelOutcome::Passed,
                 r.reason);
  }
  return exit_code(r.outcome);
}

// Executor A or B by name (--executor, --compare-executor): see executor_factory.h.
std::unique_ptr<network::NetworkExecutor> build_named(const char* side, const std::string& name,
                                                      network::Graph graph,
                                                      plugin::PluginManager& pm, bool gradients) {
  network::ExecutorOptions opts;
  // Gradient buffers double an executor's memory; without gradients they are not needed.
  opts.allocate_gradients = gradients;
  auto ex = network::make_executor(name, std::move(graph), pm, opts);
  if (!ex)
    throw CliError{kBadInput, std::string("executor ") + side + ": " + ex.error().to_string()};
  return std::move(ex).value();
}

int run_comparison(const GlobalOptions& g, const ValidateModelOptions& o, plugin::PluginManager& pm,
                   const std::string& model_path, const network::AssemblyPolicy& pa,
                   const network::AssemblyPolicy& pb, const operators::Tolerance& tol) {
  auto graph = network::Graph::load(model_path, {o.batch, {}});
  if (!graph) throw CliError{kBadInput, graph.error().to_string()};
  const network::Graph shape_source = graph->clone();
  auto make = [&](const char* side, const std::string& name, const network::AssemblyPolicy& p,
                  network::Graph gr) -> std::unique_ptr<network::NetworkExecutor> {
    if (!name.empty()) return build_named(side, name, std::move(gr), pm, !o.no_gradients);
    network::ExecutorOptions opts;
    opts.policy = p;
    opts.allocate_gradients = !o.no_gradients;
    auto ex = network::AssembledExecutor::build(std::move(gr), pm.operators(), opts);
    if (!ex)
      throw CliError{kBadInput, std::string("executor ") + side + ": " + ex.error().to_string()};
    return std::move(ex).value();
  };
  // One copy of the parameters per executor: A gets a clone, B the loaded ones.
  auto a = make("A", o.executor, pa, graph->clone());
  auto b = make("B", o.compare_executor, pb, std::move(graph).value());
  auto* ea = a.get();
  auto* eb = b.get();
  network::ComparisonOptions co;
  co.seed = o.seed;
  co.tol = tol;
  co.gradients = !o.no_gradients;
  network::ExecutorComparison c;
  try {
    c = network::compare_executors(shape_source, *ea, *eb, co);
  } catch (const D500Error& e) {
    throw CliError{kRunFailed, e.what()};
  }
  auto diff_json = [](const std::vector<network::ValueDiff>& v) {
    nlohmann::json out = nlohmann::json::array();
    for (const auto& d : v)
      out.push_back({{"value", d.value},
                     {"node", d.node},
                     {"passed", d.comparison.passed},
                     {"max_abs_error", number(d.comparison.max_abs_error)},
                     {"max_rel_error", number(d.comparison.max_rel_error)}});
    return out;
  };
  if (g.json) {
    std::cout << nlohmann::json{{"model", model_path},
                                {"a", a->description()},
                                {"b", b->description()},
                                {"seed", o.seed},
                                {"passed", c.passed()},
                                {"outputs", diff_json(c.outputs)},
                                {"intermediates", diff_json(c.intermediates)},
                                {"first_diverging_node", c.first_diverging_node},
                                {"loss", c.loss},
                                {"gradients_compared", c.gradients_compared},
                                {"gradients_skipped", c.gradients_skipped},
                                {"gradients", diff_json(c.gradients)}}
                     .dump(2)
              << "\n";
  } else {
    std::cout << "model  " << model_path << "\nA      " << a->description() << "\nB      "
              << b->description() << "\ninputs seeded " << o.seed << "\n\n";
    auto table = [&](const char* title, const std::vector<network::ValueDiff>& v) {
      std::vector<std::vector<std::string>> rows{{title, "NODE", "MAX ABS ERR", "MAX REL ERR", ""}};
      for (const auto& d : v)
        rows.push_back({d.value, d.node.empty() ? "-" : d.node, g3(d.comparison.max_abs_error),
                        g3(d.comparison.max_rel_error), d.comparison.passed ? "ok" : "DIFFERS"});
      print_table(rows);
      std::cout << "\n";
    };
    table("VALUE", c.intermediates);
    std::cout << "first diverging node: "
              << (c.first_diverging_node.empty() ? "none" : c.first_diverging_node) << "\n\n";
    if (c.gradients_compared) {
      std::cout << "gradients of " << c.loss << ":\n";
      table("PARAMETER", c.gradients);
    } else {
      std::cout << "gradients not compared: " << c.gradients_skipped << "\n\n";
    }
    std::cout << (c.passed() ? "passed" : "failed") << " (rtol " << g3(tol.rtol) << ", atol "
              << g3(tol.atol) << ")\n";
  }
  if (o.store) {
    std::vector<store::ValidationRow> rows;
    for (const auto& d : c.outputs) rows.push_back(row_of("output:" + d.value, d.comparison, tol));
    for (const auto& d : c.gradients)
      rows.push_back(row_of("gradient:" + d.value, d.comparison, tol));
    nlohmann::json spec{{"d500", 1},
                        {"level", "model-validation"},
                        {"model", model_path},
                        {"a", o.executor.empty() ? pa.to_string() : o.executor},
                        {"b", o.compare_executor.empty() ? pb.to_string() : o.compare_executor},
                        {"seed", o.seed},
                        {"rtol", tol.rtol},
                        {"atol", tol.atol}};
    store_result(g, pm, "validate-model " + fs::path(model_path).filename().string() + " A/B", spec,
                 rows, c.passed(),
                 c.passed() ? "" : "differs from B; first at " + c.first_diverging_node);
  }
  return c.passed() ? kOk : kRunFailed;
}

}  // namespace

int cmd_validate_model(const GlobalOptions& g, const ValidateModelOptions& o) {
  const std::string list_a = o.prefer.empty() ? o.plugin : o.prefer + "," + o.plugin;
  const auto pa = policy_of(list_a, "--prefer");
  std::set<std::string> plugins;
  collect_plugins(pa, plugins);
  network::AssemblyPolicy pb;
  if (!o.compare_with.empty()) {
    pb = policy_of(o.compare_with, "--compare-with");
    collect_plugins(pb, plugins);
  }
  for (const std::string* name : {&o.executor, &o.compare_executor}) {
    if (name->empty()) continue;
    auto needed = network::executor_plugins(*name);
    if (!needed) throw CliError{kUsage, "--executor " + *name + ": " + needed.error().to_string()};
    plugins.insert(needed->begin(), needed->end());
  }
  const bool comparing = !o.compare_with.empty() || !o.compare_executor.empty();
  const double atol = o.atol >= 0 ? o.atol : !comparing ? 1e-7 : 1e-5;
  const operators::Tolerance tol{o.rtol, atol};

  std::error_code ec;
  const bool is_dir = fs::is_directory(o.dir, ec);
  if (!is_dir && !fs::exists(o.dir, ec))
    throw CliError{kBadInput, o.dir + ": no such file or folder"};
  auto pm = make_plugin_manager(g);
  load_plugins(*pm, plugins);
  check_variants(*pm, pa);
  if (!o.compare_with.empty()) check_variants(*pm, pb);
  if (comparing) {
    const std::string model = is_dir ? (fs::path(o.dir) / "model.onnx").string() : o.dir;
    return run_comparison(g, o, *pm, model, pa, pb, tol);
  }
  if (!is_dir)
    throw CliError{kBadInput,
                   o.dir +
                       " is a model file, not a test folder: give --compare-with "
                       "PLUGIN to validate it against another executor on random inputs"};
  return run_test_dir(g, o, *pm, pa, tol);
}

}  // namespace d500::cli
