// An executor assembled from per-operator implementations of several plugins: each node runs on
// an OperatorInstance chosen by a preference policy (a user's Conv with the reference for the
// rest, say), which is how a new operator is tried in a real network. With the policy
// {"reference"} it is d500's reference executor.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "d500/device/device_api.h"
#include "d500/network/executor.h"
#include "d500/network/graph.h"
#include "d500/plugin/operator_registry.h"

namespace d500::network {

// Which implementation runs a node. Entries are "plugin" (its CPU implementations of the op, then
// those on a device, the "default" variant first in each) or "plugin/variant". For a node of op
// type T the candidates are per_op[T] followed by `prefer`; the first that implements T and accepts
// the node (its create succeeds) runs it.
struct AssemblyPolicy {
  std::vector<std::string> prefer = {"reference"};
  std::map<std::string, std::vector<std::string>> per_op;

  // "examples/im2col,reference" or "Conv=examples/im2col,reference": comma-separated entries;
  // "Op=impl" goes to per_op (in order), the rest to `prefer`, replacing its default.
  static Result<AssemblyPolicy> parse(const std::string& list);
  // "Conv: examples/im2col; then reference"
  std::string to_string() const;
};

struct ExecutorOptions {
  AssemblyPolicy policy;
  // The first dimension of every fed input; 0 keeps the graph's shapes. Every tensor is
  // allocated for these shapes when the executor is built.
  int64_t batch = 0;
  // Whole shapes of named inputs (after `batch`).
  std::vector<std::pair<std::string, Shape>> input_shapes;
  // Pass float parameters to operators as constants at creation too, as initializers of an
  // inference-only model may be. Off by default: a plugin may fold a constant into its instance,
  // and then set_parameter (training) would not reach it. Integer initializers and Constant
  // outputs (Reshape's shape) are always passed as constants.
  bool parameters_as_constants = false;
  // Allocate every gradient buffer at build as well (twice the memory of the values). Off for an
  // inference-only executor; forward_backward then refuses to run.
  bool allocate_gradients = true;
  // The most iterations a Loop node runs (control flow): a Loop whose trip count is absent or
  // larger and whose condition stays true is an error naming the node once it reaches this.
  int64_t max_loop_trips = 1000000;
  // false: an executor may free a value once its last reader has run, as a framework's own loop
  // frees its temporaries; graph inputs, outputs and parameters stay, and the other values cannot
  // be read afterwards. For timing and training (the torch executor frees them in
  // forward_backward too); validation reads them.
  bool keep_intermediates = true;
};

// What runs a node, and why the candidates before it do not.
struct NodeAssignment {
  size_t node = 0;
  std::string implementation;        // "reference/default"
  std::vector<std::string> skipped;  // "examples/im2col: <its create error>"
};

class AssembledExecutor : public NetworkExecutor {
 public:
  // Chooses and creates an instance per node, propagates shapes through them, allocates every
  // value and gradient for the options' input shapes: nothing is allocated while it runs.
  // Errors: an operator that no candidate implements (naming the operator, the node and the
  // candidates), every candidate refusing a node (with each one's reason), an input dimension
  // left unknown, an implementation declaring an output shape that contradicts ONNX shape
  // inference.
  static Result<std::unique_ptr<AssembledExecutor>> build(Graph graph,
                                                          const plugin::OperatorRegistry& ops,
                                                          const ExecutorOptions& options = {});
  // Nodes whose operator no candidate of `policy` implements at all, as "Exp (node 'n3')":
  // what to report for a model before trying to build (empty when all are covered).
  static std::vector<std::string> unimplemented(const Graph& graph,
                                                const plugin::OperatorRegistry& ops,
                                                const AssemblyPolicy& policy);

  ~AssembledExecutor() override;
  AssembledExecutor(const AssembledExecutor&) = delete;
  AssembledExecutor& operator=(const AssembledExecutor&) = delete;

  const Graph& graph() const;
  // One entry per node, in graph node order.
  const std::vector<NodeAssignment>& assignments() const;
  // Copies between the host and a device so far (issue #8): a node whose implementation runs on
  // a device reads device copies of its inputs, made when their current contents are elsewhere
  // (an input or parameter once after it is set, a value a CPU node wrote), and writes device
  // outputs, copied back when a CPU node, output() or value() reads them. Back-propagating
  // through such a node copies its output gradients to the device and its input gradients back,
  // but a gradient passed from one such node straight to another (one edge, nothing to add)
  // stays on the device; zero gradients of outputs nothing back-propagates into go up once.
  const device::TransferStats& transfers() const;

  std::string description() const override;
  const std::vector<std::string>& input_names() const override;
  const std::vector<std::string>& output_names() const override;
  TensorSpec input_spec(const std::string& name) const override;
  TensorSpec output_spec(const std::string& name) const override;
  void set_input(const std::string& name, const Tensor& value) override;
  void forward() override;
  const Tensor& output(const std::string& name) const override;
  const Tensor* value(const std::string& name) const override;
  // A node to back-propagate through whose implementation has no backward is an error naming
  // the node and its implementation, raised before anything runs.
  void forward_backward(const std::string& loss) override;
  void forward_backward_sum(const std::vector<std::string>& outputs) override;
  const std::vector<std::string>& parameter_names() const override;
  const Tensor& parameter(const std::string& name) const override;
  void set_parameter(const std::string& name, const Tensor& value) override;
  const Tensor& gradient(const std::string& name) const override;
  void set_node_callback(NodeCallback callback) override;

 private:
  struct State;
  explicit AssembledExecutor(std::unique_ptr<State> state);
  // build() without the catch that turns a D500Error thrown on the way into an Error.
  static Result<std::unique_ptr<AssembledExecutor>> build_unchecked(
      Graph graph, const plugin::OperatorRegistry& ops, const ExecutorOptions& options);
  std::unique_ptr<State> s_;
};

}  // namespace d500::network
