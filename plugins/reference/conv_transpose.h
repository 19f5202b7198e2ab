// ONNX ConvTranspose (opset 11+): the transpose (gradient with respect to its input) of Conv.
// X [N, C, D1..Dn], W [C, M/group, k1..kn], optional B [M]; every input element scatters
// x * W into the output at i * stride - pad_begin + k * dilation. Output size from output_shape,
// auto_pad or the pads, plus output_padding, as the ONNX operator doc gives them.
#pragma once

#include "spatial_common.h"

namespace d500::reference {

class ConvTranspose : public sdk::Operator<ConvTranspose> {
 public:
  ConvTranspose(const Attributes& attrs, const std::vector<TensorInfo>& inputs);
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
  int64_t m_ = 0;  // output channels: W[1] * group
  // Slides over Y's spatial dimensions with one position per element of X's: the taps of
  // position i are the outputs that input element i reaches.
  Window window_;
};

}  // namespace d500::reference
