#include "global_pool.h"

namespace d500::reference {
namespace {

// Index within the plane of its first maximum (ties to the first, as MaxPool).
template <class T>
int64_t plane_argmax(const T* x, int64_t size) {
  int64_t best = 0;
  for (int64_t i = 1; i < size; ++i)
    if (x[i] > x[best]) best = i;
  return best;
}

}  // namespace

GlobalPoolShapes::GlobalPoolShapes(const Attributes& attrs, const std::vector<TensorInfo>& inputs) {
  attrs.expect_only({});
  sdk::expect_count(inputs.size(), 1, "inputs");
  dtype_ = real_dtype(inputs);
  x_shape_ = inputs[0].shape();
  if (x_shape_.size() < 3)
    throw std::invalid_argument("X must be [N, C, D1, ...] with at least one spatial axis, got " +
                                str(x_shape_));
  y_shape_ = Shape(x_shape_.size(), 1);
  y_shape_[0] = x_shape_[0];
  y_shape_[1] = x_shape_[1];
  planes_ = x_shape_[0] * x_shape_[1];
  plane_size_ = numel(Shape(x_shape_.begin() + 2, x_shape_.end()));
  if (plane_size_ < 1)
    throw std::invalid_argument("X " + str(x_shape_) + " has no spatial elements to pool");
}

void GlobalPoolShapes::check_forward(Inputs in, Outputs out) const {
  sdk::expect_count(in.size(), 1, "inputs");
  expect_shape(in[0], x_shape_, "X");
  sdk::expect_count(out.size(), 1, "outputs");
  expect_shape(out[0], y_shape_, "Y");
}

bool GlobalPoolShapes::check_backward(Inputs grad_outputs, Inputs inputs,
                                      Outputs grad_inputs) const {
  sdk::expect_count(inputs.size(), 1, "inputs");
  expect_shape(inputs[0], x_shape_, "X");
  sdk::expect_count(grad_outputs.size(), 1, "output gradients");
  sdk::expect_count(grad_inputs.size(), 1, "input gradients");
  if (zero_without_output_gradient(grad_outputs, grad_inputs) || !wanted(grad_inputs, 0))
    return false;
  expect_shape(grad_outputs[0], y_shape_, "dY");
  expect_shape(grad_inputs[0], x_shape_, "dX");
  return true;
}

Cost GlobalPoolShapes::cost_of(double flops_per_element) const {
  Cost c;
  c.flops = flops_per_element * static_cast<double>(numel(x_shape_));
  c.bytes = static_cast<double>(numel(x_shape_) + numel(y_shape_)) *
            static_cast<double>(real_size(dtype_));
  return c;
}

void GlobalAveragePool::forward(Inputs in, Outputs out) {
  check_forward(in, out);
  dispatch(dtype_, [&](auto tag) {
    using T = decltype(tag);
    const T* x = in[0].as<T>().data();
    T* y = out[0].as<T>().data();
    for (int64_t p = 0; p < planes_; ++p) {
      double s = 0;
      for (int64_t i = 0; i < plane_size_; ++i) s += x[p * plane_size_ + i];
      y[p] = static_cast<T>(s / static_cast<double>(plane_size_));
    }
  });
}

void GlobalAveragePool::backward(Inputs grad_outputs, Inputs inputs, Inputs /*outputs*/,
                                 Outputs grad_inputs) {
  if (!check_backward(grad_outputs, inputs, grad_inputs)) return;
  dispatch(dtype_, [&](auto tag) {
    using T = decltype(tag);
    const T* dy = grad_outputs[0].as<T>().data();
    T* dx = grad_inputs[0].as<T>().data();
    for (int64_t p = 0; p < planes_; ++p) {
      const T share = static_cast<T>(static_cast<double>(dy[p]) / plane_size_);
      for (int64_t i = 0; i < plane_size_; ++i) dx[p * plane_size_ + i] = share;
    }
  });
}

void GlobalMaxPool::forward(Inputs in, Outputs out) {
  check_forward(in, out);
  dispatch(dtype_, [&](auto tag) {
    using T = decltype(tag);
    const T* x = in[0].as<T>().data();
    T* y = out[0].as<T>().data();
    for (int64_t p = 0; p < planes_; ++p) {
      const T* plane = x + p * plane_size_;
      y[p] = plane[plane_argmax(plane, plane_size_)];
    }
  });
}

void GlobalMaxPool::backward(Inputs grad_outputs, Inputs inputs, Inputs /*outputs*/,
                             Outputs grad_inputs) {
  if (!check_backward(grad_outputs, inputs, grad_inputs)) return;
  dispatch(dtype_, [&](auto tag) {
    using T = decltype(tag);
    const T* x = inputs[0].as<T>().data();
    const T* dy = grad_outputs[0].as<T>().data();
    T* dx = grad_inputs[0].as<T>().data();
    for (int64_t p = 0; p < planes_; ++p) {
      T* plane = dx + p * plane_size_;
      for (int64_t i = 0; i < plane_size_; ++i) plane[i] = T(0);
      plane[plane_argmax(x + p * plane_size_, plane_size_)] = dy[p];
    }
  });
}

}  // namespace d500::reference
