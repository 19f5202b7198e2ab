#include "pointwise.h"

#include <cmath>
#include <iterator>
#include <utility>

#include "common.h"

namespace d500::reference {
namespace {

// One operator: its value and derivative at x (y = f(x) is passed to f' as well), operations per
// element for cost(), and up to two float attributes with their ONNX defaults (p[0], p[1]).
struct Def {
  const char* op;
  const char* description;
  double (*f)(double x, const double* p);
  double (*df)(double x, double y, const double* p);
  double flops = 1;
  const char* attr0 = nullptr;
  double default0 = 0;
  const char* attr1 = nullptr;
  double default1 = 0;
};

double sigmoid(double x) {
  if (x >= 0) return 1.0 / (1.0 + std::exp(-x));
  const double e = std::exp(x);
  return e / (1.0 + e);
}
// log(1 + exp(x)) without overflow.
double softplus(double x) {
  return x > 0 ? x + std::log1p(std::exp(-x)) : std::log1p(std::exp(x));
}
double sign(double x) {
  return x > 0 ? 1.0 : (x < 0 ? -1.0 : x);
}  // NaN and +-0 pass through
double zero(double, double, const double*) {
  return 0;
}
constexpr double kTwoOverSqrtPi = 1.12837916709551257390;

constexpr Def kDefs[] = {
    // `x < 0 ? 0 : x` rather than std::max: NaN passes through. Relu's gradient at 0 is 0;
    // LeakyRelu's slope is 1 for x > 0 only, so that alpha = 0 gives exactly Relu's gradient.
    {"Relu", "ONNX Relu", [](double x, const double*) { return x < 0 ? 0.0 : x; },
     [](double x, double, const double*) { return x > 0 ? 1.0 : 0.0; }},
    {"LeakyRelu", "ONNX LeakyRelu", [](double x, const double* p) { return x < 0 ? p[0] * x : x; },
     [](double x, double, const double* p) { return x > 0 ? 1.0 : p[0]; }, 2, "alpha", 0.01},
    {"Sigmoid", "ONNX Sigmoid, without overflow for large |x|",
     [](double x, const double*) { return sigmoid(x); },
     [](double, double y, const double*) { return y * (1 - y); }, 3},
    {"Tanh", "ONNX Tanh", [](double x, const double*) { return std::tanh(x); },
     [](double, double y, const double*) { return 1 - y * y; }},
    {"Abs", "ONNX Abs; gradient sign(x), 0 at 0",
     [](double x, const double*) { return std::fabs(x); },
     [](double x, double, const double*) { return sign(x); }},
    {"Neg", "ONNX Neg", [](double x, const double*) { return -x; },
     [](double, double, const double*) { return -1.0; }},
    {"Exp", "ONNX Exp", [](double x, const double*) { return std::exp(x); },
     [](double, double y, const double*) { return y; }},
    {"Log", "ONNX Log", [](double x, const double*) { return std::log(x); },
     [](double x, double, const double*) { return 1.0 / x; }},
    {"Sqrt", "ONNX Sqrt", [](double x, const double*) { return std::sqrt(x); },
     [](double, double y, const double*) { return 0.5 / y; }},
    {"Reciprocal", "ONNX Reciprocal", [](double x, const double*) { return 1.0 / x; },
     [](double x, double, const double*) { return -1.0 / (x * x); }},
    {"Floor", "ONNX Floor; gradient 0", [](double x, const double*) { return std::floor(x); },
     zero},
    {"Ceil", "ONNX Ceil; gradient 0", [](double x, const double*) { return std::ceil(x); }, zero},
    {"Round", "ONNX Round, half to even; gradient 0",
     [](double x, const double*) { return std::nearbyint(x); }, zero},
    {"Sign", "ONNX Sign; gradient 0", [](double x, const double*) { return sign(x); }, zero},
    {"Erf", "ONNX Erf", [](double x, const double*) { return std::erf(x); },
     [](double x, double, const double*) { return kTwoOverSqrtPi * std::exp(-x * x); }},
    {"Sin", "ONNX Sin", [](double x, const double*) { return std::sin(x); },
     [](double x, double, const double*) { return std::cos(x); }},
    {"Cos", "ONNX Cos", [](double x, const double*) { return std::cos(x); },
     [](double x, double, const double*) { return -std::sin(x); }},
    {"Tan", "ONNX Tan", [](double x, const double*) { return std::tan(x); },
     [](double, double y, const double*) { return 1.0 + y * y; }},
    {"Asin", "ONNX Asin", [](double x, const double*) { return std::asin(x); },
     [](double x, double, const double*) { return 1.0 / std::sqrt(1.0 - x * x); }},
    {"Acos", "ONNX Acos", [](double x, const double*) { return std::acos(x); },
     [](double x, double, const double*) { return -1.0 / std::sqrt(1.0 - x * x); }},
    {"Atan", "ONNX Atan", [](double x, const double*) { return std::atan(x); },
     [](double x, double, const double*) { return 1.0 / (1.0 + x * x); }},
    {"Sinh", "ONNX Sinh", [](double x, const double*) { return std::sinh(x); },
     [](double x, double, const double*) { return std::cosh(x); }},
    {"Cosh", "ONNX Cosh", [](double x, const double*) { return std::cosh(x); },
     [](double x, double, const double*) { return std::sinh(x); }},
    {"Asinh", "ONNX Asinh", [](double x, const double*) { return std::asinh(x); },
     [](double x, double, const double*) { return 1.0 / std::sqrt(x * x + 1.0); }},
    {"Acosh", "ONNX Acosh", [](double x, const double*) { return std::acosh(x); },
     [](double x, double, const double*) { return 1.0 / std::sqrt(x * x - 1.0); }},
    {"Atanh", "ONNX Atanh", [](double x, const double*) { return std::atanh(x); },
     [](double x, double, const double*) { return 1.0 / (1.0 - x * x); }},
    {"Elu", "ONNX Elu", [](double x, const double* p) { return x > 0 ? x : p[0] * std::expm1(x); },
     [](double x, double, const double* p) { return x > 0 ? 1.0 : p[0] * std::exp(x); }, 3, "alpha",
     1.0},
    {"Selu", "ONNX Selu",
     [](double x, const double* p) { return p[1] * (x > 0 ? x : p[0] * std::expm1(x)); },
     [](double x, double, const double* p) { return p[1] * (x > 0 ? 1.0 : p[0] * std::exp(x)); }, 4,
     "alpha", 1.67326319217681884765625, "gamma", 1.05070102214813232421875},
    {"Celu", "ONNX Celu",
     [](double x, const double* p) { return x > 0 ? x : p[0] * std::expm1(x / p[0]); },
     [](double x, double, const double* p) { return x > 0 ? 1.0 : std::exp(x / p[0]); }, 4, "alpha",
     1.0},
    {"HardSigmoid", "ONNX HardSigmoid; gradient 0 where clipped",
     [](double x, const double* p) { return std::fmax(0.0, std::fmin(1.0, p[0] * x + p[1])); },
     [](double x, double, const double* p) {
       const double v = p[0] * x + p[1];
       return v > 0 && v < 1 ? p[0] : 0.0;
     },
     4, "alpha", 0.2, "beta", 0.5},
    {"HardSwish", "ONNX HardSwish",
     [](double x, const double*) { return x * std::fmax(0.0, std::fmin(1.0, x / 6 + 0.5)); },
     [](double x, double, const double*) { return x < -3 ? 0.0 : (x > 3 ? 1.0 : x / 3 + 0.5); }, 5},
    {"Softplus", "ONNX Softplus, log(1 + exp(x)) without overflow",
     [](double x, const double*) { return softplus(x); },
     [](double x, double, const double*) { return sigmoid(x); }, 3},
    {"Softsign", "ONNX Softsign", [](double x, const double*) { return x / (1 + std::fabs(x)); },
     [](double x, double, const double*) {
       const double d = 1 + std::fabs(x);
       return 1.0 / (d * d);
     },
     3},
    {"Mish", "ONNX Mish (opset 18), x tanh(softplus(x))",
     [](double x, const double*) { return x * std::tanh(softplus(x)); },
     [](double x, double, const double*) {
       const double t = std::tanh(softplus(x));
       return t + x * sigmoid(x) * (1 - t * t);
     },
     5},
    {"ThresholdedRelu", "ONNX ThresholdedRelu; gradient 0 at alpha",
     [](double x, const double* p) { return x > p[0] ? x : 0.0; },
     [](double x, double, const double* p) { return x > p[0] ? 1.0 : 0.0; }, 1, "alpha", 1.0},
    // Shrink: p[0] = lambd, p[1] = bias.
    {"Shrink", "ONNX Shrink, float32/float64",
     [](double x, const double* p) { return x < -p[0]  ? x + p[1]
                                            : x > p[0] ? x - p[1]
                                                       : 0.0; },
     [](double x, double, const double* p) { return x < -p[0] || x > p[0] ? 1.0 : 0.0; }, 2,
     "lambd", 0.5, "bias", 0.0},
};

// The operator of entry `def`; the table's types (Pointwise<I>) only pick the entry.
class PointwiseBase {
 public:
  PointwiseBase(const Def& def, const Attributes& attrs, const std::vector<TensorInfo>& inputs)
      : def_(def), dtype_(real_dtype(inputs)) {
    if (def.attr1)
      attrs.expect_only({def.attr0, def.attr1});
    else if (def.attr0)
      attrs.expect_only({def.attr0});
    else
      attrs.expect_only({});
    if (def.attr0) p_[0] = attrs.get_float(def.attr0, def.default0);
    if (def.attr1) p_[1] = attrs.get_float(def.attr1, def.default1);
    if (std::string(def.op) == "Celu" && p_[0] == 0)
      throw std::invalid_argument("Celu alpha must not be 0");
    if (inputs.size() != 1)
      throw std::invalid_argument("expects one input X, got " + std::to_string(inputs.size()) +
                                  " inputs");
    x_ = inputs[0];
  }

  std::vector<TensorInfo> outputs() const { return {x_}; }

  void forward(Inputs in, Outputs out) {
    sdk::expect_count(in.size(), 1, "inputs");
    sdk::expect_count(out.size(), 1, "outputs");
    expect_shape(in[0], x_.shape(), "X");
    expect_shape(out[0], x_.shape(), "Y");
    dispatch(dtype_, [&](auto tag) {
      using T = decltype(tag);
      auto x = in[0].as<T>();
      auto y = out[0].as<T>();
      for (int64_t i = 0; i < x.numel(); ++i) y[i] = static_cast<T>(def_.f(x[i], p_));
    });
  }

  void backward(Inputs grad_outputs, Inputs inputs, Inputs /*outputs*/, Outputs grad_inputs) {
    sdk::expect_count(grad_outputs.size(), 1, "output gradients");
    sdk::expect_count(inputs.size(), 1, "inputs");
    sdk::expect_count(grad_inputs.size(), 1, "input gradients");
    expect_shape(inputs[0], x_.shape(), "X");
    expect_shape(grad_outputs[0], x_.shape(), "dY");
    if (!grad_inputs[0].defined()) return;
    expect_shape(grad_inputs[0], x_.shape(), "dX");
    dispatch(dtype_, [&](auto tag) {
      using T = decltype(tag);
      auto x = inputs[0].as<T>();
      auto dy = grad_outputs[0].as<T>();
      auto dx = grad_inputs[0].as<T>();
      for (int64_t i = 0; i < x.numel(); ++i) {
        const double xi = x[i];
        dx[i] = static_cast<T>(static_cast<double>(dy[i]) * def_.df(xi, def_.f(xi, p_), p_));
      }
    });
  }

  Cost cost() const {
    const double n = static_cast<double>(x_.numel());
    return {def_.flops * n, 2.0 * n * static_cast<double>(real_size(dtype_))};
  }

 private:
  const Def& def_;
  Real dtype_;
  double p_[2] = {0, 0};
  TensorInfo x_;
};

template <size_t I>
class Pointwise : public PointwiseBase, public sdk::Operator<Pointwise<I>> {
 public:
  Pointwise(const Attributes& attrs, const std::vector<TensorInfo>& inputs)
      : PointwiseBase(kDefs[I], attrs, inputs) {}
};

template <size_t... I>
void add_all(std::vector<d500_operator>& ops, std::index_sequence<I...>) {
  (ops.push_back(Pointwise<I>::define({kDefs[I].op, "", "default", kDefs[I].description})), ...);
}

}  // namespace

void add_pointwise_ops(std::vector<d500_operator>& ops) {
  add_all(ops, std::make_index_sequence<std::size(kDefs)>());
}

}  // namespace d500::reference
