// ONNX element-wise operators of one input with at most two float attributes (Relu, LeakyRelu,
// Sigmoid, Tanh, Abs, Neg, Exp, Log, Sqrt, Reciprocal, Floor, Ceil, Round, Sign, Erf,
// trigonometric and hyperbolic functions and their inverses, Elu, Selu, Celu, HardSigmoid,
// HardSwish, Softplus, Softsign, Mish, ThresholdedRelu), and Clip and PRelu, whose parameters are
// inputs: one definition each (pointwise.cpp) serves both the operator kernels (forward: the ATen
// _out kernel where there is one; backward: the explicit gradient below) and the graph executor
// (the functional forward, differentiated by autograd).
#pragma once

#include <ATen/ATen.h>

#include <array>
#include <optional>
#include <string>
#include <vector>

#include "d500/sdk/attributes.h"

namespace d500::torch_plugin {

using PointwiseParams = std::array<double, 2>;

struct PointwiseOp {
  const char* op;
  const char* description;
  at::Tensor (*f)(const at::Tensor& x, const PointwiseParams& p);
  // Writes f(x) into y without a temporary; nullptr: the kernel copies f(x) into y.
  void (*f_out)(at::Tensor& y, const at::Tensor& x, const PointwiseParams& p);
  // dX from dY, X and Y = f(X). Floor, Ceil, Round and Sign: zeros, as autograd gives.
  at::Tensor (*grad)(const at::Tensor& dy, const at::Tensor& x, const at::Tensor& y,
                     const PointwiseParams& p);
  double flops = 1;  // per element, for cost()
  const char* attr0 = nullptr;
  double default0 = 0;
  const char* attr1 = nullptr;
  double default1 = 0;
};

// The operator's attributes with their ONNX defaults; throws std::invalid_argument on any other.
PointwiseParams pointwise_params(const PointwiseOp& op, const sdk::Attributes& a);

// Clip's bounds: from the attributes below opset 11, else from inputs 1 and 2: read once as
// numbers when every bound given is a constant (at::clamp with Scalar bounds is several times
// faster than with tensor bounds), else tensors given per call.
struct ClipBounds {
  bool legacy = false;
  bool fixed = false;                  // from opset 11: min and max hold the constant bounds
  c10::optional<at::Scalar> min, max;  // legacy or fixed only; none: no bound on that side
  static ClipBounds read(const sdk::Attributes& a);
  // From opset 11, the bounds as numbers when each given one (lo_given, hi_given) has a value
  // (lo, hi defined); else left to the tensors of each call.
  void fix(bool lo_given, const at::Tensor& lo, bool hi_given, const at::Tensor& hi);
  bool scalar() const { return legacy || fixed; }
};
// min(max(x, lo), hi); lo/hi undefined tensors are -inf/+inf (ignored when b.scalar()). Autograd
// reaches lo and hi.
at::Tensor onnx_clip(const at::Tensor& x, const ClipBounds& b, const at::Tensor& lo,
                     const at::Tensor& hi);
// x < 0 ? slope * x : x, slope broadcast to x.
at::Tensor onnx_prelu(const at::Tensor& x, const at::Tensor& slope);
// The shape the slope broadcasts as: before opset 7 a 1-D slope of x's channel count is per
// channel ([C, 1, ..., 1]); else its own shape.
std::vector<int64_t> prelu_slope_view(const std::vector<int64_t>& x,
                                      const std::vector<int64_t>& slope, int64_t opset);

}  // namespace d500::torch_plugin
