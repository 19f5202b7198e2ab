// ONNX Gemm: Y = alpha * A' * B' + beta * C, A' = transA ? A^T : A, B' = transB ? B^T : B, C
// optional and broadcast unidirectionally to Y's [M, N].
#pragma once

#include "common.h"

namespace d500::reference {

class Gemm : public sdk::Operator<Gemm> {
 public:
  Gemm(const Attributes& attrs, const std::vector<TensorInfo>& inputs);
  std::vector<TensorInfo> outputs() const;
  void forward(Inputs in, Outputs out);
  void backward(Inputs grad_outputs, Inputs inputs, Inputs outputs, Outputs grad_inputs);
  Cost cost() const;

 private:
  template <class T>
  void forward_t(Inputs in, Outputs out) const;
  template <class T>
  void backward_t(Inputs grad_outputs, Inputs inputs, Outputs grad_inputs) const;
  void check_inputs(Inputs in) const;

  Real dtype_;
  bool trans_a_, trans_b_;
  double alpha_, beta_;
  int64_t m_ = 0, n_ = 0, k_ = 0;
  Shape a_shape_, b_shape_, c_shape_;
  bool has_c_ = false;
  std::vector<int64_t> c_strides_;  // of C read at [m, n]: 0 along broadcast dimensions
};

}  // namespace d500::reference
