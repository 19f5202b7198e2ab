// Add, Sub, Mul, Div, Sum and the activations Relu, LeakyRelu, Sigmoid, Tanh: values computed by
// hand (derivations beside them), numerical gradients, float32 against float64, errors, cost.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "reference_math_harness.h"

namespace d500::test {
namespace {

// A = [[1, 2, 3], [4, 5, 6]] throughout.
Tensor a23() {
  return make({2, 3}, {1, 2, 3, 4, 5, 6});
}

TEST(ReferenceMathBinary, ForwardWithBroadcasting) {
  Tensor a = a23(), row = make({3}, {10, 20, 30}), col = make({2, 1}, {1, 2});
  // Add, row broadcast over both rows: [1+10, 2+20, 3+30], [4+10, 5+20, 6+30].
  expect_values(forward_one({"Add", {&a, &row}}), {2, 3}, {11, 22, 33, 14, 25, 36});
  // Sub, column broadcast over the columns: row 0 minus 1, row 1 minus 2.
  expect_values(forward_one({"Sub", {&a, &col}}), {2, 3}, {0, 1, 2, 2, 3, 4});
  // Sub is not symmetric: row - A = [10-1, 20-2, 30-3], [10-4, 20-5, 30-6].
  expect_values(forward_one({"Sub", {&row, &a}}), {2, 3}, {9, 18, 27, 6, 15, 24});
  // Mul by a scalar (shape []): every element doubled.
  Tensor two = make({}, {2});
  expect_values(forward_one({"Mul", {&a, &two}}), {2, 3}, {2, 4, 6, 8, 10, 12});
  // Mul [2, 1] x [1, 3] is an outer product: [[1*3, 1*4, 1*5], [2*3, 2*4, 2*5]].
  Tensor r345 = make({1, 3}, {3, 4, 5});
  expect_values(forward_one({"Mul", {&col, &r345}}), {2, 3}, {3, 4, 5, 6, 8, 10});
  // Div by a row: [1/1, 2/2, 3/4], [4/1, 5/2, 6/4].
  Tensor d = make({3}, {1, 2, 4});
  expect_values(forward_one({"Div", {&a, &d}}), {2, 3}, {1, 1, 0.75, 4, 2.5, 1.5});
  // A scalar divided by a matrix: 2/1, 2/2, 2/4, 2/8.
  Tensor m = make({2, 2}, {1, 2, 4, 8});
  expect_values(forward_one({"Div", {&two, &m}}), {2, 2}, {2, 1, 0.5, 0.25});
}

TEST(ReferenceMathBinary, DivisionByZeroFollowsIeee) {
  Tensor n = make({3}, {1, -1, 0}), z = make({3}, {0, 0, 0});
  Tensor y = forward_one({"Div", {&n, &z}});
  EXPECT_EQ(y.at(0), std::numeric_limits<double>::infinity());
  EXPECT_EQ(y.at(1), -std::numeric_limits<double>::infinity());
  EXPECT_TRUE(std::isnan(y.at(2)));
}

TEST(ReferenceMathBinary, BackwardByHand) {
  Tensor col = make({2, 1}, {1, 2}), r345 = make({1, 3}, {3, 4, 5});
  Tensor ones = make({2, 3}, {1, 1, 1, 1, 1, 1});
  // Mul outer product, dY = 1: dA_i = sum_j B_j = 3+4+5 = 12; dB_j = sum_i A_i = 1+2 = 3.
  auto g = backward_all({"Mul", {&col, &r345}}, {&ones});
  expect_values(g[0], {2, 1}, {12, 12});
  expect_values(g[1], {1, 3}, {3, 3, 3});
  // Sub, B = row broadcast over 2 rows, dY = 1: dA = 1, dB = -(1 + 1) = -2.
  Tensor a = a23(), row = make({3}, {10, 20, 30});
  g = backward_all({"Sub", {&a, &row}}, {&ones});
  expect_values(g[0], {2, 3}, {1, 1, 1, 1, 1, 1});
  expect_values(g[1], {3}, {-2, -2, -2});
  // Div, A = [6] over B = [2, 3], dY = 1: dA = 1/2 + 1/3 = 5/6; dB = -A/B^2 = -6/4, -6/9.
  Tensor six = make({1}, {6}), b = make({2}, {2, 3}), one2 = make({2}, {1, 1});
  g = backward_all({"Div", {&six, &b}}, {&one2});
  expect_values(g[0], {1}, {5.0 / 6}, 1e-15);
  expect_values(g[1], {2}, {-1.5, -6.0 / 9}, 1e-15);
}

TEST(ReferenceMathBinary, Gradients) {
  const std::vector<std::pair<Shape, Shape>> cases = {
      {{2, 3}, {2, 3}}, {{2, 3}, {3}},       {{2, 1}, {1, 3}},
      {{4}, {}},        {{2, 3, 4}, {3, 1}}, {{}, {2, 2}},
  };
  for (const char* op : {"Add", "Sub", "Mul", "Div"})
    for (const auto& [sa, sb] : cases) {
      SCOPED_TRACE(std::string(op) + " " + shape_to_string(sa) + ", " + shape_to_string(sb));
      Tensor a = random(DType::Float64, sa, 1), b = away_from_zero(sb, 2);
      check_gradient({op, {&a, &b}});
    }
}

TEST(ReferenceMathBinary, Float32) {
  Tensor a = random(DType::Float64, {2, 3, 4}, 1), b = away_from_zero({3, 1}, 2);
  for (const char* op : {"Add", "Sub", "Mul", "Div"}) check_float32({op, {&a, &b}});
}

TEST(ReferenceMathSum, Forward) {
  // A + [10, 20, 30] + 100: [[111, 122, 133], [114, 125, 136]].
  Tensor a = a23(), row = make({3}, {10, 20, 30}), c = make({}, {100});
  expect_values(forward_one({"Sum", {&a, &row, &c}}), {2, 3}, {111, 122, 133, 114, 125, 136});
  // One input: a copy.
  expect_values(forward_one({"Sum", {&a}}), {2, 3}, {1, 2, 3, 4, 5, 6});
  // Broadcasting among all inputs, not just towards the first: [2,1] + [1,3] + [3].
  Tensor col = make({2, 1}, {1, 2}), r = make({1, 3}, {10, 20, 30}), s = make({3}, {100, 200, 300});
  expect_values(forward_one({"Sum", {&col, &r, &s}}), {2, 3}, {111, 221, 331, 112, 222, 332});
}

TEST(ReferenceMathSum, BackwardByHandAndGradients) {
  // dY = 1 on [2, 3]: A gets 1 each, the row 2 each (two rows), the scalar 6 (all elements).
  Tensor a = a23(), row = make({3}, {10, 20, 30}), c = make({}, {100});
  Tensor ones = make({2, 3}, {1, 1, 1, 1, 1, 1});
  auto g = backward_all({"Sum", {&a, &row, &c}}, {&ones});
  expect_values(g[0], {2, 3}, {1, 1, 1, 1, 1, 1});
  expect_values(g[1], {3}, {2, 2, 2});
  expect_values(g[2], {}, {6});
  Tensor x = random(DType::Float64, {2, 3, 4}, 1), y = random(DType::Float64, {3, 1}, 2),
         z = random(DType::Float64, {4}, 3), w = random(DType::Float64, {}, 4);
  check_gradient({"Sum", {&x, &y, &z, &w}});
  check_gradient({"Sum", {&x}});
  check_float32({"Sum", {&x, &y, &z, &w}});
}

TEST(ReferenceMathActivation, ForwardByHand) {
  Tensor x = make({4}, {-2, -0.5, 0, 3});
  expect_values(forward_one({"Relu", {&x}}), {4}, {0, 0, 0, 3});
  // alpha * x below zero, x above: default alpha 0.01 gives -0.02, -0.005.
  expect_values(forward_one({"LeakyRelu", {&x}}), {4}, {-0.02, -0.005, 0, 3}, 1e-17);
  expect_values(forward_one({"LeakyRelu", {&x}, {{"alpha", 0.1}}}), {4}, {-0.2, -0.05, 0, 3},
                1e-16);
  // sigmoid(ln 3) = 1 / (1 + 1/3) = 0.75; sigmoid(-ln 3) = 1 / (1 + 3) = 0.25.
  Tensor s = make({5}, {0, std::log(3.0), -std::log(3.0), 1000, -1000});
  expect_values(forward_one({"Sigmoid", {&s}}), {5}, {0.5, 0.75, 0.25, 1, 0}, 1e-15);
  // tanh(ln 2) = (2 - 1/2) / (2 + 1/2) = 0.6.
  Tensor t = make({3}, {0, std::log(2.0), -std::log(2.0)});
  expect_values(forward_one({"Tanh", {&t}}), {3}, {0, 0.6, -0.6}, 1e-15);
}

TEST(ReferenceMathActivation, BackwardByHand) {
  Tensor x = make({4}, {-2, -0.5, 0, 3}), ones = make({4}, {1, 1, 1, 1});
  // Slope alpha at and below 0 (as Relu's 0 there), 1 above.
  expect_values(backward_all({"LeakyRelu", {&x}, {{"alpha", 0.1}}}, {&ones})[0], {4},
                {0.1, 0.1, 0.1, 1});
  expect_values(backward_all({"Relu", {&x}}, {&ones})[0], {4}, {0, 0, 0, 1});
  // sigmoid' = s (1 - s): 0.5 * 0.5 = 0.25 at 0; 0.75 * 0.25 = 0.1875 at +-ln 3.
  Tensor s = make({3}, {0, std::log(3.0), -std::log(3.0)}), ones3 = make({3}, {1, 1, 1});
  expect_values(backward_all({"Sigmoid", {&s}}, {&ones3})[0], {3}, {0.25, 0.1875, 0.1875}, 1e-15);
  // tanh' = 1 - tanh^2: 1 at 0; 1 - 0.36 = 0.64 at ln 2.
  Tensor t = make({2}, {0, std::log(2.0)}), two = make({2}, {2, 2});
  expect_values(backward_all({"Tanh", {&t}}, {&two})[0], {2}, {2, 1.28}, 1e-15);
}

TEST(ReferenceMathActivation, GradientsAndFloat32) {
  Tensor x = away_from_zero({2, 3, 4}, 5, 0.1, 3.0);  // the kinks at 0 stay out of the step's reach
  for (const char* op : {"Relu", "LeakyRelu", "Sigmoid", "Tanh"}) {
    check_gradient({op, {&x}});
    check_float32({op, {&x}});
  }
  check_gradient({"LeakyRelu", {&x}, {{"alpha", 0.3}}});
}

TEST(ReferenceMathElementwise, UnwantedGradientsAreLeftAlone) {
  Tensor a = random(DType::Float64, {2, 3}, 1), b = away_from_zero({3}, 2);
  Tensor dy = random(DType::Float64, {2, 3}, 3);
  for (const char* op : {"Add", "Sub", "Mul", "Div", "Sum"}) {
    SCOPED_TRACE(op);
    auto all = backward_all({op, {&a, &b}}, {&dy});
    auto only_b = backward_all({op, {&a, &b}}, {&dy}, {false, true});
    for (int64_t i = 0; i < b.numel(); ++i) EXPECT_EQ(only_b[1].at(i), all[1].at(i));
    for (int64_t i = 0; i < a.numel(); ++i) EXPECT_EQ(only_b[0].at(i), 12345);
  }
}

TEST(ReferenceMathElementwise, Cost) {
  Tensor a = a23(), row = make({3}, {10, 20, 30}), c = make({}, {100});
  // 6 outputs, one operation each; (6 + 3 + 6) float64 elements moved.
  EXPECT_EQ(cost_of({"Div", {&a, &row}}), std::make_pair(6.0, 120.0));
  // Three inputs: two additions per output; (6 + 3 + 1 + 6) elements.
  EXPECT_EQ(cost_of({"Sum", {&a, &row, &c}}), std::make_pair(12.0, 128.0));
  Tensor a32 = convert(a, DType::Float32);
  // Sigmoid: exp, add, divide per element; 6 in, 6 out, 4 bytes each.
  EXPECT_EQ(cost_of({"Sigmoid", {&a32}}), std::make_pair(18.0, 48.0));
}

TEST(ReferenceMathElementwise, Errors) {
  Tensor a = a23(), four = make({4}, {1, 2, 3, 4});
  EXPECT_EQ(create_error({"Sub", {&a, &four}}),
            "reference/default Sub: shapes [2, 3] and [4] cannot be broadcast together");
  EXPECT_EQ(create_error({"Sum", {&a, &a, &four}}),
            "reference/default Sum: shapes [2, 3] and [4] cannot be broadcast together");
  EXPECT_EQ(create_error({"Mul", {&a}}),
            "reference/default Mul: expects inputs A and B, got 1 inputs");
  EXPECT_EQ(create_error({"Sum", {}}), "reference/default Sum: no inputs");
  Tensor i = ints({2}, {1, 2});
  EXPECT_EQ(create_error({"Sum", {&i, &i}}),
            "reference/default Sum: dtype int64 is not implemented; the reference has float32 "
            "and float64");
  Tensor a32 = convert(a, DType::Float32);
  EXPECT_EQ(create_error({"Sum", {&a, &a32}}),
            "reference/default Sum: inputs differ in dtype: float64[2, 3] and float32[2, 3]");
  EXPECT_EQ(create_error({"LeakyRelu", {&a}, {{"beta", 0.1}}}),
            "reference/default LeakyRelu: unknown attribute 'beta' (known: alpha)");
  EXPECT_EQ(create_error({"LeakyRelu", {&a}, {{"alpha", std::string("x")}}}),
            "reference/default LeakyRelu: attribute 'alpha' must be float, got string");
  EXPECT_EQ(create_error({"Tanh", {&a, &a}}),
            "reference/default Tanh: expects one input X, got 2 inputs");
}

}  // namespace
}  // namespace d500::test
