#pragma once
// Shape arithmetic folded into constants where ONNX shape inference knows the shapes (see
// shape_folding.cpp). Internal to Graph::from_model.
#include "d500/network/graph.h"

namespace d500::network {

// Replaces Shape/Size of values whose shape is known, and the small int64 nodes computed only
// from constants (Gather, Unsqueeze, Squeeze, Concat, Add, Sub, Mul, Div, Equal, Where, Cast,
// ConstantOfShape, Expand), by constants. Expects `desc.nodes` in model (topological) order.
struct Folded {
  size_t nodes = 0;    // nodes replaced by constants
  bool shape = false;  // a Shape or Size among them: the graph is bound to its input shapes
};
Folded fold_shape_arithmetic(GraphDesc& desc);

}  // namespace d500::network
