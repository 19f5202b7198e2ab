// Every reference backward against a central-difference gradient in float64, and float32 results
// against float64 ones. The loss is L = sum(Y * W) with a fixed random W, so dL/dY = W.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

#include "reference_harness.h"

namespace d500::test {
namespace {

constexpr double kStep = 1e-6;

double loss(const std::string& op, const std::vector<const Tensor*>& in,
            const std::vector<Attribute>& attrs, const Tensor& w) {
  Tensor y = forward1(op, in, attrs);
  double l = 0;
  for (int64_t i = 0; i < y.numel(); ++i) l += y.at(i) * w.at(i);
  return l;
}

// ||a - b|| / max(||a||, ||b||) over all inputs' gradients.
void check_gradient(const std::string& op, std::vector<Tensor> inputs,
                    const std::vector<Attribute>& attrs = {}) {
  std::vector<const Tensor*> ptrs;
  for (auto& t : inputs) ptrs.push_back(&t);
  Tensor y = forward1(op, ptrs, attrs);
  Tensor w = random(DType::Float64, y.shape(), 99);
  std::vector<Tensor> analytic = run_backward(op, ptrs, w, attrs);
  ASSERT_EQ(analytic.size(), inputs.size());
  for (size_t k = 0; k < inputs.size(); ++k) {
    SCOPED_TRACE("gradient of input " + std::to_string(k) + " " +
                 shape_to_string(inputs[k].shape()));
    double diff2 = 0, num2 = 0, ana2 = 0;
    for (int64_t j = 0; j < inputs[k].numel(); ++j) {
      const double v = inputs[k].at(j);
      inputs[k].set(j, v + kStep);
      const double up = loss(op, ptrs, attrs, w);
      inputs[k].set(j, v - kStep);
      const double down = loss(op, ptrs, attrs, w);
      inputs[k].set(j, v);
      const double numeric = (up - down) / (2 * kStep);
      const double a = analytic[k].at(j);
      diff2 += (numeric - a) * (numeric - a);
      num2 += numeric * numeric;
      ana2 += a * a;
    }
    const double scale = std::max({std::sqrt(num2), std::sqrt(ana2), 1e-12});
    EXPECT_LT(std::sqrt(diff2) / scale, 1e-6);
    EXPECT_GT(ana2, 0.0) << "a gradient of all zeros proves nothing";
  }
}

// float32 results equal float64 ones computed from the same (float32-representable) inputs to
// within float32 rounding, forward and backward.
void check_float32(const std::string& op, const std::vector<Shape>& shapes,
                   const std::vector<Attribute>& attrs = {}) {
  std::vector<Tensor> in32, in64;
  for (size_t i = 0; i < shapes.size(); ++i) {
    in32.push_back(random(DType::Float32, shapes[i], 7 + i));
    in64.push_back(convert(in32.back(), DType::Float64));
  }
  std::vector<const Tensor*> p32, p64;
  for (size_t i = 0; i < shapes.size(); ++i) p32.push_back(&in32[i]), p64.push_back(&in64[i]);
  Tensor y32 = forward1(op, p32, attrs), y64 = forward1(op, p64, attrs);
  ASSERT_EQ(y32.dtype(), DType::Float32);
  ASSERT_EQ(y32.shape(), y64.shape());
  for (int64_t i = 0; i < y64.numel(); ++i)
    EXPECT_NEAR(y32.at(i), y64.at(i), 1e-6 * std::max(1.0, std::fabs(y64.at(i)))) << i;
  Tensor w32 = random(DType::Float32, y64.shape(), 3), w64 = convert(w32, DType::Float64);
  auto g32 = run_backward(op, p32, w32, attrs), g64 = run_backward(op, p64, w64, attrs);
  for (size_t k = 0; k < g64.size(); ++k)
    for (int64_t i = 0; i < g64[k].numel(); ++i)
      EXPECT_NEAR(g32[k].at(i), g64[k].at(i), 1e-6 * std::max(1.0, std::fabs(g64[k].at(i))))
          << "input " << k << " element " << i;
}

std::vector<Tensor> randoms(const std::vector<Shape>& shapes, uint64_t seed = 1) {
  std::vector<Tensor> out;
  for (const auto& s : shapes) out.push_back(random(DType::Float64, s, seed++));
  return out;
}

TEST(ReferenceGradient, GemmAllTransposesAndCShapes) {
  const int64_t M = 3, K = 4, N = 5;
  const std::vector<std::vector<int64_t>> c_shapes = {{}, {N}, {M, 1}, {1, N}, {M, N}};
  for (int64_t ta : {0, 1})
    for (int64_t tb : {0, 1}) {
      const Shape a = ta ? Shape{K, M} : Shape{M, K};
      const Shape b = tb ? Shape{N, K} : Shape{K, N};
      SCOPED_TRACE("transA=" + std::to_string(ta) + " transB=" + std::to_string(tb));
      check_gradient("Gemm", randoms({a, b}), {{"transA", ta}, {"transB", tb}, {"alpha", 1.5}});
      for (const auto& c : c_shapes) {
        SCOPED_TRACE("C " + shape_to_string(c));
        check_gradient("Gemm", randoms({a, b, c}),
                       {{"transA", ta}, {"transB", tb}, {"alpha", 1.5}, {"beta", -0.7}});
      }
    }
}

TEST(ReferenceGradient, MatMulPlainBatchedBroadcastAndVectors) {
  const std::vector<std::pair<Shape, Shape>> cases = {
      {{3, 4}, {4, 5}},       {{2, 3, 4}, {4, 5}}, {{3, 4}, {2, 4, 5}}, {{2, 1, 3, 4}, {3, 4, 2}},
      {{1, 3, 4}, {2, 4, 2}}, {{4}, {4, 5}},       {{3, 4}, {4}},       {{4}, {4}},
      {{2, 3, 4}, {4}},
  };
  for (const auto& [a, b] : cases) {
    SCOPED_TRACE(shape_to_string(a) + " x " + shape_to_string(b));
    check_gradient("MatMul", randoms({a, b}));
  }
}

TEST(ReferenceGradient, AddWithBroadcasting) {
  const std::vector<std::pair<Shape, Shape>> cases = {
      {{2, 3}, {2, 3}}, {{2, 3}, {3}}, {{2, 1}, {1, 3}}, {{4}, {}}, {{2, 3, 4}, {3, 1}},
  };
  for (const auto& [a, b] : cases) {
    SCOPED_TRACE(shape_to_string(a) + " + " + shape_to_string(b));
    check_gradient("Add", randoms({a, b}));
  }
}

TEST(ReferenceGradient, ReluAwayFromTheKink) {
  Tensor x = random(DType::Float64, {2, 3, 4}, 5);
  // The derivative jumps at 0; keep every point further from it than the finite-difference step.
  for (int64_t i = 0; i < x.numel(); ++i)
    if (std::fabs(x.at(i)) < 0.1) x.set(i, x.at(i) < 0 ? x.at(i) - 0.2 : x.at(i) + 0.2);
  std::vector<Tensor> in;
  in.push_back(std::move(x));
  check_gradient("Relu", std::move(in));
}

TEST(ReferenceFloat32, CloseToFloat64) {
  const int64_t one = 1;
  check_float32("Gemm", {{3, 4}, {5, 4}, {5}}, {{"transB", one}, {"alpha", 0.5}, {"beta", 2.0}});
  check_float32("MatMul", {{2, 1, 3, 4}, {3, 4, 2}});
  check_float32("Add", {{2, 3, 4}, {3, 1}});
  check_float32("Relu", {{2, 3, 4}});
}

TEST(ReferenceGradient, UnwantedGradientsAreLeftAlone) {
  // grad_inputs[i].data == NULL means "not wanted": the plugin must skip it, not write to it.
  Tensor a = random(DType::Float64, {3, 4}, 1), b = random(DType::Float64, {4, 5}, 2);
  OperatorInstance op(reference_impl("Gemm"), {}, infos({&a, &b}));
  std::vector<Tensor> outs = allocate_outputs(op);
  std::vector<DLTensor> out_views = views(outs);
  op.forward(views({&a, &b}), out_views);
  Tensor dy = random(DType::Float64, {3, 5}, 3), db(DType::Float64, {4, 5});
  DLTensor none = a.dl();
  none.data = nullptr;
  std::vector<DLTensor> grads{none, db.dl()};
  op.backward({dy.dl()}, views({&a, &b}), out_views, grads);
  auto both = run_backward("Gemm", {&a, &b}, dy);
  for (int64_t i = 0; i < db.numel(); ++i) EXPECT_DOUBLE_EQ(db.at(i), both[1].at(i));
}

}  // namespace
}  // namespace d500::test
