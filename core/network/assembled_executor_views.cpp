// AssembledExecutor::build, its last steps: which values a parameter's gradient flows through,
// the gradient buffers, and the DLTensor views each step calls its operator with, made once
// (the node placement is assembled_executor.cpp).
#include <map>

#include "executor_state.h"

namespace d500::network {

namespace {

bool is_float(DType t) {
  return t == DType::Float32 || t == DType::Float64;
}

DLTensor absent_dl() {
  DLTensor t{};
  t.device = {kDLCPU, 0};
  t.ndim = D500_ABSENT_NDIM;
  return t;
}

}  // namespace

// Which values a parameter's gradient flows through, and how gradients arrive at each.
void AssembledExecutor::State::plan_gradients() {
  for (auto& s : slots)
    s->needs_grad = s->kind == ValueKind::Parameter && is_float(s->value.dtype());
  for (auto& step : steps) {
    for (int i : step.in)
      step.differentiable |= i >= 0 && slots[static_cast<size_t>(i)]->needs_grad;
    if (!step.differentiable) continue;
    if (step.dynamic) {  // its gradients would need buffers sized at run time
      if (no_backward.empty())
        no_backward = "node " + graph.nodes()[step.node].label() +
                      (step.control ? " is control flow (If, Loop, Scan), which runs forward "
                                      "only: back-propagation through it is not implemented"
                                    : " has shapes known only at run time, and back-propagation "
                                      "through such nodes is not implemented");
      step.differentiable = false;
      continue;
    }
    for (int o : step.out)
      if (o >= 0) {
        Slot& s = *slots[static_cast<size_t>(o)];
        s.needs_grad = is_float(s.value.dtype());
      }
    for (int i : step.in)
      if (i >= 0 && slots[static_cast<size_t>(i)]->needs_grad)
        ++slots[static_cast<size_t>(i)]->edges;
  }
  for (auto& s : slots) s->accumulate = s->edges > 1 || s->is_output;
}

// A gradient buffer per value that needs one. A gradient passed from one device node's backward
// straight to another's on the same device (one edge, nothing to add) stays there.
void AssembledExecutor::State::allocate_gradients() {
  for (auto& s : slots)
    if (s->needs_grad) s->grad = Tensor(s->value.dtype(), s->value.shape());
  const size_t n = slots.size();
  std::vector<const Step*> producer(n, nullptr), consumer(n, nullptr);
  for (const auto& step : steps) {
    for (int o : step.out)
      if (o >= 0) producer[static_cast<size_t>(o)] = &step;
    for (int i : step.in)
      if (i >= 0 && step.differentiable) consumer[static_cast<size_t>(i)] = &step;
  }
  for (size_t k = 0; k < n; ++k) {
    Slot& s = *slots[k];
    if (s.needs_grad && !s.accumulate && s.edges == 1 && producer[k] && consumer[k] &&
        producer[k]->device && producer[k]->device == consumer[k]->device)
      s.grad_dev = std::make_unique<device::DeviceTensor>(*producer[k]->device, s.value.dtype(),
                                                          s.value.shape());
  }
}

// A value an operator on a device reads or writes gets a copy in that device's memory; the host
// copy stays the one set_input, output and the CPU operators use.
const device::DeviceTensor& AssembledExecutor::State::mirror(int idx, device::DeviceApi& api) {
  Slot& s = *slots[static_cast<size_t>(idx)];
  if (!s.dev) {
    s.dev = std::make_unique<device::DeviceTensor>(api, s.value.dtype(), s.value.shape());
    s.dev_api = &api;
  } else if (s.dev_api != &api) {
    throw D500Error("value \"" + s.name + "\" is used on two devices (" + s.dev_api->name() +
                    " and " + api.name() + "); an assembled network runs on the host and " +
                    "one device");
  }
  return *s.dev;
}

// The DLTensor views, once: every buffer is in place and stays there (a step with run-time
// shapes makes its own when it runs).
void AssembledExecutor::State::make_views() {
  for (auto& step : steps) {
    if (step.dynamic) continue;
    if (step.device)
      device_views(step);
    else
      host_views(step);
  }
}

void AssembledExecutor::State::host_views(Step& step) {
  size_t unnamed = 0;
  for (int i : step.in)
    step.in_dl.push_back(i < 0 ? absent_dl() : slots[static_cast<size_t>(i)]->value.dl());
  for (int o : step.out)
    step.out_dl.push_back(o < 0 ? step.unnamed[unnamed++].dl()
                                : slots[static_cast<size_t>(o)]->value.dl());
  if (!step.differentiable || !gradients) return;
  // Gradients of outputs nothing back-propagates into (masks, unnamed outputs) are zeros; made
  // first, then viewed, since the vector may move them while it grows.
  unnamed = 0;
  for (int o : step.out) {
    const Slot* s = o < 0 ? nullptr : slots[static_cast<size_t>(o)].get();
    const Tensor& v = s ? s->value : step.unnamed[unnamed++];
    if (!s || !s->needs_grad) step.zero_grads.emplace_back(v.dtype(), v.shape());
  }
  size_t zero = 0;
  for (int o : step.out) {
    const Slot* s = o < 0 ? nullptr : slots[static_cast<size_t>(o)].get();
    step.grad_out_dl.push_back(s && s->needs_grad ? s->grad.dl() : step.zero_grads[zero++].dl());
  }
  step.scratch.resize(step.in.size());
  for (size_t i = 0; i < step.in.size(); ++i) {
    const int idx = step.in[i];
    if (idx < 0) {
      step.grad_in_dl.push_back(absent_dl());
      continue;
    }
    Slot& s = *slots[static_cast<size_t>(idx)];
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

void AssembledExecutor::State::device_views(Step& step) {
  size_t unnamed = 0;
  step.unnamed_dev.reserve(step.unnamed.size());
  for (const Tensor& t : step.unnamed)
    step.unnamed_dev.emplace_back(*step.device, t.dtype(), t.shape());
  for (int i : step.in) step.in_dl.push_back(i < 0 ? absent_dl() : mirror(i, *step.device).dl());
  for (int o : step.out)
    step.out_dl.push_back(o < 0 ? step.unnamed_dev[unnamed++].dl() : mirror(o, *step.device).dl());
  if (step.differentiable && gradients) device_gradient_views(step);
}

// Gradients on the device: every output's (zeros for those nothing back-propagates into) and
// every wanted input's; reserved first, since a view must not move.
void AssembledExecutor::State::device_gradient_views(Step& step) {
  step.grad_out_dev.reserve(step.out.size());
  step.grad_in_dev.reserve(step.in.size());
  size_t unnamed = 0;
  for (int o : step.out) {
    const Slot* s = o < 0 ? nullptr : slots[static_cast<size_t>(o)].get();
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
    const Slot* s = idx < 0 ? nullptr : slots[static_cast<size_t>(idx)].get();
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
}

}  // namespace d500::network
