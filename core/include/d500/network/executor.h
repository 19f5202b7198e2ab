// What every level-1 executor offers: inputs by name, inference, back-propagation of a loss to
// every parameter, parameters and gradients by name, and events around each node (per-node
// timing). The assembled executor (per-operator implementations from plugins) is one; a
// framework's own graph executor (LibTorch) is another, behind the same interface.
#pragma once

#include <cstddef>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "d500/error.h"
#include "d500/tensor.h"

namespace d500::network {

enum class Pass { Forward, Backward };

// Sent before (after = false) and after (after = true) a node runs in either pass. The strings
// live as long as the executor.
struct NodeEvent {
  size_t step = 0;  // position in this pass: 0 is the first node run
  size_t node = 0;  // index into the graph's nodes
  const std::string* name = nullptr;
  const std::string* op_type = nullptr;
  Pass pass = Pass::Forward;
  bool after = false;
};
// Called on the executor's thread, in the middle of a pass: it must not call the executor. The
// time it takes is part of the pass, so timing callbacks should only read a clock.
using NodeCallback = std::function<void(const NodeEvent&)>;

struct TensorSpec {
  DType dtype = DType::Invalid;
  Shape shape;
  std::string to_string() const;  // "float32[64, 1, 28, 28]"
};

// Not thread-safe: one thread drives an executor. Every method that fails throws D500Error with a
// message naming the input, parameter or node at fault.
class NetworkExecutor {
 public:
  virtual ~NetworkExecutor() = default;

  // "assembled (reference/default x9, examples/im2col x2)", "torch (cpu)", for reports.
  virtual std::string description() const = 0;

  // Fed inputs and graph outputs, in model order, with the shapes this executor was built for.
  virtual const std::vector<std::string>& input_names() const = 0;
  virtual const std::vector<std::string>& output_names() const = 0;
  virtual TensorSpec input_spec(const std::string& name) const = 0;
  virtual TensorSpec output_spec(const std::string& name) const = 0;

  // Copies `value` in. An unknown name is an error listing the inputs; a dtype or shape other
  // than the one built for is an error naming the input, what was expected and what was given.
  // Inputs keep their value until set again (zeros at first).
  virtual void set_input(const std::string& name, const Tensor& value) = 0;

  // Inference: runs every node once.
  virtual void forward() = 0;
  // A graph output of the last forward; valid until the next forward or backward.
  virtual const Tensor& output(const std::string& name) const = 0;
  // Any value of the last pass by name (inputs, parameters, intermediates), for comparing
  // executors node by node; nullptr when the executor does not keep it or there is none.
  virtual const Tensor* value(const std::string& name) const = 0;

  // forward(), then gradients of `loss` with respect to every parameter. `loss` must be a graph
  // output with one element (a scalar).
  virtual void forward_backward(const std::string& loss) = 0;
  // The same with the loss taken as the sum of every element of each of `outputs` (for models
  // whose outputs are not a scalar loss, as when two executors are compared).
  virtual void forward_backward_sum(const std::vector<std::string>& outputs) = 0;

  // Trainable parameters (float initializers), in model order.
  virtual const std::vector<std::string>& parameter_names() const = 0;
  virtual const Tensor& parameter(const std::string& name) const = 0;
  // Copies `value` in; dtype and shape must be the parameter's.
  virtual void set_parameter(const std::string& name, const Tensor& value) = 0;
  // d loss / d parameter of the last backward (zeros before the first, and for parameters the
  // loss does not depend on).
  virtual const Tensor& gradient(const std::string& name) const = 0;

  // Replaces the callback (an empty function removes it).
  virtual void set_node_callback(NodeCallback callback) = 0;

  // The memory of a parameter and of its gradient, owned by the executor (on its device), stable
  // for the executor's lifetime: what an optimizer updates in place without a copy. The
  // parameter view is writable. The defaults view parameter() and gradient(), which suits an
  // executor whose tensors never move.
  virtual DLTensor parameter_view(const std::string& name) { return parameter(name).dl(); }
  virtual DLTensor gradient_view(const std::string& name) { return gradient(name).dl(); }

  // Bytes the executor holds now and at most since it was built (or the last reset_peak);
  // nullopt when it cannot tell.
  struct Memory {
    int64_t current = 0;
    int64_t peak = 0;
  };
  virtual std::optional<Memory> memory(bool reset_peak = false) {
    (void)reset_peak;
    return std::nullopt;
  }
  // A pass that the executor cannot split by node (an autograd backward) is reported with this
  // node index, name "(backward)" and op type "(autograd)".
  static constexpr size_t kWholePass = static_cast<size_t>(-1);
};

}  // namespace d500::network
