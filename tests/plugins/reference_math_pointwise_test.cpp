// The reference's element-wise table (Abs ... ThresholdedRelu), Clip, PRelu and Pow: values
// computed by hand, every differentiable operator's gradient against a central difference, float32
// against float64, the step functions' zero gradient, attributes and errors.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <string>

#include "reference_math_harness.h"

namespace d500::test {
namespace {

// Float64 values uniform in [lo, hi].
Tensor uniform(Shape shape, uint64_t seed, double lo, double hi) {
  Tensor t = random(DType::Float64, std::move(shape), seed);
  for (int64_t i = 0; i < t.numel(); ++i) t.set(i, lo + (hi - lo) * (t.at(i) + 1) / 2);
  return t;
}

TEST(ReferencePointwise, ValuesByHand) {
  Tensor x = make({6}, {-2.5, -1.5, -0.5, 0.5, 1.5, 2.5});
  // Round is half to even; Floor and Ceil; Sign; Abs; Neg.
  expect_values(forward_one({"Round", {&x}}), {6}, {-2, -2, -0.0, 0, 2, 2});
  expect_values(forward_one({"Floor", {&x}}), {6}, {-3, -2, -1, 0, 1, 2});
  expect_values(forward_one({"Ceil", {&x}}), {6}, {-2, -1, -0.0, 1, 2, 3});
  expect_values(forward_one({"Sign", {&x}}), {6}, {-1, -1, -1, 1, 1, 1});
  expect_values(forward_one({"Abs", {&x}}), {6}, {2.5, 1.5, 0.5, 0.5, 1.5, 2.5});
  expect_values(forward_one({"Neg", {&x}}), {6}, {2.5, 1.5, 0.5, -0.5, -1.5, -2.5});
  // HardSigmoid (0.2 x + 0.5 clipped to [0, 1]): 0, 0.2, 0.4, 0.6, 0.8, 1.
  expect_values(forward_one({"HardSigmoid", {&x}}), {6}, {0, 0.2, 0.4, 0.6, 0.8, 1}, 1e-15);
  // HardSwish x * clip(x / 6 + 0.5): -2.5 * 1/12, -1.5 * 0.25, -0.5 * 5/12, ...
  expect_values(forward_one({"HardSwish", {&x}}), {6},
                {-2.5 / 12, -0.375, -0.5 * 5 / 12, 0.5 * 7 / 12, 1.125, 2.5 * 11 / 12}, 1e-15);
  // ThresholdedRelu alpha 1: only 1.5 and 2.5 pass.
  expect_values(forward_one({"ThresholdedRelu", {&x}}), {6}, {0, 0, 0, 0, 1.5, 2.5});
  // Softsign x / (1 + |x|): -2.5/3.5, -1.5/2.5, -0.5/1.5, ...
  expect_values(forward_one({"Softsign", {&x}}), {6},
                {-2.5 / 3.5, -0.6, -1.0 / 3, 1.0 / 3, 0.6, 2.5 / 3.5}, 1e-15);
  Tensor e = make({3}, {-1, 0, 2});
  // Elu alpha 2: 2 (e^-1 - 1), 0, 2. Selu's defaults scale Elu by gamma with alpha 1.6733.
  expect_values(forward_one({"Elu", {&e}, {{"alpha", 2.0}}}), {3}, {2 * (std::exp(-1) - 1), 0, 2},
                1e-15);
  const double alpha = 1.67326319217681884765625, gamma = 1.05070102214813232421875;
  expect_values(forward_one({"Selu", {&e}}), {3},
                {gamma * alpha * (std::exp(-1) - 1), 0, gamma * 2}, 1e-15);
  // Celu alpha 2: 2 (e^(-1/2) - 1), 0, 2. Softplus: log(1 + e^x).
  expect_values(forward_one({"Celu", {&e}, {{"alpha", 2.0}}}), {3},
                {2 * (std::exp(-0.5) - 1), 0, 2}, 1e-15);
  expect_values(forward_one({"Softplus", {&e}}), {3},
                {std::log1p(std::exp(-1)), std::log(2), std::log1p(std::exp(2))}, 1e-15);
  // Softplus of a large x is x, not inf.
  Tensor big = make({1}, {1000});
  expect_values(forward_one({"Softplus", {&big}}), {1}, {1000});
  // Mish x tanh(softplus(x)): 0 at 0.
  expect_values(forward_one({"Mish", {&e}}), {3},
                {-std::tanh(std::log1p(std::exp(-1))), 0, 2 * std::tanh(std::log1p(std::exp(2)))},
                1e-15);
  Tensor p = make({3}, {0.25, 1, 4});
  expect_values(forward_one({"Sqrt", {&p}}), {3}, {0.5, 1, 2});
  expect_values(forward_one({"Reciprocal", {&p}}), {3}, {4, 1, 0.25});
  expect_values(forward_one({"Log", {&p}}), {3}, {std::log(0.25), 0, std::log(4)}, 1e-15);
  expect_values(forward_one({"Exp", {&e}}), {3}, {std::exp(-1), 1, std::exp(2)}, 1e-15);
  expect_values(forward_one({"Erf", {&e}}), {3}, {std::erf(-1), 0, std::erf(2)}, 1e-15);
}

TEST(ReferencePointwise, GradientsAndFloat32) {
  struct Case {
    const char* op;
    const Tensor* x;
    std::vector<Attribute> attrs = {};
  };
  const Shape s{2, 3, 4};
  Tensor any = uniform(s, 1, -1.5, 1.5), kinked = away_from_zero(s, 2, 0.1, 2.0);
  Tensor positive = uniform(s, 3, 0.5, 2.0), unit = uniform(s, 4, -0.9, 0.9);
  Tensor acosh = uniform(s, 5, 1.2, 3.0), threshold = away_from_zero(s, 6, 0.6, 2.0);
  const std::vector<Case> cases = {
      {"Abs", &kinked},
      {"Neg", &any},
      {"Exp", &any},
      {"Log", &positive},
      {"Sqrt", &positive},
      {"Reciprocal", &positive},
      {"Erf", &any},
      {"Sin", &any},
      {"Cos", &any},
      {"Tan", &unit},
      {"Asin", &unit},
      {"Acos", &unit},
      {"Atan", &any},
      {"Sinh", &any},
      {"Cosh", &any},
      {"Asinh", &any},
      {"Acosh", &acosh},
      {"Atanh", &unit},
      {"Elu", &kinked},
      {"Elu", &kinked, {{"alpha", 0.5}}},
      {"Selu", &kinked},
      {"Selu", &kinked, {{"alpha", 2.0}, {"gamma", 3.0}}},
      {"Celu", &kinked},
      {"Celu", &kinked, {{"alpha", 0.7}}},
      {"HardSigmoid", &kinked},
      {"HardSigmoid", &kinked, {{"alpha", 0.3}, {"beta", 0.4}}},
      {"HardSwish", &kinked},
      {"Softplus", &any},
      {"Softsign", &kinked},
      {"Mish", &any},
      {"ThresholdedRelu", &threshold, {{"alpha", 0.5}}},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.op);
    check_gradient({c.op, {c.x}, c.attrs});
    check_float32({c.op, {c.x}, c.attrs});
  }
}

TEST(ReferencePointwise, StepFunctionsHaveZeroGradient) {
  Tensor x = uniform({3, 4}, 7, -3, 3), dy = random(DType::Float64, {3, 4}, 8);
  for (const char* op : {"Floor", "Ceil", "Round", "Sign"}) {
    SCOPED_TRACE(op);
    const std::vector<Tensor> g = backward_all({op, {&x}}, {&dy});
    const Tensor& dx = g[0];
    for (int64_t i = 0; i < dx.numel(); ++i) EXPECT_EQ(dx.at(i), 0.0);
    check_float32({op, {&x}});
  }
}

TEST(ReferencePointwise, AttributesAndErrors) {
  Tensor x = make({2}, {1, 2});
  EXPECT_EQ(create_error({"Exp", {&x}, {{"alpha", 1.0}}}),
            "reference/default Exp: unknown attribute 'alpha' (takes none)");
  EXPECT_EQ(create_error({"Elu", {&x}, {{"beta", 1.0}}}),
            "reference/default Elu: unknown attribute 'beta' (known: alpha)");
  EXPECT_EQ(create_error({"Celu", {&x}, {{"alpha", 0.0}}}),
            "reference/default Celu: Celu alpha must not be 0");
  EXPECT_EQ(create_error({"Sin", {&x, &x}}),
            "reference/default Sin: expects one input X, got 2 inputs");
  Tensor i = ints({2}, {1, 2});
  EXPECT_NE(create_error({"Abs", {&i}}).find("dtype int64 is not implemented"), std::string::npos);
  // The table's operators are offered with backward.
  for (const char* op :
       {"Abs", "Acosh", "Selu", "HardSwish", "Mish", "ThresholdedRelu", "Clip", "PRelu", "Pow"})
    EXPECT_TRUE(reference_impl(op, "").has_backward()) << op;
}

TEST(ReferenceClip, BoundsAsAttributesOrInputs) {
  Tensor x = make({5}, {-3, -1, 0, 1, 3});
  Tensor lo = make({}, {-2}), hi = make({}, {2});
  // Opset 11+: bounds as inputs, either one left out.
  expect_values(forward_one({"Clip", {&x, &lo, &hi}}), {5}, {-2, -1, 0, 1, 2});
  expect_values(forward_one({"Clip", {&x, nullptr, &hi}}), {5}, {-3, -1, 0, 1, 2});
  expect_values(forward_one({"Clip", {&x, &lo}}), {5}, {-2, -1, 0, 1, 3});
  expect_values(forward_one({"Clip", {&x}}), {5}, {-3, -1, 0, 1, 3});
  // Opset 6: attributes.
  expect_values(forward_one({"Clip", {&x}, {{"_opset", int64_t{6}}, {"min", -0.5}, {"max", 2.0}}}),
                {5}, {-0.5, -0.5, 0, 1, 2});
  // min > max: everything is max (numpy's clip).
  Tensor lo3 = make({}, {3}), hi1 = make({}, {1});
  expect_values(forward_one({"Clip", {&x, &lo3, &hi1}}), {5}, {1, 1, 1, 1, 1});
  Tensor wide = make({2}, {0, 1});
  EXPECT_EQ(create_error({"Clip", {&x, &wide}}),
            "reference/default Clip: min must be a scalar, got float64[2]");
  EXPECT_EQ(create_error({"Clip", {&x}, {{"min", 1.0}}}),
            "reference/default Clip: unknown attribute 'min' (takes none)");
}

TEST(ReferenceClip, Gradients) {
  // x in [-1, 1], bounds at +-0.5: a quarter of the elements clipped at each end.
  Tensor x = random(DType::Float64, {3, 5}, 11), lo = make({}, {-0.5}), hi = make({}, {0.5});
  check_gradient({"Clip", {&x, &lo, &hi}});
  check_gradient({"Clip", {&x, nullptr, &hi}});
  check_gradient({"Clip", {&x}, {{"_opset", int64_t{6}}, {"min", -0.3}}});
  check_float32({"Clip", {&x, &lo, &hi}});
  // By hand: x = [-3, 0, 3], dY = [1, 2, 4]: dX = [0, 2, 0], dmin = 1, dmax = 4.
  Tensor x3 = make({3}, {-3, 0, 3}), dy = make({3}, {1, 2, 4}), l = make({}, {-1}),
         h = make({}, {1});
  auto g = backward_all({"Clip", {&x3, &l, &h}}, {&dy});
  expect_values(g[0], {3}, {0, 2, 0});
  expect_values(g[1], {}, {1});
  expect_values(g[2], {}, {4});
}

TEST(ReferencePRelu, BroadcastSlope) {
  // Slope per channel ([C, 1, 1] against [N, C, H, W]) and a scalar slope.
  Tensor x = make({1, 2, 1, 2}, {-1, 2, -3, 4}), slope = make({2, 1, 1}, {0.5, 0.25});
  expect_values(forward_one({"PRelu", {&x, &slope}}), {1, 2, 1, 2}, {-0.5, 2, -0.75, 4});
  Tensor dy = make({1, 2, 1, 2}, {1, 1, 1, 1});
  // dX: slope where X < 0, 1 elsewhere; dslope: sum of dY X over X < 0 per channel.
  auto g = backward_all({"PRelu", {&x, &slope}}, {&dy});
  expect_values(g[0], {1, 2, 1, 2}, {0.5, 1, 0.25, 1});
  expect_values(g[1], {2, 1, 1}, {-1, -3});
  // Before opset 7 a 1-D slope of X's channel count is per channel (PyTorch 0.3's exports).
  Tensor slope1 = make({2}, {0.5, 0.25});
  expect_values(forward_one({"PRelu", {&x, &slope1}, {{"_opset", int64_t{6}}}}), {1, 2, 1, 2},
                {-0.5, 2, -0.75, 4});
  g = backward_all({"PRelu", {&x, &slope1}, {{"_opset", int64_t{6}}}}, {&dy});
  expect_values(g[1], {2}, {-1, -3});
  Tensor xs = away_from_zero({2, 3, 4}, 12), per_channel = random(DType::Float64, {3, 1}, 13);
  Tensor scalar = make({1}, {0.2});
  check_gradient({"PRelu", {&xs, &per_channel}});
  check_gradient({"PRelu", {&xs, &scalar}});
  check_float32({"PRelu", {&xs, &per_channel}});
  Tensor bad = make({5}, {1, 2, 3, 4, 5});
  EXPECT_NE(create_error({"PRelu", {&xs, &bad}}).find("does not broadcast to X"),
            std::string::npos);
}

TEST(ReferencePow, ForwardAndGradients) {
  Tensor a = make({2, 2}, {2, 3, 4, 0.5}), b = make({2}, {2, -1});
  // 2^2, 3^-1, 4^2, 0.5^-1.
  expect_values(forward_one({"Pow", {&a, &b}}), {2, 2}, {4, 1.0 / 3, 16, 2}, 1e-15);
  Tensor base = uniform({2, 3}, 14, 0.5, 2.0), exponent = random(DType::Float64, {3}, 15);
  check_gradient({"Pow", {&base, &exponent}});
  check_float32({"Pow", {&base, &exponent}});
  // 0^b with b >= 0: the exponent's gradient is 0, not NaN (0 * log 0).
  Tensor zero = make({1}, {0}), two = make({1}, {2}), dy = make({1}, {1});
  auto g = backward_all({"Pow", {&zero, &two}}, {&dy});
  EXPECT_EQ(g[1].at(0), 0.0);
  // A float base and an integer exponent (ONNX allows the mix): C has the base's dtype.
  Tensor i = ints({1}, {2});
  Tensor ai = forward_one({"Pow", {&a, &i}});
  EXPECT_EQ(ai.dtype(), DType::Float64);
  expect_values(ai, {2, 2}, {4, 9, 16, 0.25});
  // Integers: wrap-around like numpy's uint8, truncating division; no gradient.
  Tensor u = make(DType::UInt8, {3}, {250, 7, 9}), v = make(DType::UInt8, {3}, {10, 2, 4});
  expect_values(forward_one({"Add", {&u, &v}}), {3}, {4, 9, 13});
  expect_values(forward_one({"Sub", {&v, &u}}), {3}, {16, 251, 251});
  expect_values(forward_one({"Div", {&u, &v}}), {3}, {25, 3, 2});
  Tensor x = ints({2}, {3, -7}), e = make(DType::Float32, {2}, {2, 3});
  Tensor p = forward_one({"Pow", {&x, &e}});  // an int64 base keeps its dtype
  EXPECT_EQ(p.dtype(), DType::Int64);
  expect_values(p, {2}, {9, -343});
  EXPECT_NE(create_error({"Mul", {&a, &i}}).find("differ in dtype"), std::string::npos);
}

}  // namespace
}  // namespace d500::test
