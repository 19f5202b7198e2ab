#include "d500/network/model_validation.h"

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <functional>
#include <map>
#include <optional>
#include <variant>

#include "d500/network/executor_factory.h"
#include "d500/onnx/tensor_file.h"

namespace d500::network {

namespace fs = std::filesystem;

const char* model_outcome_name(ModelOutcome o) {
  switch (o) {
    case ModelOutcome::Passed:
      return "passed";
    case ModelOutcome::Failed:
      return "failed";
    case ModelOutcome::Unsupported:
      return "unsupported";
    case ModelOutcome::BadInput:
      return "bad input";
    case ModelOutcome::Invalid:
      break;
  }
  return "invalid";
}

namespace {

// test_data_set_N folders in numeric order (test_data_set_10 after test_data_set_9).
std::vector<fs::path> data_sets(const fs::path& dir) {
  std::vector<std::pair<long, fs::path>> found;
  std::error_code ec;
  const std::string prefix = "test_data_set_";
  for (const auto& e : fs::directory_iterator(dir, ec)) {
    const std::string name = e.path().filename().string();
    if (e.is_directory() && name.rfind(prefix, 0) == 0)
      found.emplace_back(std::strtol(name.c_str() + prefix.size(), nullptr, 10), e.path());
  }
  std::sort(found.begin(), found.end());
  std::vector<fs::path> out;
  for (auto& f : found) out.push_back(std::move(f.second));
  return out;
}

// Files named <prefix>K.pb in `dir`, K = 0, 1, ... until one is missing.
std::vector<fs::path> numbered(const fs::path& dir, const std::string& prefix) {
  std::vector<fs::path> out;
  for (int k = 0;; ++k) {
    fs::path p = dir / (prefix + std::to_string(k) + ".pb");
    std::error_code ec;
    if (!fs::exists(p, ec)) return out;
    out.push_back(p);
  }
}

std::string join(const std::vector<std::string>& v) {
  std::string s;
  for (size_t i = 0; i < v.size(); ++i) s += (i ? ", " : "") + v[i];
  return s;
}

struct Stop {
  ModelOutcome outcome;
  std::string reason;
};

// The data set's inputs by graph input name, checked against the graph's declared types.
std::variant<std::map<std::string, Tensor>, Stop> read_inputs(const Graph& g, const fs::path& set) {
  const auto files = numbered(set, "input_");
  const auto& fed = g.inputs();
  if (files.size() != fed.size())
    return Stop{ModelOutcome::BadInput, set.filename().string() + " holds " +
                                            std::to_string(files.size()) +
                                            " inputs, the model feeds " +
                                            std::to_string(fed.size()) + " (" + join(fed) + ")"};
  std::map<std::string, Tensor> inputs;
  for (size_t k = 0; k < files.size(); ++k) {
    auto t = onnx::read_named_tensor_file(files[k].string());
    if (!t) return Stop{ModelOutcome::BadInput, t.error().to_string()};
    // The proto's name says which input it feeds; older test data leave it empty (position).
    std::string name = t->name.empty() ? fed[k] : t->name;
    if (std::find(fed.begin(), fed.end(), name) == fed.end())
      return Stop{ModelOutcome::BadInput,
                  files[k].string() + " feeds \"" + name +
                      "\", which is not an input of the model (its inputs: " + join(fed) + ")"};
    const TensorType& want = g.find(name)->type;
    const Tensor& v = t->value;
    bool shape_ok = !want.has_shape || want.shape.size() == v.shape().size();
    for (size_t d = 0; shape_ok && want.has_shape && d < want.shape.size(); ++d)
      shape_ok = want.shape[d] < 0 || want.shape[d] == v.shape()[d];
    if (!shape_ok || (want.dtype != DType::Invalid && want.dtype != v.dtype()))
      return Stop{ModelOutcome::BadInput,
                  "input \"" + name + "\": the model expects " + want.to_string() + ", " +
                      files[k].string() + " holds " + TensorSpec{v.dtype(), v.shape()}.to_string()};
    inputs[name] = std::move(t->value);
  }
  return inputs;
}

// One data set on an executor built for its input shapes. nullopt-like: an empty Stop reason
// means the data set ran and its checks were appended.
// Builds the executor for one data set's input shapes.
using Builder = std::function<Result<std::unique_ptr<NetworkExecutor>>(
    const Graph&, const std::vector<std::pair<std::string, Shape>>&, ModelValidation&)>;

// A model with symbolic input dimensions (an exported dynamic batch) loaded again at the shapes
// of one data set's inputs, so that its shape arithmetic folds as for a static model; nullopt
// when the inputs cannot be read or the model not loaded (run_data_set then reports why).
std::optional<Graph> graph_at_inputs(const Graph& graph, const std::string& model,
                                     const fs::path& set) {
  auto read = read_inputs(graph, set);
  const auto* inputs = std::get_if<0>(&read);
  if (!inputs) return std::nullopt;
  GraphOptions go;
  for (const auto& [name, t] : *inputs) go.input_shapes.emplace_back(name, t.shape());
  auto m = onnx::Model::load(model);
  if (!m) return std::nullopt;
  auto g = Graph::from_model(*m, go);
  if (!g) return std::nullopt;
  return std::move(g).value();
}

Stop run_data_set(const Graph& graph, const Builder& build, const fs::path& set,
                  const operators::Tolerance& tol, ModelValidation& r) {
  auto read = read_inputs(graph, set);
  if (auto* stop = std::get_if<Stop>(&read)) return *stop;
  auto& inputs = std::get<0>(read);
  std::vector<std::pair<std::string, Shape>> shapes;
  for (const auto& [name, t] : inputs) shapes.emplace_back(name, t.shape());
  auto ex = build(graph, shapes, r);
  // The operators exist (checked before) but none accepts this node: an attribute, dtype or
  // shape the implementations do not cover.
  if (!ex) return Stop{ModelOutcome::Unsupported, ex.error().message};
  r.executor = (*ex)->description();
  try {
    for (const auto& [name, t] : inputs) (*ex)->set_input(name, t);
    (*ex)->forward();
  } catch (const D500Error& e) {
    return Stop{ModelOutcome::Failed, set.filename().string() + ": " + e.what()};
  }
  const auto expected = numbered(set, "output_");
  const auto& outs = graph.outputs();
  if (expected.size() != outs.size())
    return Stop{ModelOutcome::BadInput,
                set.filename().string() + " holds " + std::to_string(expected.size()) +
                    " outputs, the model has " + std::to_string(outs.size())};
  Stop result{ModelOutcome::Passed, ""};
  for (size_t k = 0; k < outs.size(); ++k) {
    auto e = onnx::read_tensor_file(expected[k].string());
    if (!e) return Stop{ModelOutcome::BadInput, e.error().to_string()};
    OutputCheck c{set.filename().string(), outs[k],
                  operators::compare_allclose((*ex)->output(outs[k]), *e, tol)};
    r.max_abs_error = std::max(r.max_abs_error, c.comparison.max_abs_error);
    r.max_rel_error = std::max(r.max_rel_error, c.comparison.max_rel_error);
    if (!c.comparison.passed && result.outcome == ModelOutcome::Passed)
      result = {ModelOutcome::Failed,
                set.filename().string() + ": output \"" + outs[k] + "\": " + c.comparison.message};
    r.checks.push_back(std::move(c));
  }
  return result;
}

}  // namespace

namespace {

ModelValidation validate_with(const std::string& dir, const Builder& build,
                              const std::function<std::string(const Graph&)>& unimplemented,
                              const operators::Tolerance& tol) {
  ModelValidation r;
  r.test = fs::path(dir).filename().string();
  if (r.test.empty()) r.test = fs::path(dir).parent_path().filename().string();
  r.model = (fs::path(dir) / "model.onnx").string();
  auto finish = [&](ModelOutcome o, std::string reason) {
    r.outcome = o;
    r.reason = std::move(reason);
    return r;
  };
  try {
    std::error_code ec;
    if (!fs::is_directory(dir, ec))
      return finish(ModelOutcome::BadInput, dir +
                                                ": not a folder (a test folder holds model.onnx "
                                                "and test_data_set_N/)");
    auto model = onnx::Model::load(r.model);
    if (!model) return finish(ModelOutcome::BadInput, model.error().to_string());
    auto graph = Graph::from_model(*model);
    if (!graph) return finish(ModelOutcome::Unsupported, graph.error().to_string());
    if (auto missing = unimplemented(*graph); !missing.empty())
      return finish(ModelOutcome::Unsupported, missing);
    const auto sets = data_sets(dir);
    if (sets.empty()) return finish(ModelOutcome::BadInput, "no test_data_set_* folder in " + dir);
    bool symbolic = false;
    for (const auto& name : graph->inputs()) symbolic |= !graph->find(name)->type.complete();
    for (const auto& set : sets) {
      std::optional<Graph> at_inputs;
      if (symbolic) at_inputs = graph_at_inputs(*graph, r.model, set);
      Stop s = run_data_set(at_inputs ? *at_inputs : *graph, build, set, tol, r);
      if (s.outcome != ModelOutcome::Passed) return finish(s.outcome, s.reason);
      ++r.data_sets;
    }
    return finish(ModelOutcome::Passed, "");
  } catch (const std::exception& e) {
    // One model that trips something unforeseen must not end a sweep over many.
    return finish(ModelOutcome::Failed, std::string("unexpected: ") + e.what());
  }
}

}  // namespace

ModelValidation validate_model_dir(const plugin::OperatorRegistry& ops, const std::string& dir,
                                   const AssemblyPolicy& policy, const operators::Tolerance& tol) {
  Builder build = [&](const Graph& graph, const std::vector<std::pair<std::string, Shape>>& shapes,
                      ModelValidation& r) -> Result<std::unique_ptr<NetworkExecutor>> {
    ExecutorOptions opts;
    opts.policy = policy;
    // Inference only: no gradients, and initializers are constants as the ABI describes them, so
    // an operator that needs a float input's value at creation (scales, ratios) has it.
    opts.allocate_gradients = false;
    opts.parameters_as_constants = true;
    opts.input_shapes = shapes;
    auto ex = AssembledExecutor::build(graph.clone(), ops, opts);
    if (!ex) return ex.error();
    r.assignments = (*ex)->assignments();
    return std::unique_ptr<NetworkExecutor>(std::move(ex).value());
  };
  auto missing = [&](const Graph& graph) -> std::string {
    auto m = AssembledExecutor::unimplemented(graph, ops, policy);
    return m.empty() ? ""
                     : "unsupported operator " + join(m) +
                           " (implementations tried: " + policy.to_string() + ")";
  };
  return validate_with(dir, build, missing, tol);
}

ModelValidation validate_model_dir(const plugin::PluginManager& plugins, const std::string& dir,
                                   const std::string& executor, const operators::Tolerance& tol) {
  if (executor == "reference" || executor.rfind("assembled:", 0) == 0) {
    auto policy = executor == "reference" ? Result<AssemblyPolicy>(AssemblyPolicy{})
                                          : AssemblyPolicy::parse(executor.substr(10));
    if (!policy) {
      ModelValidation r;
      r.outcome = ModelOutcome::BadInput;
      r.reason = policy.error().to_string();
      return r;
    }
    return validate_model_dir(plugins.operators(), dir, *policy, tol);
  }
  const std::string model = (fs::path(dir) / "model.onnx").string();
  Builder build = [&](const Graph&, const std::vector<std::pair<std::string, Shape>>& shapes,
                      ModelValidation&) -> Result<std::unique_ptr<NetworkExecutor>> {
    GraphOptions go;
    go.input_shapes = shapes;
    auto g = Graph::load(model, go);
    if (!g) return g.error();
    ExecutorOptions opts;
    opts.allocate_gradients = false;
    return make_executor(executor, std::move(g).value(), plugins, opts);
  };
  auto missing = [](const Graph&) { return std::string(); };
  return validate_with(dir, build, missing, tol);
}

}  // namespace d500::network
