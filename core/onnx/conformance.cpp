// Runs ONNX backend node tests against one plugin (see conformance.h for the outcomes).
#include "d500/operators/conformance.h"

#include <algorithm>
#include <cstddef>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <optional>
#include <regex>
#include <set>

#include "conformance_data_set.h"
#include "d500/device/device_api.h"
#include "d500/onnx/model.h"
#include "d500/onnx/tensor_file.h"

namespace d500::operators {

namespace fs = std::filesystem;
using Outcome = ConformanceOutcome;

namespace {

using conformance_detail::fed_inputs;
using conformance_detail::index_of;
using conformance_detail::run_data_set;
using conformance_detail::Step;
using conformance_detail::stop;

std::string op_name(const std::string& op_type, const std::string& domain) {
  return domain.empty() ? op_type : domain + "." + op_type;
}

// The implementation to test, or nullptr with the reason in `why`.
const plugin::OperatorImpl* pick_impl(const plugin::OperatorRegistry& ops,
                                      const std::string& plugin, const std::string& op_type,
                                      const std::string& domain, int64_t opset, std::string& why) {
  const std::string name = plugin.substr(0, plugin.find('/'));
  std::vector<const plugin::OperatorImpl*> mine;
  std::string others;  // the opsets of those that follow other definitions
  for (const auto* impl : ops.find(op_type, domain)) {
    if (impl->plugin != name || (name != plugin && impl->id() != plugin)) continue;
    if (impl->follows_opset(opset))
      mine.push_back(impl);
    else
      others +=
          (others.empty() ? "" : ", ") + impl->id() + " follows opsets " + impl->opset_range();
  }
  if (mine.empty()) {
    why = others.empty() ? plugin + " has no implementation of " + op_name(op_type, domain)
                         : "the test is " + op_name(op_type, domain) + " at opset " +
                               std::to_string(opset) + "; " + others;
    return nullptr;
  }
  // A "name/variant" is that implementation on whatever device; a bare name prefers the CPU
  // (no copies), then another device (tensors copied to it and back, see run_data_set), and
  // within either the "default" variant.
  std::vector<const plugin::OperatorImpl*> cpu, other;
  for (const auto* impl : mine) (impl->device_type() == kDLCPU ? cpu : other).push_back(impl);
  const auto& pool = cpu.empty() ? other : cpu;
  for (const auto* impl : pool)
    if (impl->variant() == "default") return impl;
  return pool.front();
}

// Tests whose expected outputs were drawn from numpy's random generator when ONNX made them: no
// implementation can reproduce those numbers, so comparing them would only ever report failures
// (ONNX Runtime skips them too). Dropout in training mode with a ratio > 0 and the sampling ops.
bool random_output(const std::string& test, const std::string& op_type) {
  static const std::set<std::string> ops = {"Bernoulli",     "Multinomial",
                                            "RandomNormal",  "RandomNormalLike",
                                            "RandomUniform", "RandomUniformLike"};
  static const std::set<std::string> tests = {
      "test_training_dropout", "test_training_dropout_default",
      "test_training_dropout_default_mask", "test_training_dropout_mask"};
  return ops.count(op_type) || tests.count(test);
}

// test_data_set_N folders in numeric order (test_data_set_10 after test_data_set_9).
std::vector<fs::path> data_sets(const fs::path& test_dir) {
  std::vector<std::pair<long, fs::path>> found;
  std::error_code ec;
  for (const auto& e : fs::directory_iterator(test_dir, ec)) {
    const std::string name = e.path().filename().string();
    const std::string prefix = "test_data_set_";
    if (!e.is_directory() || name.rfind(prefix, 0) != 0) continue;
    found.emplace_back(std::strtol(name.c_str() + prefix.size(), nullptr, 10), e.path());
  }
  std::sort(found.begin(), found.end());
  std::vector<fs::path> out;
  for (auto& f : found) out.push_back(std::move(f.second));
  return out;
}

// A value the plugin ABI cannot carry makes the test unsupported; "" when all is well.
std::string unsupported_value(const onnx::ValueInfo& v, const char* role) {
  if (v.kind != "tensor")
    return std::string(role) + " \"" + v.name + "\" is " +
           (v.kind.empty() ? "untyped" : "of kind " + v.kind) +
           "; the plugin ABI passes tensors only";
  if (v.dtype == DType::Invalid)
    return std::string(role) + " \"" + v.name + "\" has dtype " + v.elem_type +
           ", which d500 tensors do not hold";
  return "";
}

// Control flow: a node whose subgraphs the graph executor runs (no plugin implements these).
bool is_control_flow(const onnx::NodeInfo& n) {
  return n.domain.empty() && (n.op_type == "If" || n.op_type == "Loop" || n.op_type == "Scan");
}

// A test of several nodes: refused when a node draws random numbers, else run by `graphs`.
ConformanceResult run_graph(const onnx::Model& model, const fs::path& test_dir,
                            const GraphTestRunner& graphs, ConformanceResult r) {
  r.op_type = kFunctionBody;
  for (size_t i = 0; i < model.node_count(); ++i)
    if (random_output(r.test, model.node(i).op_type)) {
      r.outcome = Outcome::Unsupported;
      r.reason = "node " + std::to_string(i) + " (" + model.node(i).op_type +
                 ") draws random numbers; no implementation can reproduce its output";
      return r;
    }
  r = graphs(test_dir.string(), r);
  r.op_type = kFunctionBody;
  return r;
}

ConformanceResult run_checked(const plugin::OperatorRegistry& ops, const std::string& plugin,
                              const fs::path& test_dir, const Tolerance& tol, ConformanceResult r,
                              const GraphTestRunner& graphs) {
  auto finish = [&](Outcome o, std::string reason) {
    r.outcome = o;
    r.reason = std::move(reason);
    return r;
  };
  auto model = onnx::Model::load((test_dir / "model.onnx").string());
  if (!model) return finish(Outcome::Error, model.error().to_string());
  if (model->node_count() > 1 && graphs) return run_graph(*model, test_dir, graphs, r);
  if (model->node_count() == 1 && graphs && is_control_flow(model->node(0))) {
    // If, Loop, Scan: the graph executor runs their subgraphs; counted under their op type.
    r = run_graph(*model, test_dir, graphs, r);
    r.op_type = model->node(0).op_type;
    return r;
  }
  if (model->node_count() != 1)
    return finish(Outcome::Unsupported,
                  "the graph has " + std::to_string(model->node_count()) +
                      " nodes (an expanded function); node conformance runs one-node graphs");
  const onnx::NodeInfo node = model->node(0);
  r.op_type = node.op_type;
  r.domain = node.domain;

  std::string why;
  const plugin::OperatorImpl* impl =
      pick_impl(ops, plugin, node.op_type, node.domain, node.opset, why);
  if (!impl) return finish(Outcome::Unsupported, why);
  r.implementation = impl->id();
  if (random_output(r.test, node.op_type))
    return finish(Outcome::Unsupported,
                  "the expected output is random (drawn from numpy's "
                  "generator); no implementation can reproduce it");
  const std::vector<onnx::ValueInfo> fed = fed_inputs(*model);
  for (const auto& name : node.inputs) {
    int k = name.empty() ? -1 : index_of(fed, name);
    if (k >= 0) {
      auto u = unsupported_value(fed[static_cast<size_t>(k)], "input");
      if (!u.empty()) return finish(Outcome::Unsupported, u);
    }
  }
  for (const auto& name : node.outputs) {
    int k = name.empty() ? -1 : index_of(model->outputs(), name);
    if (k >= 0) {
      auto u = unsupported_value(model->outputs()[static_cast<size_t>(k)], "output");
      if (!u.empty()) return finish(Outcome::Unsupported, u);
    }
  }
  auto attrs = model->attributes(0);
  if (!attrs) return finish(Outcome::Unsupported, attrs.error().message);
  if (node.opset > 0) attrs->push_back({D500_ATTR_OPSET, node.opset});

  auto sets = data_sets(test_dir);
  if (sets.empty())
    return finish(Outcome::Error, "no test_data_set_* folder in " + test_dir.string());
  for (const auto& dir : sets) {
    Step s = run_data_set(*impl, *model, node, *attrs, dir, tol);
    r.max_abs_error = std::max(r.max_abs_error, s.max_abs);
    r.max_rel_error = std::max(r.max_rel_error, s.max_rel);
    if (s.outcome != Outcome::Passed)
      return finish(s.outcome, dir.filename().string() + ": " + s.reason);
    ++r.data_sets;
  }
  return finish(Outcome::Passed, "");
}

}  // namespace

const char* conformance_outcome_name(ConformanceOutcome o) {
  switch (o) {
    case Outcome::Passed:
      return "passed";
    case Outcome::Failed:
      return "failed";
    case Outcome::Unsupported:
      return "unsupported";
    case Outcome::Error:
      return "error";
    case Outcome::Invalid:
      break;
  }
  return "invalid";
}

std::string ConformanceResult::detail() const {
  if (outcome == Outcome::Passed) return "passed";
  return std::string(conformance_outcome_name(outcome)) + ": " + reason;
}

Result<std::vector<std::string>> list_node_tests(const std::string& data_dir,
                                                 const std::string& filter) {
  std::error_code ec;
  if (!fs::is_directory(data_dir, ec))
    return Error{fs::exists(data_dir, ec) ? "not a folder"
                                          : "no such folder (install the "
                                            "libonnx-testdata package, or name "
                                            "another folder of node tests)",
                 data_dir};
  std::regex re;
  try {
    re = std::regex(filter, std::regex::ECMAScript);
  } catch (const std::regex_error& e) {
    return Error{"filter \"" + filter + "\" is not a valid regular expression: " + e.what(), ""};
  }
  std::vector<std::string> tests;
  for (const auto& e : fs::directory_iterator(data_dir, ec)) {
    // Every sub-folder counts, model.onnx or not: a broken test folder is reported, not hidden.
    if (!e.is_directory()) continue;
    if (std::regex_search(e.path().filename().string(), re)) tests.push_back(e.path().string());
  }
  if (ec) return Error{"cannot list: " + ec.message(), data_dir};
  std::sort(tests.begin(), tests.end());
  return tests;
}

ConformanceResult run_node_test(const plugin::OperatorRegistry& ops, const std::string& plugin,
                                const std::string& test_dir, const Tolerance& tol,
                                const GraphTestRunner& graphs) {
  ConformanceResult r;
  r.test = fs::path(test_dir).filename().string();
  if (r.test.empty()) r.test = fs::path(test_dir).parent_path().filename().string();
  try {
    return run_checked(ops, plugin, test_dir, tol, r, graphs);
  } catch (const std::exception& e) {
    // Failures are results: one test that trips something unforeseen must not end the others.
    r.outcome = Outcome::Error;
    r.reason = std::string("unexpected: ") + e.what();
    return r;
  }
}

std::vector<ConformanceResult> run_conformance(const plugin::OperatorRegistry& ops,
                                               const std::string& plugin,
                                               const std::vector<std::string>& test_dirs,
                                               const Tolerance& tol,
                                               const ConformanceCallback& on_result,
                                               const std::atomic<bool>* cancel,
                                               const GraphTestRunner& graphs) {
  std::vector<ConformanceResult> results;
  results.reserve(test_dirs.size());
  for (const auto& dir : test_dirs) {
    if (cancel && cancel->load()) break;
    results.push_back(run_node_test(ops, plugin, dir, tol, graphs));
    if (on_result) on_result(results.back(), results.size(), test_dirs.size());
  }
  return results;
}

namespace {
void add(ConformanceCounts& c, Outcome o) {
  c.passed += o == Outcome::Passed;
  c.failed += o == Outcome::Failed;
  c.unsupported += o == Outcome::Unsupported;
  c.errors += o == Outcome::Error || o == Outcome::Invalid;
}
}  // namespace

ConformanceCounts count_outcomes(const std::vector<ConformanceResult>& results) {
  ConformanceCounts c;
  for (const auto& r : results) add(c, r.outcome);
  return c;
}

std::map<std::string, ConformanceCounts> counts_by_operator(
    const std::vector<ConformanceResult>& results) {
  std::map<std::string, ConformanceCounts> out;
  for (const auto& r : results) add(out[op_name(r.op_type, r.domain)], r.outcome);
  return out;
}

store::ValidationRow validation_row(const ConformanceResult& r, int64_t run_id,
                                    const Tolerance& tol) {
  store::ValidationRow v;
  v.run_id = run_id;
  v.subject = r.test;
  v.metric = "onnx_node";
  v.value = r.max_abs_error;
  v.tolerance = tol.rtol;
  v.passed = r.outcome == Outcome::Passed;
  v.detail = r.detail();
  return v;
}

}  // namespace d500::operators
