// An ONNX model read from a file, described in d500's own types (no onnx or protobuf header
// leaks out of here: the proto lives behind a pimpl). Node tests (one node) and whole networks
// (L1) are read the same way.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "d500/error.h"
#include "d500/onnx/tensor_file.h"
#include "d500/plugin/operator_registry.h"
#include "d500/tensor.h"

namespace d500::onnx {

struct Subgraph;  // d500/onnx/subgraph.h

// One entry of the model's opset_import. The default domain is written "" (never "ai.onnx").
struct OpsetImport {
  std::string domain;
  int64_t version = 0;
};

// A graph input or output as declared in the model.
struct ValueInfo {
  std::string name;
  std::string kind;       // "tensor", "sequence", "map", "optional", "sparse_tensor"; "" untyped
  std::string elem_type;  // a tensor's ONNX element type, "FLOAT", "FLOAT16"; "" when not a tensor
  DType dtype = DType::Invalid;  // elem_type as a d500 dtype; Invalid when d500 has no such type
  // A tensor's shape when the model (or shape inference) states one: has_shape is false for a
  // tensor of unknown rank. A dimension that is symbolic ("N") or unknown is -1 in `shape`, with
  // its name, if any, at the same index of `dim_params` ("" for a known dimension).
  bool has_shape = false;
  std::vector<int64_t> shape;
  std::vector<std::string> dim_params;
};

// One node, described without its attribute values (those come from Model::attributes).
struct NodeInfo {
  std::string name;
  std::string op_type;
  std::string domain;                // "" is ai.onnx
  std::vector<std::string> inputs;   // "" marks an omitted optional input
  std::vector<std::string> outputs;  // "" marks an omitted optional output
  std::vector<std::string> attribute_names;
  int64_t opset = 0;  // the model's opset for `domain`; 0 when not imported
};

// A parsed model that passed the ONNX checker. Move-only; immutable once loaded, except that
// take_initializers() hands the initializer values over. Threading: the
// const methods may be called from several threads at once.
class Model {
 public:
  // Reads and checks the model at `path`. The error names the path and says what is wrong: the
  // file is missing or unreadable, empty, not a protobuf ModelProto (truncated, random bytes), or
  // fails the ONNX checker (with the checker's message).
  static Result<Model> load(const std::string& path);
  // The same from bytes in memory; `where` names their origin in errors.
  static Result<Model> parse(std::string_view bytes, const std::string& where);

  Model(Model&&) noexcept;
  Model& operator=(Model&&) noexcept;
  ~Model();

  const std::string& source() const;      // the path or `where` it was read from
  const std::string& graph_name() const;  // the GraphProto's name; "" when it has none
  int64_t ir_version() const;
  const std::vector<OpsetImport>& opset_imports() const;
  // The imported opset version of `domain` ("" and "ai.onnx" are the same); 0 when not imported.
  int64_t opset(std::string_view domain) const;

  const std::vector<ValueInfo>& inputs() const;   // graph inputs, initialized ones included
  const std::vector<ValueInfo>& outputs() const;  // graph outputs
  std::vector<std::string> initializer_names() const;
  // An initializer's value; an error when there is none of that name or its dtype is not a d500
  // dtype, or when take_initializers() has already handed the values over.
  Result<Tensor> initializer(const std::string& name) const;
  // Moves every initializer's value out of the model, in model order, freeing the model's own
  // copy of each as it goes: a model of a few hundred MB is then held once, not twice. Later
  // calls of initializer() report the value as taken; initializer_names() still lists them. The
  // first error (a dtype d500 does not hold, external data) is returned and nothing is taken
  // after it. Not thread-safe: it changes the model.
  Result<std::vector<NamedTensor>> take_initializers();

  // ONNX shape inference (lenient: a node it cannot type leaves its outputs untyped) over the
  // graph, with the graph inputs named in `input_shapes` fixed to those shapes first (for a
  // batch size chosen at run time). Returns the type of every value it knows: graph inputs,
  // intermediate values and graph outputs, in that order. Runs on a copy of the graph that
  // leaves out the values of large initializers, so it costs little memory for big models; it
  // needs no initializer values, taken or not, beyond small integer ones (shapes).
  // `known`: values computed before (constants, shape arithmetic a caller folded), given to
  // inference as initializers, the nodes producing them left out.
  Result<std::vector<ValueInfo>> infer_shapes(
      const std::vector<std::pair<std::string, Shape>>& input_shapes = {},
      const std::vector<NamedTensor>& known = {}) const;

  // The value of Constant node `index` (attribute value, value_float(s) or value_int(s)); an
  // error naming the node for a sparse or string constant, or a node that is not a Constant.
  Result<Tensor> constant_value(size_t index) const;

  size_t node_count() const;
  NodeInfo node(size_t index) const;  // index < node_count(), asserted
  // The node's attributes as the plugin ABI carries them (INT, FLOAT, STRING, INTS, FLOATS);
  // any other type is an error naming the attribute, its type and the node.
  // GRAPH attributes are left out here: Model::subgraphs describes them.
  Result<std::vector<plugin::Attribute>> attributes(size_t index) const;
  // The node's GRAPH attributes (If's branches, Loop's and Scan's body) as subgraphs, nested
  // ones included (model_subgraphs.cpp, include d500/onnx/subgraph.h); empty for most nodes.
  // Errors name the attribute, the subgraph's node and the model.
  Result<std::vector<Subgraph>> subgraphs(size_t index) const;

 private:
  struct Impl;
  explicit Model(std::unique_ptr<Impl> impl);
  static Result<Model> finish(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

}  // namespace d500::onnx
