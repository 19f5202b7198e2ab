#include "conv.h"

namespace d500::reference {

Conv::Conv(const Attributes& attrs, const std::vector<TensorInfo>& inputs) {
  attrs.expect_only({"auto_pad", "dilations", "group", "kernel_shape", "pads", "strides"});
  if (inputs.size() < 2 || inputs.size() > 3 || !inputs[0].present() || !inputs[1].present())
    throw std::invalid_argument("expects inputs X, W and optional B, got " +
                                std::to_string(inputs.size()) + " inputs");
  has_bias_ = inputs.size() == 3 && inputs[2].present();
  dtype_ = real_dtype_of(inputs, {0, 1, 2});
  x_shape_ = inputs[0].shape();
  w_shape_ = inputs[1].shape();
  if (x_shape_.size() < 3)
    throw std::invalid_argument("X must be [N, C, D1, ...] with at least one spatial axis, got " +
                                str(x_shape_));
  if (w_shape_.size() != x_shape_.size())
    throw std::invalid_argument("W " + str(w_shape_) + " must have the rank of X " + str(x_shape_));
  const size_t n = x_shape_.size() - 2;
  group_ = attrs.get_int("group", 1);
  const int64_t c = x_shape_[1], m = w_shape_[0];
  if (group_ < 1 || c % group_ != 0 || m % group_ != 0 || w_shape_[1] * group_ != c)
    throw std::invalid_argument("group " + std::to_string(group_) + " does not fit X " +
                                str(x_shape_) + " and W " + str(w_shape_) +
                                " (need C = W[1] * group and M divisible by group)");
  const Shape kernel(w_shape_.begin() + 2, w_shape_.end());
  for (int64_t k : kernel)
    if (k < 1) throw std::invalid_argument("W " + str(w_shape_) + " has an empty kernel");
  if (attrs.has("kernel_shape") && axis_ints(attrs, "kernel_shape", n, 1, 1) != kernel)
    throw std::invalid_argument("kernel_shape " + str(attrs.get_ints("kernel_shape")) +
                                " differs from W's spatial dimensions " + str(kernel));
  const AutoPad auto_pad = auto_pad_of(attrs);
  window_ = sliding_window(
      Shape(x_shape_.begin() + 2, x_shape_.end()), kernel, axis_ints(attrs, "strides", n, 1, 1),
      axis_ints(attrs, "dilations", n, 1, 1), auto_pad, pads_of(attrs, n, auto_pad), false);
  if (has_bias_ && inputs[2].shape() != Shape{m})
    throw std::invalid_argument("B " + str(inputs[2].shape()) + " must be [" + std::to_string(m) +
                                "]");
  y_shape_ = {x_shape_[0], m};
  y_shape_.insert(y_shape_.end(), window_.out().begin(), window_.out().end());
}

std::vector<TensorInfo> Conv::outputs() const {
  return {TensorInfo(dl_dtype(dtype_), y_shape_)};
}

void Conv::check_inputs(Inputs in) const {
  expect_between(in.size(), has_bias_ ? 3 : 2, 3, "inputs");
  expect_shape(in[0], x_shape_, "X");
  expect_shape(in[1], w_shape_, "W");
  if (has_bias_) expect_shape(in[2], {w_shape_[0]}, "B");
}

void Conv::forward(Inputs in, Outputs out) {
  check_inputs(in);
  sdk::expect_count(out.size(), 1, "outputs");
  expect_shape(out[0], y_shape_, "Y");
  dispatch(dtype_, [&](auto tag) { forward_t<decltype(tag)>(in, out); });
}

template <class T>
void Conv::forward_t(Inputs in, Outputs out) const {
  const T* x = in[0].as<T>().data();
  const T* w = in[1].as<T>().data();
  const T* b = has_bias_ ? in[2].as<T>().data() : nullptr;
  T* y = out[0].as<T>().data();
  const int64_t N = x_shape_[0], C = x_shape_[1], M = w_shape_[0];
  const int64_t Cg = C / group_, Mg = M / group_;
  const int64_t X = window_.in_size(), O = window_.out_size(), K = window_.kernel_size();
  // y[n, m, o] = b[m] + sum over the group's channels c and the taps (k, i) of window o of
  // x[n, c, i] * w[m, c, k]; taps in the padding contribute zero and are skipped.
  std::vector<Tap> taps;
  for (int64_t o = 0; o < O; ++o) {
    window_.taps(o, taps);
    for (int64_t n = 0; n < N; ++n)
      for (int64_t m = 0; m < M; ++m) {
        const int64_t g = m / Mg;
        double acc = b ? static_cast<double>(b[m]) : 0.0;
        for (int64_t c = 0; c < Cg; ++c) {
          const T* xc = x + (n * C + g * Cg + c) * X;
          const T* wc = w + (m * Cg + c) * K;
          for (const Tap& t : taps) acc += static_cast<double>(xc[t.x]) * wc[t.k];
        }
        y[(n * M + m) * O + o] = static_cast<T>(acc);
      }
  }
}

void Conv::backward(Inputs grad_outputs, Inputs inputs, Inputs /*outputs*/, Outputs grad_inputs) {
  check_inputs(inputs);
  sdk::expect_count(grad_outputs.size(), 1, "output gradients");
  expect_between(grad_inputs.size(), 2, 3, "input gradients");
  if (zero_without_output_gradient(grad_outputs, grad_inputs)) return;
  expect_shape(grad_outputs[0], y_shape_, "dY");
  if (wanted(grad_inputs, 0)) expect_shape(grad_inputs[0], x_shape_, "dX");
  if (wanted(grad_inputs, 1)) expect_shape(grad_inputs[1], w_shape_, "dW");
  if (wanted(grad_inputs, 2)) {
    if (!has_bias_) throw std::invalid_argument("dB requested but B was not given");
    expect_shape(grad_inputs[2], {w_shape_[0]}, "dB");
  }
  dispatch(dtype_, [&](auto tag) { backward_t<decltype(tag)>(grad_outputs, inputs, grad_inputs); });
}

template <class T>
void Conv::backward_t(Inputs grad_outputs, Inputs inputs, Outputs grad_inputs) const {
  const T* x = inputs[0].as<T>().data();
  const T* w = inputs[1].as<T>().data();
  const T* dy = grad_outputs[0].as<T>().data();
  const int64_t N = x_shape_[0], C = x_shape_[1], M = w_shape_[0];
  const int64_t Cg = C / group_, Mg = M / group_;
  const int64_t X = window_.in_size(), O = window_.out_size(), K = window_.kernel_size();
  const bool want_x = wanted(grad_inputs, 0), want_w = wanted(grad_inputs, 1),
             want_b = wanted(grad_inputs, 2);
  // Every product x[n, c, i] * w[m, c, k] of the forward sends dy[n, m, o] back to both factors.
  std::vector<double> dx(want_x ? static_cast<size_t>(N * C * X) : 0, 0.0);
  std::vector<double> dw(want_w ? static_cast<size_t>(M * Cg * K) : 0, 0.0);
  std::vector<double> db(static_cast<size_t>(M), 0.0);
  std::vector<Tap> taps;
  for (int64_t o = 0; o < O; ++o) {
    window_.taps(o, taps);
    for (int64_t n = 0; n < N; ++n)
      for (int64_t m = 0; m < M; ++m) {
        const double g_y = dy[(n * M + m) * O + o];
        db[m] += g_y;
        const int64_t g = m / Mg;
        for (int64_t c = 0; c < Cg; ++c) {
          const int64_t xc = (n * C + g * Cg + c) * X, wc = (m * Cg + c) * K;
          for (const Tap& t : taps) {
            if (want_x) dx[xc + t.x] += static_cast<double>(w[wc + t.k]) * g_y;
            if (want_w) dw[wc + t.k] += static_cast<double>(x[xc + t.x]) * g_y;
          }
        }
      }
  }
  if (want_x) {
    T* out = grad_inputs[0].as<T>().data();
    for (size_t i = 0; i < dx.size(); ++i) out[i] = static_cast<T>(dx[i]);
  }
  if (want_w) {
    T* out = grad_inputs[1].as<T>().data();
    for (size_t i = 0; i < dw.size(); ++i) out[i] = static_cast<T>(dw[i]);
  }
  if (want_b) {
    T* out = grad_inputs[2].as<T>().data();
    for (int64_t m = 0; m < M; ++m) out[m] = static_cast<T>(db[m]);
  }
}

Cost Conv::cost() const {
  // A multiply and an add per kernel tap, padding taps included: the count every framework
  // reports, independent of how an implementation skips the padding.
  const double outputs = static_cast<double>(numel(y_shape_));
  const double macs = outputs * static_cast<double>(w_shape_[1]) * window_.kernel_size();
  Cost c;
  c.flops = 2.0 * macs + (has_bias_ ? outputs : 0.0);
  const double elements = static_cast<double>(numel(x_shape_) + numel(w_shape_)) +
                          (has_bias_ ? static_cast<double>(w_shape_[0]) : 0.0) + outputs;
  c.bytes = elements * static_cast<double>(real_size(dtype_));
  return c;
}

}  // namespace d500::reference
