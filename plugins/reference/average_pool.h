// ONNX AveragePool (opset 19+): the mean over each window of X [N, C, D1..Dn], with strides,
// dilations, pads, auto_pad and ceil_mode. The divisor counts the window's elements inside X, or
// with count_include_pad=1 those inside X extended by the pads (taps that ceil_mode pushes past
// the end pad are never counted, as in PyTorch and ONNX Runtime).
#pragma once

#include "spatial_common.h"

namespace d500::reference {

class AveragePool : public sdk::Operator<AveragePool> {
 public:
  AveragePool(const Attributes& attrs, const std::vector<TensorInfo>& inputs);
  std::vector<TensorInfo> outputs() const;
  void forward(Inputs in, Outputs out);
  void backward(Inputs grad_outputs, Inputs inputs, Inputs outputs, Outputs grad_inputs);
  Cost cost() const;

 private:
  template <class T>
  void forward_t(Inputs in, Outputs out) const;
  template <class T>
  void backward_t(Inputs grad_outputs, Outputs grad_inputs) const;
  int64_t divisor(int64_t o, const std::vector<Tap>& taps) const;

  Real dtype_;
  Shape x_shape_, y_shape_;
  bool count_include_pad_ = false;
  Window window_;
};

}  // namespace d500::reference
