#include "clip_prelu.h"

#include <limits>

#include "broadcast.h"
#include "dtypes.h"

namespace d500::reference {
namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

bool present(const std::vector<TensorInfo>& in, size_t i) {
  return i < in.size() && in[i].present();
}
bool passed(Inputs in, size_t i) {
  return i < in.size() && in[i].dl().ndim != D500_ABSENT_NDIM && in[i].dl().data;
}

// The value of a one-element bound input, of the operator's dtype.
double scalar(Inputs in, size_t i, Real dtype) {
  double v = 0;
  dispatch(dtype, [&](auto tag) { v = in[i].as<decltype(tag)>()[0]; });
  return v;
}

}  // namespace

Shape prelu_slope_view(const Shape& x, const Shape& slope, int64_t opset) {
  if (opset >= 7 || slope.size() != 1 || x.size() < 2 || slope[0] != x[1] || slope[0] == 1)
    return slope;
  Shape view(x.size() - 1, 1);
  view[0] = slope[0];
  return view;
}

Clip::Clip(const Attributes& attrs, const std::vector<TensorInfo>& inputs)
    : integer_(type_bit(inputs.at(0).dtype()) == kInts),
      int_dtype_(inputs[0].dtype()),
      dtype_(integer_ ? Real::Float64 : real_dtype({inputs[0]})),
      shape_(inputs[0].shape()) {
  legacy_ = opset_of(attrs) < 11;
  if (legacy_) {
    attrs.expect_only({"min", "max"});
    if (inputs.size() != 1) throw std::invalid_argument("Clip before opset 11 takes one input");
    has_min_ = attrs.has("min"), has_max_ = attrs.has("max");
    min_ = attrs.get_float("min", -kInf), max_ = attrs.get_float("max", kInf);
    return;
  }
  attrs.expect_only({});
  if (inputs.size() > 3)
    throw std::invalid_argument("expects inputs input, min, max, got " +
                                std::to_string(inputs.size()) + " inputs");
  has_min_ = present(inputs, 1), has_max_ = present(inputs, 2);
  for (size_t i = 1; i < inputs.size(); ++i) {
    if (!inputs[i].present()) continue;
    if (!sdk::same_dtype(inputs[i].dtype(), inputs[0].dtype()))
      throw std::invalid_argument(std::string(i == 1 ? "min" : "max") + " is " + inputs[i].str() +
                                  ", input is " + inputs[0].str());
    if (inputs[i].numel() != 1)
      throw std::invalid_argument(std::string(i == 1 ? "min" : "max") + " must be a scalar, got " +
                                  inputs[i].str());
  }
}

std::pair<double, double> Clip::bounds(Inputs in) const {
  if (legacy_) return {min_, max_};
  if (integer_) {
    auto value = [&](size_t i) {
      double v = 0;
      dispatch_any(int_dtype_,
                   [&](auto tag) { v = static_cast<double>(in[i].as<decltype(tag)>()[0]); });
      return v;
    };
    return {has_min_ && passed(in, 1) ? value(1) : -kInf,
            has_max_ && passed(in, 2) ? value(2) : kInf};
  }
  return {has_min_ && passed(in, 1) ? scalar(in, 1, dtype_) : -kInf,
          has_max_ && passed(in, 2) ? scalar(in, 2, dtype_) : kInf};
}

void Clip::forward(Inputs in, Outputs out) {
  sdk::expect_count(out.size(), 1, "outputs");
  expect_shape(in[0], shape_, "input");
  expect_shape(out[0], shape_, "output");
  const auto [lo, hi] = bounds(in);
  if (integer_) {  // the bounds are values of X's dtype, so the result is exact
    dispatch_any(int_dtype_, [&](auto tag) {
      using T = decltype(tag);
      auto x = in[0].as<T>();
      auto y = out[0].as<T>();
      for (int64_t i = 0; i < x.numel(); ++i)
        y[i] = static_cast<T>(std::min(std::max(static_cast<double>(x[i]), lo), hi));
    });
    return;
  }
  dispatch(dtype_, [&](auto tag) {
    using T = decltype(tag);
    auto x = in[0].as<T>();
    auto y = out[0].as<T>();
    // max then min, as numpy's clip: with min > max every element becomes max; NaN stays NaN.
    for (int64_t i = 0; i < x.numel(); ++i) {
      const double v = x[i];
      y[i] = static_cast<T>(v != v ? v : std::min(std::max(v, lo), hi));
    }
  });
}

void Clip::backward(Inputs grad_outputs, Inputs inputs, Inputs /*outputs*/, Outputs grad_inputs) {
  if (integer_)
    throw sdk::unsupported("Clip of " + sdk::dtype_name(int_dtype_) + " has no gradient");
  sdk::expect_count(grad_outputs.size(), 1, "output gradients");
  expect_shape(inputs[0], shape_, "input");
  expect_shape(grad_outputs[0], shape_, "d output");
  const auto [lo, hi] = bounds(inputs);
  auto wanted = [&](size_t i) { return i < grad_inputs.size() && grad_inputs[i].defined(); };
  if (wanted(0)) expect_shape(grad_inputs[0], shape_, "d input");
  dispatch(dtype_, [&](auto tag) {
    using T = decltype(tag);
    auto x = inputs[0].as<T>();
    auto dy = grad_outputs[0].as<T>();
    double dlo = 0, dhi = 0;
    for (int64_t i = 0; i < x.numel(); ++i) {
      const double v = x[i], g = dy[i];
      const bool in_range = v >= lo && v <= hi;
      if (wanted(0)) grad_inputs[0].as<T>()[i] = static_cast<T>(in_range ? g : 0.0);
      if (v < lo) dlo += g;
      if (v > hi) dhi += g;
    }
    if (!legacy_ && wanted(1)) grad_inputs[1].as<T>()[0] = static_cast<T>(dlo);
    if (!legacy_ && wanted(2)) grad_inputs[2].as<T>()[0] = static_cast<T>(dhi);
  });
}

Cost Clip::cost() const {
  const double n = static_cast<double>(numel(shape_));
  return {2 * n, 2 * n * static_cast<double>(real_size(dtype_))};
}

PRelu::PRelu(const Attributes& attrs, const std::vector<TensorInfo>& inputs)
    : dtype_(real_dtype(inputs)) {
  attrs.expect_only({});
  if (inputs.size() != 2)
    throw std::invalid_argument("expects inputs X and slope, got " + std::to_string(inputs.size()) +
                                " inputs");
  x_shape_ = inputs[0].shape();
  slope_shape_ = inputs[1].shape();
  const Shape view = prelu_slope_view(x_shape_, slope_shape_, opset_of(attrs));
  if (!broadcasts_to(view, x_shape_))
    throw std::invalid_argument("slope " + sdk::shape_string(slope_shape_) +
                                " does not broadcast to X " + sdk::shape_string(x_shape_));
  x_strides_ = broadcast_strides(x_shape_, x_shape_);
  slope_strides_ = broadcast_strides(view, x_shape_);
}

void PRelu::forward(Inputs in, Outputs out) {
  sdk::expect_count(in.size(), 2, "inputs");
  sdk::expect_count(out.size(), 1, "outputs");
  expect_shape(in[0], x_shape_, "X");
  expect_shape(in[1], slope_shape_, "slope");
  expect_shape(out[0], x_shape_, "Y");
  dispatch(dtype_, [&](auto tag) {
    using T = decltype(tag);
    const T* x = in[0].as<T>().data();
    const T* s = in[1].as<T>().data();
    T* y = out[0].as<T>().data();
    for_each_broadcast(x_shape_, x_strides_, slope_strides_, [&](int64_t i, int64_t, int64_t is) {
      const double v = x[i];
      y[i] = static_cast<T>(v < 0 ? static_cast<double>(s[is]) * v : v);
    });
  });
}

void PRelu::backward(Inputs grad_outputs, Inputs inputs, Inputs /*outputs*/, Outputs grad_inputs) {
  sdk::expect_count(grad_outputs.size(), 1, "output gradients");
  sdk::expect_count(inputs.size(), 2, "inputs");
  sdk::expect_count(grad_inputs.size(), 2, "input gradients");
  expect_shape(inputs[0], x_shape_, "X");
  expect_shape(inputs[1], slope_shape_, "slope");
  expect_shape(grad_outputs[0], x_shape_, "dY");
  const bool want_x = grad_inputs[0].defined(), want_s = grad_inputs[1].defined();
  if (want_x) expect_shape(grad_inputs[0], x_shape_, "dX");
  if (want_s) expect_shape(grad_inputs[1], slope_shape_, "dslope");
  dispatch(dtype_, [&](auto tag) {
    using T = decltype(tag);
    const T* x = inputs[0].as<T>().data();
    const T* s = inputs[1].as<T>().data();
    const T* dy = grad_outputs[0].as<T>().data();
    std::vector<double> ds(want_s ? static_cast<size_t>(numel(slope_shape_)) : 0, 0.0);
    T* dx = want_x ? grad_inputs[0].as<T>().data() : nullptr;
    for_each_broadcast(x_shape_, x_strides_, slope_strides_, [&](int64_t i, int64_t, int64_t is) {
      const double v = x[i], g = dy[i];
      if (dx) dx[i] = static_cast<T>(v > 0 ? g : static_cast<double>(s[is]) * g);
      if (want_s && v < 0) ds[static_cast<size_t>(is)] += g * v;
    });
    if (want_s) {
      T* out = grad_inputs[1].as<T>().data();
      for (size_t i = 0; i < ds.size(); ++i) out[i] = static_cast<T>(ds[i]);
    }
  });
}

Cost PRelu::cost() const {
  const double n = static_cast<double>(numel(x_shape_));
  return {2 * n, static_cast<double>(2 * numel(x_shape_) + numel(slope_shape_)) *
                     static_cast<double>(real_size(dtype_))};
}

}  // namespace d500::reference
