// AssembledExecutor::build: choosing an implementation per node, propagating shapes through the
// instances, and allocating every value and gradient once. Running it is
// assembled_executor_run.cpp.
#include <map>

#include "control_flow.h"
#include "executor_state.h"
#include "opset_adapter.h"

namespace d500::network {

namespace {

std::string op_name(const Node& n) {
  return n.domain.empty() ? n.op_type : n.domain + "." + n.op_type;
}

d500_tensor_info absent_info() {
  d500_tensor_info i{};
  i.ndim = D500_ABSENT_NDIM;
  return i;
}

std::string join(const std::vector<std::string>& parts, const std::string& sep) {
  std::string s;
  for (size_t i = 0; i < parts.size(); ++i) s += (i ? sep : "") + parts[i];
  return s;
}

// The shape each fed input is built for; `changed` tells whether any differs from the graph's
// (the graph's inferred shapes then no longer describe this executor's values).
Result<std::vector<std::pair<std::string, TensorSpec>>> input_specs(const Graph& g,
                                                                    const ExecutorOptions& o,
                                                                    bool& changed) {
  const std::string where = g.source().empty() ? "assembled executor" : g.source();
  for (const auto& [name, shape] : o.input_shapes) {
    const Value* v = g.find(name);
    if (!v || v->kind != ValueKind::Input)
      return Error{
          "no graph input \"" + name + "\" (the inputs are: " + join(g.inputs(), ", ") + ")",
          where};
  }
  if (o.batch < 0) return Error{"batch size " + std::to_string(o.batch) + " is negative", where};
  std::vector<std::pair<std::string, TensorSpec>> specs;
  changed = false;
  for (const auto& name : g.inputs()) {
    const TensorType& t = g.find(name)->type;
    Shape s = t.shape;
    bool given = false;
    for (const auto& [n, shape] : o.input_shapes)
      if (n == name) s = shape, given = true;
    if (!given && o.batch > 0) {
      if (!t.has_shape || s.empty())
        return Error{"input \"" + name + "\" has no batch dimension to set (" + t.to_string() + ")",
                     where};
      s[0] = o.batch;
    }
    if (!given && !t.has_shape)
      return Error{"input \"" + name + "\" has no shape in the model; give it one", where};
    for (size_t k = 0; k < s.size(); ++k)
      if (s[k] < 0)
        return Error{"input \"" + name + "\" " + t.to_string() + " has an unknown dimension " +
                         std::to_string(k) + "; give a batch size or the input's shape",
                     where};
    if (t.dtype == DType::Invalid)
      return Error{"input \"" + name + "\" has no element type d500 can hold", where};
    if (s != t.shape && g.input_shapes_bound())
      return Error{"input \"" + name + "\" " + t.to_string() + " cannot run as " +
                       TensorType{t.dtype, true, s}.to_string() +
                       ": the model's shape arithmetic was computed for the shape it was loaded "
                       "with; load it with that batch or shape",
                   where};
    changed |= s != t.shape;
    specs.emplace_back(name, TensorSpec{t.dtype, s});
  }
  return specs;
}

}  // namespace

std::vector<std::string> AssembledExecutor::unimplemented(const Graph& graph,
                                                          const plugin::OperatorRegistry& ops,
                                                          const AssemblyPolicy& policy) {
  std::vector<std::string> missing;
  for (size_t n : graph.order()) {
    const Node& node = graph.nodes()[n];
    if (is_control_flow(node)) {  // run by the executor: what its subgraphs need
      for (const auto& [attr, sub] : node.subgraphs)
        for (const auto& m : unimplemented(*sub, ops, policy))
          missing.push_back(m + " in subgraph '" + attr + "' of node '" + node.name + "'");
      continue;
    }
    if (!candidate_implementations(ops, node, policy).empty()) continue;
    std::string entry = op_name(node) + " (node '" + node.name + "')";
    if (auto refused = opset_refusals(ops, node, policy); !refused.empty())
      entry = op_name(node) + " at opset " + std::to_string(node.opset) + " (node '" + node.name +
              "': " + join(refused, ", ") + ")";
    missing.push_back(entry);
  }
  return missing;
}

Result<std::unique_ptr<AssembledExecutor>> AssembledExecutor::build(
    Graph graph, const plugin::OperatorRegistry& ops, const ExecutorOptions& options) {
  const std::string where = graph.source().empty() ? "assembled executor" : graph.source();
  try {
    return build_unchecked(std::move(graph), ops, options);
  } catch (const D500Error& e) {
    // What the steps below do not turn into an Error themselves (a shape the ABI cannot carry).
    return Error{e.what(), where};
  }
}

Result<std::unique_ptr<AssembledExecutor>> AssembledExecutor::build_unchecked(
    Graph graph, const plugin::OperatorRegistry& ops, const ExecutorOptions& options) {
  auto st = std::make_unique<State>(std::move(graph));
  const Graph& g = st->graph;
  const std::string where = g.source().empty() ? "assembled executor" : g.source();

  // Every missing operator at once, before any instance is made: the user fixes them together.
  if (auto missing = unimplemented(g, ops, options.policy); !missing.empty())
    return Error{"no chosen implementation (" + options.policy.to_string() + ") implements " +
                     join(missing, ", "),
                 where};

  bool changed = false;
  auto specs = input_specs(g, options, changed);
  if (!specs) return specs.error();
  for (const auto& [name, spec] : *specs)
    st->add_slot(name, ValueKind::Input, Tensor(spec.dtype, spec.shape));
  for (auto& p : st->graph.take_parameters()) {
    st->parameter_names.push_back(p.name);
    st->add_slot(p.name, ValueKind::Parameter, std::move(p.value));
  }
  for (auto& c : st->graph.take_constants())
    st->add_slot(c.name, ValueKind::Constant, std::move(c.value));

  st->assignments.resize(g.nodes().size());
  for (size_t n : g.order())
    if (auto refusal = st->plan_node(n, ops, options, changed)) return Error{*refusal, where};

  st->plan_gradients();
  st->gradients = options.allocate_gradients;
  if (st->gradients) st->allocate_gradients();
  st->make_views();
  st->describe();
  return std::unique_ptr<AssembledExecutor>(new AssembledExecutor(std::move(st)));
}

void AssembledExecutor::State::add_slot(const std::string& name, ValueKind kind, Tensor value) {
  auto s = std::make_unique<Slot>();
  s->name = name;
  s->kind = kind;
  s->value = std::move(value);
  const Value* v = graph.find(name);
  s->is_output = v && v->is_output;
  slot_of[name] = static_cast<int>(slots.size());
  slots.push_back(std::move(s));
}

// A step with run-time shapes: its values are sized when it runs.
void AssembledExecutor::State::add_runtime_outputs(Step step, const Node& node) {
  for (const auto& name : node.outputs) {
    step.out.push_back(name.empty() ? -1 : static_cast<int>(slots.size()));
    if (name.empty()) continue;
    add_slot(name, ValueKind::Intermediate, Tensor());
    slots.back()->dynamic = true;
  }
  steps.push_back(std::move(step));
}

// What a node's inputs are when it is placed: the ABI's descriptions, the constants an
// implementation may specialise on, and whether any is sized only at run time.
struct AssembledExecutor::State::NodeInputs {
  std::vector<d500_tensor_info> infos;
  std::vector<DLTensor> const_dl;
  std::vector<const DLTensor*> constants;
  std::vector<Shape> shapes;
  bool deferred = false;
};

void AssembledExecutor::State::gather_inputs(Step& step, const Node& node,
                                             const ExecutorOptions& options, NodeInputs& in) {
  in.const_dl.resize(node.inputs.size());
  in.constants.assign(node.inputs.size(), nullptr);
  for (size_t i = 0; i < node.inputs.size(); ++i) {
    const std::string& name = node.inputs[i];
    const int idx = name.empty() ? -1 : slot_of.at(name);
    step.in.push_back(idx);
    if (idx < 0 || slots[static_cast<size_t>(idx)]->dynamic) {
      in.deferred |= idx >= 0;
      in.infos.push_back(absent_info());
      in.shapes.emplace_back();
      continue;
    }
    const Slot& s = *slots[static_cast<size_t>(idx)];
    in.infos.push_back(plugin::tensor_info(s.value.dtype(), s.value.shape()));
    in.shapes.push_back(s.value.shape());
    if (s.kind == ValueKind::Constant ||
        (s.kind == ValueKind::Parameter && options.parameters_as_constants)) {
      in.const_dl[i] = s.value.dl();
      in.constants[i] = &in.const_dl[i];
    }
  }
}

std::optional<std::string> AssembledExecutor::State::plan_node(size_t n,
                                                               const plugin::OperatorRegistry& ops,
                                                               const ExecutorOptions& options,
                                                               bool changed) {
  const Node& node = graph.nodes()[n];
  Step step;
  step.node = n;
  NodeInputs in;
  gather_inputs(step, node, options, in);
  NodeAssignment& a = assignments[n];
  a.node = n;
  if (is_control_flow(node)) {  // If, Loop, Scan: the executor runs them (control_flow.cpp)
    auto cf = make_control_flow(node, ops, options);
    if (!cf) return cf.error().message;
    step.control = std::move(cf).value();
    for (const auto& c : step.control->captures) step.in.push_back(slot_of.at(c));
    step.dynamic = true;
    a.implementation = kControlFlowImplementation;
    add_runtime_outputs(std::move(step), node);
    return std::nullopt;
  }
  if (in.deferred) {
    // An input is sized at run time: so is this node, made when its inputs are known.
    step.dynamic = step.deferred = true;
    step.candidates = candidate_implementations(ops, node, options.policy);
    add_runtime_outputs(std::move(step), node);
    return std::nullopt;
  }
  auto attrs = adapt_attributes(node, in.shapes);
  if (!attrs) return attrs.error().message;
  choose_instance(step, candidate_implementations(ops, node, options.policy), *attrs, in.infos,
                  in.constants, a, false);
  if (!step.instance)
    return "node " + node.label() +
           ": no chosen implementation accepts it: " + join(a.skipped, "; ");
  std::vector<d500_tensor_info> outs;
  try {
    outs = step.instance->output_info();
  } catch (const D500Error& e) {
    return "node " + node.label() + ": " + e.what();
  }
  return place_outputs(std::move(step), node, outs, a, changed);
}

std::optional<std::string> AssembledExecutor::State::place_outputs(
    Step step, const Node& node, const std::vector<d500_tensor_info>& outs, const NodeAssignment& a,
    bool changed) {
  const std::string at = "node " + node.label() + ": ";
  if (outs.size() < node.outputs.size())
    return at + a.implementation + " gives " + std::to_string(outs.size()) +
           " outputs, the node has " + std::to_string(node.outputs.size());
  step.n_outputs = outs.size();
  // Output shapes known only after the call (ABI 1.3): the node runs on the host, its outputs
  // (and everything computed from them) sized from what the operator returns.
  bool runtime = !step.instance->impl().op->forward;
  for (const auto& o : outs)
    for (int32_t d = 0; d < o.ndim; ++d) runtime |= o.shape[d] < 0;
  if (runtime) {
    if (step.device)
      return at + a.implementation +
             " runs on a device and returns outputs it allocates; an assembled network runs "
             "such nodes on the host only";
    step.dynamic = step.owned = true;
    add_runtime_outputs(std::move(step), node);
    return std::nullopt;
  }
  // Trailing optional outputs the node leaves out (LayerNormalization's Mean and InvStdDev as
  // PyTorch exports it) are computed into unnamed storage, like outputs named "".
  static const std::string none;
  for (size_t j = 0; j < outs.size(); ++j) {
    const DType dt = from_dlpack(outs[j].dtype);
    const Shape shape(outs[j].shape, outs[j].shape + outs[j].ndim);
    const std::string& name = j < node.outputs.size() ? node.outputs[j] : none;
    if (dt == DType::Invalid)
      return at + "output " + std::to_string(j) + " of " + a.implementation +
             " has a dtype d500 tensors do not hold";
    if (name.empty()) {
      step.out.push_back(-1);
      step.unnamed.emplace_back(dt, shape);
      continue;
    }
    // Both describe the same value; disagreement means one of them is wrong, and a silent
    // wrong shape would only surface as wrong numbers later.
    const TensorType& inferred = graph.find(name)->type;
    const bool dtype_differs = inferred.dtype != DType::Invalid && inferred.dtype != dt;
    const bool shape_differs = !changed && inferred.complete() && inferred.shape != shape;
    if (dtype_differs || shape_differs)
      return at + a.implementation + " declares output \"" + name + "\" as " +
             TensorType{dt, true, shape}.to_string() + ", ONNX shape inference as " +
             inferred.to_string();
    step.out.push_back(static_cast<int>(slots.size()));
    add_slot(name, ValueKind::Intermediate, Tensor(dt, shape));
  }
  steps.push_back(std::move(step));
  return std::nullopt;
}

void AssembledExecutor::State::describe() {
  std::map<std::string, int> used;
  for (const auto& a : assignments) ++used[a.implementation];
  std::vector<std::string> parts;
  for (const auto& [impl, count] : used) parts.push_back(impl + " x" + std::to_string(count));
  description = "assembled (" + join(parts, ", ") + ")";
}

}  // namespace d500::network
