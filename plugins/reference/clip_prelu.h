// ONNX Clip and PRelu: element-wise activations whose parameters are inputs.
//   Clip    Y = min(max(X, min), max). Below opset 11 min and max are float attributes; from
//           opset 11 optional scalar inputs 1 and 2 (read at every call, so they may be computed).
//           A bound left out is -inf / +inf. Backward: dX = dY where min <= X <= max, else 0;
//           dmin sums dY where X < min, dmax where X > max (as LibTorch's clamp). Integer X
//           (opset 12) is clipped forward only.
//   PRelu   Y = X < 0 ? slope * X : X, slope broadcast to X (unidirectional numpy rules).
//           Before opset 7 a 1-D slope of X's channel count is per channel (axis 1), as the
//           PyTorch 0.3 exports use it. Backward: dX = dY where X > 0, slope * dY elsewhere;
//           dslope sums dY * X over X < 0 and over the dimensions slope was stretched along.
#pragma once

#include "common.h"

namespace d500::reference {

class Clip : public sdk::Operator<Clip> {
 public:
  Clip(const Attributes& attrs, const std::vector<TensorInfo>& inputs);
  std::vector<TensorInfo> outputs() const {
    return {integer_ ? TensorInfo(int_dtype_, shape_) : real_info(dtype_, shape_)};
  }
  void forward(Inputs in, Outputs out);
  void backward(Inputs grad_outputs, Inputs inputs, Inputs outputs, Outputs grad_inputs);
  Cost cost() const;

 private:
  // The bounds of this call, from the attributes or from inputs 1 and 2.
  std::pair<double, double> bounds(Inputs in) const;

  bool integer_ = false;  // integer X (opset >= 12): forward only, bounds of X's dtype
  DLDataType int_dtype_{};
  Real dtype_;
  Shape shape_;
  bool legacy_ = false;  // opset < 11: attributes
  bool has_min_ = false, has_max_ = false;
  double min_ = 0, max_ = 0;  // legacy only
};

// The shape PRelu's slope broadcasts as: [C, 1, ..., 1] for a per-channel slope before opset 7,
// else its own.
Shape prelu_slope_view(const Shape& x, const Shape& slope, int64_t opset);

class PRelu : public sdk::Operator<PRelu> {
 public:
  PRelu(const Attributes& attrs, const std::vector<TensorInfo>& inputs);
  std::vector<TensorInfo> outputs() const { return {real_info(dtype_, x_shape_)}; }
  void forward(Inputs in, Outputs out);
  void backward(Inputs grad_outputs, Inputs inputs, Inputs outputs, Outputs grad_inputs);
  Cost cost() const;

 private:
  Real dtype_;
  Shape x_shape_, slope_shape_;
  std::vector<int64_t> x_strides_, slope_strides_;  // read at X's indices
};

}  // namespace d500::reference
