// The harness of the torch-against-reference operator tests (torch_compare_test.cpp,
// torch_compare_nodes_test.cpp): random inputs, forward and backward, float64 (relative error
// 1e-10) and float32 (1e-5). Both plugins are loaded through the real loader; no LibTorch header
// is included here.
//
// An operator the reference does not offer (yet) is skipped with "reference has no <op> yet":
// that is the only reason a case may skip.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <memory>
#include <ostream>
#include <random>
#include <string>
#include <tuple>
#include <vector>

#include "d500/plugin/plugin_manager.h"
#include "d500/tensor.h"

namespace d500::test::compare {

using plugin::Attribute;
using plugin::OperatorInstance;

inline const plugin::PluginManager& plugins() {
  static std::unique_ptr<plugin::PluginManager> m = [] {
    auto p =
        std::make_unique<plugin::PluginManager>(std::vector<std::string>{D500_TEST_PLUGIN_DIR});
    p->load({"reference", "torch"});
    return p;
  }();
  return *m;
}

// How an input is made: random reals in [-1, 1), [0.5, 1.5) or [1.2, 2.2), class labels, random
// bools, or a constant (also handed to create as a known value, as ONNX initializers are).
enum class Kind { Real, Positive, AboveOne, Labels, Labels32, Ints, Real0, Bool0, Bools, Absent };

struct In {
  Shape shape;
  Kind kind = Kind::Real;
  int64_t classes = 0;        // Labels: values in [0, classes)
  std::vector<int64_t> ints;  // Ints: the values of a constant int64 tensor
  double value = 0;           // Real0 / Bool0: a constant scalar
};

inline In R(Shape s) {
  return {std::move(s)};
}
inline In P(Shape s) {
  return {std::move(s), Kind::Positive};
}
inline In P1(Shape s) {
  return {std::move(s), Kind::AboveOne};
}
inline In L(Shape s, int64_t c) {
  return {std::move(s), Kind::Labels, c};
}
inline In L32(Shape s, int64_t c) {
  return {std::move(s), Kind::Labels32, c};
}
inline In Ints(std::vector<int64_t> v) {
  const int64_t n = static_cast<int64_t>(v.size());
  return {{n}, Kind::Ints, 0, std::move(v)};
}
inline In Real0(double v) {
  return {{}, Kind::Real0, 0, {}, v};
}
inline In Bool0(bool v) {
  return {{}, Kind::Bool0, 0, {}, v ? 1.0 : 0.0};
}
inline In Absent() {
  return {{}, Kind::Absent};
}
inline In B(Shape s) {
  return {std::move(s), Kind::Bools};
}  // random bools

struct Case {
  std::string name;
  std::string op;
  std::vector<In> inputs;
  std::vector<Attribute> attrs = {};
  std::string domain = "";
  bool backward = true;
  std::vector<size_t> no_grad = {};  // inputs whose gradient buffer is passed without data
  bool all_output_grads = false;     // a dY for every float output, not only the first
};

using Ints64 = std::vector<int64_t>;
inline Attribute A(const char* name, int64_t v) {
  return {name, v};
}
inline Attribute A(const char* name, double v) {
  return {name, v};
}
inline Attribute A(const char* name, const char* v) {
  return {name, std::string(v)};
}
inline Attribute A(const char* name, Ints64 v) {
  return {name, std::move(v)};
}

// The inputs of one case at one dtype, with their DLPack views and create-time constants.
struct Inputs {
  std::vector<Tensor> tensors;
  std::vector<d500_tensor_info> infos;
  std::vector<DLTensor> views;
  std::vector<const DLTensor*> constants;
};

inline Inputs make_inputs(const std::vector<In>& spec, DType real) {
  Inputs in;
  std::mt19937_64 rng(42);
  for (size_t i = 0; i < spec.size(); ++i) {
    const In& s = spec[i];
    DType dt = real;
    if (s.kind == Kind::Labels || s.kind == Kind::Ints) dt = DType::Int64;
    if (s.kind == Kind::Labels32) dt = DType::Int32;
    if (s.kind == Kind::Bool0 || s.kind == Kind::Bools) dt = DType::Bool;
    in.tensors.emplace_back(dt, s.shape);
    Tensor& t = in.tensors.back();
    if (s.kind == Kind::Real) fill_uniform(t, 100 + i, -1.0, 1.0);
    if (s.kind == Kind::Positive) fill_uniform(t, 100 + i, 0.5, 1.5);
    if (s.kind == Kind::AboveOne) fill_uniform(t, 100 + i, 1.2, 2.2);
    for (int64_t j = 0; j < t.numel(); ++j) {
      if (s.kind == Kind::Labels || s.kind == Kind::Labels32)
        t.set(j, static_cast<double>(rng() % static_cast<uint64_t>(s.classes)));
      if (s.kind == Kind::Ints) t.set(j, static_cast<double>(s.ints[static_cast<size_t>(j)]));
      if (s.kind == Kind::Bools) t.set(j, static_cast<double>(rng() % 2));
    }
    if (s.kind == Kind::Real0 || s.kind == Kind::Bool0) t.set(0, s.value);
    d500_tensor_info info = plugin::tensor_info(dt, s.shape);
    if (s.kind == Kind::Absent) info.ndim = D500_ABSENT_NDIM;
    in.infos.push_back(info);
  }
  for (size_t i = 0; i < spec.size(); ++i) {
    DLTensor v = in.tensors[i].dl();
    if (spec[i].kind == Kind::Absent) v.ndim = D500_ABSENT_NDIM, v.data = nullptr;
    in.views.push_back(v);
  }
  for (size_t i = 0; i < spec.size(); ++i) {
    const Kind k = spec[i].kind;
    const bool constant = k == Kind::Ints || k == Kind::Real0 || k == Kind::Bool0;
    in.constants.push_back(constant ? &in.views[i] : nullptr);
  }
  return in;
}

inline std::vector<Tensor> allocate(OperatorInstance& op) {
  std::vector<Tensor> out;
  for (const auto& i : op.output_info())
    out.emplace_back(from_dlpack(i.dtype), Shape(i.shape, i.shape + i.ndim));
  return out;
}

inline std::vector<DLTensor> views_of(std::vector<Tensor>& ts) {
  std::vector<DLTensor> v;
  for (Tensor& t : ts) v.push_back(t.dl());
  return v;
}

// ||a - b|| / max(||a||, ||b||), exact comparison for integer and bool tensors.
inline void expect_close(const Tensor& a, const Tensor& b, double tol, const std::string& what) {
  ASSERT_EQ(a.dtype(), b.dtype()) << what;
  ASSERT_EQ(a.shape(), b.shape()) << what;
  if (a.dtype() != DType::Float32 && a.dtype() != DType::Float64) {
    for (int64_t i = 0; i < a.numel(); ++i) ASSERT_EQ(a.at(i), b.at(i)) << what << " element " << i;
    return;
  }
  double diff = 0, na = 0, nb = 0;
  for (int64_t i = 0; i < a.numel(); ++i) {
    ASSERT_EQ(std::isnan(a.at(i)), std::isnan(b.at(i))) << what << " element " << i;
    if (std::isnan(a.at(i))) continue;
    diff += (a.at(i) - b.at(i)) * (a.at(i) - b.at(i));
    na += a.at(i) * a.at(i);
    nb += b.at(i) * b.at(i);
  }
  const double scale = std::max({std::sqrt(na), std::sqrt(nb), 1e-30});
  EXPECT_LE(std::sqrt(diff) / scale, tol)
      << what << " (norms " << std::sqrt(na) << " torch, " << std::sqrt(nb) << " reference)";
}

inline bool skipped(const Case& c, size_t input) {
  return std::find(c.no_grad.begin(), c.no_grad.end(), input) != c.no_grad.end();
}

// Forward outputs, and (with backward) the gradients of every input for a random dY of output 0.
struct Outcome {
  std::vector<Tensor> outputs, grads;
};

inline Outcome run(const plugin::OperatorImpl& impl, const Case& c, Inputs& in, bool backward) {
  OperatorInstance op(impl, c.attrs, in.infos, in.constants);
  Outcome r;
  r.outputs = allocate(op);
  std::vector<DLTensor> out = views_of(r.outputs);
  op.forward(in.views, out);
  if (!backward) return r;
  std::vector<Tensor> dys;
  for (size_t i = 0; i < (c.all_output_grads ? r.outputs.size() : 1); ++i) {
    const Tensor& y = r.outputs[i];
    if (y.dtype() != DType::Float32 && y.dtype() != DType::Float64) continue;
    dys.emplace_back(y.dtype(), y.shape());
    fill_uniform(dys.back(), 7 + i, -1.0, 1.0);
  }
  for (const Tensor& t : in.tensors) {
    r.grads.emplace_back(t.dtype(), t.shape());
    for (int64_t j = 0; j < t.numel(); ++j) r.grads.back().set(j, 7.0);  // unwritten shows
  }
  std::vector<DLTensor> grads = views_of(r.grads);
  for (size_t i = 0; i < c.inputs.size(); ++i)
    if (c.inputs[i].kind == Kind::Absent || skipped(c, i)) grads[i].data = nullptr;
  op.backward(views_of(dys), in.views, out, grads);
  return r;
}

inline void PrintTo(const Case& c, std::ostream* os) {
  *os << c.name;
}

// Case c at dtype on the torch plugin and on the reference: outputs and input gradients agree
// (skipped when the reference does not offer the operator yet).
inline void compare_with_reference(const Case& c, DType dtype) {
  const plugin::OperatorImpl* torch = plugins().operators().find_impl(c.op, c.domain, "torch");
  ASSERT_NE(torch, nullptr) << "the torch plugin has no " << c.op;
  const plugin::OperatorImpl* reference =
      plugins().operators().find_impl(c.op, c.domain, "reference");
  if (!reference) GTEST_SKIP() << "reference has no " << c.op << " yet";
  Inputs in_t = make_inputs(c.inputs, dtype), in_r = make_inputs(c.inputs, dtype);
  const Outcome t = run(*torch, c, in_t, c.backward), r = run(*reference, c, in_r, c.backward);
  const double tol = dtype == DType::Float64 ? 1e-10 : 1e-5;
  ASSERT_EQ(t.outputs.size(), r.outputs.size()) << "output counts differ";
  for (size_t i = 0; i < t.outputs.size(); ++i)
    expect_close(t.outputs[i], r.outputs[i], tol, "output " + std::to_string(i));
  for (size_t i = 0; i < t.grads.size(); ++i)
    if (c.inputs[i].kind != Kind::Absent && !skipped(c, i))
      expect_close(t.grads[i], r.grads[i], tol, "gradient of input " + std::to_string(i));
}

inline std::string case_name(const testing::TestParamInfo<std::tuple<Case, DType>>& info) {
  return std::get<0>(info.param).name +
         (std::get<1>(info.param) == DType::Float64 ? "_f64" : "_f32");
}

}  // namespace d500::test::compare
