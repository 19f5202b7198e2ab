#include "relu.h"

namespace d500::reference {

Relu::Relu(const Attributes& attrs, const std::vector<TensorInfo>& inputs)
    : dtype_(real_dtype(inputs)) {
  attrs.expect_only({});
  if (inputs.size() != 1)
    throw std::invalid_argument("expects one input X, got " + std::to_string(inputs.size()) +
                                " inputs");
  x_ = inputs[0];
}

void Relu::forward(Inputs in, Outputs out) {
  sdk::expect_count(in.size(), 1, "inputs");
  sdk::expect_count(out.size(), 1, "outputs");
  expect_shape(in[0], x_.shape(), "X");
  expect_shape(out[0], x_.shape(), "Y");
  dispatch(dtype_, [&](auto tag) {
    using T = decltype(tag);
    auto x = in[0].as<T>();
    auto y = out[0].as<T>();
    // `x < 0 ? 0 : x` rather than std::max: NaN compares false and is passed through.
    for (int64_t i = 0; i < x.numel(); ++i) y[i] = x[i] < T(0) ? T(0) : x[i];
  });
}

void Relu::backward(Inputs grad_outputs, Inputs inputs, Inputs /*outputs*/, Outputs grad_inputs) {
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
    for (int64_t i = 0; i < x.numel(); ++i) dx[i] = x[i] > T(0) ? dy[i] : T(0);
  });
}

Cost Relu::cost() const {
  Cost c;
  c.flops = static_cast<double>(x_.numel());
  c.bytes = 2.0 * static_cast<double>(x_.numel()) * static_cast<double>(real_size(dtype_));
  return c;
}

}  // namespace d500::reference
