#include "d500/network/executor_comparison.h"

#include <functional>
#include <set>

namespace d500::network {

namespace {

bool is_float(DType t) {
  return t == DType::Float32 || t == DType::Float64;
}

void run(NetworkExecutor& ex, const char* which, const std::function<void()>& f) {
  try {
    f();
  } catch (const D500Error& e) {
    throw D500Error(std::string(which) + " (" + ex.description() + "): " + e.what());
  }
}

}  // namespace

bool ExecutorComparison::passed() const {
  for (const auto& d : outputs)
    if (!d.comparison.passed) return false;
  for (const auto& d : gradients)
    if (!d.comparison.passed) return false;
  return true;
}

ExecutorComparison compare_executors(const Graph& graph, NetworkExecutor& a, NetworkExecutor& b,
                                     const ComparisonOptions& o) {
  ExecutorComparison r;
  uint64_t k = 0;
  for (const auto& name : a.input_names()) {
    const TensorSpec spec = a.input_spec(name);
    Tensor t(spec.dtype, spec.shape);  // integer inputs (labels) stay zero: a valid class index
    if (is_float(spec.dtype)) fill_uniform(t, o.seed + k++);
    run(a, "executor A", [&] { a.set_input(name, t); });
    run(b, "executor B", [&] { b.set_input(name, t); });
  }
  run(a, "executor A", [&] { a.forward(); });
  run(b, "executor B", [&] { b.forward(); });

  for (const auto& name : graph.outputs())
    r.outputs.push_back(
        {name, "", operators::compare_allclose(a.output(name), b.output(name), o.tol)});
  std::set<std::string> outputs(graph.outputs().begin(), graph.outputs().end());
  for (size_t n : graph.order()) {
    const Node& node = graph.nodes()[n];
    for (const auto& out : node.outputs) {
      const Tensor* va = out.empty() ? nullptr : a.value(out);
      const Tensor* vb = out.empty() ? nullptr : b.value(out);
      if (!va || !vb) continue;
      ValueDiff d{out, node.label(), operators::compare_allclose(*va, *vb, o.tol)};
      if (!d.comparison.passed && r.first_diverging_node.empty())
        r.first_diverging_node = node.label();
      r.intermediates.push_back(std::move(d));
    }
  }
  for (auto& d : r.outputs)
    for (const auto& i : r.intermediates)
      if (i.value == d.value) d.node = i.node;

  if (!o.gradients) {
    r.gradients_skipped = "not asked for";
    return r;
  }
  if (a.parameter_names().empty()) {
    r.gradients_skipped = "the model has no parameters";
    return r;
  }
  // A scalar output is the loss; otherwise every float output counts, summed.
  std::vector<std::string> loss;
  for (const auto& name : graph.outputs())
    if (a.output(name).numel() == 1 && is_float(a.output(name).dtype())) loss.push_back(name);
  if (loss.size() == 1) {
    r.loss = loss[0];
  } else {
    loss.clear();
    for (const auto& name : graph.outputs())
      if (is_float(a.output(name).dtype())) loss.push_back(name);
    r.loss = "sum of ";
    for (size_t i = 0; i < loss.size(); ++i) r.loss += (i ? ", " : "") + loss[i];
  }
  try {
    a.forward_backward_sum(loss);
    b.forward_backward_sum(loss);
  } catch (const D500Error& e) {
    // A plugin without backward (an inference kernel) still validates its forward.
    r.gradients_skipped = e.what();
    return r;
  }
  r.gradients_compared = true;
  for (const auto& p : a.parameter_names())
    r.gradients.push_back(
        {p, "", operators::compare_allclose(a.gradient(p), b.gradient(p), o.tol)});
  return r;
}

}  // namespace d500::network
