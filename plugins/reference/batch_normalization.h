// ONNX BatchNormalization (opset 15): per-channel normalization of X [N, C, D1..Dn].
// Inference (training_mode=0): Y = scale * (X - input_mean) / sqrt(input_var + epsilon) + B.
// Training (training_mode=1): Y uses the batch mean and (population) variance over N and the
// spatial axes, and two more outputs carry running_mean = input_mean * momentum + mean * (1 -
// momentum) and running_var likewise.
#pragma once

#include "spatial_common.h"

namespace d500::reference {

class BatchNormalization : public sdk::Operator<BatchNormalization> {
 public:
  BatchNormalization(const Attributes& attrs, const std::vector<TensorInfo>& inputs);
  // Y; in training mode also running_mean and running_var.
  std::vector<TensorInfo> outputs() const;
  void forward(Inputs in, Outputs out);
  // Gradients of all five inputs, from dY and, in training mode, from the gradients of the
  // running statistics when given: the full derivative of the function forward computes.
  void backward(Inputs grad_outputs, Inputs inputs, Inputs outputs, Outputs grad_inputs);
  Cost cost() const;

 private:
  template <class T>
  void forward_t(Inputs in, Outputs out) const;
  template <class T>
  void backward_t(Inputs grad_outputs, Inputs inputs, Outputs grad_inputs) const;
  // Mean and population variance of channel c over N and the spatial axes.
  template <class T>
  void batch_stats(const T* x, int64_t c, double& mean, double& var) const;
  void check_inputs(Inputs in) const;

  Real dtype_;
  Shape x_shape_;
  int64_t n_ = 0, c_ = 0, spatial_ = 0;  // X is [n_, c_, spatial_] in memory
  double epsilon_, momentum_;
  bool training_;
};

}  // namespace d500::reference
