// An ONNX model as an editable document (the studio's network editor, issue 17 item 2): add a
// node, remove one, replace a node's op, set or remove an attribute, connect a node's input to a
// tensor. Every operation is checked first and refused with one sentence naming the node, tensor
// or attribute at fault (unknown tensor, cycle, duplicate output, an attribute the op does not
// have); a refused operation changes nothing. A document may be invalid between edits (a node
// short of an input): diagnose() says which node is wrong, and checked_bytes()/save() refuse a
// model the ONNX checker refuses. Nodes are addressed by name; unnamed and repeated names are
// named on opening as the graph view names them ("<op_type>_<index>").
// No Qt, no protobuf in this header (the proto lives behind a pimpl).
// Threading: one thread at a time per document.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "d500/error.h"
#include "d500/onnx/model.h"
#include "d500/plugin/operator_registry.h"
#include "d500/tensor.h"

namespace d500::onnx {

// What the linked libonnx's schema says of an operator at an opset: what the attribute form and
// the input pickers of the editor show.
struct OpAttributeInfo {
  std::string name;
  std::string type;  // "int", "float", "string", "ints", "floats", "tensor", "strings", "graph"
  bool required = false;
  std::string default_value;  // as text ("1", "[1, 1]", "\"NOTSET\""); "" when none
  std::string description;
};

struct OpPortInfo {
  std::string name;  // "X", "W", "B"
  bool optional = false, variadic = false;
};

struct OpSchemaInfo {
  std::string op_type, domain;  // domain "" is ai.onnx
  int64_t since_version = 0;
  int min_inputs = 0, max_inputs = 0, min_outputs = 0, max_outputs = 0;
  std::vector<OpPortInfo> inputs, outputs;
  std::vector<OpAttributeInfo> attributes;
  const OpAttributeInfo* attribute(const std::string& name) const;
};

// The schema of `op_type` in `domain` at `opset`; nullopt when libonnx has none (a custom domain
// or an operator newer than the linked libonnx, such as Gelu of opset 20).
std::optional<OpSchemaInfo> op_schema(const std::string& op_type, const std::string& domain,
                                      int64_t opset);

// A node to add. An empty name is made unique from the op type ("relu_3"); no outputs gives one
// output named after the node. Inputs may be fewer than the op needs (diagnose() says so until
// they are connected), never more.
struct NewNode {
  std::string op_type;
  std::string domain;  // "" is ai.onnx
  std::string name;
  std::vector<std::string> inputs, outputs;
  std::vector<plugin::Attribute> attributes;
};

// Per node what is wrong (the ONNX checker's and shape inference's words), and every value's type
// as inference knows it.
struct EditDiagnostics {
  std::map<std::string, std::string> node_errors;  // node name -> what is wrong with it
  std::string model_error;                         // a problem of no one node; "" when none
  std::vector<ValueInfo> values;                   // graph inputs, intermediates, outputs
  bool ok() const { return node_errors.empty() && model_error.empty(); }
};

class ModelDocument {
 public:
  // Reads a ModelProto (the checker is not required to pass: diagnose() tells). The error names
  // `where` for bytes that are not an ONNX model.
  static Result<ModelDocument> parse(std::string_view bytes, const std::string& where);
  static Result<ModelDocument> load(const std::string& path);

  ModelDocument(ModelDocument&&) noexcept;
  ModelDocument& operator=(ModelDocument&&) noexcept;
  ~ModelDocument();

  const std::string& source() const;
  int64_t opset(std::string_view domain) const;  // 0 when not imported

  // --- read (the same names as Model's, so display_graph() draws either) ---
  size_t node_count() const;
  NodeInfo node(size_t index) const;              // index < node_count(), asserted
  long find_node(const std::string& name) const;  // -1 when none
  Result<std::vector<plugin::Attribute>> attributes(size_t index) const;
  std::vector<ValueInfo> inputs() const;   // graph inputs
  std::vector<ValueInfo> outputs() const;  // graph outputs
  std::vector<std::string> initializer_names() const;
  ValueInfo initializer_info(const std::string& name) const;  // dtype and dims, no values
  // Every tensor a node input may read: graph inputs, initializers, node outputs.
  std::vector<std::string> tensor_names() const;
  // Lenient ONNX shape inference over the graph as it is now (guarded against ranks that crash
  // libonnx): an Error only when inference itself gave up.
  Result<std::vector<ValueInfo>> infer_shapes() const;
  EditDiagnostics diagnose() const;

  // --- edit; each returns the node it changed, or an Error and changes nothing ---
  Result<std::string> add_node(const NewNode& node);
  // Nodes reading its outputs read its first input instead. Refused for a node that writes a
  // graph output, or whose outputs are read while it has no input to hand on.
  Result<std::string> remove_node(const std::string& name);
  // Keeps inputs, outputs and the attributes the new op has (the others are dropped); inputs
  // beyond what the new op takes are dropped too.
  Result<std::string> replace_op(const std::string& name, const std::string& op_type,
                                 const std::string& domain = "");
  Result<std::string> set_attribute(const std::string& node, const plugin::Attribute& attribute);
  Result<std::string> remove_attribute(const std::string& node, const std::string& attribute);
  // Sets input `index` of `node` to `tensor`; index == the node's input count appends one.
  Result<std::string> connect(const std::string& node, size_t index, const std::string& tensor);
  // Gives a Conv (or Gemm) `outputs` output channels (features) instead of fewer: its weight and
  // bias initializers grow, the new channels drawn uniform in +-sqrt(6 / fan_in) from `seed`
  // (bias 0); the weights of the one Conv or Gemm its output reaches through activations and
  // pooling grow by zeros there, so the network computes what it did. Refused when the weights
  // are no initializers or the output reaches anything else (Flatten, Add, a graph output).
  // An edit of initializers: undo it with snapshot(true).
  Result<std::string> widen(const std::string& node, int64_t outputs, uint64_t seed = 0);
  // Makes every tensor that a node writes and no node reads a graph output, typed as shape
  // inference types it (a network started empty has none until it is saved). Returns the first
  // new output; refused when there is none to add or inference cannot type one.
  Result<std::string> expose_unread_outputs();

  // --- undo and save ---
  // The whole graph but the initializers' values: what every edit but widen() can change, small
  // even for a model of hundreds of MB; with `with_initializers` the whole model. restore() puts
  // either back exactly (to_bytes() byte-identical).
  std::string snapshot(bool with_initializers = false) const;
  void restore(const std::string& snapshot);
  std::string to_bytes() const;  // serialized as it is, checked or not
  // Serialized once diagnose() finds nothing (the checker node by node and on the whole model,
  // strict shape inference, d500's window-attribute checks): else an Error naming the first node
  // at fault with the checker's or inference's message.
  Result<std::string> checked_bytes() const;
  Result<size_t> save(const std::string& path) const;

 private:
  struct Impl;
  explicit ModelDocument(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

}  // namespace d500::onnx
