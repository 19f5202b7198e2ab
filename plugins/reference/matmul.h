// ONNX MatMul, numpy semantics: 2-D matrix products, batches of them with the batch dimensions
// broadcast, and 1-D operands promoted (A to [1, K], B to [K, 1]) with that dimension removed
// from the result again.
#pragma once

#include "common.h"

namespace d500::reference {

class MatMul : public sdk::Operator<MatMul> {
 public:
  MatMul(const Attributes& attrs, const std::vector<TensorInfo>& inputs);
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
  Shape a_shape_, b_shape_, y_shape_;
  int64_t m_ = 0, n_ = 0, k_ = 0;
  Shape batch_;                           // broadcast batch dimensions of Y
  std::vector<int64_t> a_batch_strides_;  // offset of A's matrix per batch index, in elements
  std::vector<int64_t> b_batch_strides_;
};

}  // namespace d500::reference
