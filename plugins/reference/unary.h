// ONNX elementwise activations Relu, LeakyRelu, Sigmoid and Tanh: Y = f(X), same shape and dtype.
// One template serves the four; they differ in f, f' and LeakyRelu's `alpha`.
//   Relu       max(0, x); the gradient at exactly 0 is taken as 0; NaN passes through.
//   LeakyRelu  x >= 0 ? x : alpha * x (alpha default 0.01); gradient at 0 is alpha (with
//              alpha = 0, Relu's 0).
//   Sigmoid    1 / (1 + exp(-x)), evaluated without overflow for large |x|.
//   Tanh       tanh(x).
// Backward recomputes f' from X in double rather than reading Y, so it does not depend on the
// rounding of a float32 Y.
#pragma once

#include "common.h"

namespace d500::reference {

enum class UnaryKind { Relu, LeakyRelu, Sigmoid, Tanh };

template <UnaryKind K>
class Unary : public sdk::Operator<Unary<K>> {
 public:
  Unary(const Attributes& attrs, const std::vector<TensorInfo>& inputs);
  std::vector<TensorInfo> outputs() const { return {x_}; }
  void forward(Inputs in, Outputs out);
  void backward(Inputs grad_outputs, Inputs inputs, Inputs outputs, Outputs grad_inputs);
  Cost cost() const;

 private:
  Real dtype_;
  TensorInfo x_;
  double alpha_ = 0.01;  // LeakyRelu only
};

using Relu = Unary<UnaryKind::Relu>;
using LeakyRelu = Unary<UnaryKind::LeakyRelu>;
using Sigmoid = Unary<UnaryKind::Sigmoid>;
using Tanh = Unary<UnaryKind::Tanh>;

extern template class Unary<UnaryKind::Relu>;
extern template class Unary<UnaryKind::LeakyRelu>;
extern template class Unary<UnaryKind::Sigmoid>;
extern template class Unary<UnaryKind::Tanh>;

}  // namespace d500::reference
