// Test helpers for the reference's spatial operators: several outputs (MaxPool's Indices,
// BatchNormalization's running statistics, Dropout's mask), absent optional inputs, constant
// inputs (ABI 1.1), numerical gradients over any set of inputs and outputs, and float32 checks.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "d500/error.h"
#include "reference_harness.h"

namespace d500::test {

// One call of an operator. A default-constructed Tensor among the inputs is an absent optional
// input (ndim D500_ABSENT_NDIM at creation, no data afterwards); inputs listed in `constants` are
// also handed to create as known values.
struct OpCase {
  std::string op;
  std::vector<Tensor> inputs;
  std::vector<Attribute> attrs = {};
  std::vector<size_t> constants = {};
};

inline bool is_absent(const Tensor& t) {
  return t.dtype() == DType::Invalid;
}

inline bool is_real(DType t) {
  return t == DType::Float32 || t == DType::Float64;
}

inline d500_tensor_info absent_info() {
  d500_tensor_info info{};
  info.ndim = D500_ABSENT_NDIM;
  return info;
}

inline std::vector<DLTensor> case_views(const std::vector<Tensor>& ts) {
  std::vector<DLTensor> out;
  for (const Tensor& t : ts) {
    DLTensor v = is_absent(t) ? DLTensor{} : t.dl();
    if (is_absent(t)) v.data = nullptr;
    out.push_back(v);
  }
  return out;
}

inline std::unique_ptr<OperatorInstance> create(const OpCase& c) {
  std::vector<d500_tensor_info> in;
  for (const Tensor& t : c.inputs)
    in.push_back(is_absent(t) ? absent_info() : plugin::tensor_info(t.dtype(), t.shape()));
  std::vector<DLTensor> values = case_views(c.inputs);
  std::vector<const DLTensor*> constants(c.inputs.size(), nullptr);
  for (size_t i : c.constants) constants.at(i) = &values.at(i);
  return std::make_unique<OperatorInstance>(reference_impl(c.op), c.attrs, in, constants);
}

// Every output of one forward call of a fresh instance.
inline std::vector<Tensor> forward_all(const OpCase& c) {
  auto op = create(c);
  std::vector<Tensor> outs = allocate_outputs(*op);
  std::vector<DLTensor> out_views = views(outs);
  op->forward(case_views(c.inputs), out_views);
  return outs;
}

// Gradients of every input (a Tensor() for absent ones) for output gradients `dys`: one per
// output, nullptr where that gradient is not given (passed with data NULL).
inline std::vector<Tensor> backward_all(const OpCase& c, const std::vector<const Tensor*>& dys) {
  auto op = create(c);
  std::vector<Tensor> outs = allocate_outputs(*op);
  std::vector<DLTensor> out_views = views(outs);
  op->forward(case_views(c.inputs), out_views);
  std::vector<DLTensor> dy_views;
  for (size_t k = 0; k < dys.size(); ++k) {
    DLTensor v = outs.at(k).dl();
    if (dys[k])
      v = dys[k]->dl();
    else
      v.data = nullptr;
    dy_views.push_back(v);
  }
  std::vector<Tensor> grads;
  for (const Tensor& t : c.inputs)
    grads.push_back(is_absent(t) ? Tensor() : Tensor(t.dtype(), t.shape()));
  std::vector<DLTensor> grad_views = case_views(grads);
  op->backward(dy_views, case_views(c.inputs), out_views, grad_views);
  return grads;
}

// L = sum over `outs` of sum(Y_k * W_k).
inline double weighted_loss(const OpCase& c, const std::vector<size_t>& outs,
                            const std::vector<Tensor>& weights) {
  std::vector<Tensor> ys = forward_all(c);
  double l = 0;
  for (size_t j = 0; j < outs.size(); ++j)
    for (int64_t i = 0; i < ys.at(outs[j]).numel(); ++i) l += ys[outs[j]].at(i) * weights[j].at(i);
  return l;
}

// Backward against central differences of L = sum_k sum(Y_k * W_k), W_k random, over outputs
// `outs`, for each input in `wrt` (float64): ||numeric - analytic|| / max norm < 1e-6.
inline void check_gradients(OpCase c, const std::vector<size_t>& wrt,
                            const std::vector<size_t>& outs = {0}) {
  constexpr double kStep = 1e-6;
  std::vector<Tensor> ys = forward_all(c);
  std::vector<Tensor> weights;
  std::vector<const Tensor*> dys(ys.size(), nullptr);
  for (size_t j = 0; j < outs.size(); ++j)
    weights.push_back(random(DType::Float64, ys.at(outs[j]).shape(), 99 + j));
  for (size_t j = 0; j < outs.size(); ++j) dys[outs[j]] = &weights[j];
  std::vector<Tensor> analytic = backward_all(c, dys);
  for (size_t k : wrt) {
    SCOPED_TRACE("gradient of input " + std::to_string(k) + " " +
                 shape_to_string(c.inputs.at(k).shape()));
    double diff2 = 0, num2 = 0, ana2 = 0;
    for (int64_t j = 0; j < c.inputs[k].numel(); ++j) {
      const double v = c.inputs[k].at(j);
      c.inputs[k].set(j, v + kStep);
      const double up = weighted_loss(c, outs, weights);
      c.inputs[k].set(j, v - kStep);
      const double down = weighted_loss(c, outs, weights);
      c.inputs[k].set(j, v);
      const double numeric = (up - down) / (2 * kStep);
      const double a = analytic.at(k).at(j);
      diff2 += (numeric - a) * (numeric - a);
      num2 += numeric * numeric;
      ana2 += a * a;
    }
    const double scale = std::max({std::sqrt(num2), std::sqrt(ana2), 1e-12});
    EXPECT_LT(std::sqrt(diff2) / scale, 1e-6);
    EXPECT_GT(ana2, 0.0) << "a gradient of all zeros proves nothing";
  }
}

// The case with its float64 inputs rounded to float32 values, in `dtype`.
inline OpCase rounded_case(const OpCase& c, DType dtype) {
  OpCase r{c.op, {}, c.attrs, c.constants};
  for (const Tensor& t : c.inputs) {
    if (is_absent(t))
      r.inputs.emplace_back();
    else if (t.dtype() == DType::Float64)
      r.inputs.push_back(convert(convert(t, DType::Float32), dtype));
    else
      r.inputs.push_back(t.clone());
  }
  return r;
}

inline void expect_close_f32(const Tensor& f32, const Tensor& f64, const std::string& what) {
  ASSERT_EQ(f32.shape(), f64.shape()) << what;
  for (int64_t i = 0; i < f64.numel(); ++i)
    EXPECT_NEAR(f32.at(i), f64.at(i), 1e-6 * std::max(1.0, std::fabs(f64.at(i))))
        << what << " element " << i;
}

// float32 outputs and gradients equal float64 ones from the same float32-representable inputs
// to within float32 rounding (non-float outputs exactly).
inline void check_float32(const OpCase& c, const std::vector<size_t>& outs = {0}) {
  const OpCase c32 = rounded_case(c, DType::Float32), c64 = rounded_case(c, DType::Float64);
  std::vector<Tensor> y32 = forward_all(c32), y64 = forward_all(c64);
  ASSERT_EQ(y32.size(), y64.size());
  for (size_t k = 0; k < y64.size(); ++k) {
    if (y64[k].dtype() == DType::Float64) EXPECT_EQ(y32[k].dtype(), DType::Float32);
    expect_close_f32(y32[k], y64[k], "output " + std::to_string(k));
  }
  std::vector<Tensor> w32, w64;
  std::vector<const Tensor*> d32(y64.size(), nullptr), d64(y64.size(), nullptr);
  for (size_t j = 0; j < outs.size(); ++j) {
    w32.push_back(random(DType::Float32, y64.at(outs[j]).shape(), 3 + j));
    w64.push_back(convert(w32.back(), DType::Float64));
  }
  for (size_t j = 0; j < outs.size(); ++j) d32[outs[j]] = &w32[j], d64[outs[j]] = &w64[j];
  std::vector<Tensor> g32 = backward_all(c32, d32), g64 = backward_all(c64, d64);
  for (size_t k = 0; k < g64.size(); ++k)
    if (!is_absent(g64[k]) && is_real(g64[k].dtype()))
      expect_close_f32(g32[k], g64[k], "gradient " + std::to_string(k));
}

// The message of the D500Error that creating the operator throws; "" when it succeeds.
inline std::string create_error(const std::string& op, const std::vector<d500_tensor_info>& in,
                                const std::vector<Attribute>& attrs = {},
                                const std::vector<const DLTensor*>& constants = {}) {
  try {
    OperatorInstance inst(reference_impl(op), attrs, in, constants);
  } catch (const D500Error& e) {
    return e.what();
  }
  return "";
}

inline d500_tensor_info f64(const Shape& s) {
  return plugin::tensor_info(DType::Float64, s);
}

// Values 0, 1, ..., n - 1 (the ONNX operator docs' np.arange inputs) shaped `shape`, plus `from`.
inline Tensor arange(Shape shape, double from = 0, DType dtype = DType::Float64) {
  Tensor t(dtype, std::move(shape));
  for (int64_t i = 0; i < t.numel(); ++i) t.set(i, from + static_cast<double>(i));
  return t;
}

inline Tensor filled(Shape shape, double v, DType dtype = DType::Float64) {
  Tensor t(dtype, std::move(shape));
  for (int64_t i = 0; i < t.numel(); ++i) t.set(i, v);
  return t;
}

inline Tensor scalar(DType dtype, double v) {
  Tensor t(dtype, {});
  t.set(0, v);
  return t;
}

// Inputs for OpCase from tensors that cannot be copied into an initializer list.
template <class... T>
std::vector<Tensor> inputs(T&&... ts) {
  std::vector<Tensor> v;
  (v.push_back(std::forward<T>(ts)), ...);
  return v;
}

// Random values in [-1, 1) whose pairwise gaps exceed 1e-3: max-pooling gradients are then
// differentiable at every point the finite differences probe.
inline Tensor distinct_random(Shape shape, uint64_t seed) {
  Tensor t = random(DType::Float64, std::move(shape), seed);
  const int64_t n = t.numel();
  std::vector<int64_t> order(static_cast<size_t>(n));
  for (int64_t i = 0; i < n; ++i) order[i] = i;
  std::sort(order.begin(), order.end(), [&](int64_t a, int64_t b) { return t.at(a) < t.at(b); });
  for (int64_t r = 0; r < n; ++r) t.set(order[r], -1.0 + 2.0 * (r + 0.5) / n);
  return t;
}

}  // namespace d500::test
