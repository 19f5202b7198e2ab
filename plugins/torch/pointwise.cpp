// The element-wise table, Clip and PRelu (pointwise.h): each entry's forward is what the graph
// executor calls and what the kernel runs; the kernel's backward is the entry's gradient.
#include "pointwise.h"

#include <cmath>
#include <iterator>
#include <utility>

#include "common.h"
#include "registry.h"

namespace d500::torch_plugin {
namespace {

using P = PointwiseParams;
using T = at::Tensor;

// An ATen function with an _out form: the functional forward and the one without a temporary.
#define D500_ATEN_UNARY(fn)                       \
  [](const T& x, const P&) { return at::fn(x); }, \
      [](T& y, const T& x, const P&) { at::fn##_out(y, x); }

T no_gradient(const T& dy, const T&, const T&, const P&) {
  return at::zeros_like(dy);
}
constexpr double kTwoOverSqrtPi = 1.12837916709551257390;

constexpr PointwiseOp kOps[] = {
    // Relu's gradient at exactly 0 is 0 (as in the reference); LeakyRelu's there is alpha.
    {"Relu", "ONNX Relu via at::clamp_min_out; backward at::threshold_backward",
     [](const T& x, const P&) { return at::relu(x); },
     [](T& y, const T& x, const P&) { at::clamp_min_out(y, x, 0); },
     [](const T& dy, const T& x, const T&, const P&) { return at::threshold_backward(dy, x, 0); }},
    {"LeakyRelu", "ONNX LeakyRelu via at::leaky_relu_out / leaky_relu_backward",
     [](const T& x, const P& p) { return at::leaky_relu(x, p[0]); },
     [](T& y, const T& x, const P& p) { at::leaky_relu_out(y, x, p[0]); },
     [](const T& dy, const T& x, const T&, const P& p) {
       return at::leaky_relu_backward(dy, x, p[0], false);
     },
     2, "alpha", 0.01},
    {"Sigmoid", "ONNX Sigmoid via at::sigmoid_out / sigmoid_backward", D500_ATEN_UNARY(sigmoid),
     [](const T& dy, const T&, const T& y, const P&) { return at::sigmoid_backward(dy, y); }, 3},
    {"Tanh", "ONNX Tanh via at::tanh_out / tanh_backward", D500_ATEN_UNARY(tanh),
     [](const T& dy, const T&, const T& y, const P&) { return at::tanh_backward(dy, y); }},
    {"Abs", "ONNX Abs via at::abs_out; gradient dY sgn(X)", D500_ATEN_UNARY(abs),
     [](const T& dy, const T& x, const T&, const P&) { return dy * at::sgn(x); }},
    {"Neg", "ONNX Neg via at::neg_out", D500_ATEN_UNARY(neg),
     [](const T& dy, const T&, const T&, const P&) { return -dy; }},
    {"Exp", "ONNX Exp via at::exp_out", D500_ATEN_UNARY(exp),
     [](const T& dy, const T&, const T& y, const P&) { return dy * y; }},
    {"Log", "ONNX Log via at::log_out", D500_ATEN_UNARY(log),
     [](const T& dy, const T& x, const T&, const P&) { return dy / x; }},
    {"Sqrt", "ONNX Sqrt via at::sqrt_out", D500_ATEN_UNARY(sqrt),
     [](const T& dy, const T&, const T& y, const P&) { return dy / (2 * y); }},
    {"Reciprocal", "ONNX Reciprocal via at::reciprocal_out", D500_ATEN_UNARY(reciprocal),
     [](const T& dy, const T&, const T& y, const P&) { return -dy * y * y; }},
    {"Floor", "ONNX Floor via at::floor_out; gradient 0", D500_ATEN_UNARY(floor), no_gradient},
    {"Ceil", "ONNX Ceil via at::ceil_out; gradient 0", D500_ATEN_UNARY(ceil), no_gradient},
    {"Round", "ONNX Round (half to even) via at::round_out; gradient 0", D500_ATEN_UNARY(round),
     no_gradient},
    {"Sign", "ONNX Sign via at::sign_out; gradient 0", D500_ATEN_UNARY(sign), no_gradient},
    {"Erf", "ONNX Erf via at::erf_out", D500_ATEN_UNARY(erf),
     [](const T& dy, const T& x, const T&, const P&) {
       return dy * (-x * x).exp_() * kTwoOverSqrtPi;
     }},
    {"Sin", "ONNX Sin via at::sin_out", D500_ATEN_UNARY(sin),
     [](const T& dy, const T& x, const T&, const P&) { return dy * at::cos(x); }},
    {"Cos", "ONNX Cos via at::cos_out", D500_ATEN_UNARY(cos),
     [](const T& dy, const T& x, const T&, const P&) { return -dy * at::sin(x); }},
    {"Tan", "ONNX Tan via at::tan_out", D500_ATEN_UNARY(tan),
     [](const T& dy, const T&, const T& y, const P&) { return dy * (y * y + 1); }},
    {"Asin", "ONNX Asin via at::asin_out", D500_ATEN_UNARY(asin),
     [](const T& dy, const T& x, const T&, const P&) { return dy * at::rsqrt(1 - x * x); }},
    {"Acos", "ONNX Acos via at::acos_out", D500_ATEN_UNARY(acos),
     [](const T& dy, const T& x, const T&, const P&) { return -dy * at::rsqrt(1 - x * x); }},
    {"Atan", "ONNX Atan via at::atan_out", D500_ATEN_UNARY(atan),
     [](const T& dy, const T& x, const T&, const P&) { return dy / (x * x + 1); }},
    {"Sinh", "ONNX Sinh via at::sinh_out", D500_ATEN_UNARY(sinh),
     [](const T& dy, const T& x, const T&, const P&) { return dy * at::cosh(x); }},
    {"Cosh", "ONNX Cosh via at::cosh_out", D500_ATEN_UNARY(cosh),
     [](const T& dy, const T& x, const T&, const P&) { return dy * at::sinh(x); }},
    {"Asinh", "ONNX Asinh via at::asinh_out", D500_ATEN_UNARY(asinh),
     [](const T& dy, const T& x, const T&, const P&) { return dy * at::rsqrt(x * x + 1); }},
    {"Acosh", "ONNX Acosh via at::acosh_out", D500_ATEN_UNARY(acosh),
     [](const T& dy, const T& x, const T&, const P&) { return dy * at::rsqrt(x * x - 1); }},
    {"Atanh", "ONNX Atanh via at::atanh_out", D500_ATEN_UNARY(atanh),
     [](const T& dy, const T& x, const T&, const P&) { return dy / (1 - x * x); }},
    {"Elu", "ONNX Elu via at::elu / elu_backward",
     [](const T& x, const P& p) { return at::elu(x, p[0]); },
     [](T& y, const T& x, const P& p) { at::elu_out(y, x, p[0]); },
     [](const T& dy, const T& x, const T&, const P& p) {
       return at::elu_backward(dy, p[0], 1, 1, false, x);
     },
     3, "alpha", 1.0},
    {"Selu", "ONNX Selu via at::elu (scale gamma) / elu_backward",
     [](const T& x, const P& p) { return at::elu(x, p[0], p[1]); },
     [](T& y, const T& x, const P& p) { at::elu_out(y, x, p[0], p[1]); },
     [](const T& dy, const T& x, const T&, const P& p) {
       return at::elu_backward(dy, p[0], p[1], 1, false, x);
     },
     4, "alpha", 1.67326319217681884765625, "gamma", 1.05070102214813232421875},
    {"Celu", "ONNX Celu via at::elu (input scale 1/alpha) / elu_backward",
     [](const T& x, const P& p) { return at::elu(x, p[0], 1, 1 / p[0]); },
     [](T& y, const T& x, const P& p) { at::elu_out(y, x, p[0], 1, 1 / p[0]); },
     [](const T& dy, const T& x, const T&, const P& p) {
       return at::elu_backward(dy, p[0], 1, 1 / p[0], false, x);
     },
     4, "alpha", 1.0},
    {"HardSigmoid", "ONNX HardSigmoid, clamp(alpha x + beta, 0, 1); gradient 0 where clipped",
     [](const T& x, const P& p) { return at::clamp(x * p[0] + p[1], 0, 1); }, nullptr,
     [](const T& dy, const T& x, const T&, const P& p) {
       const T v = x * p[0] + p[1];
       return dy * ((v > 0).logical_and_(v < 1)).to(dy.scalar_type()) * p[0];
     },
     4, "alpha", 0.2, "beta", 0.5},
    {"HardSwish", "ONNX HardSwish via at::hardswish_out / hardswish_backward",
     D500_ATEN_UNARY(hardswish),
     [](const T& dy, const T& x, const T&, const P&) { return at::hardswish_backward(dy, x); }, 5},
    {"Softplus", "ONNX Softplus via at::softplus_out (beta 1, threshold 20) / softplus_backward",
     [](const T& x, const P&) { return at::softplus(x, 1, 20); },
     [](T& y, const T& x, const P&) { at::softplus_out(y, x, 1, 20); },
     [](const T& dy, const T& x, const T&, const P&) {
       return at::softplus_backward(dy, x, 1, 20);
     },
     3},
    {"Softsign", "ONNX Softsign, x / (1 + |x|)",
     [](const T& x, const P&) { return x / (at::abs(x) + 1); }, nullptr,
     [](const T& dy, const T& x, const T&, const P&) {
       const T d = at::abs(x) + 1;
       return dy / (d * d);
     },
     3},
    {"Mish", "ONNX Mish (opset 18) via at::mish_out / mish_backward", D500_ATEN_UNARY(mish),
     [](const T& dy, const T& x, const T&, const P&) { return at::mish_backward(dy, x); }, 5},
    {"ThresholdedRelu", "ONNX ThresholdedRelu via at::threshold_out / threshold_backward",
     [](const T& x, const P& p) { return at::threshold(x, p[0], 0); },
     [](T& y, const T& x, const P& p) { at::threshold_out(y, x, p[0], 0); },
     [](const T& dy, const T& x, const T&, const P& p) {
       return at::threshold_backward(dy, x, p[0]);
     },
     1, "alpha", 1.0},
};
#undef D500_ATEN_UNARY

// The kernel of one table entry; PointwiseAt<I> only picks the entry (one type per operator,
// as Bound<> needs).
class PointwiseKernel {
 public:
  PointwiseKernel(const PointwiseOp& op, const Attributes& a, const std::vector<TensorInfo>& in)
      : op_(op), type_(real_type(in)), p_(pointwise_params(op, a)) {
    sdk::expect_count(in.size(), 1, "inputs");
    shape_ = in[0].shape();
    x_ = Slot("X", type_, shape_), y_ = Slot("Y", type_, shape_);
    dx_ = Slot("dX", type_, shape_), dy_ = Slot("dY", type_, shape_);
  }

  std::vector<TensorInfo> outputs() const { return {info(type_, shape_)}; }

  void forward(Inputs in, Outputs out) {
    at::Tensor& y = y_(out[0]);
    if (op_.f_out)
      op_.f_out(y, x_(in[0]), p_);
    else
      y.copy_(op_.f(x_(in[0]), p_));
  }
  // ABI 1.3 forward_owned: the functional forward's own result, without a copy.
  at::Tensor forward_tensor(Inputs in) { return op_.f(x_(in[0]), p_); }

  void backward(Inputs go, Inputs in, Inputs out, Outputs gi) {
    if (!wanted(gi, 0)) return;
    const at::Tensor& x = x_(in[0]);
    const at::Tensor y = given(out, 0) ? y_(out[0]) : op_.f(x, p_);
    dx_(gi[0]).copy_(op_.grad(dy_(go[0]), x, y, p_));
  }

  Cost cost() const {
    const double n = static_cast<double>(numel(shape_));
    return {op_.flops * n, 2.0 * n * static_cast<double>(type_size(type_))};
  }

 private:
  const PointwiseOp& op_;
  at::ScalarType type_;
  PointwiseParams p_;
  Shape shape_;
  Slot x_, y_, dx_, dy_;
};

template <size_t I>
class PointwiseAt : public PointwiseKernel {
 public:
  PointwiseAt(const Setup&, const Attributes& a, const std::vector<TensorInfo>& in,
              const Constants&)
      : PointwiseKernel(kOps[I], a, in) {}
};

// The executor's function of entry I: the entry's functional forward.
template <size_t I>
NodeFn graph_pointwise(const Attributes& a, const NodeSignature&) {
  const PointwiseParams params = pointwise_params(kOps[I], a);
  return graph::one([params](const graph::Args& in) { return kOps[I].f(in[0], params); });
}

template <size_t... I>
void add_table(std::vector<d500_operator>& ops, bool cuda, std::index_sequence<I...>) {
  (add<PointwiseAt<I>>(ops, cuda, kOps[I].op, kOps[I].description, graph_pointwise<I>), ...);
}

}  // namespace

PointwiseParams pointwise_params(const PointwiseOp& op, const sdk::Attributes& a) {
  if (op.attr1)
    a.expect_only({op.attr0, op.attr1});
  else if (op.attr0)
    a.expect_only({op.attr0});
  else
    a.expect_only({});
  PointwiseParams p{0, 0};
  if (op.attr0) p[0] = a.get_float(op.attr0, op.default0);
  if (op.attr1) p[1] = a.get_float(op.attr1, op.default1);
  if (std::string(op.op) == "Celu" && p[0] == 0)
    throw std::invalid_argument("Celu alpha must not be 0");
  return p;
}

void add_clip_prelu_ops(std::vector<d500_operator>& ops, bool cuda);  // clip_prelu.cpp

void add_pointwise_ops(std::vector<d500_operator>& ops, bool cuda) {
  add_table(ops, cuda, std::make_index_sequence<std::size(kOps)>());
  add_clip_prelu_ops(ops, cuda);
}

}  // namespace d500::torch_plugin
