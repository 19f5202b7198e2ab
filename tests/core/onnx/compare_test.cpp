// compare_allclose: numpy.testing.assert_allclose semantics with ONNX's tolerances.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "d500/operators/conformance.h"

using d500::DType;
using d500::Tensor;
using d500::operators::compare_allclose;

namespace {

const double kNan = std::numeric_limits<double>::quiet_NaN();
const double kInf = std::numeric_limits<double>::infinity();

Tensor make(DType dtype, std::vector<double> values) {
  Tensor t(dtype, {static_cast<int64_t>(values.size())});
  for (size_t i = 0; i < values.size(); ++i) t.set(static_cast<int64_t>(i), values[i]);
  return t;
}

bool close(std::vector<double> a, std::vector<double> e, DType dtype = DType::Float64) {
  return compare_allclose(make(dtype, a), make(dtype, e), {}).passed;
}

}  // namespace

TEST(CompareAllclose, RelativeAndAbsoluteTolerance) {
  // atol + rtol * |e| = 1e-7 + 1e-3 * 1000
  EXPECT_TRUE(close({1000.9}, {1000}));
  EXPECT_FALSE(close({1001.1}, {1000}));
  // Near zero only atol is left.
  EXPECT_TRUE(close({5e-8}, {0}));
  EXPECT_FALSE(close({5e-7}, {0}));
  EXPECT_TRUE(close({1.0005f}, {1.0f}, DType::Float32));
  EXPECT_FALSE(close({1.002f}, {1.0f}, DType::Float32));
}

TEST(CompareAllclose, NanAndInfinity) {
  EXPECT_TRUE(close({kNan, 1}, {kNan, 1}));
  EXPECT_FALSE(close({kNan}, {1}));
  EXPECT_FALSE(close({1}, {kNan}));
  EXPECT_TRUE(close({kInf, -kInf}, {kInf, -kInf}));
  EXPECT_FALSE(close({1e300}, {kInf}));  // atol + rtol * inf would admit it; numpy does not
  EXPECT_FALSE(close({-kInf}, {kInf}));
  auto c = compare_allclose(make(DType::Float32, {kNan}), make(DType::Float32, {0}), {});
  EXPECT_TRUE(std::isinf(c.max_abs_error));
}

TEST(CompareAllclose, IntegersAndBoolsExactly) {
  EXPECT_TRUE(close({3, -4}, {3, -4}, DType::Int32));
  EXPECT_FALSE(close({3, -4}, {3, -5}, DType::Int32));
  EXPECT_FALSE(close({1}, {0}, DType::Bool));
  EXPECT_TRUE(close({255}, {255}, DType::UInt8));
  // int64 beyond 2^53 differs by one: a comparison through double would miss it.
  Tensor a(DType::Int64, {1}), e(DType::Int64, {1});
  a.data_as<int64_t>()[0] = (int64_t{1} << 53) + 1;
  e.data_as<int64_t>()[0] = int64_t{1} << 53;
  auto c = compare_allclose(a, e, {});
  EXPECT_FALSE(c.passed);
  EXPECT_TRUE(c.message.find("exact") != std::string::npos) << c.message;
}

TEST(CompareAllclose, ReportsTheWorstAndTheFirstBadElement) {
  Tensor a(DType::Float64, {2, 3}), e(DType::Float64, {2, 3});
  for (int i = 0; i < 6; ++i) e.set(i, i + 1), a.set(i, i + 1);
  a.set(4, 5.5);  // [1, 1]
  a.set(5, 9);    // [1, 2], the worst
  auto c = compare_allclose(a, e, {});
  EXPECT_FALSE(c.passed);
  EXPECT_EQ(c.n_bad, 2);
  EXPECT_EQ(c.first_bad, 4);
  EXPECT_DOUBLE_EQ(c.first_bad_actual, 5.5);
  EXPECT_DOUBLE_EQ(c.first_bad_expected, 5);
  EXPECT_DOUBLE_EQ(c.max_abs_error, 3);
  EXPECT_DOUBLE_EQ(c.max_rel_error, 0.5);
  EXPECT_TRUE(c.message.find("[1, 1]") != std::string::npos) << c.message;
  EXPECT_TRUE(c.message.find("2 of 6") != std::string::npos) << c.message;
}

TEST(CompareAllclose, DtypeOrShapeMismatchNeverPasses) {
  auto d = compare_allclose(make(DType::Float32, {1}), make(DType::Float64, {1}), {});
  EXPECT_FALSE(d.passed);
  EXPECT_EQ(d.message, "dtype float32, expected float64");
  Tensor a(DType::Float32, {2, 1}), e(DType::Float32, {1, 2});
  auto s = compare_allclose(a, e, {});
  EXPECT_FALSE(s.passed);
  EXPECT_EQ(s.message, "shape [2, 1], expected [1, 2]");
  // Empty tensors of the same shape agree.
  EXPECT_TRUE(
      compare_allclose(Tensor(DType::Float32, {0}), Tensor(DType::Float32, {0}), {}).passed);
}
