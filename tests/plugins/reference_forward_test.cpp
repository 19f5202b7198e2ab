// Reference operators against values computed by hand, including broadcasting, and their cost.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "reference_harness.h"

namespace d500::test {
namespace {

// A = [[1,2,3],[4,5,6]], B = [[7,8],[9,10],[11,12]]: A*B = [[58,64],[139,154]].
Tensor gemm_a() {
  return make({2, 3}, {1, 2, 3, 4, 5, 6});
}
Tensor gemm_b() {
  return make({3, 2}, {7, 8, 9, 10, 11, 12});
}

TEST(ReferenceGemm, PlainProduct) {
  Tensor a = gemm_a(), b = gemm_b();
  expect_values(forward1("Gemm", {&a, &b}), {2, 2}, {58, 64, 139, 154});
}

TEST(ReferenceGemm, AlphaBetaAndRowBroadcastC) {
  Tensor a = gemm_a(), b = gemm_b(), c = make({2}, {1, 2});
  expect_values(forward1("Gemm", {&a, &b, &c}, {{"alpha", 2.0}, {"beta", 0.5}}), {2, 2},
                {116.5, 129, 278.5, 309});
}

TEST(ReferenceGemm, ColumnAndScalarC) {
  Tensor a = gemm_a(), b = gemm_b();
  Tensor column = make({2, 1}, {1, 2}), scalar = make({}, {10}), full = make({2, 2}, {1, 2, 3, 4});
  expect_values(forward1("Gemm", {&a, &b, &column}), {2, 2}, {59, 65, 141, 156});
  expect_values(forward1("Gemm", {&a, &b, &scalar}), {2, 2}, {68, 74, 149, 164});
  expect_values(forward1("Gemm", {&a, &b, &full}), {2, 2}, {59, 66, 142, 158});
}

TEST(ReferenceGemm, Transposes) {
  Tensor at = make({3, 2}, {1, 4, 2, 5, 3, 6});     // A^T
  Tensor bt = make({2, 3}, {7, 9, 11, 8, 10, 12});  // B^T
  Tensor a = gemm_a(), b = gemm_b();
  const int64_t one = 1;
  expect_values(forward1("Gemm", {&at, &b}, {{"transA", one}}), {2, 2}, {58, 64, 139, 154});
  expect_values(forward1("Gemm", {&a, &bt}, {{"transB", one}}), {2, 2}, {58, 64, 139, 154});
  expect_values(forward1("Gemm", {&at, &bt}, {{"transA", one}, {"transB", one}}), {2, 2},
                {58, 64, 139, 154});
}

TEST(ReferenceGemm, Float32) {
  Tensor a = convert(gemm_a(), DType::Float32), b = convert(gemm_b(), DType::Float32);
  Tensor y = forward1("Gemm", {&a, &b});
  EXPECT_EQ(y.dtype(), DType::Float32);
  expect_values(y, {2, 2}, {58, 64, 139, 154});
}

TEST(ReferenceMatMul, TwoDimensional) {
  Tensor a = gemm_a(), b = gemm_b();
  expect_values(forward1("MatMul", {&a, &b}), {2, 2}, {58, 64, 139, 154});
}

TEST(ReferenceMatMul, BatchTimesMatrix) {
  Tensor a = make({2, 2, 2}, {1, 2, 3, 4, 5, 6, 7, 8});
  Tensor b = make({2, 2}, {1, 0, 1, 1});
  expect_values(forward1("MatMul", {&a, &b}), {2, 2, 2}, {3, 2, 7, 4, 11, 6, 15, 8});
}

TEST(ReferenceMatMul, BatchDimensionsBroadcastBothWays) {
  // A: batch [2, 1] of 1x2 rows; B: batch [3] of 2x1 columns; Y: batch [2, 3] of 1x1.
  Tensor a = make({2, 1, 1, 2}, {1, 2, 3, 4});
  Tensor b = make({3, 2, 1}, {1, 1, 1, -1, 0, 2});
  expect_values(forward1("MatMul", {&a, &b}), {2, 3, 1, 1}, {3, -1, 4, 7, -1, 8});
}

TEST(ReferenceMatMul, OneDimensionalOperands) {
  Tensor v = make({3}, {1, 2, 3}), w = make({3}, {4, 5, 6});
  Tensor m = make({2, 3}, {1, 2, 3, 4, 5, 6}), b = gemm_b();
  expect_values(forward1("MatMul", {&v, &w}), {}, {32});
  expect_values(forward1("MatMul", {&m, &w}), {2}, {32, 77});
  expect_values(forward1("MatMul", {&v, &b}), {2}, {58, 64});
}

TEST(ReferenceAdd, SameShapeAndBroadcasting) {
  Tensor a = make({2, 3}, {1, 2, 3, 4, 5, 6});
  Tensor row = make({3}, {10, 20, 30});
  expect_values(forward1("Add", {&a, &row}), {2, 3}, {11, 22, 33, 14, 25, 36});
  expect_values(forward1("Add", {&row, &a}), {2, 3}, {11, 22, 33, 14, 25, 36});
  expect_values(forward1("Add", {&a, &a}), {2, 3}, {2, 4, 6, 8, 10, 12});
  Tensor col = make({2, 1}, {1, 2}), r = make({1, 3}, {10, 20, 30});
  expect_values(forward1("Add", {&col, &r}), {2, 3}, {11, 21, 31, 12, 22, 32});
  Tensor s = make({}, {5}), v = make({2}, {1, 2});
  expect_values(forward1("Add", {&s, &v}), {2}, {6, 7});
}

TEST(ReferenceRelu, ClampsNegativesAndPassesNaN) {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  for (DType t : {DType::Float32, DType::Float64}) {
    SCOPED_TRACE(dtype_name(t));
    Tensor x = make(t, {6}, {-1, 0, 2, -0.5, 3.5, nan});
    Tensor y = forward1("Relu", {&x});
    EXPECT_EQ(y.dtype(), t);
    const double expected[] = {0, 0, 2, 0, 3.5};
    for (int i = 0; i < 5; ++i) EXPECT_EQ(y.at(i), expected[i]);
    EXPECT_TRUE(std::isnan(y.at(5)));
  }
}

TEST(ReferenceRelu, BackwardPassesGradientWherePositive) {
  Tensor x = make({4}, {-1, 0, 2, 3});
  Tensor dy = make({4}, {5, 6, 7, 8});
  auto g = run_backward("Relu", {&x}, dy);
  expect_values(g[0], {4}, {0, 0, 7, 8});
}

TEST(ReferenceCost, FlopsAndBytes) {
  auto cost = [](const std::string& op, const std::vector<const Tensor*>& in) {
    OperatorInstance inst(reference_impl(op), {}, infos(in));
    EXPECT_TRUE(inst.has_cost());
    return inst.cost();
  };
  Tensor a = gemm_a(), b = gemm_b(), c = make({2}, {1, 2});
  // Gemm: 2MNK + MN for C; bytes = (A + B + C + Y) * 8.
  EXPECT_EQ(cost("Gemm", {&a, &b, &c}), (std::pair<double, double>{2.0 * 2 * 2 * 3 + 4, 18 * 8}));
  EXPECT_EQ(cost("Gemm", {&a, &b}), (std::pair<double, double>{24, 16 * 8}));
  Tensor batch = make({2, 2, 2}, {1, 2, 3, 4, 5, 6, 7, 8}), m = make({2, 2}, {1, 0, 1, 1});
  EXPECT_EQ(cost("MatMul", {&batch, &m}), (std::pair<double, double>{32, 20 * 8}));
  Tensor x = convert(make({2, 3}, {1, 2, 3, 4, 5, 6}), DType::Float32);
  Tensor row = convert(make({3}, {1, 2, 3}), DType::Float32);
  EXPECT_EQ(cost("Add", {&x, &row}), (std::pair<double, double>{6, 15 * 4}));
  EXPECT_EQ(cost("Relu", {&x}), (std::pair<double, double>{6, 12 * 4}));
}

}  // namespace
}  // namespace d500::test
