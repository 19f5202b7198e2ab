// Private to d500_network: control flow (If, Loop, Scan) on the assembled executor. The executor
// runs these nodes itself; each subgraph runs on an AssembledExecutor of its own, built over the
// same plugins and policy for the types its inputs have at run time (again when they change), so
// the body's nodes run on the plugins' operators like any other node. Forward only.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "executor_state.h"

namespace d500::network {

// What the assignments name as the implementation of a control-flow node.
inline constexpr const char* kControlFlowImplementation = "executor/control-flow";

// One subgraph and the executor last built for its input types.
struct Body {
  std::string attribute;  // "then_branch", "body"
  std::shared_ptr<const Graph> graph;
  std::vector<size_t> captures;  // per graph capture: its index in ControlFlow::captures
  std::unique_ptr<AssembledExecutor> exec;
  std::vector<TensorSpec> built_for;
  // Set when the body does not build with every input fed (an operator needs an input's value
  // when it is made, Slice's starts from Loop's iteration number): its small integer inputs
  // are then constants of the executor, built again whenever their values change.
  bool bake = false;
  std::vector<Tensor> baked;  // per input: the value built in, or empty when fed
};

struct ControlFlow {
  enum class Kind { If, Loop, Scan };
  Kind kind = Kind::If;
  std::string label;  // the node's, for errors
  const plugin::OperatorRegistry* ops = nullptr;
  ExecutorOptions options;            // the body executors': the node's policy, inference only
  std::vector<Body> bodies;           // If: then_branch, else_branch; Loop, Scan: body
  std::vector<std::string> captures;  // what the bodies read from outside, each once
  size_t node_inputs = 0;             // Step::in holds these, then the captures
  size_t carried = 0;                 // Loop: loop-carried values; Scan: states
  // Scan: how many inputs are scanned, their axes and directions, the scan outputs' ones; the
  // opset-8 form (a batch axis first, sequence_lens) when batched.
  bool batched = false;
  size_t scanned = 0;
  std::vector<int64_t> in_axes, in_dirs, out_axes, out_dirs;
};

// If, Loop and Scan of ai.onnx.
bool is_control_flow(const Node& n);

// Checks the node against its subgraphs (their count of inputs and outputs, the attributes) and
// prepares running it; errors name the node.
Result<std::shared_ptr<ControlFlow>> make_control_flow(const Node& node,
                                                       const plugin::OperatorRegistry& ops,
                                                       const ExecutorOptions& options);

// Runs `b` on `inputs` (its formal inputs, then `captured`, the values of ControlFlow::captures)
// and returns copies of its outputs; builds its executor first when the input types changed.
std::vector<Tensor> run_body(const ControlFlow& cf, Body& b, std::vector<const Tensor*> inputs,
                             const std::vector<const Tensor*>& captured);

// Element `index` along `axis` of `t`, the axis removed.
Tensor slice_along(const Tensor& t, int64_t axis, int64_t index);
// `parts` (of one dtype and shape) stacked along a new axis `axis`; D500Error naming `what` when
// they differ. `empty` is the result when there are no parts.
Tensor stack_along(const std::vector<Tensor>& parts, int64_t axis, const std::string& what,
                   TensorSpec empty);

}  // namespace d500::network
