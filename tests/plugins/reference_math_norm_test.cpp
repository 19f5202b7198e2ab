// LayerNormalization, InstanceNormalization, GroupNormalization, MeanVarianceNormalization, LRN,
// LpNormalization and Resize/Upsample: values by hand, gradients of every output against a central
// difference (LayerNormalization's Mean and InvStdDev included), float32 against float64, bad
// attributes.
#include <gtest/gtest.h>

#include <cmath>

#include "reference_math_harness.h"

namespace d500::test {
namespace {

bool has(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

TEST(ReferenceNorm, LayerNormalizationByHandAndGradients) {
  Tensor x = make({2, 2}, {1, 3, -2, 2}), scale = make({2}, {1, 2}), bias = make({2}, {0, 1});
  auto out = forward_all({"LayerNormalization", {&x, &scale, &bias}, {{"epsilon", 0.0}}});
  ASSERT_EQ(out.size(), 3u);
  expect_values(out[0], {2, 2}, {-1, 3, -1, 3}, 1e-12);  // rows standardized to -1, 1
  expect_values(out[1], {2, 1}, {2, 0});
  expect_values(out[2], {2, 1}, {1, 0.5}, 1e-12);
  Tensor r = random(DType::Float64, {2, 3, 4}, 1), s = random(DType::Float64, {3, 4}, 2);
  Tensor b = random(DType::Float64, {3, 4}, 3), s1 = random(DType::Float64, {4}, 4);
  check_gradient({"LayerNormalization", {&r, &s, &b}, {{"axis", int64_t{1}}}});
  check_gradient({"LayerNormalization", {&r, &s1}});  // no bias, scale broadcast
  check_float32({"LayerNormalization", {&r, &s1}});
  EXPECT_TRUE(has(create_error({"LayerNormalization", {&r, &s1}, {{"axis", int64_t{3}}}}),
                  "axis 3 is outside [-3, 2]"));
}

TEST(ReferenceNorm, ChannelNormalizationsGradients) {
  Tensor x = random(DType::Float64, {2, 4, 3}, 5), s = random(DType::Float64, {4}, 6);
  Tensor b = random(DType::Float64, {4}, 7), sg = random(DType::Float64, {2}, 8);
  Tensor bg = random(DType::Float64, {2}, 9);
  check_gradient({"InstanceNormalization", {&x, &s, &b}});
  check_float32({"InstanceNormalization", {&x, &s, &b}});
  check_gradient({"GroupNormalization", {&x, &s, &b}, {{"num_groups", int64_t{2}}}});
  check_gradient({"GroupNormalization", {&x, &sg, &bg}, {{"num_groups", int64_t{2}}}});
  EXPECT_TRUE(has(create_error({"GroupNormalization", {&x, &s, &b}, {{"num_groups", int64_t{3}}}}),
                  "num_groups 3 does not divide the 4 channels"));
  Tensor x4 = random(DType::Float64, {2, 3, 2, 2}, 10);
  check_gradient({"MeanVarianceNormalization", {&x4}});
  check_gradient({"MeanVarianceNormalization", {&x4}, {{"axes", std::vector<int64_t>{1}}}});
  // Group 0 of a 1x2x1 input, per group: mean 0, unit variance.
  Tensor g = make({1, 2, 1}, {-1, 1}), one = make({1}, {1}), zero = make({1}, {0});
  expect_values(forward_one({"GroupNormalization",
                             {&g, &one, &zero},
                             {{"num_groups", int64_t{1}}, {"epsilon", 0.0}}}),
                {1, 2, 1}, {-1, 1}, 1e-12);
}

TEST(ReferenceNorm, LrnAndLpNormalization) {
  Tensor x = make({1, 3, 1}, {1, 2, 3});
  // size 2: window c-0 .. c+1; d = 1 + 0.5 * sum of squares, beta 1.
  Tensor y = forward_one({"LRN", {&x}, {{"size", int64_t{2}}, {"alpha", 1.0}, {"beta", 1.0}}});
  expect_values(y, {1, 3, 1}, {1 / (1 + 2.5), 2 / (1 + 6.5), 3 / (1 + 4.5)}, 1e-15);
  Tensor r = random(DType::Float64, {2, 5, 3}, 11);
  check_gradient({"LRN", {&r}, {{"size", int64_t{3}}}});
  check_gradient({"LRN", {&r}, {{"size", int64_t{4}}, {"bias", 2.0}, {"beta", 0.5}}});
  check_float32({"LRN", {&r}, {{"size", int64_t{3}}}});
  Tensor v = make({2}, {3, 4});
  expect_values(forward_one({"LpNormalization", {&v}}), {2}, {0.6, 0.8}, 1e-15);
  expect_values(forward_one({"LpNormalization", {&v}, {{"p", int64_t{1}}}}), {2},
                {3.0 / 7, 4.0 / 7}, 1e-15);
  check_gradient({"LpNormalization", {&r}, {{"axis", int64_t{1}}}});
  check_gradient({"LpNormalization", {&r}, {{"p", int64_t{1}}}});
  EXPECT_TRUE(
      has(create_error({"LpNormalization", {&r}, {{"p", int64_t{3}}}}), "p must be 1 or 2"));
  EXPECT_TRUE(has(create_error({"LRN", {&r}, {{"size", int64_t{0}}}}), "size must be positive"));
}

TEST(ReferenceNorm, HardmaxAndEyeLike) {
  Tensor x = make({2, 3}, {1, 3, 3, -1, -2, -3});
  expect_values(forward_one({"Hardmax", {&x}}), {2, 3}, {0, 1, 0, 1, 0, 0});
  expect_values(forward_one({"Hardmax", {&x}, {{"axis", int64_t{0}}}}), {2, 3}, {1, 1, 1, 0, 0, 0});
  Tensor e = forward_one({"EyeLike", {&x}, {{"k", int64_t{1}}, {"dtype", int64_t{7}}}});
  EXPECT_EQ(e.dtype(), DType::Int64);
  expect_values(e, {2, 3}, {0, 1, 0, 0, 0, 1});
}

TEST(ReferenceResize, ValuesAndGradients) {
  Tensor x = make({1, 1, 2, 2}, {1, 2, 3, 4});
  Tensor scales = make(DType::Float32, {4}, {1, 1, 2, 2});
  // Nearest, asymmetric (Upsample's defaults): every element repeated 2 x 2.
  expect_values(forward_one({"Upsample", {&x, &scales}, {}, {1}}), {1, 1, 4, 4},
                {1, 1, 2, 2, 1, 1, 2, 2, 3, 3, 4, 4, 3, 3, 4, 4});
  // Linear, align_corners, to 3 x 3: the middle row and column are the means.
  Tensor sizes = ints({4}, {1, 1, 3, 3});
  expect_values(forward_one({"Resize",
                             {&x, nullptr, nullptr, &sizes},
                             {{"mode", std::string("linear")},
                              {"coordinate_transformation_mode", std::string("align_corners")}},
                             {3}}),
                {1, 1, 3, 3}, {1, 1.5, 2, 2, 2.5, 3, 3, 3.5, 4}, 1e-15);
  Tensor r = random(DType::Float64, {1, 2, 3, 4}, 12);
  Tensor up = make(DType::Float32, {4}, {1, 1, 1.5, 0.75});
  for (const char* mode : {"nearest", "linear", "cubic"}) {
    SCOPED_TRACE(mode);
    check_gradient({"Resize", {&r, nullptr, &up}, {{"mode", std::string(mode)}}, {2}});
    check_float32({"Resize", {&r, nullptr, &up}, {{"mode", std::string(mode)}}, {2}});
  }
  check_gradient({"Resize",
                  {&r, nullptr, &up},
                  {{"mode", std::string("cubic")},
                   {"exclude_outside", int64_t{1}},
                   {"coordinate_transformation_mode", std::string("pytorch_half_pixel")}},
                  {2}});
  const std::string e = create_error({"Resize", {&r, nullptr, &up}});
  EXPECT_TRUE(has(e, "input 2 (scales) must be a constant")) << e;
  EXPECT_TRUE(
      has(create_error({"Resize", {&r, nullptr, &up}, {{"mode", std::string("area")}}, {2}}),
          "mode 'area' is not nearest, linear or cubic"));
}

}  // namespace
}  // namespace d500::test
