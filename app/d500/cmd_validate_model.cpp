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
#include "d500/network/executor_comparison.h"
#include "d500/network/executor_factory.h"
#include "d500/network/model_validation.h"
#include "d500/run/model_validation_run.h"

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

// Stores `record` in --db as one finished run and says where.
void store_result(const GlobalOptions& g, const plugin::PluginManager& pm,
                  const run::ModelValidationRecord& record) {
  auto st = open_store(g.db, store::ResultStore::Mode::ReadWrite);
  const int64_t id = run::store_model_validation(*st, pm, record);
  if (!g.json) std::cerr << "d500: stored as run " << id << " in " << g.db << "\n";
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
  if (o.store && ran) store_result(g, pm, run::record_of(r, policy, tol));
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

nlohmann::json diff_json(const std::vector<network::ValueDiff>& v) {
  nlohmann::json out = nlohmann::json::array();
  for (const auto& d : v)
    out.push_back({{"value", d.value},
                   {"node", d.node},
                   {"passed", d.comparison.passed},
                   {"max_abs_error", number(d.comparison.max_abs_error)},
                   {"max_rel_error", number(d.comparison.max_rel_error)}});
  return out;
}

void print_comparison_json(const network::ExecutorComparison& c, const std::string& model,
                           const std::string& a, const std::string& b, uint64_t seed) {
  std::cout << nlohmann::json{{"model", model},
                              {"a", a},
                              {"b", b},
                              {"seed", seed},
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
}

void print_diff_table(const char* title, const std::vector<network::ValueDiff>& v) {
  std::vector<std::vector<std::string>> rows{{title, "NODE", "MAX ABS ERR", "MAX REL ERR", ""}};
  for (const auto& d : v)
    rows.push_back({d.value, d.node.empty() ? "-" : d.node, g3(d.comparison.max_abs_error),
                    g3(d.comparison.max_rel_error), d.comparison.passed ? "ok" : "DIFFERS"});
  print_table(rows);
  std::cout << "\n";
}

void print_comparison_text(const network::ExecutorComparison& c, const std::string& model,
                           const std::string& a, const std::string& b, uint64_t seed,
                           const operators::Tolerance& tol) {
  std::cout << "model  " << model << "\nA      " << a << "\nB      " << b << "\ninputs seeded "
            << seed << "\n\n";
  print_diff_table("VALUE", c.intermediates);
  std::cout << "first diverging node: "
            << (c.first_diverging_node.empty() ? "none" : c.first_diverging_node) << "\n\n";
  if (c.gradients_compared) {
    std::cout << "gradients of " << c.loss << ":\n";
    print_diff_table("PARAMETER", c.gradients);
  } else {
    std::cout << "gradients not compared: " << c.gradients_skipped << "\n\n";
  }
  std::cout << (c.passed() ? "passed" : "failed") << " (rtol " << g3(tol.rtol) << ", atol "
            << g3(tol.atol) << ")\n";
}

// Executor A or B: by name, or assembled from the operators of `policy`.
std::unique_ptr<network::NetworkExecutor> comparison_side(
    const char* side, const ValidateModelOptions& o, const std::string& name,
    const network::AssemblyPolicy& policy, network::Graph graph, plugin::PluginManager& pm) {
  if (!name.empty()) return build_named(side, name, std::move(graph), pm, !o.no_gradients);
  network::ExecutorOptions opts;
  opts.policy = policy;
  opts.allocate_gradients = !o.no_gradients;
  auto ex = network::AssembledExecutor::build(std::move(graph), pm.operators(), opts);
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
  // One copy of the parameters per executor: A gets a clone, B the loaded ones.
  auto a = comparison_side("A", o, o.executor, pa, graph->clone(), pm);
  auto b = comparison_side("B", o, o.compare_executor, pb, std::move(graph).value(), pm);
  network::ComparisonOptions co;
  co.seed = o.seed;
  co.tol = tol;
  co.gradients = !o.no_gradients;
  network::ExecutorComparison c;
  try {
    c = network::compare_executors(shape_source, *a, *b, co);
  } catch (const D500Error& e) {
    throw CliError{kRunFailed, e.what()};
  }
  if (g.json)
    print_comparison_json(c, model_path, a->description(), b->description(), o.seed);
  else
    print_comparison_text(c, model_path, a->description(), b->description(), o.seed, tol);
  if (o.store)
    store_result(g, pm,
                 run::record_of(c, model_path, o.executor.empty() ? pa.to_string() : o.executor,
                                o.compare_executor.empty() ? pb.to_string() : o.compare_executor,
                                o.seed, tol));
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
