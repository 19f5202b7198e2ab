// Building blocks of MatMul and Gemm (matmul.cpp, gemm.cpp): one oneDNN matmul primitive over
// caller memory described by (possibly transposed) strides, and the sum that folds a gradient
// over broadcast dimensions.
#pragma once

#include <string>

#include "common.h"

namespace d500::onednn_plugin {

// The row-major descriptor of `shape` read with its last two dimensions swapped: the transpose of
// a [.., R, C] tensor as a [.., C, R] view of the same memory.
dnnl::memory::desc transposed_md(const Shape& shape);

// dst = scale * (src x weights) [+ addend], with the addend broadcast to dst (a binary post-op).
class Product {
 public:
  Product() = default;
  Product(const dnnl::memory::desc& src, const dnnl::memory::desc& weights,
          const dnnl::memory::desc& dst, float scale, const dnnl::memory::desc* addend,
          const std::string& what);
  void run(const void* src, const void* weights, void* dst, const void* addend = nullptr);
  const std::string& impl() const { return impl_; }

 private:
  dnnl::matmul prim_;
  dnnl::memory src_, weights_, dst_, addend_;
  std::string what_, impl_;
};

// Sums a row-major tensor of shape `from` into shape `to` (same rank, each dimension equal or 1):
// the gradient of a broadcast input.
class Reducer {
 public:
  Reducer() = default;
  Reducer(const Shape& from, const Shape& to, const std::string& what);
  void run(const void* src, void* dst);
  const std::string& impl() const { return bound_.impl(); }

 private:
  Bound bound_;
};

// ONNX MatMul's shapes: the operands as given (a, b), promoted to one rank (a2, b2: 1-D operands
// made matrices, batch dimensions padded with 1), the broadcast product (full) and the output (y).
// Throws std::invalid_argument for operands that do not multiply or broadcast.
struct MatMulShapes {
  Shape a, b, a2, b2, full, y;
};
MatMulShapes matmul_shapes(const std::vector<TensorInfo>& in);

}  // namespace d500::onednn_plugin
