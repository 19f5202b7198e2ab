#include "conv_transpose.h"

namespace d500::reference {
namespace {

// Floor division: output_shape may ask for more than the full output, making the padding
// negative, and the spec's total_padding / 2 is Python's floor there (the ONNX test
// convtranspose_output_shape extends the output at the end, not at the beginning).
int64_t floor_half(int64_t v) {
  return v >= 0 ? v / 2 : -((-v + 1) / 2);
}

}  // namespace

ConvTranspose::ConvTranspose(const Attributes& attrs, const std::vector<TensorInfo>& inputs) {
  attrs.expect_only({"auto_pad", "dilations", "group", "kernel_shape", "output_padding",
                     "output_shape", "pads", "strides"});
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
  const int64_t c = x_shape_[1];
  if (group_ < 1 || c % group_ != 0 || w_shape_[0] != c)
    throw std::invalid_argument("group " + std::to_string(group_) + " does not fit X " +
                                str(x_shape_) + " and W " + str(w_shape_) +
                                " (need W[0] = C divisible by group)");
  m_ = w_shape_[1] * group_;
  const Shape kernel(w_shape_.begin() + 2, w_shape_.end());
  for (int64_t k : kernel)
    if (k < 1) throw std::invalid_argument("W " + str(w_shape_) + " has an empty kernel");
  if (attrs.has("kernel_shape") && axis_ints(attrs, "kernel_shape", n, 1, 1) != kernel)
    throw std::invalid_argument("kernel_shape " + str(attrs.get_ints("kernel_shape")) +
                                " differs from W's spatial dimensions " + str(kernel));
  const Shape strides = axis_ints(attrs, "strides", n, 1, 1);
  const Shape dilations = axis_ints(attrs, "dilations", n, 1, 1);
  const Shape output_padding = axis_ints(attrs, "output_padding", n, 0, 0);
  for (size_t i = 0; i < n; ++i)
    if (output_padding[i] >= strides[i] && output_padding[i] >= dilations[i])
      throw std::invalid_argument("output_padding " + str(output_padding) +
                                  " must be smaller than the stride or the dilation on each axis");
  const AutoPad auto_pad = auto_pad_of(attrs);
  Pads pads = pads_of(attrs, n, auto_pad);

  // Output shape given (its spatial part; some exporters write N and C too), or SAME: the pads
  // follow from it, the odd one at the end for SAME_UPPER and at the beginning otherwise.
  Shape wanted;
  if (attrs.has("output_shape")) {
    wanted = attrs.get_ints("output_shape");
    if (wanted.size() == n + 2) wanted.erase(wanted.begin(), wanted.begin() + 2);
    if (wanted.size() != n)
      throw std::invalid_argument("output_shape " + str(attrs.get_ints("output_shape")) +
                                  " must have one value per spatial axis (" + std::to_string(n) +
                                  ")");
  } else if (auto_pad == AutoPad::SameUpper || auto_pad == AutoPad::SameLower) {
    for (size_t i = 0; i < n; ++i) wanted.push_back(x_shape_[2 + i] * strides[i]);
  }
  Shape out(n);
  for (size_t i = 0; i < n; ++i) {
    const int64_t full =
        strides[i] * (x_shape_[2 + i] - 1) + output_padding[i] + (kernel[i] - 1) * dilations[i] + 1;
    if (!wanted.empty()) {
      const int64_t total = full - wanted[i];
      if (auto_pad == AutoPad::SameUpper) {
        pads.begin[i] = floor_half(total);
        pads.end[i] = total - pads.begin[i];
      } else {
        pads.end[i] = floor_half(total);
        pads.begin[i] = total - pads.end[i];
      }
    }
    out[i] = full - pads.begin[i] - pads.end[i];
    if (out[i] < 1)
      throw std::invalid_argument("pads leave no output on spatial axis " + std::to_string(i) +
                                  " (full output " + std::to_string(full) + ")");
  }
  // The window reads only the begin pads; the elements output_padding adds at the end receive
  // no input and hold the bias alone.
  window_ =
      Window(out, Shape(x_shape_.begin() + 2, x_shape_.end()), kernel, strides, dilations, pads);
  if (has_bias_ && inputs[2].shape() != Shape{m_})
    throw std::invalid_argument("B " + str(inputs[2].shape()) + " must be [" + std::to_string(m_) +
                                "]");
  y_shape_ = {x_shape_[0], m_};
  y_shape_.insert(y_shape_.end(), out.begin(), out.end());
}

std::vector<TensorInfo> ConvTranspose::outputs() const {
  return {TensorInfo(dl_dtype(dtype_), y_shape_)};
}

void ConvTranspose::check_inputs(Inputs in) const {
  expect_between(in.size(), has_bias_ ? 3 : 2, 3, "inputs");
  expect_shape(in[0], x_shape_, "X");
  expect_shape(in[1], w_shape_, "W");
  if (has_bias_) expect_shape(in[2], {m_}, "B");
}

void ConvTranspose::forward(Inputs in, Outputs out) {
  check_inputs(in);
  sdk::expect_count(out.size(), 1, "outputs");
  expect_shape(out[0], y_shape_, "Y");
  dispatch(dtype_, [&](auto tag) { forward_t<decltype(tag)>(in, out); });
}

template <class T>
void ConvTranspose::forward_t(Inputs in, Outputs out) const {
  const T* x = in[0].as<T>().data();
  const T* w = in[1].as<T>().data();
  const T* b = has_bias_ ? in[2].as<T>().data() : nullptr;
  T* y = out[0].as<T>().data();
  const int64_t N = x_shape_[0], C = x_shape_[1], Cg = C / group_, Mg = w_shape_[1];
  const int64_t X = window_.out_size(), Y = window_.in_size(), K = window_.kernel_size();
  // y[n, g*Mg + m, o] = b + sum of x[n, c, i] * w[c, m, k] over the channels c of group g and
  // every (i, k) with o = i * stride - pad_begin + k * dilation.
  std::vector<double> acc(static_cast<size_t>(N * m_ * Y), 0.0);
  std::vector<Tap> taps;
  for (int64_t i = 0; i < X; ++i) {
    window_.taps(i, taps);
    for (int64_t n = 0; n < N; ++n)
      for (int64_t c = 0; c < C; ++c) {
        const double xv = x[(n * C + c) * X + i];
        const int64_t g = c / Cg;
        for (int64_t m = 0; m < Mg; ++m) {
          const T* wk = w + (c * Mg + m) * K;
          double* yo = acc.data() + (n * m_ + g * Mg + m) * Y;
          for (const Tap& t : taps) yo[t.x] += xv * wk[t.k];
        }
      }
  }
  for (int64_t n = 0; n < N; ++n)
    for (int64_t m = 0; m < m_; ++m)
      for (int64_t o = 0; o < Y; ++o) {
        const int64_t at = (n * m_ + m) * Y + o;
        y[at] = static_cast<T>(acc[at] + (b ? static_cast<double>(b[m]) : 0.0));
      }
}

void ConvTranspose::backward(Inputs grad_outputs, Inputs inputs, Inputs /*outputs*/,
                             Outputs grad_inputs) {
  check_inputs(inputs);
  sdk::expect_count(grad_outputs.size(), 1, "output gradients");
  expect_between(grad_inputs.size(), 2, 3, "input gradients");
  if (zero_without_output_gradient(grad_outputs, grad_inputs)) return;
  expect_shape(grad_outputs[0], y_shape_, "dY");
  if (wanted(grad_inputs, 0)) expect_shape(grad_inputs[0], x_shape_, "dX");
  if (wanted(grad_inputs, 1)) expect_shape(grad_inputs[1], w_shape_, "dW");
  if (wanted(grad_inputs, 2)) {
    if (!has_bias_) throw std::invalid_argument("dB requested but B was not given");
    expect_shape(grad_inputs[2], {m_}, "dB");
  }
  dispatch(dtype_, [&](auto tag) { backward_t<decltype(tag)>(grad_outputs, inputs, grad_inputs); });
}

template <class T>
void ConvTranspose::backward_t(Inputs grad_outputs, Inputs inputs, Outputs grad_inputs) const {
  const T* x = inputs[0].as<T>().data();
  const T* w = inputs[1].as<T>().data();
  const T* dy = grad_outputs[0].as<T>().data();
  const int64_t N = x_shape_[0], C = x_shape_[1], Cg = C / group_, Mg = w_shape_[1];
  const int64_t X = window_.out_size(), Y = window_.in_size(), K = window_.kernel_size();
  const bool want_x = wanted(grad_inputs, 0), want_w = wanted(grad_inputs, 1);
  // Each product x[n, c, i] * w[c, m, k] that reached y[n, g*Mg + m, o] sends dy there back to
  // both factors.
  std::vector<double> dw(want_w ? static_cast<size_t>(C * Mg * K) : 0, 0.0);
  T* dx = want_x ? grad_inputs[0].as<T>().data() : nullptr;
  std::vector<Tap> taps;
  for (int64_t i = 0; i < X; ++i) {
    window_.taps(i, taps);
    for (int64_t n = 0; n < N; ++n)
      for (int64_t c = 0; c < C; ++c) {
        const int64_t g = c / Cg, xi = (n * C + c) * X + i;
        double gx = 0;
        for (int64_t m = 0; m < Mg; ++m) {
          const int64_t wk = (c * Mg + m) * K;
          const T* dyo = dy + (n * m_ + g * Mg + m) * Y;
          for (const Tap& t : taps) {
            gx += static_cast<double>(w[wk + t.k]) * dyo[t.x];
            if (want_w) dw[wk + t.k] += static_cast<double>(x[xi]) * dyo[t.x];
          }
        }
        if (dx) dx[xi] = static_cast<T>(gx);
      }
  }
  if (want_w) {
    T* out = grad_inputs[1].as<T>().data();
    for (size_t j = 0; j < dw.size(); ++j) out[j] = static_cast<T>(dw[j]);
  }
  if (wanted(grad_inputs, 2)) {
    T* db = grad_inputs[2].as<T>().data();
    for (int64_t m = 0; m < m_; ++m) {
      double s = 0;
      for (int64_t n = 0; n < N; ++n)
        for (int64_t o = 0; o < Y; ++o) s += dy[(n * m_ + m) * Y + o];
      db[m] = static_cast<T>(s);
    }
  }
}

Cost ConvTranspose::cost() const {
  // A multiply and an add for every input element, kernel tap and output channel of its group:
  // the work of the full (uncropped) scatter, as frameworks count it.
  const double macs = static_cast<double>(numel(x_shape_)) * static_cast<double>(w_shape_[1]) *
                      window_.kernel_size();
  const double outputs = static_cast<double>(numel(y_shape_));
  Cost c;
  c.flops = 2.0 * macs + (has_bias_ ? outputs : 0.0);
  const double elements = static_cast<double>(numel(x_shape_) + numel(w_shape_)) +
                          (has_bias_ ? static_cast<double>(m_) : 0.0) + outputs;
  c.bytes = elements * static_cast<double>(real_size(dtype_));
  return c;
}

}  // namespace d500::reference
