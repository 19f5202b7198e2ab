// The graph IR of level 1: an ONNX network as nodes, typed values, parameters and a topological
// order, in d500's own types (no protobuf). Built from an onnx::Model (the usual way) or from a
// GraphDesc (programmatic graphs and tests, which can state what the ONNX checker would refuse,
// such as a cycle). Executors run it; it never runs anything itself.
#pragma once

#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "d500/error.h"
#include "d500/onnx/model.h"
#include "d500/plugin/operator_registry.h"
#include "d500/tensor.h"

namespace d500::network {

// Opsets of the default domain (ai.onnx) d500 runs: 6, the oldest that ONNX's own converted
// PyTorch tests use (older attributes that later opsets dropped are adapted, see the executor),
// to 17, the newest that the linked libonnx (1.12) can check. Other domains are not range-checked:
// their plugins interpret "_opset" themselves.
inline constexpr int64_t kMinOpset = 6;
inline constexpr int64_t kMaxOpset = 17;

// Zero is Invalid: a default-constructed value is never mistaken for a real one.
enum class ValueKind { Invalid = 0, Input, Parameter, Constant, Intermediate };
const char* value_kind_name(ValueKind k);  // "input", "parameter", "constant", "intermediate"

// A dtype and a shape as far as they are known: dtype Invalid when unknown, has_shape false for
// an unknown rank, -1 for an unknown dimension.
struct TensorType {
  DType dtype = DType::Invalid;
  bool has_shape = false;
  Shape shape;
  // All dimensions known (and the rank).
  bool complete() const;
  std::string to_string() const;  // "float32[64, 10]", "float32[?, 10]", "float32[...]", "?"
};

struct Value {
  std::string name;
  ValueKind kind = ValueKind::Invalid;
  TensorType type;
  int64_t producer = -1;  // index into Graph::nodes(); -1 unless an Intermediate
  // Nodes reading it, once per input position that reads it, and once for a node whose
  // subgraphs read it (outer scope).
  std::vector<size_t> consumers;
  bool is_output = false;  // a graph output
};

class Graph;

struct Node {
  std::string name;  // unique in the graph: the model's, or "<op_type>_<index>"
  std::string op_type;
  std::string domain;                         // "" is ai.onnx
  int64_t opset = 0;                          // the model's opset of `domain`
  std::vector<plugin::Attribute> attributes;  // as the model states them ("_opset" not added)
  std::vector<std::string> inputs;            // "" marks an omitted optional input
  std::vector<std::string> outputs;           // "" marks an omitted optional output
  std::string label() const;                  // "'conv1' (Conv)", how errors name a node
  // GRAPH attributes (If's then_branch and else_branch, Loop's and Scan's body) by attribute
  // name: the executor runs them itself (control flow); plugins never see them.
  std::vector<std::pair<std::string, std::shared_ptr<const Graph>>> subgraphs;
  const Graph* subgraph(const std::string& attribute) const;  // nullptr when there is none
};

// Everything a Graph is made of, before it is checked and sorted.
struct GraphDesc {
  std::string name;
  std::vector<Node> nodes;                                 // any order
  std::vector<std::pair<std::string, TensorType>> inputs;  // fed graph inputs, in order
  std::vector<std::string> outputs;
  std::vector<onnx::NamedTensor> parameters;      // trainable: float initializers
  std::vector<onnx::NamedTensor> constants;       // other initializers, folded Constant nodes
  std::map<std::string, TensorType> value_types;  // known types of other values (shape inference)
  // A subgraph (a body): a value it reads that none of its nodes produces and that is neither
  // an input nor a constant is a value of the enclosing graph (outer scope). It becomes a
  // trailing input, listed in captures(); the enclosing graph's create checks that it exists.
  bool subgraph = false;
};

struct GraphOptions {
  // Fixes the first dimension of every fed input to this batch size before shape inference;
  // 0 keeps the model's shapes.
  int64_t batch = 0;
  // Fixes whole shapes of the named inputs (after `batch`).
  std::vector<std::pair<std::string, Shape>> input_shapes;
};

// Move-only (parameters can be large); clone() copies on purpose. Immutable once built, except
// for take_parameters/take_constants, which hand the tensors over to an executor.
class Graph {
 public:
  // Checks and sorts. Errors name the node: a value produced twice, a value no node produces
  // that is neither an input, a parameter nor a constant, a cycle (its nodes in order), a graph
  // output nobody produces, a default-domain opset outside kMinOpset..kMaxOpset, a value a
  // node's subgraph reads from outside that the graph does not have.
  static Result<Graph> create(GraphDesc desc);
  // From a loaded model: takes its initializers (float ones become parameters, the rest
  // constants), folds Constant nodes into constants, types the values by ONNX shape inference
  // with the options' input shapes, and checks the opset range first.
  static Result<Graph> from_model(onnx::Model& model, const GraphOptions& options = {});
  // Model::load, then from_model.
  static Result<Graph> load(const std::string& path, const GraphOptions& options = {});

  Graph(Graph&&) noexcept = default;
  Graph& operator=(Graph&&) noexcept = default;
  Graph clone() const;

  const std::string& name() const { return name_; }
  const std::string& source() const { return source_; }  // the model's path, "" otherwise
  const std::vector<Node>& nodes() const { return nodes_; }
  // Node indices in an order where every node comes after the producers of its inputs; among
  // nodes that are ready together, model order.
  const std::vector<size_t>& order() const { return order_; }
  const std::vector<Value>& values() const { return values_; }
  const Value* find(const std::string& name) const;  // nullptr when there is no such value
  const std::vector<std::string>& inputs() const { return inputs_; }
  const std::vector<std::string>& outputs() const { return outputs_; }
  // A subgraph's outer-scope values, its nested subgraphs' included: the last entries of
  // inputs(), after its own (formal) inputs. Empty for a top-level graph.
  const std::vector<std::string>& captures() const { return captures_; }
  size_t formal_inputs() const { return inputs_.size() - captures_.size(); }
  const std::vector<onnx::NamedTensor>& parameters() const { return parameters_; }
  const std::vector<onnx::NamedTensor>& constants() const { return constants_; }
  // Hand the tensors over (the graph keeps their names and types); for executors that own them.
  std::vector<onnx::NamedTensor> take_parameters() { return std::exchange(parameters_, {}); }
  std::vector<onnx::NamedTensor> take_constants() { return std::exchange(constants_, {}); }
  size_t parameter_count() const;  // elements over all parameters still held
  // True when from_model folded Shape/Size of the inferred input shapes into constants (PyTorch's
  // shape arithmetic): executors must then run exactly those input shapes.
  bool input_shapes_bound() const { return input_shapes_bound_; }

 private:
  Graph() = default;
  std::string name_, source_;
  std::vector<Node> nodes_;
  std::vector<size_t> order_;
  std::vector<Value> values_;
  std::map<std::string, size_t> index_;  // value name -> position in values_
  std::vector<std::string> inputs_, outputs_, captures_;
  std::vector<onnx::NamedTensor> parameters_, constants_;
  bool input_shapes_bound_ = false;
};

}  // namespace d500::network
