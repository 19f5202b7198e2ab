// Choosing a node's implementation, and running nodes whose shapes are known only at run time
// (ABI 1.3): an operator that returns outputs it allocated (forward_owned, NonZero's count, a
// ConstantOfShape of a computed shape) sizes its values from what it returns, and every node
// computed from such a value is made when its inputs are known.
#include <cstring>

#include "executor_state.h"
#include "opset_adapter.h"

namespace d500::network {

bool choose_instance(Step& step, const std::vector<const plugin::OperatorImpl*>& candidates,
                     const std::vector<plugin::Attribute>& attrs,
                     const std::vector<d500_tensor_info>& infos,
                     const std::vector<const DLTensor*>& constants, NodeAssignment& a,
                     bool host_only) {
  for (const auto* impl : candidates) {
    try {
      device::DeviceApi* api = nullptr;
      if (impl->device_type() != kDLCPU) {
        if (host_only)
          throw D500Error(impl->id() +
                          ": runs on a device; a node with run-time shapes runs on "
                          "the host");
        try {
          api = &device::require_device_api(impl->device_type());
        } catch (const D500Error& e) {
          throw D500Error(impl->id() + ": " + e.what());
        }
      }
      step.instance = std::make_unique<plugin::OperatorInstance>(*impl, attrs, infos, constants);
      a.implementation = impl->id();
      step.has_backward = impl->has_backward();
      step.device = api;
      return true;
    } catch (const D500Error& e) {
      // The next candidate may accept what this one refuses (a dtype, an attribute); the
      // reason is kept, so a user's kernel that was passed over says why.
      a.skipped.push_back(e.what());
    }
  }
  return false;
}

namespace {

bool shape_like(const Slot& s) {
  const DType t = s.value.dtype();
  return s.dynamic && (t == DType::Int64 || t == DType::Int32) &&
         s.value.numel() <= kShapeLikeElements;
}

bool same_tensor(const Tensor& a, const Tensor& b) {
  return a.dtype() == b.dtype() && a.shape() == b.shape() &&
         (a.nbytes() == 0 || std::memcmp(a.data(), b.data(), a.nbytes()) == 0);
}

}  // namespace

void AssembledExecutor::State::run_dynamic(Step& step) {
  if (step.control) return run_control(step);  // If, Loop, Scan (control_flow_run.cpp)
  const Node& node = graph.nodes()[step.node];
  // Inputs on the host; what a deferred instance is made for: every input's shape, and the
  // values of constants and of small integer values computed at run time.
  std::vector<Tensor> key;
  std::vector<Shape> key_shapes;
  for (int i : step.in) {
    key.emplace_back();
    key_shapes.emplace_back();
    if (i < 0) continue;
    Slot& s = *slots[static_cast<size_t>(i)];
    to_host(s);
    if (s.value.dtype() == DType::Invalid)
      throw D500Error("input \"" + s.name + "\" was not computed");
    key_shapes.back() = s.value.shape();
    if (s.kind == ValueKind::Constant || shape_like(s)) key.back() = s.value.clone();
  }
  bool remake = step.deferred && (!step.instance || key_shapes != step.key_shapes);
  for (size_t k = 0; remake == false && step.deferred && k < key.size(); ++k)
    remake = !same_tensor(key[k], step.key[k]);
  if (remake) {
    std::vector<d500_tensor_info> infos;
    std::vector<DLTensor> const_dl(step.in.size());
    std::vector<const DLTensor*> constants(step.in.size(), nullptr);
    std::vector<Shape> shapes;
    for (size_t k = 0; k < step.in.size(); ++k) {
      const int i = step.in[k];
      if (i < 0) {
        d500_tensor_info absent{};
        absent.ndim = D500_ABSENT_NDIM;
        infos.push_back(absent);
        shapes.emplace_back();
        continue;
      }
      const Slot& s = *slots[static_cast<size_t>(i)];
      infos.push_back(plugin::tensor_info(s.value.dtype(), s.value.shape()));
      shapes.push_back(s.value.shape());
      if (s.kind == ValueKind::Constant || shape_like(s)) {
        const_dl[k] = s.value.dl();
        constants[k] = &const_dl[k];
      }
    }
    auto attrs = adapt_attributes(node, shapes);
    if (!attrs) throw D500Error(attrs.error().message);
    NodeAssignment& a = assignments[step.node];
    a.skipped.clear();
    step.instance.reset();
    if (!choose_instance(step, step.candidates, *attrs, infos, constants, a, true)) {
      std::string why;
      for (const auto& r : a.skipped) why += (why.empty() ? "" : "; ") + r;
      throw D500Error("no chosen implementation accepts it: " + why);
    }
    step.n_outputs = step.instance->output_info().size();
    if (step.n_outputs < step.out.size())
      throw D500Error(a.implementation + " gives " + std::to_string(step.n_outputs) +
                      " outputs, the node has " + std::to_string(step.out.size()));
    step.key = std::move(key);
    step.key_shapes = std::move(key_shapes);
  }
  step.in_dl.clear();
  for (int i : step.in) {
    if (i >= 0) {
      step.in_dl.push_back(slots[static_cast<size_t>(i)]->value.dl());
      continue;
    }
    DLTensor absent{};
    absent.device = {kDLCPU, 0};
    absent.ndim = D500_ABSENT_NDIM;
    step.in_dl.push_back(absent);
  }

  if (step.instance->has_forward_owned()) {
    // The operator's own buffers, copied into the values (the operator keeps nothing of ours)
    // and released when `owned` goes.
    plugin::OwnedOutputs owned = step.instance->forward_owned(step.in_dl, step.n_outputs);
    for (size_t j = 0; j < step.out.size(); ++j) {
      if (step.out[j] < 0) continue;
      Slot& s = *slots[static_cast<size_t>(step.out[j])];
      s.value = plugin::copy_to_host(owned[j]);
      s.host_valid = true;
      s.dev_valid = false;
    }
    return;
  }
  // Shapes complete once the inputs are known: the caller-owned forward into fresh buffers.
  const std::vector<d500_tensor_info> outs = step.instance->output_info();
  std::vector<Tensor> unnamed;
  std::vector<DLTensor> out_dl;
  std::vector<Tensor*> targets;
  for (size_t j = 0; j < outs.size(); ++j) {
    const DType dt = from_dlpack(outs[j].dtype);
    const Shape shape(outs[j].shape, outs[j].shape + outs[j].ndim);
    for (int64_t d : shape)
      if (d < 0)
        throw D500Error(assignments[step.node].implementation + " leaves output " +
                        std::to_string(j) + " sized at run time but has no forward_owned");
    if (dt == DType::Invalid)
      throw D500Error("output " + std::to_string(j) + " has a dtype d500 tensors do not hold");
    Tensor* t = nullptr;
    if (j < step.out.size() && step.out[j] >= 0) {
      Slot& s = *slots[static_cast<size_t>(step.out[j])];
      if (s.value.dtype() != dt || s.value.shape() != shape) s.value = Tensor(dt, shape);
      s.host_valid = true;
      s.dev_valid = false;
      t = &s.value;
    } else {
      unnamed.emplace_back(dt, shape);
    }
    targets.push_back(t);
  }
  size_t u = 0;
  for (Tensor* t : targets) out_dl.push_back(t ? t->dl() : unnamed[u++].dl());
  step.instance->forward(step.in_dl, out_dl);
}

}  // namespace d500::network
