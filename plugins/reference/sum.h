// ONNX Sum: the elementwise sum of one or more inputs, all broadcast together (numpy rule).
#pragma once

#include "common.h"

namespace d500::reference {

class Sum : public sdk::Operator<Sum> {
 public:
  Sum(const Attributes& attrs, const std::vector<TensorInfo>& inputs);
  std::vector<TensorInfo> outputs() const { return {real_info(dtype_, y_shape_)}; }
  void forward(Inputs in, Outputs out);
  void backward(Inputs grad_outputs, Inputs inputs, Inputs outputs, Outputs grad_inputs);
  Cost cost() const;

 private:
  void check_inputs(Inputs in) const;

  Real dtype_;
  std::vector<Shape> shapes_;  // of each input
  Shape y_shape_;
  std::vector<std::vector<int64_t>> strides_;  // input k read at Y's indices
};

}  // namespace d500::reference
