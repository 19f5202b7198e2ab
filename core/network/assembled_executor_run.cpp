// Running an AssembledExecutor: inputs, the forward pass, back-propagation, parameters.
#include <cstring>

#include "executor_state.h"

namespace d500::network {

namespace {

std::string join(const std::vector<std::string>& parts) {
  std::string s;
  for (size_t i = 0; i < parts.size(); ++i) s += (i ? ", " : "") + parts[i];
  return s;
}

void fill_ones(Tensor& t) {
  for (int64_t i = 0; i < t.numel(); ++i) t.set(i, 1.0);
}

void copy_checked(Tensor& dst, const Tensor& src, const std::string& what) {
  if (src.dtype() != dst.dtype() || src.shape() != dst.shape())
    throw D500Error(what + ": expected " + TensorSpec{dst.dtype(), dst.shape()}.to_string() +
                    ", got " + TensorSpec{src.dtype(), src.shape()}.to_string());
  if (dst.nbytes()) std::memcpy(dst.data(), src.data(), dst.nbytes());
}

}  // namespace

std::string TensorSpec::to_string() const {
  return std::string(dtype_name(dtype)) + shape_to_string(shape);
}

void AssembledExecutor::State::to_host(Slot& s) {
  if (s.host_valid) return;
  s.dev->download(s.value, &transfers);
  s.host_valid = true;
}

void AssembledExecutor::State::to_device(Slot& s) {
  if (s.dev_valid) return;
  s.dev->upload(s.value, &transfers);
  s.dev_valid = true;
}

// The host copy of `s` was written: a device copy is stale.
void host_written(Slot& s) {
  s.host_valid = true;
  s.dev_valid = false;
}

Slot& AssembledExecutor::State::slot(const std::string& name, const char* role) const {
  auto it = slot_of.find(name);
  if (it == slot_of.end()) throw D500Error(std::string("no ") + role + " \"" + name + "\"");
  return *slots[static_cast<size_t>(it->second)];
}

AssembledExecutor::AssembledExecutor(std::unique_ptr<State> state) : s_(std::move(state)) {}
AssembledExecutor::~AssembledExecutor() = default;

const Graph& AssembledExecutor::graph() const {
  return s_->graph;
}
const std::vector<NodeAssignment>& AssembledExecutor::assignments() const {
  return s_->assignments;
}
std::string AssembledExecutor::description() const {
  return s_->description;
}
const std::vector<std::string>& AssembledExecutor::input_names() const {
  return s_->graph.inputs();
}
const std::vector<std::string>& AssembledExecutor::output_names() const {
  return s_->graph.outputs();
}
const std::vector<std::string>& AssembledExecutor::parameter_names() const {
  return s_->parameter_names;
}
const device::TransferStats& AssembledExecutor::transfers() const {
  return s_->transfers;
}
void AssembledExecutor::set_node_callback(NodeCallback callback) {
  s_->callback = std::move(callback);
}

TensorSpec AssembledExecutor::input_spec(const std::string& name) const {
  const Slot* s = nullptr;
  if (auto it = s_->slot_of.find(name); it != s_->slot_of.end())
    s = s_->slots[static_cast<size_t>(it->second)].get();
  if (!s || s->kind != ValueKind::Input)
    throw D500Error("no input \"" + name + "\" (the inputs are: " + join(input_names()) + ")");
  return {s->value.dtype(), s->value.shape()};
}

TensorSpec AssembledExecutor::output_spec(const std::string& name) const {
  const Tensor& t = output(name);
  return {t.dtype(), t.shape()};
}

void AssembledExecutor::set_input(const std::string& name, const Tensor& value) {
  input_spec(name);  // the error for an unknown name lists the inputs
  Slot& s = s_->slot(name, "input");
  copy_checked(s.value, value, "input \"" + name + "\"");
  host_written(s);
}

void AssembledExecutor::forward() {
  NodeEvent ev;
  ev.pass = Pass::Forward;
  for (size_t k = 0; k < s_->steps.size(); ++k) {
    Step& step = s_->steps[k];
    const Node& node = s_->graph.nodes()[step.node];
    ev.step = k;
    ev.node = step.node;
    ev.name = &node.name;
    ev.op_type = &node.op_type;
    if (s_->callback) ev.after = false, s_->callback(ev);
    try {
      if (step.dynamic) {
        s_->run_dynamic(step);
        if (s_->callback) ev.after = true, s_->callback(ev);
        continue;
      }
      // Inputs where the operator runs: copied there only when the current contents are not.
      for (int i : step.in) {
        if (i < 0) continue;
        Slot& s = *s_->slots[static_cast<size_t>(i)];
        step.device ? s_->to_device(s) : s_->to_host(s);
      }
      step.instance->forward(step.in_dl, step.out_dl);
      for (int o : step.out) {
        if (o < 0) continue;
        Slot& s = *s_->slots[static_cast<size_t>(o)];
        s.host_valid = !step.device;
        s.dev_valid = step.device != nullptr;
      }
    } catch (const D500Error& e) {
      throw D500Error("forward of node " + node.label() + ": " + e.what());
    }
    if (s_->callback) ev.after = true, s_->callback(ev);
  }
}

Slot& AssembledExecutor::State::output_slot(const std::string& name) const {
  auto it = slot_of.find(name);
  if (it == slot_of.end() || !slots[static_cast<size_t>(it->second)]->is_output)
    throw D500Error("no graph output \"" + name + "\" (the outputs are: " + join(graph.outputs()) +
                    ")");
  return *slots[static_cast<size_t>(it->second)];
}

const Tensor& AssembledExecutor::output(const std::string& name) const {
  Slot& s = s_->output_slot(name);
  s_->to_host(s);  // logically const: the contents do not change, only where they are read
  return s.value;
}

const Tensor* AssembledExecutor::value(const std::string& name) const {
  auto it = s_->slot_of.find(name);
  if (it == s_->slot_of.end()) return nullptr;
  Slot& s = *s_->slots[static_cast<size_t>(it->second)];
  s_->to_host(s);
  return &s.value;
}

void AssembledExecutor::forward_backward(const std::string& loss) {
  const Tensor& t = s_->output_slot(loss).value;  // its shape; the contents may be elsewhere
  if (t.numel() != 1)
    throw D500Error("the loss \"" + loss + "\" is " + TensorSpec{t.dtype(), t.shape()}.to_string() +
                    ", not a scalar; back-propagate the sum of its elements with "
                    "forward_backward_sum instead");
  forward_backward_sum({loss});
}

void AssembledExecutor::forward_backward_sum(const std::vector<std::string>& outputs) {
  State& st = *s_;
  if (!st.gradients)
    throw D500Error("this executor was built without gradient buffers (inference only)");
  if (outputs.empty()) throw D500Error("no output to back-propagate from");
  if (!st.no_backward.empty()) throw D500Error(st.no_backward);
  std::vector<bool> reached(st.slots.size(), false);
  for (const auto& name : outputs) {
    Slot& s = st.output_slot(name);  // the error for an unknown name lists the outputs
    if (!s.needs_grad)
      throw D500Error("the loss \"" + name +
                      "\" depends on no float parameter; there is nothing "
                      "to back-propagate to");
    reached[static_cast<size_t>(st.slot_of.at(name))] = true;
  }
  // The nodes to back-propagate through, found before anything runs: a node without backward
  // on the way is an error now, not after a wasted forward pass.
  std::vector<size_t> run;
  for (size_t k = st.steps.size(); k-- > 0;) {
    const Step& step = st.steps[k];
    if (!step.differentiable) continue;
    bool any = false;
    for (int o : step.out) any |= o >= 0 && reached[static_cast<size_t>(o)];
    if (!any) continue;
    const Node& node = st.graph.nodes()[step.node];
    if (!step.has_backward)
      throw D500Error("node " + node.label() + " runs on " +
                      st.assignments[step.node].implementation +
                      ", which has no backward: choose an implementation of " + node.op_type +
                      " with backward to back-propagate through it (see `d500 plugins "
                      "--operators`)");
    run.push_back(k);
    for (int i : step.in)
      if (i >= 0 && st.slots[static_cast<size_t>(i)]->needs_grad)
        reached[static_cast<size_t>(i)] = true;
  }

  forward();
  for (auto& s : st.slots)
    if (s->needs_grad && s->grad.nbytes()) std::memset(s->grad.data(), 0, s->grad.nbytes());
  for (const auto& name : outputs) fill_ones(st.slot(name, "output").grad);

  NodeEvent ev;
  ev.pass = Pass::Backward;
  for (size_t r = 0; r < run.size(); ++r) {
    Step& step = st.steps[run[r]];
    const Node& node = st.graph.nodes()[step.node];
    ev.step = r;
    ev.node = step.node;
    ev.name = &node.name;
    ev.op_type = &node.op_type;
    if (st.callback) ev.after = false, st.callback(ev);
    try {
      if (step.device) {
        st.backward_on_device(step);
      } else {
        for (int i : step.in)
          if (i >= 0) st.to_host(*st.slots[static_cast<size_t>(i)]);
        for (int o : step.out)
          if (o >= 0) st.to_host(*st.slots[static_cast<size_t>(o)]);
        step.instance->backward(step.grad_out_dl, step.in_dl, step.out_dl, step.grad_in_dl);
      }
    } catch (const D500Error& e) {
      throw D500Error("backward of node " + node.label() + ": " + e.what());
    }
    for (size_t i = 0; i < step.in.size(); ++i)
      if (step.scratch[i].dtype() != DType::Invalid)  // an accumulated gradient landed here
        add_into(st.slots[static_cast<size_t>(step.in[i])]->grad, step.scratch[i]);
    if (st.callback) ev.after = true, st.callback(ev);
  }
}

// The device gets the output gradients (complete once every consumer of the outputs has run
// backward) and gives back the wanted input gradients, but those kept on the device (a slot's
// grad_dev, passed from one device node to another).
void AssembledExecutor::State::backward_on_device(Step& step) {
  for (int i : step.in)
    if (i >= 0) to_device(*slots[static_cast<size_t>(i)]);
  for (int o : step.out)
    if (o >= 0) to_device(*slots[static_cast<size_t>(o)]);
  size_t zero = 0;
  for (size_t k = 0; k < step.out.size(); ++k) {
    const Slot* s = step.out[k] < 0 ? nullptr : slots[static_cast<size_t>(step.out[k])].get();
    if (s && s->grad_dev) continue;  // written on the device by its consumer's backward
    if (s && s->needs_grad)
      step.grad_out_dev[k].upload(s->grad, &transfers);
    else if (!step.zeros_on_device)  // zeros once: nothing writes them
      step.grad_out_dev[k].upload(step.zero_grads[zero++], &transfers);
  }
  step.zeros_on_device = true;
  step.instance->backward(step.grad_out_dl, step.in_dl, step.out_dl, step.grad_in_dl);
  for (size_t i = 0; i < step.in.size(); ++i) {
    if (!step.grad_in_dev[i].data()) continue;  // not wanted, or kept on the device
    Slot& s = *slots[static_cast<size_t>(step.in[i])];
    step.grad_in_dev[i].download(s.accumulate ? step.scratch[i] : s.grad, &transfers);
  }
}

const Tensor& AssembledExecutor::parameter(const std::string& name) const {
  const Slot& s = s_->slot(name, "parameter");
  if (s.kind != ValueKind::Parameter)
    throw D500Error("\"" + name + "\" is a " + value_kind_name(s.kind) + ", not a parameter");
  return s.value;  // operators never write parameters: the host copy is current
}

void AssembledExecutor::set_parameter(const std::string& name, const Tensor& value) {
  parameter(name);
  Slot& s = s_->slot(name, "parameter");
  copy_checked(s.value, value, "parameter \"" + name + "\"");
  host_written(s);
}

const Tensor& AssembledExecutor::gradient(const std::string& name) const {
  parameter(name);
  const Slot& s = s_->slot(name, "parameter");
  if (!s.needs_grad || !s_->gradients)
    throw D500Error("parameter \"" + name + "\" has no gradient (" +
                    (s_->gradients ? "not a float tensor" : "built without gradient buffers") +
                    ")");
  return s.grad;
}

}  // namespace d500::network
