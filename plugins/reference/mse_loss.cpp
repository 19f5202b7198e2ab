#include "mse_loss.h"

namespace d500::reference {

MeanSquaredError::MeanSquaredError(const Attributes& attrs, const std::vector<TensorInfo>& inputs)
    : dtype_(real_dtype(inputs)), reduction_(reduction_of(attrs)) {
  attrs.expect_only({"reduction"});
  if (inputs.size() != 2)
    throw std::invalid_argument("expects inputs prediction and target, got " +
                                std::to_string(inputs.size()) + " inputs");
  if (inputs[0].shape() != inputs[1].shape())
    throw std::invalid_argument("prediction " + inputs[0].str() + " and target " + inputs[1].str() +
                                " differ in shape");
  shape_ = inputs[0].shape();
}

std::vector<TensorInfo> MeanSquaredError::outputs() const {
  return {real_info(dtype_, reduction_ == Reduction::None ? shape_ : Shape{})};
}

void MeanSquaredError::check_inputs(Inputs in) const {
  sdk::expect_count(in.size(), 2, "inputs");
  expect_shape(in[0], shape_, "prediction");
  expect_shape(in[1], shape_, "target");
}

void MeanSquaredError::forward(Inputs in, Outputs out) {
  check_inputs(in);
  sdk::expect_count(out.size(), 1, "outputs");
  expect_shape(out[0], outputs()[0].shape(), "loss");
  dispatch(dtype_, [&](auto tag) {
    using T = decltype(tag);
    auto p = in[0].as<T>();
    auto t = in[1].as<T>();
    auto y = out[0].as<T>();
    double total = 0;
    for (int64_t i = 0; i < p.numel(); ++i) {
      const double e = static_cast<double>(p[i]) - static_cast<double>(t[i]);
      if (reduction_ == Reduction::None) y[i] = static_cast<T>(e * e);
      total += e * e;
    }
    // The mean of no elements is 0/0 = NaN, as numpy's.
    if (reduction_ == Reduction::Mean) total /= static_cast<double>(p.numel());
    if (reduction_ != Reduction::None) y[0] = static_cast<T>(total);
  });
}

void MeanSquaredError::backward(Inputs grad_outputs, Inputs inputs, Inputs /*outputs*/,
                                Outputs grad_inputs) {
  check_inputs(inputs);
  sdk::expect_count(grad_outputs.size(), 1, "output gradients");
  expect_shape(grad_outputs[0], outputs()[0].shape(), "loss gradient");
  sdk::expect_count(grad_inputs.size(), 2, "input gradients");
  const bool want_p = grad_inputs[0].defined(), want_t = grad_inputs[1].defined();
  if (want_p) expect_shape(grad_inputs[0], shape_, "prediction gradient");
  if (want_t) expect_shape(grad_inputs[1], shape_, "target gradient");
  dispatch(dtype_, [&](auto tag) {
    using T = decltype(tag);
    auto p = inputs[0].as<T>();
    auto t = inputs[1].as<T>();
    auto dl = grad_outputs[0].as<T>();
    T* dp = want_p ? grad_inputs[0].as<T>().data() : nullptr;
    T* dt = want_t ? grad_inputs[1].as<T>().data() : nullptr;
    const double scale = reduction_ == Reduction::Mean ? 1.0 / static_cast<double>(p.numel()) : 1.0;
    for (int64_t i = 0; i < p.numel(); ++i) {
      const double g = reduction_ == Reduction::None ? dl[i] : dl[0] * scale;
      const double d = 2.0 * (static_cast<double>(p[i]) - static_cast<double>(t[i])) * g;
      if (dp) dp[i] = static_cast<T>(d);
      if (dt) dt[i] = static_cast<T>(-d);
    }
  });
}

Cost MeanSquaredError::cost() const {
  const double n = static_cast<double>(numel(shape_));
  Cost c;
  c.flops = 3.0 * n + (reduction_ == Reduction::Mean ? 1.0 : 0.0);  // subtract, square, add
  c.bytes = (2.0 * n + (reduction_ == Reduction::None ? n : 1.0)) *
            static_cast<double>(real_size(dtype_));
  return c;
}

}  // namespace d500::reference
