// ai.d500 MeanSquaredError: the loss of a regression, which ONNX has no operator for.
// Inputs prediction P and target T of one shape and dtype (float32/float64); attribute
// reduction none|sum|mean (default mean, as the ONNX losses):
//   e_i = (P_i - T_i)^2;  none: the e_i (P's shape);  sum: sum_i e_i;  mean: sum_i e_i / numel.
// Backward to both inputs: dP_i = 2 (P_i - T_i) g_i, dT_i = -dP_i.
#pragma once

#include "common.h"

namespace d500::reference {

class MeanSquaredError : public sdk::Operator<MeanSquaredError> {
 public:
  MeanSquaredError(const Attributes& attrs, const std::vector<TensorInfo>& inputs);
  std::vector<TensorInfo> outputs() const;
  void forward(Inputs in, Outputs out);
  void backward(Inputs grad_outputs, Inputs inputs, Inputs outputs, Outputs grad_inputs);
  Cost cost() const;

 private:
  void check_inputs(Inputs in) const;

  Real dtype_;
  Reduction reduction_;
  Shape shape_;
};

}  // namespace d500::reference
