// ONNX Relu: Y = max(0, X). The gradient at exactly 0 is taken as 0; NaN passes through.
#pragma once

#include "common.h"

namespace d500::reference {

class Relu : public sdk::Operator<Relu> {
 public:
  Relu(const Attributes& attrs, const std::vector<TensorInfo>& inputs);
  std::vector<TensorInfo> outputs() const { return {x_}; }
  void forward(Inputs in, Outputs out);
  void backward(Inputs grad_outputs, Inputs inputs, Inputs outputs, Outputs grad_inputs);
  Cost cost() const;

 private:
  Real dtype_;
  TensorInfo x_;
};

}  // namespace d500::reference
