#include "unary.h"

#include <cmath>

namespace d500::reference {
namespace {

double sigmoid(double x) {
  // exp of a non-positive argument only: neither branch overflows.
  if (x >= 0) return 1.0 / (1.0 + std::exp(-x));
  const double e = std::exp(x);
  return e / (1.0 + e);
}

template <UnaryKind K>
double value(double x, double alpha) {
  // `x < 0 ? 0 : x` rather than std::max: NaN compares false and is passed through.
  if constexpr (K == UnaryKind::Relu) return x < 0 ? 0.0 : x;
  if constexpr (K == UnaryKind::LeakyRelu) return x < 0 ? alpha * x : x;
  if constexpr (K == UnaryKind::Sigmoid) return sigmoid(x);
  if constexpr (K == UnaryKind::Tanh) return std::tanh(x);
}

template <UnaryKind K>
double derivative(double x, double alpha) {
  if constexpr (K == UnaryKind::Relu) return x > 0 ? 1.0 : 0.0;
  // Slope 1 for x > 0 only, so that alpha = 0 gives exactly Relu's gradient.
  if constexpr (K == UnaryKind::LeakyRelu) return x > 0 ? 1.0 : alpha;
  if constexpr (K == UnaryKind::Sigmoid) {
    const double s = sigmoid(x);
    return s * (1.0 - s);
  }
  if constexpr (K == UnaryKind::Tanh) {
    const double t = std::tanh(x);
    return 1.0 - t * t;
  }
}

// Operations per element for cost(): exp/tanh are counted as one, like the arithmetic.
template <UnaryKind K>
constexpr double flops_per_element() {
  if constexpr (K == UnaryKind::Sigmoid) return 3;    // exp, add, divide
  if constexpr (K == UnaryKind::LeakyRelu) return 2;  // compare, multiply
  return 1;
}

}  // namespace

template <UnaryKind K>
Unary<K>::Unary(const Attributes& attrs, const std::vector<TensorInfo>& inputs)
    : dtype_(real_dtype(inputs)) {
  if constexpr (K == UnaryKind::LeakyRelu) {
    attrs.expect_only({"alpha"});
    alpha_ = attrs.get_float("alpha", 0.01);
  } else {
    attrs.expect_only({});
  }
  if (inputs.size() != 1)
    throw std::invalid_argument("expects one input X, got " + std::to_string(inputs.size()) +
                                " inputs");
  x_ = inputs[0];
}

template <UnaryKind K>
void Unary<K>::forward(Inputs in, Outputs out) {
  sdk::expect_count(in.size(), 1, "inputs");
  sdk::expect_count(out.size(), 1, "outputs");
  expect_shape(in[0], x_.shape(), "X");
  expect_shape(out[0], x_.shape(), "Y");
  dispatch(dtype_, [&](auto tag) {
    using T = decltype(tag);
    auto x = in[0].as<T>();
    auto y = out[0].as<T>();
    for (int64_t i = 0; i < x.numel(); ++i) y[i] = static_cast<T>(value<K>(x[i], alpha_));
  });
}

template <UnaryKind K>
void Unary<K>::backward(Inputs grad_outputs, Inputs inputs, Inputs /*outputs*/,
                        Outputs grad_inputs) {
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
    for (int64_t i = 0; i < x.numel(); ++i)
      dx[i] = static_cast<T>(static_cast<double>(dy[i]) * derivative<K>(x[i], alpha_));
  });
}

template <UnaryKind K>
Cost Unary<K>::cost() const {
  Cost c;
  c.flops = flops_per_element<K>() * static_cast<double>(x_.numel());
  c.bytes = 2.0 * static_cast<double>(x_.numel()) * static_cast<double>(real_size(dtype_));
  return c;
}

template class Unary<UnaryKind::Relu>;
template class Unary<UnaryKind::LeakyRelu>;
template class Unary<UnaryKind::Sigmoid>;
template class Unary<UnaryKind::Tanh>;

}  // namespace d500::reference
