// Comparison and logic operators, Where, Max/Min/Mean, Mod and BitShift: values by hand over
// broadcast operands and integer/bool dtypes, gradients against a central difference, float32
// against float64, and the errors of dtypes and attributes.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "reference_math_harness.h"

namespace d500::test {
namespace {

Tensor bools(Shape shape, std::initializer_list<double> v) {
  return make(DType::Bool, std::move(shape), v);
}

TEST(ReferenceLogic, ComparisonsBroadcastOverIntegerAndFloatDtypes) {
  Tensor a = make(DType::Int32, {2, 3}, {1, 5, 3, -4, 0, 7}),
         b = make(DType::Int32, {3}, {1, 0, 7});
  Tensor eq = forward_one({"Equal", {&a, &b}});
  EXPECT_EQ(eq.dtype(), DType::Bool);
  expect_values(eq, {2, 3}, {1, 0, 0, 0, 1, 1});
  expect_values(forward_one({"Less", {&a, &b}}), {2, 3}, {0, 0, 1, 1, 0, 0});
  expect_values(forward_one({"GreaterOrEqual", {&a, &b}}), {2, 3}, {1, 1, 0, 0, 1, 1});
  const double nan = std::numeric_limits<double>::quiet_NaN();
  const double inf = std::numeric_limits<double>::infinity();
  Tensor f = make({4}, {nan, 1, -inf, inf}), one = make({1}, {1});
  expect_values(forward_one({"LessOrEqual", {&f, &one}}), {4}, {0, 1, 1, 0});
  expect_values(forward_one({"Greater", {&f, &one}}), {4}, {0, 0, 0, 1});
  expect_values(forward_one({"IsNaN", {&f}}), {4}, {1, 0, 0, 0});
  expect_values(forward_one({"IsInf", {&f}}), {4}, {0, 0, 1, 1});
  expect_values(forward_one({"IsInf", {&f}, {{"detect_negative", int64_t{0}}}}), {4}, {0, 0, 0, 1});
  // Mixed dtypes are a bad model; a dtype the operator does not take is unsupported.
  Tensor i64 = make(DType::Int64, {3}, {1, 2, 3});
  EXPECT_NE(create_error({"Equal", {&b, &i64}}).find("inputs differ in dtype"), std::string::npos);
  EXPECT_NE(create_error({"Less", {&eq, &eq}}).find("Less of dtype bool is not implemented"),
            std::string::npos);
}

TEST(ReferenceLogic, BoolOperatorsAndWhere) {
  Tensor p = bools({2, 2}, {1, 1, 0, 0}), q = bools({2}, {1, 0});
  expect_values(forward_one({"And", {&p, &q}}), {2, 2}, {1, 0, 0, 0});
  expect_values(forward_one({"Or", {&p, &q}}), {2, 2}, {1, 1, 1, 0});
  expect_values(forward_one({"Xor", {&p, &q}}), {2, 2}, {0, 1, 1, 0});
  expect_values(forward_one({"Not", {&q}}), {2}, {0, 1});
  Tensor x = make(DType::Int64, {2, 1}, {10, 20}), y = make(DType::Int64, {2}, {-1, -2});
  Tensor w = forward_one({"Where", {&p, &x, &y}});
  EXPECT_EQ(w.dtype(), DType::Int64);
  expect_values(w, {2, 2}, {10, 10, -1, -2});
  Tensor xf = make({2, 1}, {1.5, 2.5});
  EXPECT_NE(create_error({"Where", {&x, &xf, &xf}}).find("condition of dtype int64"),
            std::string::npos);
  EXPECT_NE(create_error({"And", {&x, &x}}).find("bool"), std::string::npos);
}

TEST(ReferenceLogic, WhereMaxMinMeanGradients) {
  Tensor c = bools({2, 3}, {1, 0, 1, 0, 0, 1});
  Tensor x = random(DType::Float64, {2, 3}, 1), y = random(DType::Float64, {3}, 2);
  check_gradient({"Where", {&c, &x, &y}});
  check_float32({"Where", {&c, &x, &y}});
  // Every input is the extremum somewhere, for Max and for Min, and no two are equal.
  Tensor x3 = make({2, 3}, {0.1, 0.9, -0.5, 0.3, -0.8, 0.6}), y3 = make({3}, {0.5, -0.2, 0.4});
  Tensor z = make({2, 1}, {-0.9, 0.95});
  for (const char* op : {"Max", "Min", "Mean"}) {
    SCOPED_TRACE(op);
    check_gradient({op, {&x3, &y3, &z}});
    check_float32({op, {&x3, &y3, &z}});
    check_gradient({op, {&x}});
  }
  // Ties share the gradient; NaN wins.
  Tensor a = make({2}, {1, 2}), b = make({2}, {1, 3}), dy = make({2}, {1, 1});
  auto g = backward_all({"Max", {&a, &b}}, {&dy});
  expect_values(g[0], {2}, {0.5, 0});
  expect_values(g[1], {2}, {0.5, 1});
  Tensor n = make({2}, {std::nan(""), 0});
  EXPECT_TRUE(std::isnan(forward_one({"Min", {&a, &n}}).at(0)));
  Tensor i = make(DType::Int32, {2}, {4, -9}), j = make(DType::Int32, {1}, {0});
  expect_values(forward_one({"Max", {&i, &j}}), {2}, {4, 0});
  EXPECT_NE(create_error({"Max"}).find("expects one or more inputs"), std::string::npos);
}

TEST(ReferenceLogic, ModAndBitShift) {
  Tensor a = make(DType::Int64, {4}, {7, -7, 7, -7}), b = make(DType::Int64, {4}, {3, 3, -3, -3});
  expect_values(forward_one({"Mod", {&a, &b}}), {4}, {1, 2, -2, -1});  // the divisor's sign
  expect_values(forward_one({"Mod", {&a, &b}, {{"fmod", int64_t{1}}}}), {4}, {1, -1, 1, -1});
  Tensor fa = make({2}, {5.5, -5.5}), fb = make({2}, {2, 2});
  expect_values(forward_one({"Mod", {&fa, &fb}, {{"fmod", int64_t{1}}}}), {2}, {1.5, -1.5});
  EXPECT_NE(create_error({"Mod", {&fa, &fb}}).find("needs fmod = 1"), std::string::npos);
  Tensor u = make(DType::UInt8, {3}, {1, 255, 16}), s = make(DType::UInt8, {3}, {3, 1, 9});
  expect_values(forward_one({"BitShift", {&u, &s}, {{"direction", std::string("LEFT")}}}), {3},
                {8, 254, 0});
  expect_values(forward_one({"BitShift", {&u, &s}, {{"direction", std::string("RIGHT")}}}), {3},
                {0, 127, 0});
  EXPECT_NE(create_error({"BitShift", {&u, &s}, {{"direction", std::string("UP")}}})
                .find("direction 'UP' is not LEFT or RIGHT"),
            std::string::npos);
}

}  // namespace
}  // namespace d500::test
