#include "average_pool.h"

namespace d500::reference {

AveragePool::AveragePool(const Attributes& attrs, const std::vector<TensorInfo>& inputs) {
  attrs.expect_only({"auto_pad", "ceil_mode", "count_include_pad", "dilations", "kernel_shape",
                     "pads", "strides"});
  sdk::expect_count(inputs.size(), 1, "inputs");
  dtype_ = real_dtype(inputs);
  x_shape_ = inputs[0].shape();
  window_ = pool_window(attrs, x_shape_);
  count_include_pad_ = attrs.get_flag("count_include_pad", false);
  y_shape_ = {x_shape_[0], x_shape_[1]};
  y_shape_.insert(y_shape_.end(), window_.out().begin(), window_.out().end());
}

std::vector<TensorInfo> AveragePool::outputs() const {
  return {TensorInfo(dl_dtype(dtype_), y_shape_)};
}

int64_t AveragePool::divisor(int64_t o, const std::vector<Tap>& taps) const {
  return count_include_pad_ ? window_.padded_count(o) : static_cast<int64_t>(taps.size());
}

void AveragePool::forward(Inputs in, Outputs out) {
  sdk::expect_count(in.size(), 1, "inputs");
  expect_shape(in[0], x_shape_, "X");
  sdk::expect_count(out.size(), 1, "outputs");
  expect_shape(out[0], y_shape_, "Y");
  dispatch(dtype_, [&](auto tag) { forward_t<decltype(tag)>(in, out); });
}

template <class T>
void AveragePool::forward_t(Inputs in, Outputs out) const {
  const T* x = in[0].as<T>().data();
  T* y = out[0].as<T>().data();
  const int64_t NC = x_shape_[0] * x_shape_[1], X = window_.in_size(), O = window_.out_size();
  std::vector<Tap> taps;
  for (int64_t o = 0; o < O; ++o) {
    window_.taps(o, taps);
    const double d = static_cast<double>(divisor(o, taps));
    for (int64_t nc = 0; nc < NC; ++nc) {
      double s = 0;
      for (const Tap& t : taps) s += x[nc * X + t.x];
      y[nc * O + o] = static_cast<T>(s / d);
    }
  }
}

void AveragePool::backward(Inputs grad_outputs, Inputs inputs, Inputs /*outputs*/,
                           Outputs grad_inputs) {
  sdk::expect_count(inputs.size(), 1, "inputs");
  expect_shape(inputs[0], x_shape_, "X");
  sdk::expect_count(grad_outputs.size(), 1, "output gradients");
  sdk::expect_count(grad_inputs.size(), 1, "input gradients");
  if (zero_without_output_gradient(grad_outputs, grad_inputs) || !wanted(grad_inputs, 0)) return;
  expect_shape(grad_outputs[0], y_shape_, "dY");
  expect_shape(grad_inputs[0], x_shape_, "dX");
  dispatch(dtype_, [&](auto tag) { backward_t<decltype(tag)>(grad_outputs, grad_inputs); });
}

template <class T>
void AveragePool::backward_t(Inputs grad_outputs, Outputs grad_inputs) const {
  const T* dy = grad_outputs[0].as<T>().data();
  T* dx = grad_inputs[0].as<T>().data();
  const int64_t NC = x_shape_[0] * x_shape_[1], X = window_.in_size(), O = window_.out_size();
  // Each element of a window received 1/divisor of the window's dY.
  std::vector<double> acc(static_cast<size_t>(NC * X), 0.0);
  std::vector<Tap> taps;
  for (int64_t o = 0; o < O; ++o) {
    window_.taps(o, taps);
    const double d = static_cast<double>(divisor(o, taps));
    for (int64_t nc = 0; nc < NC; ++nc) {
      const double share = static_cast<double>(dy[nc * O + o]) / d;
      for (const Tap& t : taps) acc[nc * X + t.x] += share;
    }
  }
  for (size_t i = 0; i < acc.size(); ++i) dx[i] = static_cast<T>(acc[i]);
}

Cost AveragePool::cost() const {
  // An add per kernel tap and a division per output.
  const double outputs = static_cast<double>(numel(y_shape_));
  Cost c;
  c.flops = outputs * static_cast<double>(window_.kernel_size() + 1);
  c.bytes = static_cast<double>(numel(x_shape_) + numel(y_shape_)) *
            static_cast<double>(real_size(dtype_));
  return c;
}

}  // namespace d500::reference
