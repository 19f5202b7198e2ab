#include "sum.h"

#include "broadcast.h"

namespace d500::reference {

Sum::Sum(const Attributes& attrs, const std::vector<TensorInfo>& inputs)
    : dtype_(real_dtype(inputs)) {
  attrs.expect_only({});
  // real_dtype has already refused zero inputs.
  for (const auto& t : inputs) shapes_.push_back(t.shape());
  y_shape_ = shapes_[0];
  for (size_t k = 1; k < shapes_.size(); ++k) y_shape_ = broadcast_shapes(y_shape_, shapes_[k]);
  for (const auto& s : shapes_) strides_.push_back(broadcast_strides(s, y_shape_));
}

void Sum::check_inputs(Inputs in) const {
  sdk::expect_count(in.size(), shapes_.size(), "inputs");
  for (size_t k = 0; k < shapes_.size(); ++k)
    expect_shape(in[k], shapes_[k], ("input " + std::to_string(k)).c_str());
}

void Sum::forward(Inputs in, Outputs out) {
  check_inputs(in);
  sdk::expect_count(out.size(), 1, "outputs");
  expect_shape(out[0], y_shape_, "sum");
  dispatch(dtype_, [&](auto tag) {
    using T = decltype(tag);
    // Input by input into one double accumulator: for_each_broadcast visits two operands, and
    // the second one (a zero stride) is unused here.
    std::vector<double> acc(static_cast<size_t>(numel(y_shape_)), 0.0);
    const std::vector<int64_t> none(y_shape_.size(), 0);
    for (size_t k = 0; k < shapes_.size(); ++k) {
      const T* x = in[k].as<T>().data();
      for_each_broadcast(y_shape_, strides_[k], none,
                         [&](int64_t i, int64_t ix, int64_t) { acc[i] += x[ix]; });
    }
    T* y = out[0].as<T>().data();
    for (size_t i = 0; i < acc.size(); ++i) y[i] = static_cast<T>(acc[i]);
  });
}

void Sum::backward(Inputs grad_outputs, Inputs inputs, Inputs /*outputs*/, Outputs grad_inputs) {
  check_inputs(inputs);
  sdk::expect_count(grad_outputs.size(), 1, "output gradients");
  expect_shape(grad_outputs[0], y_shape_, "dsum");
  sdk::expect_count(grad_inputs.size(), shapes_.size(), "input gradients");
  dispatch(dtype_, [&](auto tag) {
    using T = decltype(tag);
    const T* dy = grad_outputs[0].as<T>().data();
    const std::vector<int64_t> none(y_shape_.size(), 0);
    for (size_t k = 0; k < shapes_.size(); ++k) {
      if (!grad_inputs[k].defined()) continue;
      expect_shape(grad_inputs[k], shapes_[k], ("gradient " + std::to_string(k)).c_str());
      // Each input's gradient is dY summed over the dimensions it was broadcast along.
      std::vector<double> acc(static_cast<size_t>(numel(shapes_[k])), 0.0);
      for_each_broadcast(y_shape_, strides_[k], none,
                         [&](int64_t i, int64_t ix, int64_t) { acc[ix] += dy[i]; });
      T* dx = grad_inputs[k].as<T>().data();
      for (size_t i = 0; i < acc.size(); ++i) dx[i] = static_cast<T>(acc[i]);
    }
  });
}

Cost Sum::cost() const {
  double elements = static_cast<double>(numel(y_shape_));
  for (const auto& s : shapes_) elements += static_cast<double>(numel(s));
  Cost c;
  c.flops = static_cast<double>(shapes_.size() - 1) * static_cast<double>(numel(y_shape_));
  c.bytes = elements * static_cast<double>(real_size(dtype_));
  return c;
}

}  // namespace d500::reference
