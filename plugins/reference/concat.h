// ONNX Concat: the inputs joined along `axis` (required from opset 4, default 1 before;
// negative counts from the end). All
// inputs have one dtype and rank and agree on every other dimension. Any whole-byte dtype.
#pragma once

#include "common.h"

namespace d500::reference {

class Concat : public sdk::Operator<Concat> {
 public:
  Concat(const Attributes& attrs, const std::vector<TensorInfo>& inputs);
  std::vector<TensorInfo> outputs() const { return {TensorInfo(dtype_, y_shape_)}; }
  void forward(Inputs in, Outputs out);
  // Splits the output gradient back into one piece per input.
  void backward(Inputs grad_outputs, Inputs inputs, Inputs outputs, Outputs grad_inputs);
  Cost cost() const;

 private:
  DLDataType dtype_;
  std::vector<Shape> shapes_;  // of each input
  Shape y_shape_;
  // Every tensor viewed as [outer, axis length * inner]; these are the rows' lengths.
  int64_t outer_ = 1;
  std::vector<int64_t> row_;  // of each input
  int64_t y_row_ = 0;
};

}  // namespace d500::reference
