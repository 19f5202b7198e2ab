#pragma once
// Shape arithmetic folded into constants where ONNX shape inference knows the shapes (see
// shape_folding.cpp). Internal to Graph::from_model.
#include "d500/network/graph.h"

namespace d500::network {

// Replaces Shape/Size of values whose shape is known, and the small int64 nodes computed only
// from constants (Gather, Unsqueeze, Squeeze, Concat, Add, Sub, Mul, Div, Equal, Where, Cast,
// ConstantOfShape, Expand), by constants. Expects `desc.nodes` in model (topological) order.
// True when a Shape or Size was folded: the graph is then bound to its inferred input shapes.
bool fold_shape_arithmetic(GraphDesc& desc);

}  // namespace d500::network
