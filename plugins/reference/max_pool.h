// ONNX MaxPool (opset 12+): the maximum over each window of X [N, C, D1..Dn], with strides,
// dilations, pads, auto_pad, ceil_mode, and the optional second output Indices: the argmax as a
// flat index into X (padding not counted), spatial part row-major or, with storage_order=1,
// column-major. float32/float64 with backward; int8/uint8 forward only.
#pragma once

#include "spatial_common.h"

namespace d500::reference {

class MaxPool : public sdk::Operator<MaxPool> {
 public:
  MaxPool(const Attributes& attrs, const std::vector<TensorInfo>& inputs);
  // Y and Indices. A caller that passes only Y to forward gets no Indices computed.
  std::vector<TensorInfo> outputs() const;
  void forward(Inputs in, Outputs out);
  // dX: each dY goes to the first maximum of its window.
  void backward(Inputs grad_outputs, Inputs inputs, Inputs outputs, Outputs grad_inputs);
  Cost cost() const;

 private:
  template <class T>
  void forward_t(Inputs in, Outputs out) const;
  template <class T>
  void backward_t(Inputs grad_outputs, Inputs inputs, Outputs grad_inputs) const;
  // The tap of `taps` holding the first maximum of x.
  template <class T>
  static int64_t argmax(const T* x, const std::vector<Tap>& taps);

  DLDataType dtype_;
  Shape x_shape_, y_shape_;
  bool column_major_ = false;
  Window window_;
};

}  // namespace d500::reference
