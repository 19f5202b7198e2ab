// Private to d500_network: what an AssembledExecutor holds once built, shared by the file that
// builds it (assembled_executor.cpp) and the one that runs it (assembled_executor_run.cpp).
#pragma once

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "d500/device/device_api.h"
#include "d500/network/assembled_executor.h"

namespace d500::network {

// One value of the graph: its tensor and, when a parameter's gradient depends on it, its
// gradient. Held by unique_ptr so the DLTensor views built once stay valid.
struct Slot {
  std::string name;
  ValueKind kind = ValueKind::Invalid;
  Tensor value;
  Tensor grad;              // allocated when needs_grad (and gradients are allocated)
  bool needs_grad = false;  // float, and a parameter or computed from one
  int edges = 0;            // node input positions that back-propagate into it
  // Gradients arrive through scratch buffers and are added (several edges, or a graph output
  // that can be seeded); otherwise the one consumer writes the gradient in place.
  bool accumulate = false;
  bool is_output = false;
  // Sized at run time (ABI 1.3): produced by a node whose output shapes are known only after the
  // call, or computed from such a value; `value` is replaced by each forward.
  bool dynamic = false;
  // A copy in a device's memory, for values an operator off the CPU reads or writes (issue #8);
  // which of the two copies holds the current contents.
  std::unique_ptr<device::DeviceTensor> dev;
  device::DeviceApi* dev_api = nullptr;
  bool host_valid = true, dev_valid = false;
  // The gradient when it stays on the device: one edge, from a node on the device whose
  // backward writes it to the node on the same device that produced the value (then `grad` is
  // unused).
  std::unique_ptr<device::DeviceTensor> grad_dev;
};

struct ControlFlow;  // control_flow.h: an If, Loop or Scan node's subgraphs and how they run

// One node, in run order.
struct Step {
  size_t node = 0;
  std::unique_ptr<plugin::OperatorInstance> instance;
  bool has_backward = false;
  std::vector<int> in;          // slot per input; -1 for an omitted input
  std::vector<int> out;         // slot per output; -1 for an output the node leaves unnamed
  std::vector<Tensor> unnamed;  // storage for the unnamed outputs
  std::vector<DLTensor> in_dl, out_dl;
  // Backward: some input needs a gradient.
  bool differentiable = false;
  std::vector<Tensor> zero_grads;  // gradients of outputs nothing back-propagates into
  std::vector<Tensor> scratch;     // per input: where an accumulated gradient lands
  std::vector<DLTensor> grad_out_dl, grad_in_dl;
  // The device its implementation runs on; nullptr for the CPU (then in_dl/out_dl view host
  // memory, else the slots' device copies).
  device::DeviceApi* device = nullptr;
  std::vector<device::DeviceTensor> unnamed_dev;  // the unnamed outputs, on that device
  // Backward on that device: device copies of the output gradients (uploaded from the slots'
  // gradients, or zero_grads once) and of the wanted input gradients (downloaded into the slots'
  // gradients, or into scratch to be added); grad_out_dl and grad_in_dl view them, or a slot's
  // grad_dev (then the entry here is empty).
  std::vector<device::DeviceTensor> grad_out_dev, grad_in_dev;
  bool zeros_on_device = false;
  // Run-time shapes (ABI 1.3): the step runs on the host through run_dynamic. `owned`: its
  // outputs come from forward_owned; `deferred`: an input is sized at run time, so its instance
  // is made at run time, again whenever the input shapes (or the values of small integer inputs,
  // passed as constants) change; `key` is what the current instance was made for.
  bool dynamic = false;
  bool owned = false;
  bool deferred = false;
  std::vector<const plugin::OperatorImpl*> candidates;  // deferred: in preference order
  std::vector<Tensor> key;        // values of the inputs passed as constants (else empty)
  std::vector<Shape> key_shapes;  // every input's shape
  size_t n_outputs = 0;           // what the instance's output_info gives
  // If, Loop, Scan: run by the executor (control_flow.cpp), its subgraphs on the plugins'
  // operators; `in` holds the node's inputs, then the values its subgraphs read from outside.
  std::shared_ptr<ControlFlow> control;
};

struct AssembledExecutor::State {
  Graph graph;
  std::vector<NodeAssignment> assignments;
  std::vector<std::unique_ptr<Slot>> slots;
  std::map<std::string, int> slot_of;
  std::vector<Step> steps;
  std::vector<std::string> parameter_names;
  bool gradients = false;  // gradient buffers were allocated
  std::string description;
  NodeCallback callback;
  device::TransferStats transfers;  // copies between the host and devices so far

  // Makes the host copy of `s` current (a copy back from its device when needed).
  void to_host(Slot& s);
  // Makes the device copy of `s` current (a copy to its device when needed).
  void to_device(Slot& s);

  explicit State(Graph g) : graph(std::move(g)) {}
  Slot& slot(const std::string& name, const char* role) const;  // D500Error when unknown
  // The slot of graph output `name`; D500Error listing the outputs when it is none.
  Slot& output_slot(const std::string& name) const;
  // Back-propagates through `step` on its device (copies counted in `transfers`).
  void backward_on_device(Step& step);
  // Runs a step with run-time shapes (assembled_executor_dynamic.cpp): makes its instance when
  // deferred, sizes its outputs from what the operator returns.
  void run_dynamic(Step& step);
  // Runs an If, Loop or Scan step (control_flow.cpp).
  void run_control(Step& step);
  // Why back-propagation cannot run ("" when it can): a node with run-time shapes lies on a
  // parameter's gradient path.
  std::string no_backward;

  // Building (assembled_executor.cpp, assembled_executor_views.cpp), in this order:
  // a slot per value, a step per node, which values gradients flow through, and the DLTensor
  // views every step calls its operator with.
  void add_slot(const std::string& name, ValueKind kind, Tensor value);
  // Places `node`'s step: its instance and output slots, or a step sized at run time. The
  // message of what stops it, else nullopt; `changed`: the fed inputs differ from the graph's.
  std::optional<std::string> plan_node(size_t n, const plugin::OperatorRegistry& ops,
                                       const ExecutorOptions& options, bool changed);
  void plan_gradients();  // needs_grad, edges, accumulate; no_backward
  void allocate_gradients();
  void make_views();
  void describe();  // `description`: the implementations used and how often

 private:
  struct NodeInputs;
  void gather_inputs(Step& step, const Node& node, const ExecutorOptions& options, NodeInputs& in);
  void add_runtime_outputs(Step step, const Node& node);
  std::optional<std::string> place_outputs(Step step, const Node& node,
                                           const std::vector<d500_tensor_info>& outs,
                                           const NodeAssignment& a, bool changed);
  const device::DeviceTensor& mirror(int idx, device::DeviceApi& api);
  void host_views(Step& step);
  void device_views(Step& step);
  void device_gradient_views(Step& step);
};

// The constants a deferred step's instance is made with at run time: the values of Constant
// slots, and of run-time integer values small enough to be shapes (at most this many elements).
inline constexpr int64_t kShapeLikeElements = 64;

// The implementations `policy` offers for `node`, in preference order, without repeats (for a
// bare plugin name its CPU implementations before those on a device).
std::vector<const plugin::OperatorImpl*> candidate_implementations(
    const plugin::OperatorRegistry& ops, const Node& node, const AssemblyPolicy& policy);
// The same list without the opset check, where candidate_implementations is empty because every
// implementation follows other opsets than the node's: "torch/default follows opsets 13+". Empty
// when the policy offers no implementation of the op at all.
std::vector<std::string> opset_refusals(const plugin::OperatorRegistry& ops, const Node& node,
                                        const AssemblyPolicy& policy);

// Makes step.instance from the first candidate that accepts the node (create succeeds), recording
// the choice and each refusal in `a`; `host_only` skips implementations on a device. Whether one
// did.
bool choose_instance(Step& step, const std::vector<const plugin::OperatorImpl*>& candidates,
                     const std::vector<plugin::Attribute>& attrs,
                     const std::vector<d500_tensor_info>& infos,
                     const std::vector<const DLTensor*>& constants, NodeAssignment& a,
                     bool host_only);

// dst += src, elementwise; both float32 or both float64 of the same size.
void add_into(Tensor& dst, const Tensor& src);

}  // namespace d500::network
