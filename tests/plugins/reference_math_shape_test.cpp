// Identity, Flatten, Reshape, Transpose and Concat: shapes and element order by hand, gradients
// (the inverse movement), other dtypes, and the errors of their attributes and shapes.
#include <gtest/gtest.h>

#include "reference_math_harness.h"

namespace d500::test {
namespace {

// 0, 1, ..., n-1 in the given shape: element i holds i, so a moved element names its origin.
Tensor iota(Shape shape, DType dtype = DType::Float64) {
  Tensor t(dtype, std::move(shape));
  for (int64_t i = 0; i < t.numel(); ++i) t.set(i, static_cast<double>(i));
  return t;
}

void expect_iota(const Tensor& t, const Shape& shape) {
  ASSERT_EQ(t.shape(), shape);
  for (int64_t i = 0; i < t.numel(); ++i) EXPECT_EQ(t.at(i), i);
}

TEST(ReferenceMathShape, IdentityAnyDtype) {
  Tensor x = iota({2, 3}), xi = iota({4}, DType::Int64), xb = iota({3}, DType::UInt8);
  expect_iota(forward_one({"Identity", {&x}}), {2, 3});
  Tensor yi = forward_one({"Identity", {&xi}});
  EXPECT_EQ(yi.dtype(), DType::Int64);
  expect_iota(yi, {4});
  expect_iota(forward_one({"Identity", {&xb}}), {3});
  Tensor dy = iota({2, 3});
  expect_iota(backward_all({"Identity", {&x}}, {&dy})[0], {2, 3});
  Tensor x0 = random(DType::Float64, {2, 3}, 1);
  check_gradient({"Identity", {&x0}});
  check_float32({"Identity", {&x0}});
  check_float32({"Flatten", {&x0}, {{"axis", int64_t{0}}}});
  EXPECT_EQ(create_error({"Identity", {&x, &x}}),
            "reference/default Identity: expects one input, got 2 inputs");
  // Concat's unwanted gradients stay untouched while the wanted ones are written.
  Tensor y = random(DType::Float64, {2, 2}, 2), dyc = random(DType::Float64, {2, 5}, 3);
  auto g = backward_all({"Concat", {&x0, &y}, {{"axis", int64_t{1}}}}, {&dyc}, {true, false});
  EXPECT_EQ(g[0].at(3), dyc.at(5));  // row 1 of x0 starts at column 0 of dY's row 1
  for (int64_t i = 0; i < y.numel(); ++i) EXPECT_EQ(g[1].at(i), 12345);
}

TEST(ReferenceMathShape, Flatten) {
  // [2, 3, 4] split before `axis`: rows = product of the dimensions before it, columns the rest.
  Tensor x = iota({2, 3, 4});
  expect_iota(forward_one({"Flatten", {&x}}), {2, 12});  // default axis 1
  expect_iota(forward_one({"Flatten", {&x}, {{"axis", int64_t{0}}}}), {1, 24});
  expect_iota(forward_one({"Flatten", {&x}, {{"axis", int64_t{2}}}}), {6, 4});
  expect_iota(forward_one({"Flatten", {&x}, {{"axis", int64_t{3}}}}), {24, 1});
  expect_iota(forward_one({"Flatten", {&x}, {{"axis", int64_t{-1}}}}), {6, 4});
  expect_iota(forward_one({"Flatten", {&x}, {{"axis", int64_t{-3}}}}), {1, 24});
  Tensor s = make({}, {7});
  expect_values(forward_one({"Flatten", {&s}, {{"axis", int64_t{0}}}}), {1, 1}, {7});
  EXPECT_EQ(create_error({"Flatten", {&x}, {{"axis", int64_t{4}}}}),
            "reference/default Flatten: axis 4 is outside [-3, 3] for a rank-3 input");
  Tensor x0 = random(DType::Float64, {2, 3, 4}, 1);
  check_gradient({"Flatten", {&x0}, {{"axis", int64_t{2}}}});
}

Shape reshaped(const Shape& in, std::initializer_list<double> shape, int64_t allowzero = 0) {
  Tensor x(DType::Float32, in), s = ints({static_cast<int64_t>(shape.size())}, shape);
  return forward_one({"Reshape", {&x, &s}, {{"allowzero", allowzero}}, {1}}).shape();
}

std::string reshape_error(const Shape& in, std::initializer_list<double> shape,
                          int64_t allowzero = 0) {
  Tensor x(DType::Float32, in), s = ints({static_cast<int64_t>(shape.size())}, shape);
  return create_error({"Reshape", {&x, &s}, {{"allowzero", allowzero}}, {1}});
}

TEST(ReferenceMathShape, ReshapeShapes) {
  EXPECT_EQ(reshaped({2, 3, 4}, {4, 6}), (Shape{4, 6}));
  EXPECT_EQ(reshaped({2, 3, 4}, {4, -1}), (Shape{4, 6}));  // 24 / 4
  EXPECT_EQ(reshaped({2, 3, 4}, {-1}), (Shape{24}));
  EXPECT_EQ(reshaped({2, 3, 4}, {0, -1}), (Shape{2, 12}));  // 0 copies dimension 0
  EXPECT_EQ(reshaped({2, 3, 4}, {0, 0, -1}), (Shape{2, 3, 4}));
  EXPECT_EQ(reshaped({2, 3, 4}, {-1, 0}), (Shape{8, 3}));  // 0 copies dimension 1 (3)
  EXPECT_EQ(reshaped({2, 3, 4}, {2, 1, 12, 1}), (Shape{2, 1, 12, 1}));
  EXPECT_EQ(reshaped({1}, {}), (Shape{}));  // to a scalar
  // allowzero=1: 0 is a dimension of length 0, possible when the input is empty.
  EXPECT_EQ(reshaped({0, 3}, {3, 0}, 1), (Shape{3, 0}));
}

TEST(ReferenceMathShape, ReshapeErrors) {
  const std::string p = "reference/default Reshape: ";
  EXPECT_EQ(reshape_error({2, 3, 4}, {5, -1}),
            p + "cannot infer the -1 in shape [5, -1] for an input [2, 3, 4] of 24 elements");
  EXPECT_EQ(reshape_error({2, 3, 4}, {5, 5}),
            p + "cannot reshape [2, 3, 4] (24 elements) to [5, 5] (25 elements)");
  EXPECT_EQ(reshape_error({2, 3, 4}, {-1, -1}),
            p + "shape[1] = -1: at most one dimension may be -1");
  EXPECT_EQ(reshape_error({2, 3, 4}, {4, -2, 3}),
            p + "shape[1] = -2 is not a dimension (nor 0 or -1)");
  EXPECT_EQ(reshape_error({24}, {4, 0}),
            p + "shape[1] = 0 copies input dimension 1, but the input [24] has rank 1");
  EXPECT_EQ(reshape_error({0, 3}, {0, -1}, 1),
            p + "shape [0, -1] has both 0 and -1, which allowzero=1 forbids");
  // Without allowzero the 0 copies dimension 1 of [0, 3]: [3, 3] has 9 elements, not 0.
  EXPECT_EQ(reshape_error({0, 3}, {3, 0}),
            p + "cannot reshape [0, 3] (0 elements) to [3, 3] (9 elements)");
  // The shape is an ordinary input here, not a constant: this implementation needs its value.
  Tensor x(DType::Float32, {2, 3}), s = ints({1}, {6});
  EXPECT_EQ(create_error({"Reshape", {&x, &s}}),
            p + "shape must be a constant (an initializer) for this implementation");
  Tensor s2 = ints({1, 1}, {6});
  EXPECT_EQ(create_error({"Reshape", {&x, &s2}, {}, {1}}),
            p + "shape must be 1-D, got int64[1, 1]");
  Tensor sf = make({1}, {6});
  EXPECT_EQ(create_error({"Reshape", {&x, &sf}, {}, {1}}),
            p + "shape must be an integer tensor, got float64");
  EXPECT_EQ(create_error({"Reshape", {&x}}), p + "expects inputs data and shape, got 1 inputs");
  EXPECT_EQ(create_error({"Reshape", {&x, &s}, {{"shape", std::vector<int64_t>{6}}}, {1}}),
            p + "shape given both as an attribute and as input 1");
}

TEST(ReferenceMathShape, ReshapeValuesDtypesAndGradient) {
  Tensor x = iota({2, 3, 4}), s = ints({2}, {4, -1});
  expect_iota(forward_one({"Reshape", {&x, &s}, {}, {1}}), {4, 6});
  // An int32 shape and int64 data work too.
  Tensor s32 = make(DType::Int32, {3}, {3, 2, -1}), xi = iota({2, 3, 4}, DType::Int64);
  expect_iota(forward_one({"Reshape", {&xi, &s32}, {}, {1}}), {3, 2, 4});
  // The gradient is dY in X's shape; the shape's gradient buffer, when given, is zeroed.
  Tensor dy = iota({4, 6});
  auto g = backward_all({"Reshape", {&x, &s}, {}, {1}}, {&dy});
  expect_iota(g[0], {2, 3, 4});
  expect_values(g[1], {2}, {0, 0});
  // Reshape-1 (opset < 5) took the shape as an attribute.
  expect_iota(forward_one({"Reshape", {&x}, {{"shape", std::vector<int64_t>{0, -1}}}}), {2, 12});
  Tensor x0 = random(DType::Float64, {2, 3, 4}, 1);
  check_gradient({"Reshape", {&x0, &s}, {}, {1}});
  check_float32({"Reshape", {&x0, &s}, {}, {1}});
}

TEST(ReferenceMathShape, Transpose) {
  // Default perm reverses: [[1, 2, 3], [4, 5, 6]] -> [[1, 4], [2, 5], [3, 6]].
  Tensor a = make({2, 3}, {1, 2, 3, 4, 5, 6});
  expect_values(forward_one({"Transpose", {&a}}), {3, 2}, {1, 4, 2, 5, 3, 6});
  // perm [1, 2, 0] on [2, 3, 4]: Y[i, j, k] = X[k, i, j] = 12 k + 4 i + j, Y's shape [3, 4, 2].
  Tensor x = iota({2, 3, 4});
  Tensor y = forward_one({"Transpose", {&x}, {{"perm", std::vector<int64_t>{1, 2, 0}}}});
  ASSERT_EQ(y.shape(), (Shape{3, 4, 2}));
  for (int64_t i = 0; i < 3; ++i)
    for (int64_t j = 0; j < 4; ++j)
      for (int64_t k = 0; k < 2; ++k) EXPECT_EQ(y.at((i * 4 + j) * 2 + k), 12 * k + 4 * i + j);
  // Identity permutation, a scalar, and int64 data.
  expect_iota(forward_one({"Transpose", {&x}, {{"perm", std::vector<int64_t>{0, 1, 2}}}}),
              {2, 3, 4});
  Tensor s = make({}, {5}), xi = iota({2, 3}, DType::Int64);
  expect_values(forward_one({"Transpose", {&s}}), {}, {5});
  expect_values(forward_one({"Transpose", {&xi}}), {3, 2}, {0, 3, 1, 4, 2, 5});
  // Backward moves dY back: dY of the 2-D case laid out as Y -> A's layout.
  Tensor dy = make({3, 2}, {1, 4, 2, 5, 3, 6});
  expect_values(backward_all({"Transpose", {&a}}, {&dy})[0], {2, 3}, {1, 2, 3, 4, 5, 6});
  Tensor x0 = random(DType::Float64, {2, 3, 4}, 1);
  check_gradient({"Transpose", {&x0}, {{"perm", std::vector<int64_t>{2, 0, 1}}}});
  check_gradient({"Transpose", {&x0}});
  check_float32({"Transpose", {&x0}, {{"perm", std::vector<int64_t>{1, 2, 0}}}});
  const std::string p = "reference/default Transpose: ";
  EXPECT_EQ(create_error({"Transpose", {&a}, {{"perm", std::vector<int64_t>{0, 0}}}}),
            p + "perm [0, 0] is not a permutation of 2 dimensions (input float64[2, 3])");
  EXPECT_EQ(create_error({"Transpose", {&a}, {{"perm", std::vector<int64_t>{1, 0, 2}}}}),
            p + "perm [1, 0, 2] is not a permutation of 2 dimensions (input float64[2, 3])");
  EXPECT_EQ(create_error({"Transpose", {&a}, {{"perm", std::vector<int64_t>{-1, 0}}}}),
            p + "perm [-1, 0] is not a permutation of 2 dimensions (input float64[2, 3])");
  EXPECT_EQ(cost_of({"Transpose", {&a}}), std::make_pair(0.0, 96.0));
}

TEST(ReferenceMathShape, Concat) {
  Tensor a = make({2, 2}, {1, 2, 3, 4}), b = make({2, 1}, {5, 6}), c = make({1, 2}, {7, 8});
  // Along columns: [[1, 2] + [5]], [[3, 4] + [6]].
  expect_values(forward_one({"Concat", {&a, &b}, {{"axis", int64_t{1}}}}), {2, 3},
                {1, 2, 5, 3, 4, 6});
  expect_values(forward_one({"Concat", {&a, &b, &a}, {{"axis", int64_t{-1}}}}), {2, 5},
                {1, 2, 5, 1, 2, 3, 4, 6, 3, 4});
  // Along rows: c's row appended below a's.
  expect_values(forward_one({"Concat", {&a, &c}, {{"axis", int64_t{0}}}}), {3, 2},
                {1, 2, 3, 4, 7, 8});
  // One input, an empty input, and int64 data.
  expect_values(forward_one({"Concat", {&a}, {{"axis", int64_t{0}}}}), {2, 2}, {1, 2, 3, 4});
  Tensor e(DType::Float64, {2, 0});
  expect_values(forward_one({"Concat", {&e, &b}, {{"axis", int64_t{1}}}}), {2, 1}, {5, 6});
  Tensor ai = convert(a, DType::Int64), ci = convert(c, DType::Int64);
  expect_values(forward_one({"Concat", {&ai, &ci}, {{"axis", int64_t{0}}}}), {3, 2},
                {1, 2, 3, 4, 7, 8});
  // Backward splits dY = [[1, 2, 3], [4, 5, 6]] into a's [[1, 2], [4, 5]] and b's [[3], [6]].
  Tensor dy = make({2, 3}, {1, 2, 3, 4, 5, 6});
  auto g = backward_all({"Concat", {&a, &b}, {{"axis", int64_t{1}}}}, {&dy});
  expect_values(g[0], {2, 2}, {1, 2, 4, 5});
  expect_values(g[1], {2, 1}, {3, 6});
  Tensor x = random(DType::Float64, {2, 3, 4}, 1), y = random(DType::Float64, {2, 1, 4}, 2),
         z = random(DType::Float64, {2, 2, 4}, 3);
  check_gradient({"Concat", {&x, &y, &z}, {{"axis", int64_t{1}}}});
  check_float32({"Concat", {&x, &y, &z}, {{"axis", int64_t{-2}}}});
  const std::string p = "reference/default Concat: ";
  EXPECT_EQ(create_error({"Concat", {&a, &b}, {{"axis", int64_t{0}}}}),
            p + "input 1 float64[2, 1] does not match input 0 float64[2, 2] outside axis 0");
  EXPECT_EQ(create_error({"Concat", {&a, &x}, {{"axis", int64_t{0}}}}),
            p + "input 1 float64[2, 3, 4] does not match input 0 float64[2, 2] outside axis 0");
  EXPECT_EQ(create_error({"Concat", {&a, &b}}), p + "missing attribute 'axis'");
  // Concat-1 (opset < 4) defaulted axis to 1.
  expect_values(forward_one({"Concat", {&a, &b}, {{"_opset", int64_t{1}}}}), {2, 3},
                {1, 2, 5, 3, 4, 6});
  EXPECT_EQ(create_error({"Concat", {&a, &b}, {{"axis", int64_t{2}}}}),
            p + "axis 2 is outside [-2, 1] for a rank-2 input");
  EXPECT_EQ(create_error({"Concat", {&a, &ai}, {{"axis", int64_t{0}}}}),
            p + "inputs differ in dtype: float64[2, 2] and int64[2, 2]");
  EXPECT_EQ(create_error({"Concat", {}, {{"axis", int64_t{0}}}}),
            p + "expects at least one input, got 0");
}

}  // namespace
}  // namespace d500::test
