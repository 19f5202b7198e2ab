#include "gemm.h"

#include "broadcast.h"

namespace d500::reference {

Gemm::Gemm(const Attributes& attrs, const std::vector<TensorInfo>& inputs)
    : dtype_(real_dtype(inputs)),
      trans_a_(attrs.get_flag("transA", false)),
      trans_b_(attrs.get_flag("transB", false)),
      alpha_(attrs.get_float("alpha", 1.0)),
      beta_(attrs.get_float("beta", 1.0)) {
  attrs.expect_only({"alpha", "beta", "transA", "transB"});
  if (inputs.size() != 2 && inputs.size() != 3)
    throw std::invalid_argument("expects inputs A, B and optional C, got " +
                                std::to_string(inputs.size()) + " inputs");
  a_shape_ = inputs[0].shape();
  b_shape_ = inputs[1].shape();
  if (a_shape_.size() != 2 || b_shape_.size() != 2)
    throw std::invalid_argument("A and B must be 2-D, got A " + sdk::shape_string(a_shape_) +
                                " and B " + sdk::shape_string(b_shape_));
  m_ = trans_a_ ? a_shape_[1] : a_shape_[0];
  k_ = trans_a_ ? a_shape_[0] : a_shape_[1];
  const int64_t kb = trans_b_ ? b_shape_[1] : b_shape_[0];
  n_ = trans_b_ ? b_shape_[0] : b_shape_[1];
  if (k_ != kb)
    throw std::invalid_argument("inner dimensions differ: A " + sdk::shape_string(a_shape_) +
                                " (transA=" + std::to_string(trans_a_) + ") and B " +
                                sdk::shape_string(b_shape_) +
                                " (transB=" + std::to_string(trans_b_) + ")");
  has_c_ = inputs.size() == 3;
  if (has_c_) {
    c_shape_ = inputs[2].shape();
    if (!broadcasts_to(c_shape_, {m_, n_}))
      throw std::invalid_argument("C " + sdk::shape_string(c_shape_) + " cannot be broadcast to [" +
                                  std::to_string(m_) + ", " + std::to_string(n_) + "]");
    c_strides_ = broadcast_strides(c_shape_, {m_, n_});
  }
}

std::vector<TensorInfo> Gemm::outputs() const {
  return {TensorInfo(dtype_ == Real::Float32 ? sdk::dtype_of<float>() : sdk::dtype_of<double>(),
                     {m_, n_})};
}

void Gemm::check_inputs(Inputs in) const {
  sdk::expect_count(in.size(), has_c_ ? 3 : 2, "inputs");
  expect_shape(in[0], a_shape_, "A");
  expect_shape(in[1], b_shape_, "B");
  if (has_c_) expect_shape(in[2], c_shape_, "C");
}

void Gemm::forward(Inputs in, Outputs out) {
  check_inputs(in);
  sdk::expect_count(out.size(), 1, "outputs");
  expect_shape(out[0], {m_, n_}, "Y");
  dispatch(dtype_, [&](auto tag) { forward_t<decltype(tag)>(in, out); });
}

template <class T>
void Gemm::forward_t(Inputs in, Outputs out) const {
  const T* a = in[0].as<T>().data();
  const T* b = in[1].as<T>().data();
  const T* c = has_c_ ? in[2].as<T>().data() : nullptr;
  T* y = out[0].as<T>().data();
  const int64_t M = m_, N = n_, K = k_;
  // Element (i, j) of A' and B', whichever way A and B are stored.
  auto ap = [&](int64_t m, int64_t k) { return trans_a_ ? a[k * M + m] : a[m * K + k]; };
  auto bp = [&](int64_t k, int64_t n) { return trans_b_ ? b[n * K + k] : b[k * N + n]; };
  // One output row at a time, accumulated in double: the k-outer, n-inner order streams B's
  // rows; double accumulation makes float32 results the correctly rounded ones.
  std::vector<double> row(static_cast<size_t>(N));
  for (int64_t m = 0; m < M; ++m) {
    std::fill(row.begin(), row.end(), 0.0);
    for (int64_t k = 0; k < K; ++k) {
      const double av = ap(m, k);
      for (int64_t n = 0; n < N; ++n) row[n] += av * static_cast<double>(bp(k, n));
    }
    for (int64_t n = 0; n < N; ++n) {
      double v = alpha_ * row[n];
      if (c) v += beta_ * static_cast<double>(c[m * c_strides_[0] + n * c_strides_[1]]);
      y[m * N + n] = static_cast<T>(v);
    }
  }
}

void Gemm::backward(Inputs grad_outputs, Inputs inputs, Inputs /*outputs*/, Outputs grad_inputs) {
  check_inputs(inputs);
  sdk::expect_count(grad_outputs.size(), 1, "output gradients");
  expect_shape(grad_outputs[0], {m_, n_}, "dY");
  if (grad_inputs.size() < 2 || grad_inputs.size() > inputs.size())
    throw std::invalid_argument("expected " + std::to_string(inputs.size()) +
                                " input gradients, got " + std::to_string(grad_inputs.size()));
  const Shape* shapes[] = {&a_shape_, &b_shape_, &c_shape_};
  const char* names[] = {"dA", "dB", "dC"};
  for (size_t i = 0; i < grad_inputs.size(); ++i)
    if (grad_inputs[i].defined()) expect_shape(grad_inputs[i], *shapes[i], names[i]);
  dispatch(dtype_, [&](auto tag) { backward_t<decltype(tag)>(grad_outputs, inputs, grad_inputs); });
}

template <class T>
void Gemm::backward_t(Inputs grad_outputs, Inputs inputs, Outputs grad_inputs) const {
  const T* a = inputs[0].as<T>().data();
  const T* b = inputs[1].as<T>().data();
  const T* dy = grad_outputs[0].as<T>().data();
  const int64_t M = m_, N = n_, K = k_;
  auto ap = [&](int64_t m, int64_t k) { return trans_a_ ? a[k * M + m] : a[m * K + k]; };
  auto bp = [&](int64_t k, int64_t n) { return trans_b_ ? b[n * K + k] : b[k * N + n]; };

  // dA' = alpha * dY * B'^T, stored transposed back when transA.
  if (grad_inputs[0].defined()) {
    T* da = grad_inputs[0].as<T>().data();
    for (int64_t m = 0; m < M; ++m)
      for (int64_t k = 0; k < K; ++k) {
        double s = 0;
        for (int64_t n = 0; n < N; ++n) s += static_cast<double>(dy[m * N + n]) * bp(k, n);
        da[trans_a_ ? k * M + m : m * K + k] = static_cast<T>(alpha_ * s);
      }
  }
  // dB' = alpha * A'^T * dY, accumulated row by row of dY.
  if (grad_inputs[1].defined()) {
    T* db = grad_inputs[1].as<T>().data();
    std::vector<double> acc(static_cast<size_t>(K * N), 0.0);
    for (int64_t m = 0; m < M; ++m)
      for (int64_t k = 0; k < K; ++k) {
        const double av = ap(m, k);
        for (int64_t n = 0; n < N; ++n) acc[k * N + n] += av * static_cast<double>(dy[m * N + n]);
      }
    for (int64_t k = 0; k < K; ++k)
      for (int64_t n = 0; n < N; ++n)
        db[trans_b_ ? n * K + k : k * N + n] = static_cast<T>(alpha_ * acc[k * N + n]);
  }
  // dC = beta * dY summed over the dimensions C was broadcast along.
  if (has_c_ && grad_inputs.size() > 2 && grad_inputs[2].defined()) {
    T* dc = grad_inputs[2].as<T>().data();
    std::vector<double> acc(static_cast<size_t>(numel(c_shape_)), 0.0);
    for (int64_t m = 0; m < M; ++m)
      for (int64_t n = 0; n < N; ++n)
        acc[m * c_strides_[0] + n * c_strides_[1]] += static_cast<double>(dy[m * N + n]);
    for (size_t i = 0; i < acc.size(); ++i) dc[i] = static_cast<T>(beta_ * acc[i]);
  }
}

Cost Gemm::cost() const {
  const double mn = static_cast<double>(m_) * n_;
  Cost c;
  c.flops = 2.0 * mn * k_ + (has_c_ ? mn : 0.0);
  const double elements = static_cast<double>(numel(a_shape_) + numel(b_shape_)) +
                          (has_c_ ? static_cast<double>(numel(c_shape_)) : 0.0) + mn;
  c.bytes = elements * static_cast<double>(real_size(dtype_));
  return c;
}

}  // namespace d500::reference
