// ReduceSumSquare, ReduceL1, ReduceL2, ReduceLogSum, ReduceLogSumExp, ReduceMax, ReduceMin and
// ReduceProd: values by hand, gradients against a central difference (several axis sets, with
// and without keepdims), float32 against float64, ties and zeros.
#include <gtest/gtest.h>

#include <cmath>

#include "reference_math_harness.h"

namespace d500::test {
namespace {

using Axes = std::vector<int64_t>;
const char* const kReductions[] = {"ReduceSumSquare", "ReduceL1",  "ReduceL2",  "ReduceLogSum",
                                   "ReduceLogSumExp", "ReduceMax", "ReduceMin", "ReduceProd"};

TEST(ReferenceReductions, ValuesByHand) {
  Tensor a = make({2, 3}, {1, -2, 3, 4, 5, -6});
  const std::vector<Attribute> rows{{"axes", Axes{1}}, {"keepdims", int64_t{0}}};
  // Rows [1, -2, 3] and [4, 5, -6].
  expect_values(forward_one({"ReduceSumSquare", {&a}, rows}), {2}, {14, 77});
  expect_values(forward_one({"ReduceL1", {&a}, rows}), {2}, {6, 15});
  expect_values(forward_one({"ReduceL2", {&a}, rows}), {2}, {std::sqrt(14), std::sqrt(77)}, 1e-15);
  expect_values(forward_one({"ReduceMax", {&a}, rows}), {2}, {3, 5});
  expect_values(forward_one({"ReduceMin", {&a}, rows}), {2}, {-2, -6});
  expect_values(forward_one({"ReduceProd", {&a}, rows}), {2}, {-6, -120});
  expect_values(forward_one({"ReduceLogSumExp", {&a}, rows}), {2},
                {std::log(std::exp(1) + std::exp(-2) + std::exp(3)),
                 std::log(std::exp(4) + std::exp(5) + std::exp(-6))},
                1e-14);
  // Columns, kept: log(1 + 4), log(-2 + 5), log(3 - 6) = NaN.
  Tensor y = forward_one({"ReduceLogSum", {&a}, {{"axes", Axes{0}}}});
  expect_values(y, {1, 3}, {std::log(5), std::log(3)}, 1e-15);
  EXPECT_TRUE(std::isnan(y.at(2)));
  // No axes: everything. LogSumExp of large values does not overflow.
  expect_values(forward_one({"ReduceMax", {&a}}), {1, 1}, {5});
  Tensor big = make({2}, {1000, 1000});
  expect_values(forward_one({"ReduceLogSumExp", {&big}}), {1}, {1000 + std::log(2)}, 1e-12);
}

TEST(ReferenceReductions, GradientsAndFloat32) {
  Tensor x = away_from_zero({2, 3, 4}, 21, 0.5, 1.5),
         positive = away_from_zero({2, 3, 4}, 22, 0.5, 1.5);
  for (int64_t i = 0; i < positive.numel(); ++i) positive.set(i, std::fabs(positive.at(i)));
  const std::vector<std::vector<Attribute>> variants = {
      {},
      {{"axes", Axes{1}}},
      {{"axes", Axes{0, 2}}, {"keepdims", int64_t{0}}},
      {{"axes", Axes{-1}}, {"keepdims", int64_t{0}}},
  };
  for (const char* op : kReductions) {
    const Tensor& in = std::string(op) == "ReduceLogSum" ? positive : x;
    for (const auto& attrs : variants) {
      SCOPED_TRACE(std::string(op) + " variant with " + std::to_string(attrs.size()) +
                   " attributes");
      check_gradient({op, {&in}, attrs});
      check_float32({op, {&in}, attrs});
    }
  }
}

TEST(ReferenceReductions, TiesAndZeros) {
  Tensor x = make({4}, {1, 3, 3, -2}), dy = make({}, {1});
  const std::vector<Attribute> all{{"keepdims", int64_t{0}}};
  // Max 3 twice: each gets half of dY. Min -2 once.
  expect_values(backward_all({"ReduceMax", {&x}, all}, {&dy})[0], {4}, {0, 0.5, 0.5, 0});
  expect_values(backward_all({"ReduceMin", {&x}, all}, {&dy})[0], {4}, {0, 0, 0, 1});
  // Prod of [2, 0, 3]: only the zero's gradient, 2 * 3, is non-zero; with two zeros none is.
  Tensor z = make({3}, {2, 0, 3}), zz = make({3}, {0, 0, 3});
  expect_values(backward_all({"ReduceProd", {&z}, all}, {&dy})[0], {3}, {0, 6, 0});
  expect_values(backward_all({"ReduceProd", {&zz}, all}, {&dy})[0], {3}, {0, 0, 0});
  // L2 of zeros: gradient 0, not NaN.
  Tensor zero = make({2}, {0, 0});
  expect_values(backward_all({"ReduceL2", {&zero}, all}, {&dy})[0], {2}, {0, 0});
  // Every one offered with backward, and axes checked.
  for (const char* op : kReductions) {
    EXPECT_TRUE(reference_impl(op, "").has_backward()) << op;
    EXPECT_NE(create_error({op, {&x}, {{"axes", Axes{1}}}}).find("axes entry 1 is outside"),
              std::string::npos)
        << op;
  }
}

}  // namespace
}  // namespace d500::test
