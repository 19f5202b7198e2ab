// ONNX Conv (opset 11+): N-D cross-correlation of X [N, C, D1..Dn] with W [M, C/group, k1..kn]
// plus an optional bias B [M], with groups, strides, dilations and explicit or automatic padding.
#pragma once

#include "spatial_common.h"

namespace d500::reference {

class Conv : public sdk::Operator<Conv> {
 public:
  Conv(const Attributes& attrs, const std::vector<TensorInfo>& inputs);
  std::vector<TensorInfo> outputs() const;
  void forward(Inputs in, Outputs out);
  // Gradients of X, W and B.
  void backward(Inputs grad_outputs, Inputs inputs, Inputs outputs, Outputs grad_inputs);
  Cost cost() const;

 private:
  template <class T>
  void forward_t(Inputs in, Outputs out) const;
  template <class T>
  void backward_t(Inputs grad_outputs, Inputs inputs, Outputs grad_inputs) const;
  void check_inputs(Inputs in) const;

  Real dtype_;
  Shape x_shape_, w_shape_, y_shape_;
  bool has_bias_ = false;
  int64_t group_ = 1;
  Window window_;  // over X's spatial dimensions, one position per element of Y's
};

}  // namespace d500::reference
