// Dtypes across the boundary (ABI 1.3, issue 14 item 1): int8, float16 and bfloat16 have names,
// sizes, DLPack codes, element conversions and TensorProto readings (raw_data and int32_data).
#include <gtest/gtest.h>
#include <onnx/onnx_pb.h>

#include <cmath>
#include <limits>

#include "d500/onnx/tensor_file.h"
#include "d500/tensor.h"

using namespace d500;

TEST(DTypes, NamesSizesAndDlpackRoundTrip) {
  struct Row {
    DType t;
    const char* name;
    size_t size;
    uint8_t code, bits;
  };
  const Row rows[] = {{DType::Int8, "int8", 1, kDLInt, 8},
                      {DType::Float16, "float16", 2, kDLFloat, 16},
                      {DType::BFloat16, "bfloat16", 2, kDLBfloat, 16}};
  for (const auto& r : rows) {
    EXPECT_EQ(dtype_name(r.t), r.name);
    EXPECT_EQ(dtype_from_name(r.name), r.t);
    EXPECT_EQ(dtype_size(r.t), r.size);
    const DLDataType dl = to_dlpack(r.t);
    EXPECT_EQ(dl.code, r.code) << r.name;
    EXPECT_EQ(dl.bits, r.bits) << r.name;
    EXPECT_EQ(from_dlpack(dl), r.t) << r.name;
  }
  EXPECT_EQ(from_dlpack(DLDataType{kDLBfloat, 32, 1}), DType::Invalid);
}

TEST(DTypes, HalfConversionsRoundToNearestEven) {
  EXPECT_EQ(float_to_half(1.0f), 0x3c00);
  EXPECT_EQ(float_to_half(-2.0f), 0xc000);
  EXPECT_EQ(float_to_half(65504.0f), 0x7bff);                      // the largest half
  EXPECT_EQ(float_to_half(65520.0f), 0x7c00);                      // rounds to infinity
  EXPECT_EQ(float_to_half(std::ldexp(1.0f, -24)), 0x0001);         // the smallest subnormal
  EXPECT_EQ(float_to_half(std::ldexp(1.0f, -25)), 0x0000);         // a tie, to even (zero)
  EXPECT_EQ(float_to_half(1.0f + std::ldexp(1.0f, -11)), 0x3c00);  // tie to even
  EXPECT_EQ(float_to_half(1.0f + 3 * std::ldexp(1.0f, -11)), 0x3c02);
  EXPECT_TRUE(std::isnan(half_to_float(float_to_half(std::nanf("")))));
  for (uint32_t h = 0; h < 0x10000; ++h) {  // every finite half survives the round trip
    const uint16_t b = static_cast<uint16_t>(h);
    if ((b & 0x7c00) == 0x7c00) continue;
    ASSERT_EQ(float_to_half(half_to_float(b)), b) << h;
  }
  EXPECT_EQ(half_to_float(0x0001), std::ldexp(1.0f, -24));
  EXPECT_EQ(bfloat16_to_float(float_to_bfloat16(3.0f)), 3.0f);
  EXPECT_EQ(float_to_bfloat16(1.0f + std::ldexp(1.0f, -8)), 0x3f80);  // tie to even
  EXPECT_EQ(float_to_bfloat16(1.0f + 3 * std::ldexp(1.0f, -8)), 0x3f82);
}

TEST(DTypes, TensorElementsReadAsDoubles) {
  Tensor h(DType::Float16, {3}), b(DType::BFloat16, {3}), i(DType::Int8, {3});
  const double v[] = {0.5, -1.25, 1000.0};
  for (int k = 0; k < 3; ++k) h.set(k, v[k]), b.set(k, v[k]), i.set(k, -v[k] * 2);
  EXPECT_EQ(h.nbytes(), 6u);
  for (int k = 0; k < 3; ++k) {
    EXPECT_EQ(h.at(k), v[k]);
    EXPECT_EQ(b.at(k), v[k]);
  }
  EXPECT_EQ(i.at(0), -1.0);
  EXPECT_EQ(i.at(1), 2.0);  // -(-1.25 * 2) truncated toward zero
}

namespace {
Tensor parse(const ::onnx::TensorProto& p) {
  std::string bytes;
  p.SerializeToString(&bytes);
  auto t = d500::onnx::parse_tensor(bytes, "test");
  if (!t) throw D500Error(t.error());
  return std::move(t).value();
}
}  // namespace

TEST(DTypes, TensorProtoReadsFloat16Bfloat16AndInt8) {
  ::onnx::TensorProto p;
  p.set_data_type(::onnx::TensorProto::FLOAT16);
  p.add_dims(2);
  p.add_int32_data(float_to_half(1.5f));  // 16-bit patterns in int32_data
  p.add_int32_data(float_to_half(-0.25f));
  Tensor h = parse(p);
  ASSERT_EQ(h.dtype(), DType::Float16);
  EXPECT_EQ(h.at(0), 1.5);
  EXPECT_EQ(h.at(1), -0.25);

  ::onnx::TensorProto r;
  r.set_data_type(::onnx::TensorProto::BFLOAT16);
  r.add_dims(2);
  const uint16_t raw[2] = {float_to_bfloat16(2.0f), float_to_bfloat16(-8.0f)};
  r.set_raw_data(std::string(reinterpret_cast<const char*>(raw), 4));
  Tensor bf = parse(r);
  ASSERT_EQ(bf.dtype(), DType::BFloat16);
  EXPECT_EQ(bf.at(0), 2.0);
  EXPECT_EQ(bf.at(1), -8.0);

  ::onnx::TensorProto q;
  q.set_data_type(::onnx::TensorProto::INT8);
  q.add_dims(3);
  for (int v : {-128, 0, 127}) q.add_int32_data(v);
  Tensor i8 = parse(q);
  ASSERT_EQ(i8.dtype(), DType::Int8);
  EXPECT_EQ(i8.at(0), -128);
  EXPECT_EQ(i8.at(2), 127);
  ::onnx::TensorProto raw8 = q;
  raw8.clear_int32_data();
  raw8.set_raw_data(std::string("\xff\x01\x80", 3));
  Tensor r8 = parse(raw8);
  EXPECT_EQ(r8.at(0), -1);
  EXPECT_EQ(r8.at(2), -128);
}
