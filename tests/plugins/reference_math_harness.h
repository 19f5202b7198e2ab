// Helpers for the reference math operators' tests: calls with optional and constant inputs and
// several outputs, error text, numerical gradients and float32-vs-float64 checks.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <memory>
#include <string>
#include <vector>

#include "d500/error.h"
#include "reference_harness.h"

namespace d500::test {

// One operator call.
struct Call {
  std::string op;
  std::vector<const Tensor*> inputs;  // nullptr: an optional input left out
  std::vector<Attribute> attrs = {};
  std::vector<size_t> constants = {};  // inputs whose values are also given at creation
  std::string domain = "";
};

inline std::unique_ptr<OperatorInstance> create(const Call& c) {
  std::vector<d500_tensor_info> in;
  std::vector<const DLTensor*> constants(c.inputs.size(), nullptr);
  std::vector<DLTensor> constant_views(c.inputs.size());
  for (size_t i = 0; i < c.inputs.size(); ++i) {
    d500_tensor_info info{};
    if (c.inputs[i]) {
      info = plugin::tensor_info(c.inputs[i]->dtype(), c.inputs[i]->shape());
      constant_views[i] = c.inputs[i]->dl();
    } else {
      info.ndim = D500_ABSENT_NDIM;
    }
    in.push_back(info);
  }
  for (size_t i : c.constants) constants.at(i) = &constant_views.at(i);
  return std::make_unique<OperatorInstance>(reference_impl(c.op, c.domain), c.attrs, in, constants);
}

// Descriptors of the call's inputs; an absent one has no data and ndim D500_ABSENT_NDIM.
inline std::vector<DLTensor> input_views(const Call& c) {
  std::vector<DLTensor> out;
  for (const Tensor* t : c.inputs) {
    DLTensor v{};
    if (t)
      v = t->dl();
    else
      v.ndim = D500_ABSENT_NDIM;
    out.push_back(v);
  }
  return out;
}

inline std::vector<Tensor> forward_all(const Call& c) {
  auto op = create(c);
  std::vector<Tensor> outs = allocate_outputs(*op);
  std::vector<DLTensor> out_views = views(outs);
  op->forward(input_views(c), out_views);
  return outs;
}

inline Tensor forward_one(const Call& c) {
  std::vector<Tensor> outs = forward_all(c);
  EXPECT_GE(outs.size(), 1u);
  return std::move(outs.at(0));
}

// Gradients of every input (an empty Tensor for absent ones) given one gradient per output;
// a nullptr in dys passes that output's gradient as not given (data NULL). Where `wanted` is
// given and false, the input's gradient is passed with data NULL ("not wanted"); its Tensor is
// filled with 12345 beforehand, so a plugin that wrote to it anyway would be seen.
inline std::vector<Tensor> backward_all(const Call& c, const std::vector<const Tensor*>& dys,
                                        const std::vector<bool>& wanted = {}) {
  auto op = create(c);
  std::vector<Tensor> outs = allocate_outputs(*op);
  std::vector<DLTensor> out_views = views(outs);
  op->forward(input_views(c), out_views);
  std::vector<DLTensor> dy_views;
  for (size_t k = 0; k < dys.size(); ++k) {
    DLTensor v = dys[k] ? dys[k]->dl() : outs.at(k).dl();
    if (!dys[k]) v.data = nullptr;
    dy_views.push_back(v);
  }
  std::vector<Tensor> grads;
  for (const Tensor* t : c.inputs) grads.push_back(t ? Tensor(t->dtype(), t->shape()) : Tensor());
  std::vector<DLTensor> grad_views;
  for (size_t i = 0; i < c.inputs.size(); ++i) {
    DLTensor v{};
    if (c.inputs[i])
      v = grads[i].dl();
    else
      v.ndim = D500_ABSENT_NDIM;
    if (i < wanted.size() && !wanted[i]) {
      for (int64_t j = 0; j < grads[i].numel(); ++j) grads[i].set(j, 12345);
      v.data = nullptr;
    }
    grad_views.push_back(v);
  }
  op->backward(dy_views, input_views(c), out_views, grad_views);
  return grads;
}

// What creating the instance throws ("" when it succeeds).
inline std::string create_error(const Call& c) {
  try {
    create(c);
  } catch (const D500Error& e) {
    return e.what();
  }
  return "";
}

// What a forward call throws ("" when it succeeds).
inline std::string forward_error(const Call& c) {
  try {
    forward_all(c);
  } catch (const D500Error& e) {
    return e.what();
  }
  return "";
}

// L = sum over outputs k of sum(Y_k * W_k), fixed random W_k: dL/dY_k = W_k.
inline double weighted_outputs(const Call& c, const std::vector<Tensor>& w) {
  std::vector<Tensor> ys = forward_all(c);
  double l = 0;
  for (size_t k = 0; k < ys.size(); ++k)
    for (int64_t i = 0; i < ys[k].numel(); ++i) l += ys[k].at(i) * w[k].at(i);
  return l;
}

// Every float64 input's analytic gradient against a central difference:
// ||numeric - analytic|| / max(||numeric||, ||analytic||) < 1e-6. Inputs passed as constants
// (shapes, axes) and integer inputs (labels) are not differentiated.
inline void check_gradient(const Call& call, double step = 1e-6) {
  std::vector<Tensor> owned;
  Call c = call;
  for (const Tensor* t : call.inputs) owned.push_back(t ? t->clone() : Tensor());
  for (size_t i = 0; i < c.inputs.size(); ++i) c.inputs[i] = call.inputs[i] ? &owned[i] : nullptr;
  std::vector<Tensor> ys = forward_all(c), w;
  std::vector<const Tensor*> dys;
  for (size_t k = 0; k < ys.size(); ++k) w.push_back(random(DType::Float64, ys[k].shape(), 99 + k));
  for (const Tensor& t : w) dys.push_back(&t);
  std::vector<Tensor> analytic = backward_all(c, dys);
  for (size_t k = 0; k < owned.size(); ++k) {
    const bool constant = std::find(c.constants.begin(), c.constants.end(), k) != c.constants.end();
    if (!c.inputs[k] || owned[k].dtype() != DType::Float64 || constant) continue;
    SCOPED_TRACE(call.op + ": gradient of input " + std::to_string(k) + " " +
                 shape_to_string(owned[k].shape()));
    double diff2 = 0, num2 = 0, ana2 = 0;
    for (int64_t j = 0; j < owned[k].numel(); ++j) {
      const double v = owned[k].at(j);
      owned[k].set(j, v + step);
      const double up = weighted_outputs(c, w);
      owned[k].set(j, v - step);
      const double down = weighted_outputs(c, w);
      owned[k].set(j, v);
      const double numeric = (up - down) / (2 * step), a = analytic[k].at(j);
      diff2 += (numeric - a) * (numeric - a);
      num2 += numeric * numeric;
      ana2 += a * a;
    }
    const double scale = std::max({std::sqrt(num2), std::sqrt(ana2), 1e-12});
    EXPECT_LT(std::sqrt(diff2) / scale, 1e-6);
    EXPECT_GT(ana2, 0.0) << "a gradient of all zeros proves nothing";
  }
}

// The call with every float64 input rounded to float32 gives, in float32, the float64 results
// (of the rounded inputs) to within float32 rounding: forward outputs and every gradient.
inline void check_float32(const Call& call64) {
  std::vector<Tensor> in32, in64;
  for (const Tensor* t : call64.inputs) {
    if (t && t->dtype() == DType::Float64) {
      in32.push_back(convert(*t, DType::Float32));
      in64.push_back(convert(in32.back(), DType::Float64));
    } else {
      in32.push_back(t ? t->clone() : Tensor());
      in64.push_back(t ? t->clone() : Tensor());
    }
  }
  Call c32 = call64, c64 = call64;
  for (size_t i = 0; i < call64.inputs.size(); ++i) {
    c32.inputs[i] = call64.inputs[i] ? &in32[i] : nullptr;
    c64.inputs[i] = call64.inputs[i] ? &in64[i] : nullptr;
  }
  auto close = [](double a, double b) {
    return std::fabs(a - b) <= 1e-6 * std::max(1.0, std::fabs(b));
  };
  std::vector<Tensor> y32 = forward_all(c32), y64 = forward_all(c64);
  ASSERT_EQ(y32.size(), y64.size());
  std::vector<Tensor> w32, w64;
  for (size_t k = 0; k < y64.size(); ++k) {
    ASSERT_EQ(y32[k].dtype(), DType::Float32) << call64.op << " output " << k;
    ASSERT_EQ(y32[k].shape(), y64[k].shape());
    for (int64_t i = 0; i < y64[k].numel(); ++i)
      EXPECT_PRED2(close, y32[k].at(i), y64[k].at(i))
          << call64.op << " output " << k << " [" << i << "]";
    w32.push_back(random(DType::Float32, y64[k].shape(), 3 + k));
    w64.push_back(convert(w32.back(), DType::Float64));
  }
  std::vector<const Tensor*> d32, d64;
  for (size_t k = 0; k < w32.size(); ++k) d32.push_back(&w32[k]), d64.push_back(&w64[k]);
  std::vector<Tensor> g32 = backward_all(c32, d32), g64 = backward_all(c64, d64);
  for (size_t k = 0; k < g64.size(); ++k) {
    if (!call64.inputs[k] || call64.inputs[k]->dtype() != DType::Float64) continue;
    for (int64_t i = 0; i < g64[k].numel(); ++i)
      EXPECT_PRED2(close, g32[k].at(i), g64[k].at(i))
          << call64.op << " gradient " << k << " [" << i << "]";
  }
}

inline std::pair<double, double> cost_of(const Call& c) {
  return create(c)->cost();
}

// Integer tensors (labels, shapes, axes).
inline Tensor ints(Shape shape, std::initializer_list<double> values) {
  return make(DType::Int64, std::move(shape), values);
}

// Values uniform in +-[lo, hi]: away from zero, for kinks (Relu) and divisors.
inline Tensor away_from_zero(Shape shape, uint64_t seed, double lo = 0.2, double hi = 1.0) {
  Tensor t = random(DType::Float64, std::move(shape), seed);
  for (int64_t i = 0; i < t.numel(); ++i) {
    const double v = t.at(i);
    t.set(i, (v < 0 ? -1 : 1) * (lo + (hi - lo) * std::fabs(v)));
  }
  return t;
}

}  // namespace d500::test
