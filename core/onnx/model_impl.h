// Private to d500_onnx: what a Model holds, shared by the files that implement its methods
// (model.cpp reads and checks; model_shapes.cpp infers shapes, folds constants, hands over
// initializers).
#pragma once

#include <set>
#include <string>
#include <vector>

#include "d500/onnx/model.h"
#include "proto.h"

namespace d500::onnx {

struct Model::Impl {
  ::onnx::ModelProto proto;
  std::string source;
  std::vector<OpsetImport> opsets;
  std::vector<ValueInfo> inputs, outputs;
  // Initializers whose values take_initializers() moved out (their protos are emptied).
  bool initializers_taken = false;
};

namespace detail {

// A ValueInfoProto in d500's words: kind, element type and, for tensors, the shape.
ValueInfo describe_value(const ::onnx::ValueInfoProto& v);

// "" when every sliding-window node (Conv, pooling, ...) of g and its subgraphs has strides,
// dilations and kernel sizes >= 1 and pads >= 0; else what is wrong, naming the node.
std::string check_window_attributes(const ::onnx::GraphProto& g);

// A copy of `m` for shape inference without the initializers' values (dims and types only),
// except, with `small_int_values`, those of small integer ones (shapes, axes, pads), which
// inference reads: a big model is not held twice while it is typed.
::onnx::ModelProto light_copy(const ::onnx::ModelProto& m, bool small_int_values = true);

// Gives `known` to `m` as initializers (replacing ones of the same name) and drops the nodes
// whose outputs are all known (model_known.cpp).
void substitute_known(::onnx::ModelProto& m, const std::vector<NamedTensor>& known);

// The value of a Constant node (Model::constant_value), of the main graph or a subgraph; errors
// carry `source`.
Result<Tensor> constant_of_node(const ::onnx::NodeProto& n, const std::string& source);

}  // namespace detail

}  // namespace d500::onnx
