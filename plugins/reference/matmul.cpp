#include "matmul.h"

#include "broadcast.h"

namespace d500::reference {

MatMul::MatMul(const Attributes& attrs, const std::vector<TensorInfo>& inputs)
    : dtype_(real_dtype(inputs)) {
  attrs.expect_only({});
  if (inputs.size() != 2)
    throw std::invalid_argument("expects inputs A and B, got " + std::to_string(inputs.size()) +
                                " inputs");
  a_shape_ = inputs[0].shape();
  b_shape_ = inputs[1].shape();
  if (a_shape_.empty() || b_shape_.empty())
    throw std::invalid_argument("A and B must have at least one dimension, got A " +
                                sdk::shape_string(a_shape_) + " and B " +
                                sdk::shape_string(b_shape_));
  // Promote 1-D operands to matrices (numpy's rule).
  Shape a = a_shape_, b = b_shape_;
  if (a.size() == 1) a.insert(a.begin(), 1);
  if (b.size() == 1) b.push_back(1);
  m_ = a[a.size() - 2];
  k_ = a[a.size() - 1];
  n_ = b[b.size() - 1];
  if (b[b.size() - 2] != k_)
    throw std::invalid_argument("inner dimensions differ: A " + sdk::shape_string(a_shape_) +
                                " and B " + sdk::shape_string(b_shape_));
  const Shape a_batch(a.begin(), a.end() - 2), b_batch(b.begin(), b.end() - 2);
  batch_ = broadcast_shapes(a_batch, b_batch);
  a_batch_strides_ = broadcast_strides(a_batch, batch_, m_ * k_);
  b_batch_strides_ = broadcast_strides(b_batch, batch_, k_ * n_);
  y_shape_ = batch_;
  if (a_shape_.size() > 1) y_shape_.push_back(m_);
  if (b_shape_.size() > 1) y_shape_.push_back(n_);
}

std::vector<TensorInfo> MatMul::outputs() const {
  return {TensorInfo(dtype_ == Real::Float32 ? sdk::dtype_of<float>() : sdk::dtype_of<double>(),
                     y_shape_)};
}

void MatMul::check_inputs(Inputs in) const {
  sdk::expect_count(in.size(), 2, "inputs");
  expect_shape(in[0], a_shape_, "A");
  expect_shape(in[1], b_shape_, "B");
}

void MatMul::forward(Inputs in, Outputs out) {
  check_inputs(in);
  sdk::expect_count(out.size(), 1, "outputs");
  expect_shape(out[0], y_shape_, "Y");
  dispatch(dtype_, [&](auto tag) { forward_t<decltype(tag)>(in, out); });
}

template <class T>
void MatMul::forward_t(Inputs in, Outputs out) const {
  const T* a = in[0].as<T>().data();
  const T* b = in[1].as<T>().data();
  T* y = out[0].as<T>().data();
  const int64_t M = m_, N = n_, K = k_;
  std::vector<double> row(static_cast<size_t>(N));
  for_each_broadcast(batch_, a_batch_strides_, b_batch_strides_,
                     [&](int64_t batch, int64_t a_off, int64_t b_off) {
                       const T* ab = a + a_off;
                       const T* bb = b + b_off;
                       T* yb = y + batch * M * N;
                       // Row of Y in double, k-outer so B is read row by row.
                       for (int64_t m = 0; m < M; ++m) {
                         std::fill(row.begin(), row.end(), 0.0);
                         for (int64_t k = 0; k < K; ++k) {
                           const double av = ab[m * K + k];
                           for (int64_t n = 0; n < N; ++n) row[n] += av * bb[k * N + n];
                         }
                         for (int64_t n = 0; n < N; ++n) yb[m * N + n] = static_cast<T>(row[n]);
                       }
                     });
}

void MatMul::backward(Inputs grad_outputs, Inputs inputs, Inputs /*outputs*/, Outputs grad_inputs) {
  check_inputs(inputs);
  sdk::expect_count(grad_outputs.size(), 1, "output gradients");
  expect_shape(grad_outputs[0], y_shape_, "dY");
  sdk::expect_count(grad_inputs.size(), 2, "input gradients");
  if (grad_inputs[0].defined()) expect_shape(grad_inputs[0], a_shape_, "dA");
  if (grad_inputs[1].defined()) expect_shape(grad_inputs[1], b_shape_, "dB");
  dispatch(dtype_, [&](auto tag) { backward_t<decltype(tag)>(grad_outputs, inputs, grad_inputs); });
}

template <class T>
void MatMul::backward_t(Inputs grad_outputs, Inputs inputs, Outputs grad_inputs) const {
  const T* a = inputs[0].as<T>().data();
  const T* b = inputs[1].as<T>().data();
  const T* dy = grad_outputs[0].as<T>().data();
  const bool want_a = grad_inputs[0].defined(), want_b = grad_inputs[1].defined();
  const int64_t M = m_, N = n_, K = k_;
  // A matrix of A or B that was broadcast over batches receives the sum of its batches'
  // gradients, so both are accumulated (in double) before they are written.
  std::vector<double> da(want_a ? static_cast<size_t>(numel(a_shape_)) : 0, 0.0);
  std::vector<double> db(want_b ? static_cast<size_t>(numel(b_shape_)) : 0, 0.0);
  for_each_broadcast(batch_, a_batch_strides_, b_batch_strides_,
                     [&](int64_t batch, int64_t a_off, int64_t b_off) {
                       const T* dyb = dy + batch * M * N;
                       for (int64_t m = 0; m < M; ++m)
                         for (int64_t k = 0; k < K; ++k) {
                           const double av = a[a_off + m * K + k];
                           double s = 0;
                           for (int64_t n = 0; n < N; ++n) {
                             const double g = dyb[m * N + n];
                             s += g * b[b_off + k * N + n];                // dA = dY * B^T
                             if (want_b) db[b_off + k * N + n] += av * g;  // dB = A^T * dY
                           }
                           if (want_a) da[a_off + m * K + k] += s;
                         }
                     });
  if (want_a) {
    T* out = grad_inputs[0].as<T>().data();
    for (size_t i = 0; i < da.size(); ++i) out[i] = static_cast<T>(da[i]);
  }
  if (want_b) {
    T* out = grad_inputs[1].as<T>().data();
    for (size_t i = 0; i < db.size(); ++i) out[i] = static_cast<T>(db[i]);
  }
}

Cost MatMul::cost() const {
  const double batches = static_cast<double>(numel(batch_));
  Cost c;
  c.flops = 2.0 * batches * static_cast<double>(m_) * n_ * k_;
  c.bytes = static_cast<double>(numel(a_shape_) + numel(b_shape_) + numel(y_shape_)) *
            static_cast<double>(real_size(dtype_));
  return c;
}

}  // namespace d500::reference
