#include "reduce.h"

#include <limits>

#include "broadcast.h"

namespace d500::reference {

template <ReduceKind K>
Reduce<K>::Reduce(const Attributes& attrs, const std::vector<TensorInfo>& inputs,
                  const sdk::Constants& constants) {
  attrs.expect_only({"axes", "keepdims", "noop_with_empty_axes"});
  if (inputs.size() != 1 && inputs.size() != 2)
    throw std::invalid_argument("expects input data and optional axes, got " +
                                std::to_string(inputs.size()) + " inputs");
  dtype_ = real_dtype({inputs[0]});
  x_shape_ = inputs[0].shape();
  const bool keepdims = attrs.get_flag("keepdims", true);
  const bool noop = attrs.get_flag("noop_with_empty_axes", false);
  std::vector<int64_t> axes;
  if (inputs.size() == 2 && inputs[1].present()) {
    if (attrs.has("axes"))
      throw std::invalid_argument("axes given both as an attribute and as input 1");
    axes = constants.ints(1, "axes");
  } else {
    axes = attrs.get_ints("axes");
  }
  const int64_t rank = static_cast<int64_t>(x_shape_.size());
  std::vector<bool> reduced(x_shape_.size(), axes.empty() && !noop);
  for (int64_t a : axes) {
    const int64_t d = normalize_axis(a, rank, "axes entry");
    if (reduced[d])
      throw std::invalid_argument("axes " + sdk::shape_string(axes) + " repeat axis " +
                                  std::to_string(d));
    reduced[d] = true;
  }
  Shape kept;  // Y's shape with reduced dimensions kept as 1
  int64_t count = 1;
  for (int64_t d = 0; d < rank; ++d) {
    kept.push_back(reduced[d] ? 1 : x_shape_[d]);
    if (reduced[d]) count *= x_shape_[d];
    if (!reduced[d] || keepdims) y_shape_.push_back(kept.back());
  }
  y_strides_ = broadcast_strides(kept, x_shape_);
  if (K == ReduceKind::Mean)
    scale_ = count == 0 ? std::numeric_limits<double>::quiet_NaN() : 1.0 / count;
}

template <ReduceKind K>
void Reduce<K>::forward(Inputs in, Outputs out) {
  if (in.size() < 1) throw std::invalid_argument("expected at least 1 input, got 0");
  sdk::expect_count(out.size(), 1, "outputs");
  expect_shape(in[0], x_shape_, "data");
  expect_shape(out[0], y_shape_, "reduced");
  const std::vector<int64_t> none(x_shape_.size(), 0);
  dispatch(dtype_, [&](auto tag) {
    using T = decltype(tag);
    const T* x = in[0].as<T>().data();
    std::vector<double> acc(static_cast<size_t>(numel(y_shape_)), 0.0);
    for_each_broadcast(x_shape_, y_strides_, none,
                       [&](int64_t i, int64_t iy, int64_t) { acc[iy] += x[i]; });
    T* y = out[0].as<T>().data();
    for (size_t i = 0; i < acc.size(); ++i) y[i] = static_cast<T>(acc[i] * scale_);
  });
}

template <ReduceKind K>
void Reduce<K>::backward(Inputs grad_outputs, Inputs inputs, Inputs /*outputs*/,
                         Outputs grad_inputs) {
  sdk::expect_count(grad_outputs.size(), 1, "output gradients");
  if (inputs.size() < 1 || grad_inputs.size() < 1)
    throw std::invalid_argument("expected at least 1 input and input gradient");
  expect_shape(grad_outputs[0], y_shape_, "reduced gradient");
  for (size_t k = 1; k < grad_inputs.size(); ++k) zero_gradient(grad_inputs[k]);  // axes
  if (!grad_inputs[0].defined()) return;
  expect_shape(grad_inputs[0], x_shape_, "data gradient");
  const std::vector<int64_t> none(x_shape_.size(), 0);
  dispatch(dtype_, [&](auto tag) {
    using T = decltype(tag);
    // Every element of X gets the gradient of the output it was summed into (times 1/count).
    const T* dy = grad_outputs[0].as<T>().data();
    T* dx = grad_inputs[0].as<T>().data();
    for_each_broadcast(x_shape_, y_strides_, none, [&](int64_t i, int64_t iy, int64_t) {
      dx[i] = static_cast<T>(static_cast<double>(dy[iy]) * scale_);
    });
  });
}

template <ReduceKind K>
Cost Reduce<K>::cost() const {
  Cost c;
  // Summing numel(X) values into numel(Y) outputs takes numel(X) - numel(Y) additions (none
  // for noop_with_empty_axes); the mean adds a multiply per output.
  c.flops = static_cast<double>(numel(x_shape_) - numel(y_shape_)) +
            (K == ReduceKind::Mean ? static_cast<double>(numel(y_shape_)) : 0.0);
  c.bytes = static_cast<double>(numel(x_shape_) + numel(y_shape_)) *
            static_cast<double>(real_size(dtype_));
  return c;
}

template class Reduce<ReduceKind::Sum>;
template class Reduce<ReduceKind::Mean>;

}  // namespace d500::reference
