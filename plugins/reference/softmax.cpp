#include "softmax.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace d500::reference {

template <class T>
Normaliser normaliser(const T* x, int64_t n, int64_t stride) {
  // Shifting by the maximum keeps every exp() argument <= 0, so nothing overflows.
  Normaliser z{-std::numeric_limits<double>::infinity(), 0.0};
  for (int64_t j = 0; j < n; ++j) z.max = std::max(z.max, static_cast<double>(x[j * stride]));
  for (int64_t j = 0; j < n; ++j) z.sum += std::exp(static_cast<double>(x[j * stride]) - z.max);
  return z;
}
template Normaliser normaliser<float>(const float*, int64_t, int64_t);
template Normaliser normaliser<double>(const double*, int64_t, int64_t);

// exp(x - max) / sum rather than exp(log_softmax): the latter loses relative accuracy when
// x - max is large and negative.
double Normaliser::softmax(double x) const {
  return std::exp(x - max) / sum;
}
double Normaliser::log_softmax(double x) const {
  return x - max - std::log(sum);
}

template <SoftmaxKind K>
SoftmaxFamily<K>::SoftmaxFamily(const Attributes& attrs, const std::vector<TensorInfo>& inputs)
    : dtype_(real_dtype(inputs)) {
  attrs.expect_only({"axis"});
  if (inputs.size() != 1)
    throw std::invalid_argument("expects one input, got " + std::to_string(inputs.size()) +
                                " inputs");
  x_ = inputs[0];
  const Shape& s = x_.shape();
  const int64_t rank = static_cast<int64_t>(s.size());
  const bool coerce_2d = opset_of(attrs) < 13;
  if (rank == 0) throw std::invalid_argument("input must have at least one dimension, got []");
  const int64_t axis = normalize_axis(attrs.get_int("axis", coerce_2d ? 1 : -1), rank);
  for (int64_t d = 0; d < axis; ++d) outer_ *= s[d];
  if (coerce_2d) {
    for (int64_t d = axis; d < rank; ++d) n_ *= s[d];
  } else {
    n_ = s[axis];
    for (int64_t d = axis + 1; d < rank; ++d) inner_ *= s[d];
  }
}

template <SoftmaxKind K>
void SoftmaxFamily<K>::forward(Inputs in, Outputs out) {
  sdk::expect_count(in.size(), 1, "inputs");
  sdk::expect_count(out.size(), 1, "outputs");
  expect_shape(in[0], x_.shape(), "input");
  expect_shape(out[0], x_.shape(), "output");
  dispatch(dtype_, [&](auto tag) {
    using T = decltype(tag);
    const T* x = in[0].as<T>().data();
    T* y = out[0].as<T>().data();
    for (int64_t o = 0; o < outer_; ++o)
      for (int64_t i = 0; i < inner_; ++i) {
        const int64_t base = o * n_ * inner_ + i;  // element j of this line is base + j * inner
        const Normaliser z = normaliser(x + base, n_, inner_);
        for (int64_t j = 0; j < n_; ++j) {
          const double v = x[base + j * inner_];
          y[base + j * inner_] =
              static_cast<T>(K == SoftmaxKind::Softmax ? z.softmax(v) : z.log_softmax(v));
        }
      }
  });
}

template <SoftmaxKind K>
void SoftmaxFamily<K>::backward(Inputs grad_outputs, Inputs inputs, Inputs /*outputs*/,
                                Outputs grad_inputs) {
  sdk::expect_count(grad_outputs.size(), 1, "output gradients");
  sdk::expect_count(inputs.size(), 1, "inputs");
  sdk::expect_count(grad_inputs.size(), 1, "input gradients");
  expect_shape(inputs[0], x_.shape(), "input");
  expect_shape(grad_outputs[0], x_.shape(), "output gradient");
  if (!grad_inputs[0].defined()) return;
  expect_shape(grad_inputs[0], x_.shape(), "input gradient");
  dispatch(dtype_, [&](auto tag) {
    using T = decltype(tag);
    const T* x = inputs[0].as<T>().data();
    const T* dy = grad_outputs[0].as<T>().data();
    T* dx = grad_inputs[0].as<T>().data();
    // The probabilities are recomputed from X in double rather than read from a float32 Y.
    //   Softmax:    dx_j = p_j * (dy_j - sum_k dy_k p_k)
    //   LogSoftmax: dx_j = dy_j - p_j * sum_k dy_k
    for (int64_t o = 0; o < outer_; ++o)
      for (int64_t i = 0; i < inner_; ++i) {
        const int64_t base = o * n_ * inner_ + i;
        const Normaliser z = normaliser(x + base, n_, inner_);
        double s = 0;
        for (int64_t j = 0; j < n_; ++j) {
          const double g = dy[base + j * inner_];
          s += K == SoftmaxKind::Softmax ? g * z.softmax(x[base + j * inner_]) : g;
        }
        for (int64_t j = 0; j < n_; ++j) {
          const double g = dy[base + j * inner_], p = z.softmax(x[base + j * inner_]);
          dx[base + j * inner_] =
              static_cast<T>(K == SoftmaxKind::Softmax ? p * (g - s) : g - p * s);
        }
      }
  });
}

template <SoftmaxKind K>
Cost SoftmaxFamily<K>::cost() const {
  // Per element: max, subtract, exp, add to the sum, and the final divide (or log-subtract).
  Cost c;
  c.flops = 5.0 * static_cast<double>(x_.numel());
  c.bytes = 2.0 * static_cast<double>(x_.numel()) * static_cast<double>(real_size(dtype_));
  return c;
}

template class SoftmaxFamily<SoftmaxKind::Softmax>;
template class SoftmaxFamily<SoftmaxKind::LogSoftmax>;

}  // namespace d500::reference
