// ONNX Add: C = A + B with numpy broadcasting.
#pragma once

#include "common.h"

namespace d500::reference {

class Add : public sdk::Operator<Add> {
 public:
  Add(const Attributes& attrs, const std::vector<TensorInfo>& inputs);
  std::vector<TensorInfo> outputs() const;
  void forward(Inputs in, Outputs out);
  void backward(Inputs grad_outputs, Inputs inputs, Inputs outputs, Outputs grad_inputs);
  Cost cost() const;

 private:
  void check_inputs(Inputs in) const;

  Real dtype_;
  Shape a_shape_, b_shape_, y_shape_;
  std::vector<int64_t> a_strides_, b_strides_;  // A and B read at Y's indices
};

}  // namespace d500::reference
