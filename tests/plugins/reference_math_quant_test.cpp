// The reference's quantization operators: values by hand (rounding half to even, saturation,
// per-axis and per-row parameters), dtypes of the outputs, and the messages for bad inputs; Cast
// to and from float16 and int8.
#include <gtest/gtest.h>

#include <cmath>

#include "reference_math_harness.h"

namespace d500::test {
namespace {

bool has(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

TEST(ReferenceQuant, QuantizeAndDequantizePerAxis) {
  // Channel 0: scale 1/2, zero point 10; channel 1: scale 2, zero point 0.
  Tensor x = make(DType::Float32, {1, 2, 2}, {200, -3, 3, 5});
  Tensor scale = make(DType::Float32, {2}, {0.5, 2}), zp = make(DType::UInt8, {2}, {10, 0});
  // 400 + 10 saturates to 255; -6 + 10 = 4; 1.5 and 2.5 round half to even, to 2.
  Tensor q = forward_one({"QuantizeLinear", {&x, &scale, &zp}});
  ASSERT_EQ(q.dtype(), DType::UInt8);
  expect_values(q, {1, 2, 2}, {255, 4, 2, 2});
  Tensor y = forward_one({"DequantizeLinear", {&q, &scale, &zp}});
  ASSERT_EQ(y.dtype(), DType::Float32);
  expect_values(y, {1, 2, 2}, {122.5, -3, 4, 4});
  // int8 per tensor, and uint8 with zero point 0 when it is left out.
  Tensor xs = make(DType::Float32, {3}, {-200, 0.5, 1.5}), one = make(DType::Float32, {}, {1});
  Tensor z8 = make(DType::Int8, {}, {-1});
  Tensor q8 = forward_one({"QuantizeLinear", {&xs, &one, &z8}});
  ASSERT_EQ(q8.dtype(), DType::Int8);
  expect_values(q8, {3}, {-128, -1, 1});
  Tensor qu = forward_one({"QuantizeLinear", {&xs, &one}});
  ASSERT_EQ(qu.dtype(), DType::UInt8);
  expect_values(qu, {3}, {0, 0, 2});
}

TEST(ReferenceQuant, DynamicQuantizeLinearCoversZero) {
  // Range [-1, 1.55]: scale 2.55 / 255 = 0.01, zero point 1 / 0.01 = 100.
  Tensor x = make(DType::Float32, {3}, {-1, 0, 1.55});
  auto out = forward_all({"DynamicQuantizeLinear", {&x}});
  ASSERT_EQ(out.size(), 3u);
  expect_values(out[0], {3}, {0, 100, 255});
  expect_values(out[1], {}, {0.01}, 1e-8);
  expect_values(out[2], {}, {100});
  // All positive: the range still starts at 0, so the zero point is 0; scale 255 / 255 = 1.
  Tensor p = make(DType::Float32, {2}, {255, 127.5});
  auto pos = forward_all({"DynamicQuantizeLinear", {&p}});
  expect_values(pos[0], {2}, {255, 128});  // 127.5 rounds half to even
  expect_values(pos[2], {}, {0});
}

TEST(ReferenceQuant, IntegerMatMulAndConv) {
  // A - per-row zero points (1, 2) = [[2, 3], [3, 4]]; B - 1 = [0, 1]^T.
  Tensor a = make(DType::UInt8, {2, 2}, {3, 4, 5, 6}), azp = make(DType::UInt8, {2}, {1, 2});
  Tensor b = make(DType::UInt8, {2, 1}, {1, 2}), bzp = make(DType::UInt8, {}, {1});
  Tensor y = forward_one({"MatMulInteger", {&a, &b, &azp, &bzp}});
  ASSERT_EQ(y.dtype(), DType::Int32);
  expect_values(y, {2, 1}, {3, 4});
  // x - 1 = [0, 1, 2, 3] under an all-ones 2x2 kernel: 6.
  Tensor x = make(DType::UInt8, {1, 1, 2, 2}, {1, 2, 3, 4}), xzp = make(DType::UInt8, {}, {1});
  Tensor w = make(DType::Int8, {1, 1, 2, 2}, {1, 1, 1, 1});
  Tensor c = forward_one({"ConvInteger", {&x, &w, &xzp}});
  ASSERT_EQ(c.dtype(), DType::Int32);
  expect_values(c, {1, 1, 1, 1}, {6});
  // Padded by 1: the corner windows see one element each.
  Tensor cp =
      forward_one({"ConvInteger", {&x, &w, &xzp}, {{"pads", std::vector<int64_t>{1, 1, 1, 1}}}});
  expect_values(cp, {1, 1, 3, 3}, {0, 1, 1, 2, 6, 4, 2, 5, 3});
}

TEST(ReferenceQuant, QLinearMatMulAndConvRequantize) {
  // a = [2, 4] * 0.5 = [1, 2]; b = ([3, 1] - 1) * 1 = [2, 0]; a b = 2; 2 / 0.25 + 1 = 9.
  Tensor a = make(DType::UInt8, {1, 2}, {2, 4}), as = make(DType::Float32, {}, {0.5});
  Tensor az = make(DType::UInt8, {}, {0}), b = make(DType::UInt8, {2, 1}, {3, 1});
  Tensor bs = make(DType::Float32, {}, {1}), bz = make(DType::UInt8, {}, {1});
  Tensor ys = make(DType::Float32, {}, {0.25}), yz = make(DType::Int8, {}, {1});
  Tensor y = forward_one({"QLinearMatMul", {&a, &as, &az, &b, &bs, &bz, &ys, &yz}});
  ASSERT_EQ(y.dtype(), DType::Int8);
  expect_values(y, {1, 1}, {9});
  Tensor tiny = make(DType::Float32, {}, {0.001});
  expect_values(forward_one({"QLinearMatMul", {&a, &as, &az, &b, &bs, &bz, &tiny, &yz}}), {1, 1},
                {127});  // saturated
  // Conv: x = [1, 2, 3, 4] * 0.5, w = ones * 2, bias 4 (scale 0.5 * 2): 0.5 * 2 * (10 + 4) = 14;
  // 14 / 4 = 3.5 rounds half to even, to 4.
  Tensor x = make(DType::UInt8, {1, 1, 2, 2}, {1, 2, 3, 4}),
         w = make(DType::UInt8, {1, 1, 2, 2}, {1, 1, 1, 1});
  Tensor ws = make(DType::Float32, {1}, {2}), wz = make(DType::UInt8, {1}, {0});
  Tensor cs = make(DType::Float32, {}, {4}), cz = make(DType::UInt8, {}, {0});
  Tensor bias = make(DType::Int32, {1}, {4});
  Tensor c = forward_one({"QLinearConv", {&x, &as, &az, &w, &ws, &wz, &cs, &cz, &bias}});
  ASSERT_EQ(c.dtype(), DType::UInt8);
  expect_values(c, {1, 1, 1, 1}, {4});
}

TEST(ReferenceCast, Float16RoundsToNearestEvenAndInt8Saturates) {
  const double tie_even = 1 + std::ldexp(1.0, -11), tie_odd = 1 + 3 * std::ldexp(1.0, -11);
  Tensor x = make({7}, {1, 65504, 65520, std::ldexp(1.0, -24), tie_even, tie_odd, -0.1});
  Tensor h = forward_one({"Cast", {&x}, {{"to", int64_t{10}}}});
  ASSERT_EQ(h.dtype(), DType::Float16);
  Tensor back = forward_one({"Cast", {&h}, {{"to", int64_t{11}}}});
  // 65520 is past the largest half (65504) by half a unit: infinity; ties go to the even mantissa.
  EXPECT_TRUE(std::isinf(back.at(2)) && back.at(2) > 0) << back.at(2);
  back.set(2, 0);
  expect_values(back, {7},
                {1, 65504, 0, std::ldexp(1.0, -24), 1, 1 + std::ldexp(1.0, -9), -0.0999755859375});
  Tensor small = make({2}, {1, -7.9}), like = make(DType::Int8, {1}, {0});
  Tensor i8 = forward_one({"CastLike", {&small, &like}});
  ASSERT_EQ(i8.dtype(), DType::Int8);
  expect_values(i8, {2}, {1, -7});  // truncated toward zero
  EXPECT_THROW(forward_one({"Cast", {&x}, {{"to", int64_t{3}}}}), D500Error);  // 65504 > 127
}

TEST(ReferenceCast, Int8MaxClipAndModTakeInt8) {
  Tensor a = make(DType::Int8, {2}, {-128, 7}), b = make(DType::Int8, {2}, {3, -3});
  Tensor mx = forward_one({"Max", {&a, &b}});
  ASSERT_EQ(mx.dtype(), DType::Int8);
  expect_values(mx, {2}, {3, 7});
  expect_values(forward_one({"Mod", {&a, &b}}), {2}, {1, -2});  // the divisor's sign, as numpy
  Tensor lo = make(DType::Int8, {}, {-5});
  Tensor c = forward_one({"Clip", {&a, &lo}});  // no max: only the lower bound
  ASSERT_EQ(c.dtype(), DType::Int8);
  expect_values(c, {2}, {-5, 7});
}

TEST(ReferenceQuant, BadInputsAreNamed) {
  Tensor x = make(DType::Float32, {2, 3}, {1, 2, 3, 4, 5, 6});
  Tensor s2 = make(DType::Float32, {2}, {1, 1}), fz = make(DType::Float32, {}, {0});
  Tensor one = make(DType::Float32, {}, {1});
  EXPECT_TRUE(
      has(create_error({"QuantizeLinear", {&x, &s2}}), "must be a scalar or have 3 elements"));
  EXPECT_TRUE(
      has(create_error({"QuantizeLinear", {&x, &one, &fz}}), "y_zero_point of dtype float32"));
  EXPECT_TRUE(has(create_error({"DequantizeLinear", {&x, &one}}), "x of dtype float32"));
  Tensor a = make(DType::UInt8, {2, 3}, {1, 2, 3, 4, 5, 6}),
         b = make(DType::UInt8, {3, 1}, {1, 2, 3});
  Tensor zp3 = make(DType::UInt8, {3}, {1, 2, 3});
  EXPECT_TRUE(has(create_error({"MatMulInteger", {&a, &b, &zp3}}),
                  "A's zero point uint8[3] must have 1 or 2"));
  EXPECT_TRUE(has(create_error({"MatMulInteger", {&x, &b}}), "A of dtype float32"));
}

}  // namespace
}  // namespace d500::test
