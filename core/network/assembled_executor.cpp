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

bool is_float(DType t) {
  return t == DType::Float32 || t == DType::Float64;
}

DLTensor absent_dl() {
  DLTensor t{};
  t.device = {kDLCPU, 0};
  t.ndim = D500_ABSENT_NDIM;
  return t;
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
  auto add_slot = [&](const std::string& name, ValueKind kind, Tensor value) {
    auto s = std::make_unique<Slot>();
    s->name = name;
    s->kind = kind;
    s->value = std::move(value);
    const Value* v = g.find(name);
    s->is_output = v && v->is_output;
    st->slot_of[name] = static_cast<int>(st->slots.size());
    st->slots.push_back(std::move(s));
  };
  for (const auto& [name, spec] : *specs)
    add_slot(name, ValueKind::Input, Tensor(spec.dtype, spec.shape));
  for (auto& p : st->graph.take_parameters()) {
    st->parameter_names.push_back(p.name);
    add_slot(p.name, ValueKind::Parameter, std::move(p.value));
  }
  for (auto& c : st->graph.take_constants())
    add_slot(c.name, ValueKind::Constant, std::move(c.value));
  // A step with run-time shapes: its values are sized when it runs.
  auto add_runtime_outputs = [&](Step& step, const Node& node) {
    for (const auto& name : node.outputs) {
      step.out.push_back(name.empty() ? -1 : static_cast<int>(st->slots.size()));
      if (name.empty()) continue;
      add_slot(name, ValueKind::Intermediate, Tensor());
      st->slots.back()->dynamic = true;
    }
    st->steps.push_back(std::move(step));
  };

  st->assignments.resize(g.nodes().size());
  for (size_t n : g.order()) {
    const Node& node = g.nodes()[n];
    Step step;
    step.node = n;
    std::vector<d500_tensor_info> infos;
    std::vector<DLTensor> const_dl(node.inputs.size());
    std::vector<const DLTensor*> constants(node.inputs.size(), nullptr);
    std::vector<Shape> shapes;
    bool deferred = false;
    for (size_t i = 0; i < node.inputs.size(); ++i) {
      const std::string& in = node.inputs[i];
      if (in.empty()) {
        step.in.push_back(-1);
        infos.push_back(absent_info());
        shapes.emplace_back();
        continue;
      }
      const int idx = st->slot_of.at(in);
      const Slot& s = *st->slots[static_cast<size_t>(idx)];
      step.in.push_back(idx);
      if (s.dynamic) {
        deferred = true;
        infos.push_back(absent_info());
        shapes.emplace_back();
        continue;
      }
      infos.push_back(plugin::tensor_info(s.value.dtype(), s.value.shape()));
      shapes.push_back(s.value.shape());
      if (s.kind == ValueKind::Constant ||
          (s.kind == ValueKind::Parameter && options.parameters_as_constants)) {
        const_dl[i] = s.value.dl();
        constants[i] = &const_dl[i];
      }
    }
    NodeAssignment& a = st->assignments[n];
    a.node = n;
    if (is_control_flow(node)) {  // If, Loop, Scan: the executor runs them (control_flow.cpp)
      auto cf = make_control_flow(node, ops, options);
      if (!cf) return Error{cf.error().message, where};
      step.control = std::move(cf).value();
      for (const auto& c : step.control->captures) step.in.push_back(st->slot_of.at(c));
      step.dynamic = true;
      a.implementation = kControlFlowImplementation;
      add_runtime_outputs(step, node);
      continue;
    }
    if (deferred) {
      // An input is sized at run time: so is this node, made when its inputs are known.
      step.dynamic = step.deferred = true;
      step.candidates = candidate_implementations(ops, node, options.policy);
      add_runtime_outputs(step, node);
      continue;
    }
    auto attrs = adapt_attributes(node, shapes);
    if (!attrs) return Error{attrs.error().message, where};
    choose_instance(step, candidate_implementations(ops, node, options.policy), *attrs, infos,
                    constants, a, false);
    if (!step.instance)
      return Error{"node " + node.label() +
                       ": no chosen implementation accepts it: " + join(a.skipped, "; "),
                   where};

    std::vector<d500_tensor_info> outs;
    try {
      outs = step.instance->output_info();
    } catch (const D500Error& e) {
      return Error{"node " + node.label() + ": " + e.what(), where};
    }
    if (outs.size() < node.outputs.size())
      return Error{"node " + node.label() + ": " + a.implementation + " gives " +
                       std::to_string(outs.size()) + " outputs, the node has " +
                       std::to_string(node.outputs.size()),
                   where};
    step.n_outputs = outs.size();
    // Output shapes known only after the call (ABI 1.3): the node runs on the host, its outputs
    // (and everything computed from them) sized from what the operator returns.
    bool runtime = false;
    for (const auto& o : outs)
      for (int32_t d = 0; d < o.ndim; ++d) runtime |= o.shape[d] < 0;
    const bool no_forward = !step.instance->impl().op->forward;
    if (runtime || no_forward) {
      if (step.device)
        return Error{"node " + node.label() + ": " + a.implementation +
                         " runs on a device and returns outputs it allocates; an assembled "
                         "network runs such nodes on the host only",
                     where};
      step.dynamic = step.owned = true;
      add_runtime_outputs(step, node);
      continue;
    }
    // Trailing optional outputs the node leaves out (LayerNormalization's Mean and InvStdDev as
    // PyTorch exports it) are computed into unnamed storage, like outputs named "".
    static const std::string none;
    for (size_t j = 0; j < outs.size(); ++j) {
      const DType dt = from_dlpack(outs[j].dtype);
      const Shape shape(outs[j].shape, outs[j].shape + outs[j].ndim);
      const std::string& name = j < node.outputs.size() ? node.outputs[j] : none;
      if (dt == DType::Invalid)
        return Error{"node " + node.label() + ": output " + std::to_string(j) + " of " +
                         a.implementation + " has a dtype d500 tensors do not hold",
                     where};
      if (name.empty()) {
        step.out.push_back(-1);
        step.unnamed.emplace_back(dt, shape);
        continue;
      }
      // Both describe the same value; disagreement means one of them is wrong, and a silent
      // wrong shape would only surface as wrong numbers later.
      const TensorType& inferred = g.find(name)->type;
      const bool dtype_differs = inferred.dtype != DType::Invalid && inferred.dtype != dt;
      const bool shape_differs = !changed && inferred.complete() && inferred.shape != shape;
      if (dtype_differs || shape_differs)
        return Error{"node " + node.label() + ": " + a.implementation + " declares output \"" +
                         name + "\" as " + TensorType{dt, true, shape}.to_string() +
                         ", ONNX shape inference as " + inferred.to_string(),
                     where};
      step.out.push_back(static_cast<int>(st->slots.size()));
      add_slot(name, ValueKind::Intermediate, Tensor(dt, shape));
    }
    st->steps.push_back(std::move(step));
  }

  // Which values a parameter's gradient flows through, and how gradients arrive at each.
  for (auto& s : st->slots)
    s->needs_grad = s->kind == ValueKind::Parameter && is_float(s->value.dtype());
  for (auto& step : st->steps) {
    for (int i : step.in)
      step.differentiable |= i >= 0 && st->slots[static_cast<size_t>(i)]->needs_grad;
    if (!step.differentiable) continue;
    if (step.dynamic) {  // its gradients would need buffers sized at run time
      if (st->no_backward.empty())
        st->no_backward = "node " + g.nodes()[step.node].label() +
                          (step.control ? " is control flow (If, Loop, Scan), which runs "
                                          "forward only: back-propagation through it is not "
                                          "implemented"
                                        : " has shapes known only at run time, and "
                                          "back-propagation through such nodes is not "
                                          "implemented");
      step.differentiable = false;
      continue;
    }
    for (int o : step.out)
      if (o >= 0)
        st->slots[static_cast<size_t>(o)]->needs_grad =
            is_float(st->slots[static_cast<size_t>(o)]->value.dtype());
    for (int i : step.in)
      if (i >= 0 && st->slots[static_cast<size_t>(i)]->needs_grad)
        ++st->slots[static_cast<size_t>(i)]->edges;
  }
  for (auto& s : st->slots) s->accumulate = s->edges > 1 || s->is_output;

  st->gradients = options.allocate_gradients;
  if (st->gradients)
    for (auto& s : st->slots)
      if (s->needs_grad) s->grad = Tensor(s->value.dtype(), s->value.shape());

  // A value an operator on a device reads or writes gets a copy in that device's memory; the
  // host copy stays the one set_input, output and the CPU operators use.
  auto mirror = [&](int idx, device::DeviceApi& api) -> const device::DeviceTensor& {
    Slot& s = *st->slots[static_cast<size_t>(idx)];
    if (!s.dev) {
      s.dev = std::make_unique<device::DeviceTensor>(api, s.value.dtype(), s.value.shape());
      s.dev_api = &api;
    } else if (s.dev_api != &api) {
      throw D500Error("value \"" + s.name + "\" is used on two devices (" + s.dev_api->name() +
                      " and " + api.name() + "); an assembled network runs on the host and " +
                      "one device");
    }
    return *s.dev;
  };

  // A gradient passed from one device node's backward straight to another's on the same device
  // (one edge, nothing to add) stays there.
  if (st->gradients) {
    const size_t n = st->slots.size();
    std::vector<const Step*> producer(n, nullptr), consumer(n, nullptr);
    for (const auto& step : st->steps) {
      for (int o : step.out)
        if (o >= 0) producer[static_cast<size_t>(o)] = &step;
      for (int i : step.in)
        if (i >= 0 && step.differentiable) consumer[static_cast<size_t>(i)] = &step;
    }
    for (size_t k = 0; k < n; ++k) {
      Slot& s = *st->slots[k];
      if (s.needs_grad && !s.accumulate && s.edges == 1 && producer[k] && consumer[k] &&
          producer[k]->device && producer[k]->device == consumer[k]->device)
        s.grad_dev = std::make_unique<device::DeviceTensor>(*producer[k]->device, s.value.dtype(),
                                                            s.value.shape());
    }
  }

  // The DLTensor views, once: every buffer is in place and stays there (a step with run-time
  // shapes makes its own when it runs).
  for (auto& step : st->steps) {
    if (step.dynamic) continue;
    size_t unnamed = 0;
    if (step.device) {
      step.unnamed_dev.reserve(step.unnamed.size());
      for (const Tensor& t : step.unnamed)
        step.unnamed_dev.emplace_back(*step.device, t.dtype(), t.shape());
      for (int i : step.in)
        step.in_dl.push_back(i < 0 ? absent_dl() : mirror(i, *step.device).dl());
      for (int o : step.out)
        step.out_dl.push_back(o < 0 ? step.unnamed_dev[unnamed++].dl()
                                    : mirror(o, *step.device).dl());
      if (!step.differentiable || !st->gradients) continue;
      // Gradients on the device: every output's (zeros for those nothing back-propagates into)
      // and every wanted input's; reserved first, since a view must not move.
      step.grad_out_dev.reserve(step.out.size());
      step.grad_in_dev.reserve(step.in.size());
      unnamed = 0;
      for (int o : step.out) {
        const Slot* s = o < 0 ? nullptr : st->slots[static_cast<size_t>(o)].get();
        const Tensor& v = s ? s->value : step.unnamed[unnamed++];
        if (!s || !s->needs_grad) step.zero_grads.emplace_back(v.dtype(), v.shape());
        if (s && s->grad_dev) {
          step.grad_out_dev.emplace_back();
          step.grad_out_dl.push_back(s->grad_dev->dl());
          continue;
        }
        step.grad_out_dev.emplace_back(*step.device, v.dtype(), v.shape());
        step.grad_out_dl.push_back(step.grad_out_dev.back().dl());
      }
      step.scratch.resize(step.in.size());
      for (size_t i = 0; i < step.in.size(); ++i) {
        const int idx = step.in[i];
        const Slot* s = idx < 0 ? nullptr : st->slots[static_cast<size_t>(idx)].get();
        if (!s || !s->needs_grad) {
          step.grad_in_dev.emplace_back();
          DLTensor t = s ? mirror(idx, *step.device).dl() : absent_dl();
          t.data = nullptr;  // not wanted, as on the CPU
          step.grad_in_dl.push_back(t);
          continue;
        }
        if (s->grad_dev) {
          step.grad_in_dev.emplace_back();
          step.grad_in_dl.push_back(s->grad_dev->dl());
          continue;
        }
        if (s->accumulate) step.scratch[i] = Tensor(s->value.dtype(), s->value.shape());
        step.grad_in_dev.emplace_back(*step.device, s->value.dtype(), s->value.shape());
        step.grad_in_dl.push_back(step.grad_in_dev.back().dl());
      }
      continue;
    }
    for (int i : step.in)
      step.in_dl.push_back(i < 0 ? absent_dl() : st->slots[static_cast<size_t>(i)]->value.dl());
    for (int o : step.out)
      step.out_dl.push_back(o < 0 ? step.unnamed[unnamed++].dl()
                                  : st->slots[static_cast<size_t>(o)]->value.dl());
    if (!step.differentiable || !st->gradients) continue;
    // Gradients of outputs nothing back-propagates into (masks, unnamed outputs) are zeros;
    // made first, then viewed, since the vector may move them while it grows.
    unnamed = 0;
    for (int o : step.out) {
      const Slot* s = o < 0 ? nullptr : st->slots[static_cast<size_t>(o)].get();
      const Tensor& v = s ? s->value : step.unnamed[unnamed++];
      if (!s || !s->needs_grad) step.zero_grads.emplace_back(v.dtype(), v.shape());
    }
    size_t zero = 0;
    for (int o : step.out) {
      const Slot* s = o < 0 ? nullptr : st->slots[static_cast<size_t>(o)].get();
      step.grad_out_dl.push_back(s && s->needs_grad ? s->grad.dl() : step.zero_grads[zero++].dl());
    }
    step.scratch.resize(step.in.size());
    for (size_t i = 0; i < step.in.size(); ++i) {
      const int idx = step.in[i];
      if (idx < 0) {
        step.grad_in_dl.push_back(absent_dl());
        continue;
      }
      Slot& s = *st->slots[static_cast<size_t>(idx)];
      if (!s.needs_grad) {
        // Not wanted: the ABI's NULL data, with the shape still described.
        DLTensor t = s.value.dl();
        t.data = nullptr;
        step.grad_in_dl.push_back(t);
      } else if (s.accumulate) {
        step.scratch[i] = Tensor(s.value.dtype(), s.value.shape());
        step.grad_in_dl.push_back(step.scratch[i].dl());
      } else {
        step.grad_in_dl.push_back(s.grad.dl());
      }
    }
  }

  std::map<std::string, int> used;
  for (const auto& a : st->assignments) ++used[a.implementation];
  std::vector<std::string> parts;
  for (const auto& [impl, count] : used) parts.push_back(impl + " x" + std::to_string(count));
  st->description = "assembled (" + join(parts, ", ") + ")";
  return std::unique_ptr<AssembledExecutor>(new AssembledExecutor(std::move(st)));
}

}  // namespace d500::network
