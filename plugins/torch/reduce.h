// ONNX reductions over a set of axes: the geometry every reduction shares (axes from the
// attribute or the constant second input, keepdims, noop_with_empty_axes), and the table of
// ReduceSumSquare, ReduceL1, ReduceL2, ReduceLogSum, ReduceLogSumExp, ReduceMax, ReduceMin and
// ReduceProd (reduce.cpp): each entry's forward serves the kernel and the graph executor
// (autograd for backward), its gradient the kernel's backward.
#pragma once

#include <ATen/ATen.h>

#include <string>
#include <vector>

#include "d500/sdk/attributes.h"
#include "d500/sdk/tensor_view.h"
#include "graph_ops.h"
#include "window.h"

namespace d500::torch_plugin {

struct ReduceGeometry {
  Shape x, y, keep, dims;  // keep: y with reduced dimensions as 1; dims: the reduced ones
  int64_t count = 1;       // elements per output
  bool noop = false;       // nothing reduced: a copy
  // Throws std::invalid_argument for bad axes or inputs.
  ReduceGeometry(const sdk::Attributes& a, const std::vector<sdk::TensorInfo>& in,
                 const sdk::Constants& c);
};

struct ReduceOp {
  const char* op;
  const char* description;
  // Reduces `dims`, keeping them as 1.
  at::Tensor (*f)(const at::Tensor& x, at::IntArrayRef dims);
  // dX from dY and Y (both with kept dimensions) and X.
  at::Tensor (*grad)(const at::Tensor& dy, const at::Tensor& x, const at::Tensor& y,
                     at::IntArrayRef dims);
};

// The torch executor's function of a reduction `f` that keeps the reduced dimensions: axes from
// the attribute or the constant second input, keepdims, noop_with_empty_axes.
using ReduceFn = at::Tensor (*)(const at::Tensor& x, at::IntArrayRef dims);
NodeFn compile_reduce(const sdk::Attributes& a, const NodeSignature& s, ReduceFn f);

}  // namespace d500::torch_plugin
