#include "reduce.h"

#include <cmath>
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

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

template <ReduceKind K>
constexpr double initial() {
  if (K == ReduceKind::Max) return -kInf;
  if (K == ReduceKind::Min) return kInf;
  if (K == ReduceKind::Prod) return 1;
  return 0;
}

// One element x into the accumulator; m is the output's maximum (LogSumExp only).
template <ReduceKind K>
double step(double acc, double x, double m) {
  using R = ReduceKind;
  if constexpr (K == R::SumSquare || K == R::L2) return acc + x * x;
  if constexpr (K == R::L1) return acc + std::fabs(x);
  if constexpr (K == R::LogSumExp) return acc + std::exp(x - m);
  if constexpr (K == R::Max) return std::isnan(acc) || !(x > acc || std::isnan(x)) ? acc : x;
  if constexpr (K == R::Min) return std::isnan(acc) || !(x < acc || std::isnan(x)) ? acc : x;
  if constexpr (K == R::Prod) return acc * x;
  return acc + x;  // Sum, Mean, LogSum
}

template <ReduceKind K>
double finish(double acc, double m, double scale) {
  if constexpr (K == ReduceKind::Mean) return acc * scale;
  if constexpr (K == ReduceKind::L2) return std::sqrt(acc);
  if constexpr (K == ReduceKind::LogSum) return std::log(acc);
  if constexpr (K == ReduceKind::LogSumExp) return std::isinf(m) ? m : m + std::log(acc);
  return acc;
}

double sign(double x) {
  return x > 0 ? 1.0 : (x < 0 ? -1.0 : 0.0);
}

}  // namespace

template <ReduceKind K>
template <class T>
void Reduce<K>::reduce(const T* x, std::vector<double>& y, std::vector<double>& aux,
                       std::vector<double>& count) const {
  const size_t ny = static_cast<size_t>(numel(y_shape_));
  const std::vector<int64_t> none(x_shape_.size(), 0);
  auto each = [&](auto&& f) {
    for_each_broadcast(x_shape_, y_strides_, none,
                       [&](int64_t i, int64_t iy, int64_t) { f(static_cast<double>(x[i]), iy); });
  };
  std::vector<double> m(ny, -kInf);
  if constexpr (K == ReduceKind::LogSumExp)
    each([&](double v, int64_t iy) { m[iy] = std::fmax(m[iy], v); });
  std::vector<double> acc(ny, initial<K>());
  each([&](double v, int64_t iy) { acc[iy] = step<K>(acc[iy], v, m[iy]); });
  y.resize(ny);
  for (size_t i = 0; i < ny; ++i) y[i] = finish<K>(acc[i], m[i], scale_);
  count.assign(ny, 0.0);
  aux.assign(ny, 1.0);
  if constexpr (K == ReduceKind::Max || K == ReduceKind::Min)
    each([&](double v, int64_t iy) { count[iy] += v == y[iy]; });
  if constexpr (K == ReduceKind::Prod)
    each([&](double v, int64_t iy) {
      if (v == 0)
        count[iy] += 1;
      else
        aux[iy] *= v;
    });
}

template <ReduceKind K>
void Reduce<K>::forward(Inputs in, Outputs out) {
  if (in.size() < 1) throw std::invalid_argument("expected at least 1 input, got 0");
  sdk::expect_count(out.size(), 1, "outputs");
  expect_shape(in[0], x_shape_, "data");
  expect_shape(out[0], y_shape_, "reduced");
  dispatch(dtype_, [&](auto tag) {
    using T = decltype(tag);
    std::vector<double> y, aux, count;
    reduce(in[0].as<T>().data(), y, aux, count);
    T* out_y = out[0].as<T>().data();
    for (size_t i = 0; i < y.size(); ++i) out_y[i] = static_cast<T>(y[i]);
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
  expect_shape(inputs[0], x_shape_, "data");
  expect_shape(grad_inputs[0], x_shape_, "data gradient");
  const std::vector<int64_t> none(x_shape_.size(), 0);
  dispatch(dtype_, [&](auto tag) {
    using T = decltype(tag);
    const T* x = inputs[0].as<T>().data();
    const T* dy = grad_outputs[0].as<T>().data();
    T* dx = grad_inputs[0].as<T>().data();
    std::vector<double> y, aux, count;
    if constexpr (K != ReduceKind::Sum && K != ReduceKind::Mean) reduce(x, y, aux, count);
    // Every element of X gets the gradient of the output it went into, times dY/dX there.
    for_each_broadcast(x_shape_, y_strides_, none, [&](int64_t i, int64_t iy, int64_t) {
      const double v = x[i];
      double d = 1;
      using R = ReduceKind;
      if constexpr (K == R::Mean) d = scale_;
      if constexpr (K == R::SumSquare) d = 2 * v;
      if constexpr (K == R::L1) d = sign(v);
      if constexpr (K == R::L2) d = y[iy] == 0 ? 0.0 : v / y[iy];
      if constexpr (K == R::LogSum) d = std::exp(-y[iy]);
      if constexpr (K == R::LogSumExp) d = std::exp(v - y[iy]);
      if constexpr (K == R::Max || K == R::Min) d = v == y[iy] ? 1.0 / count[iy] : 0.0;
      if constexpr (K == R::Prod)
        d = count[iy] == 0 ? y[iy] / v : (count[iy] == 1 && v == 0 ? aux[iy] : 0.0);
      dx[i] = static_cast<T>(static_cast<double>(dy[iy]) * d);
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
template class Reduce<ReduceKind::SumSquare>;
template class Reduce<ReduceKind::L1>;
template class Reduce<ReduceKind::L2>;
template class Reduce<ReduceKind::LogSum>;
template class Reduce<ReduceKind::LogSumExp>;
template class Reduce<ReduceKind::Max>;
template class Reduce<ReduceKind::Min>;
template class Reduce<ReduceKind::Prod>;

}  // namespace d500::reference
