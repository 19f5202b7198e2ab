#include "max_pool.h"

namespace d500::reference {
namespace {

bool is_int8(DLDataType t) {
  return t.code == kDLInt && t.bits == 8 && t.lanes == 1;
}

}  // namespace

MaxPool::MaxPool(const Attributes& attrs, const std::vector<TensorInfo>& inputs) {
  attrs.expect_only(
      {"auto_pad", "ceil_mode", "dilations", "kernel_shape", "pads", "storage_order", "strides"});
  sdk::expect_count(inputs.size(), 1, "inputs");
  dtype_ = inputs[0].dtype();
  if (!inputs[0].is<float>() && !inputs[0].is<double>() && !inputs[0].is<uint8_t>() &&
      !is_int8(dtype_))
    throw sdk::unsupported("dtype " + sdk::dtype_name(dtype_) +
                           " is not implemented; MaxPool has float32, float64, int8 and uint8");
  x_shape_ = inputs[0].shape();
  window_ = pool_window(attrs, x_shape_);
  const int64_t order = attrs.get_int("storage_order", 0);
  if (order != 0 && order != 1)
    throw std::invalid_argument("storage_order must be 0 (row major) or 1 (column major), got " +
                                std::to_string(order));
  column_major_ = order == 1;
  y_shape_ = {x_shape_[0], x_shape_[1]};
  y_shape_.insert(y_shape_.end(), window_.out().begin(), window_.out().end());
}

std::vector<TensorInfo> MaxPool::outputs() const {
  return {TensorInfo(dtype_, y_shape_), TensorInfo(sdk::dtype_of<int64_t>(), y_shape_)};
}

template <class T>
int64_t MaxPool::argmax(const T* x, const std::vector<Tap>& taps) {
  // Strictly greater: ties go to the first tap in the kernel's row-major order, as in ONNX
  // Runtime. A window is never empty (pool_window rejects such pads).
  int64_t best = taps.front().x;
  for (const Tap& t : taps)
    if (x[t.x] > x[best]) best = t.x;
  return best;
}

void MaxPool::forward(Inputs in, Outputs out) {
  sdk::expect_count(in.size(), 1, "inputs");
  expect_shape(in[0], x_shape_, "X");
  expect_between(out.size(), 1, 2, "outputs");
  expect_shape(out[0], y_shape_, "Y");
  if (wanted(out, 1)) expect_shape(out[1], y_shape_, "Indices");
  expect_dtype(in[0], dtype_, "X");
  expect_dtype(out[0], dtype_, "Y");
  if (is_int8(dtype_))
    forward_t<int8_t>(in, out);
  else if (dtype_.code == kDLUInt)
    forward_t<uint8_t>(in, out);
  else if (dtype_.bits == 32)
    forward_t<float>(in, out);
  else
    forward_t<double>(in, out);
}

template <class T>
void MaxPool::forward_t(Inputs in, Outputs out) const {
  // raw_data: the SDK's as<T>() knows no int8; forward checked the dtypes.
  const T* x = raw_data<T>(in[0]);
  T* y = raw_data<T>(out[0]);
  int64_t* indices = wanted(out, 1) ? out[1].as<int64_t>().data() : nullptr;
  const int64_t NC = x_shape_[0] * x_shape_[1], X = window_.in_size(), O = window_.out_size();
  std::vector<Tap> taps;
  for (int64_t o = 0; o < O; ++o) {
    window_.taps(o, taps);
    for (int64_t nc = 0; nc < NC; ++nc) {
      const int64_t best = argmax(x + nc * X, taps);
      y[nc * O + o] = x[nc * X + best];
      // The (n, c) offset stays row-major; storage_order reorders the spatial part only, as
      // ONNX Runtime and the ONNX reference do.
      if (indices)
        indices[nc * O + o] =
            nc * X + (column_major_ ? column_major_index(best, window_.in()) : best);
    }
  }
}

void MaxPool::backward(Inputs grad_outputs, Inputs inputs, Inputs /*outputs*/,
                       Outputs grad_inputs) {
  if (dtype_.code != kDLFloat)
    throw sdk::unsupported("MaxPool has no backward for " + sdk::dtype_name(dtype_));
  sdk::expect_count(inputs.size(), 1, "inputs");
  expect_shape(inputs[0], x_shape_, "X");
  expect_between(grad_outputs.size(), 1, 2, "output gradients");  // Indices have none
  sdk::expect_count(grad_inputs.size(), 1, "input gradients");
  if (zero_without_output_gradient(grad_outputs, grad_inputs) || !wanted(grad_inputs, 0)) return;
  expect_shape(grad_outputs[0], y_shape_, "dY");
  expect_shape(grad_inputs[0], x_shape_, "dX");
  if (dtype_.bits == 32)
    backward_t<float>(grad_outputs, inputs, grad_inputs);
  else
    backward_t<double>(grad_outputs, inputs, grad_inputs);
}

template <class T>
void MaxPool::backward_t(Inputs grad_outputs, Inputs inputs, Outputs grad_inputs) const {
  const T* x = inputs[0].as<T>().data();
  const T* dy = grad_outputs[0].as<T>().data();
  T* dx = grad_inputs[0].as<T>().data();
  const int64_t NC = x_shape_[0] * x_shape_[1], X = window_.in_size(), O = window_.out_size();
  // Overlapping windows may share a maximum; its gradient is the sum of theirs.
  std::vector<double> acc(static_cast<size_t>(NC * X), 0.0);
  std::vector<Tap> taps;
  for (int64_t o = 0; o < O; ++o) {
    window_.taps(o, taps);
    for (int64_t nc = 0; nc < NC; ++nc)
      acc[nc * X + argmax(x + nc * X, taps)] += static_cast<double>(dy[nc * O + o]);
  }
  for (size_t i = 0; i < acc.size(); ++i) dx[i] = static_cast<T>(acc[i]);
}

Cost MaxPool::cost() const {
  // One comparison per kernel tap; bytes for X, Y and the int64 Indices.
  const double outputs = static_cast<double>(numel(y_shape_));
  Cost c;
  c.flops = outputs * static_cast<double>(window_.kernel_size());
  c.bytes = static_cast<double>(numel(x_shape_) + numel(y_shape_)) * (dtype_.bits / 8) +
            outputs * sizeof(int64_t);
  return c;
}

}  // namespace d500::reference
