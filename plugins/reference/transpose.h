// ONNX Transpose: Y[i_0, ..., i_{r-1}] = X at the index whose dimension perm[k] is i_k, so
// Y.shape[k] = X.shape[perm[k]]. perm defaults to reversing the dimensions. Any whole-byte dtype.
#pragma once

#include "common.h"

namespace d500::reference {

class Transpose : public sdk::Operator<Transpose> {
 public:
  Transpose(const Attributes& attrs, const std::vector<TensorInfo>& inputs);
  std::vector<TensorInfo> outputs() const { return {TensorInfo(x_.dtype(), y_shape_)}; }
  void forward(Inputs in, Outputs out);
  void backward(Inputs grad_outputs, Inputs inputs, Inputs outputs, Outputs grad_inputs);
  Cost cost() const;

 private:
  TensorInfo x_;
  Shape y_shape_;
  std::vector<int64_t> x_strides_;  // X's element strides, in Y's dimension order
};

}  // namespace d500::reference
