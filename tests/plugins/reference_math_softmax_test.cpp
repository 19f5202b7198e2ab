// Softmax and LogSoftmax: the opset-13 one-axis semantics, the older coerce-to-2-D ones (chosen by
// the host's "_opset" attribute), gradients, float32, errors.
#include <gtest/gtest.h>

#include <cmath>

#include "reference_math_harness.h"

namespace d500::test {
namespace {

const double ln2 = std::log(2.0), ln3 = std::log(3.0), ln5 = std::log(5.0);

Attribute opset(int64_t v) {
  return {"_opset", v};
}

TEST(ReferenceMathSoftmax, LastAxisByDefault) {
  // Row 0: exp = [1, 2, 5], sum 8 -> [1/8, 2/8, 5/8]. Row 1: exp = [3, 3, 2] -> [3/8, 3/8, 2/8].
  Tensor x = make({2, 3}, {0, ln2, ln5, ln3, ln3, ln2});
  expect_values(forward_one({"Softmax", {&x}}), {2, 3}, {0.125, 0.25, 0.625, 0.375, 0.375, 0.25},
                1e-15);
  // log of the same: log(1/8) = -3 ln 2, log(1/4) = -2 ln 2, log(5/8) = ln 5 - 3 ln 2, ...
  expect_values(forward_one({"LogSoftmax", {&x}}), {2, 3},
                {-3 * ln2, -2 * ln2, ln5 - 3 * ln2, ln3 - 3 * ln2, ln3 - 3 * ln2, -2 * ln2}, 1e-15);
}

TEST(ReferenceMathSoftmax, AxisZero) {
  // Columns normalised: exp columns [1, 3], [2, 3], [5, 2] -> [1/4, 3/4], [2/5, 3/5], [5/7, 2/7].
  Tensor x = make({2, 3}, {0, ln2, ln5, ln3, ln3, ln2});
  expect_values(forward_one({"Softmax", {&x}, {{"axis", int64_t{0}}}}), {2, 3},
                {0.25, 0.4, 5.0 / 7, 0.75, 0.6, 2.0 / 7}, 1e-15);
  expect_values(forward_one({"Softmax", {&x}, {{"axis", int64_t{-2}}}}), {2, 3},
                {0.25, 0.4, 5.0 / 7, 0.75, 0.6, 2.0 / 7}, 1e-15);
}

TEST(ReferenceMathSoftmax, OpsetBefore13CoercesTo2D) {
  // X = log of [[[1, 1], [1, 1]], [[1, 2], [3, 4]]].
  Tensor x = make({2, 2, 2}, {0, 0, 0, 0, 0, ln2, ln3, 2 * ln2});
  // Opset 11, default axis 1: rows of [2, 4]: [1, 1, 1, 1] / 4 and [1, 2, 3, 4] / 10.
  expect_values(forward_one({"Softmax", {&x}, {opset(11)}}), {2, 2, 2},
                {0.25, 0.25, 0.25, 0.25, 0.1, 0.2, 0.3, 0.4}, 1e-15);
  // Opset 13 with axis 1: over dimension 1 only, pairs (x[n,0,k], x[n,1,k]):
  // n = 0: 1/2 each; n = 1, k = 0: [1, 3] / 4; k = 1: [2, 4] / 6.
  expect_values(forward_one({"Softmax", {&x}, {opset(13), {"axis", int64_t{1}}}}), {2, 2, 2},
                {0.5, 0.5, 0.5, 0.5, 0.25, 2.0 / 6, 0.75, 4.0 / 6}, 1e-15);
  // Opset 1 with axis 0: the whole tensor is one row of 8: exp sum = 4 + 10 = 14.
  Tensor y = forward_one({"LogSoftmax", {&x}, {opset(1), {"axis", int64_t{0}}}});
  expect_values(y, {2, 2, 2},
                {-std::log(14.0), -std::log(14.0), -std::log(14.0), -std::log(14.0),
                 -std::log(14.0), std::log(2 / 14.0), std::log(3 / 14.0), std::log(4 / 14.0)},
                1e-15);
  // Opset 12 with axis -1 and a 2-D input is the same as the new semantics.
  Tensor x2 = make({2, 3}, {0, ln2, ln5, ln3, ln3, ln2});
  expect_values(forward_one({"Softmax", {&x2}, {opset(12), {"axis", int64_t{-1}}}}), {2, 3},
                {0.125, 0.25, 0.625, 0.375, 0.375, 0.25}, 1e-15);
}

TEST(ReferenceMathSoftmax, LargeValuesDoNotOverflow) {
  Tensor x = make({3}, {1000, 1000, -1000});
  expect_values(forward_one({"Softmax", {&x}}), {3}, {0.5, 0.5, 0}, 1e-15);
  expect_values(forward_one({"LogSoftmax", {&x}}), {3}, {-ln2, -ln2, -2000 - ln2}, 1e-12);
}

TEST(ReferenceMathSoftmax, BackwardByHand) {
  // p = [1/2, 1/2], dy = [1, 0]. Softmax: p (dy - sum dy p) = [1/2 (1 - 1/2), 1/2 (0 - 1/2)].
  // LogSoftmax: dy - p sum dy = [1 - 1/2, 0 - 1/2].
  Tensor x = make({2}, {0.3, 0.3}), dy = make({2}, {1, 0});
  expect_values(backward_all({"Softmax", {&x}}, {&dy})[0], {2}, {0.25, -0.25}, 1e-15);
  expect_values(backward_all({"LogSoftmax", {&x}}, {&dy})[0], {2}, {0.5, -0.5}, 1e-15);
}

TEST(ReferenceMathSoftmax, GradientsAndFloat32) {
  Tensor x = random(DType::Float64, {2, 3, 4}, 3);
  for (const char* op : {"Softmax", "LogSoftmax"}) {
    for (int64_t axis : {0, 1, 2, -1}) {
      SCOPED_TRACE(std::string(op) + " axis " + std::to_string(axis));
      check_gradient({op, {&x}, {{"axis", axis}}});
      check_gradient({op, {&x}, {{"axis", axis}, opset(11)}});
      check_float32({op, {&x}, {{"axis", axis}}});
    }
    check_gradient({op, {&x}});
  }
}

TEST(ReferenceMathSoftmax, ErrorsAndCost) {
  Tensor x = make({2, 3}, {0, 1, 2, 3, 4, 5}), s = make({}, {1});
  EXPECT_EQ(create_error({"Softmax", {&x}, {{"axis", int64_t{2}}}}),
            "reference/default Softmax: axis 2 is outside [-2, 1] for a rank-2 input");
  EXPECT_EQ(create_error({"LogSoftmax", {&x}, {{"axis", int64_t{-3}}}}),
            "reference/default LogSoftmax: axis -3 is outside [-2, 1] for a rank-2 input");
  EXPECT_EQ(create_error({"Softmax", {&s}}),
            "reference/default Softmax: input must have at least one dimension, got []");
  EXPECT_EQ(create_error({"Softmax", {&x}, {{"dim", int64_t{1}}}}),
            "reference/default Softmax: unknown attribute 'dim' (known: axis)");
  // Five operations per element (max, subtract, exp, sum, divide); 6 read + 6 written, 8 bytes.
  EXPECT_EQ(cost_of({"Softmax", {&x}}), std::make_pair(30.0, 96.0));
}

}  // namespace
}  // namespace d500::test
