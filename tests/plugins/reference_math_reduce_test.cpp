// ReduceSum and ReduceMean: axes from the attribute or from constant input 1, keepdims,
// noop_with_empty_axes, empty reductions, gradients, float32 and errors.
#include <gtest/gtest.h>

#include <cmath>

#include "reference_math_harness.h"

namespace d500::test {
namespace {

using Axes = std::vector<int64_t>;

Tensor a23() {
  return make({2, 3}, {1, 2, 3, 4, 5, 6});
}

TEST(ReferenceMathReduce, AxesAttribute) {
  Tensor a = a23();
  // Rows: 1+2+3 = 6, 4+5+6 = 15. Columns: 1+4, 2+5, 3+6.
  expect_values(forward_one({"ReduceSum", {&a}, {{"axes", Axes{1}}}}), {2, 1}, {6, 15});
  expect_values(forward_one({"ReduceSum", {&a}, {{"axes", Axes{-1}}, {"keepdims", int64_t{0}}}}),
                {2}, {6, 15});
  expect_values(forward_one({"ReduceSum", {&a}, {{"axes", Axes{0}}}}), {1, 3}, {5, 7, 9});
  // No axes: everything, 21; mean 21 / 6 = 3.5.
  expect_values(forward_one({"ReduceSum", {&a}}), {1, 1}, {21});
  expect_values(forward_one({"ReduceSum", {&a}, {{"keepdims", int64_t{0}}}}), {}, {21});
  expect_values(forward_one({"ReduceMean", {&a}}), {1, 1}, {3.5});
  expect_values(forward_one({"ReduceMean", {&a}, {{"axes", Axes{1}}}}), {2, 1}, {2, 5});
  expect_values(forward_one({"ReduceMean", {&a}, {{"axes", Axes{0, 1}}, {"keepdims", int64_t{0}}}}),
                {}, {3.5});
}

TEST(ReferenceMathReduce, ThreeDimensions) {
  // X[i, j, k] = 12 i + 4 j + k on [2, 3, 4]. Over axes 0 and 2, for each j, 8 terms:
  // 12 (0 + 1) * 4 + 4 j * 8 + (0 + 1 + 2 + 3) * 2 = 60 + 32 j; the mean is that over 8.
  Tensor x(DType::Float64, {2, 3, 4});
  for (int64_t i = 0; i < x.numel(); ++i) x.set(i, static_cast<double>(i));
  const std::vector<Attribute> attrs{{"axes", Axes{0, 2}}, {"keepdims", int64_t{0}}};
  expect_values(forward_one({"ReduceSum", {&x}, attrs}), {3}, {60, 92, 124});
  expect_values(forward_one({"ReduceMean", {&x}, attrs}), {3}, {7.5, 11.5, 15.5});
  expect_values(forward_one({"ReduceSum", {&x}, {{"axes", Axes{2, 0}}}}), {1, 3, 1}, {60, 92, 124});
}

TEST(ReferenceMathReduce, AxesInput) {
  // ReduceSum from opset 13 and ReduceMean from 18 take the axes as input 1.
  Tensor a = a23(), axes = ints({1}, {1}), none = ints({0}, {});
  expect_values(forward_one({"ReduceSum", {&a, &axes}, {}, {1}}), {2, 1}, {6, 15});
  expect_values(forward_one({"ReduceMean", {&a, &axes}, {{"keepdims", int64_t{0}}}, {1}}), {2},
                {2, 5});
  Tensor axes32 = make(DType::Int32, {1}, {0});
  expect_values(forward_one({"ReduceSum", {&a, &axes32}, {}, {1}}), {1, 3}, {5, 7, 9});
  // Empty axes: all of them, or, with noop_with_empty_axes, the input unchanged.
  expect_values(forward_one({"ReduceSum", {&a, &none}, {}, {1}}), {1, 1}, {21});
  expect_values(
      forward_one({"ReduceSum", {&a, &none}, {{"noop_with_empty_axes", int64_t{1}}}, {1}}), {2, 3},
      {1, 2, 3, 4, 5, 6});
  // An omitted optional axes input (ndim D500_ABSENT_NDIM) is as if none were given.
  expect_values(forward_one({"ReduceMean", {&a, nullptr}, {{"noop_with_empty_axes", int64_t{1}}}}),
                {2, 3}, {1, 2, 3, 4, 5, 6});
  expect_values(forward_one({"ReduceMean", {&a, nullptr}}), {1, 1}, {3.5});
}

TEST(ReferenceMathReduce, EmptyReductions) {
  // Summing no elements gives 0; their mean is 0/0 = NaN (numpy's).
  Tensor e(DType::Float64, {2, 0});
  expect_values(forward_one({"ReduceSum", {&e}, {{"axes", Axes{1}}}}), {2, 1}, {0, 0});
  Tensor m = forward_one({"ReduceMean", {&e}, {{"axes", Axes{1}}}});
  ASSERT_EQ(m.shape(), (Shape{2, 1}));
  EXPECT_TRUE(std::isnan(m.at(0)) && std::isnan(m.at(1)));
  // Reducing the non-empty axis leaves an empty output.
  EXPECT_EQ(forward_one({"ReduceMean", {&e}, {{"axes", Axes{0}}}}).shape(), (Shape{1, 0}));
}

TEST(ReferenceMathReduce, Backward) {
  // Mean over rows of [2, 3], dY = [3, 6]: each element gets its row's dY / 3.
  Tensor a = a23(), dy = make({2, 1}, {3, 6});
  expect_values(backward_all({"ReduceMean", {&a}, {{"axes", Axes{1}}}}, {&dy})[0], {2, 3},
                {1, 1, 1, 2, 2, 2});
  expect_values(backward_all({"ReduceSum", {&a}, {{"axes", Axes{1}}}}, {&dy})[0], {2, 3},
                {3, 3, 3, 6, 6, 6});
  Tensor x = random(DType::Float64, {2, 3, 4}, 1), axes = ints({2}, {0, -1});
  for (const char* op : {"ReduceSum", "ReduceMean"}) {
    SCOPED_TRACE(op);
    for (int64_t keep : {0, 1}) {
      check_gradient({op, {&x}, {{"axes", Axes{1}}, {"keepdims", keep}}});
      check_gradient({op, {&x}, {{"keepdims", keep}}});
      check_gradient({op, {&x, &axes}, {{"keepdims", keep}}, {1}});
    }
    check_float32({op, {&x}, {{"axes", Axes{0, 2}}}});
  }
}

TEST(ReferenceMathReduce, ErrorsAndCost) {
  Tensor a = a23(), axes = ints({1}, {1});
  const std::string p = "reference/default ReduceSum: ";
  EXPECT_EQ(create_error({"ReduceSum", {&a}, {{"axes", Axes{1, -1}}}}),
            p + "axes [1, -1] repeat axis 1");
  EXPECT_EQ(create_error({"ReduceSum", {&a}, {{"axes", Axes{2}}}}),
            p + "axes entry 2 is outside [-2, 1] for a rank-2 input");
  EXPECT_EQ(create_error({"ReduceSum", {&a, &axes}}),
            p + "axes must be a constant (an initializer) for this implementation");
  EXPECT_EQ(create_error({"ReduceSum", {&a, &axes}, {{"axes", Axes{1}}}, {1}}),
            p + "axes given both as an attribute and as input 1");
  EXPECT_EQ(create_error({"ReduceSum", {&a}, {{"keepdims", int64_t{2}}}}),
            p + "attribute 'keepdims' must be 0 or 1, got 2");
  EXPECT_EQ(create_error({"ReduceMean", {&a}, {{"axis", int64_t{1}}}}),
            "reference/default ReduceMean: unknown attribute 'axis' (known: axes, keepdims, "
            "noop_with_empty_axes)");
  // 2 additions in each of 2 rows and 2 scalings; 6 elements read, 2 written, 8 bytes each.
  EXPECT_EQ(cost_of({"ReduceMean", {&a}, {{"axes", Axes{1}}}}), std::make_pair(6.0, 64.0));
  // noop_with_empty_axes: a copy, no arithmetic.
  EXPECT_EQ(cost_of({"ReduceSum", {&a}, {{"noop_with_empty_axes", int64_t{1}}}}),
            std::make_pair(0.0, 96.0));
}

}  // namespace
}  // namespace d500::test
