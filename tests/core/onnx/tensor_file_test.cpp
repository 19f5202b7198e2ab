// TensorProto files -> d500::Tensor: every d500 dtype from raw_data and from the typed fields,
// and a clear error for each way a file can be wrong.
#include "d500/onnx/tensor_file.h"

#include <gtest/gtest.h>

#include <cstring>

#include "../../support/process.h"
#include "onnx_test_util.h"

using d500::DType;
using d500::Tensor;
using d500::onnx::read_tensor_file;
using d500::test::TempDir;
using d500::test::write_message;
using TP = onnx::TensorProto;

namespace {

bool contains(const std::string& hay, const std::string& needle) {
  return hay.find(needle) != std::string::npos;
}

TP proto(int32_t type, std::vector<int64_t> dims) {
  TP t;
  t.set_data_type(type);
  for (int64_t d : dims) t.add_dims(d);
  return t;
}

template <class T>
std::string raw(const std::vector<T>& v) {
  return std::string(reinterpret_cast<const char*>(v.data()), v.size() * sizeof(T));
}

Tensor read_ok(const TempDir& dir, const TP& t) {
  write_message(dir.file("t.pb"), t);
  auto r = read_tensor_file(dir.file("t.pb"));
  EXPECT_TRUE(r.ok()) << (r.ok() ? "" : r.error().to_string());
  return r.ok() ? std::move(r).value() : Tensor();
}

std::string read_error(const TempDir& dir, const TP& t) {
  write_message(dir.file("t.pb"), t);
  auto r = read_tensor_file(dir.file("t.pb"));
  EXPECT_FALSE(r.ok());
  return r.ok() ? "" : r.error().to_string();
}

}  // namespace

TEST(TensorFile, FloatFromTypedFieldAndRawData) {
  TempDir dir;
  TP a = proto(TP::FLOAT, {2, 3});
  for (float v : {1.f, -2.f, 3.5f, 0.f, 1e-8f, 7.f}) a.add_float_data(v);
  Tensor t = read_ok(dir, a);
  EXPECT_EQ(t.dtype(), DType::Float32);
  EXPECT_EQ(t.shape(), (d500::Shape{2, 3}));
  EXPECT_FLOAT_EQ(t.data_as<float>()[2], 3.5f);
  EXPECT_FLOAT_EQ(t.data_as<float>()[4], 1e-8f);

  TP b = proto(TP::FLOAT, {3});
  b.set_raw_data(raw(std::vector<float>{0.25f, -1.f, 9.f}));
  Tensor u = read_ok(dir, b);
  EXPECT_EQ(u.shape(), (d500::Shape{3}));
  EXPECT_FLOAT_EQ(u.data_as<float>()[0], 0.25f);
  EXPECT_FLOAT_EQ(u.data_as<float>()[2], 9.f);
}

TEST(TensorFile, DoubleInt64Int32) {
  TempDir dir;
  TP d = proto(TP::DOUBLE, {2});
  d.add_double_data(0.1);
  d.add_double_data(-1e300);
  Tensor t = read_ok(dir, d);
  EXPECT_EQ(t.dtype(), DType::Float64);
  EXPECT_DOUBLE_EQ(t.data_as<double>()[0], 0.1);
  EXPECT_DOUBLE_EQ(t.data_as<double>()[1], -1e300);

  TP draw = proto(TP::DOUBLE, {1});
  draw.set_raw_data(raw(std::vector<double>{2.5}));
  EXPECT_DOUBLE_EQ(read_ok(dir, draw).data_as<double>()[0], 2.5);

  // Beyond 2^53: must arrive exactly, not through a double.
  const int64_t big = (int64_t{1} << 53) + 1;
  TP i64 = proto(TP::INT64, {2});
  i64.add_int64_data(big);
  i64.add_int64_data(-5);
  Tensor l = read_ok(dir, i64);
  EXPECT_EQ(l.dtype(), DType::Int64);
  EXPECT_EQ(l.data_as<int64_t>()[0], big);
  EXPECT_EQ(l.data_as<int64_t>()[1], -5);

  TP i64raw = proto(TP::INT64, {1});
  i64raw.set_raw_data(raw(std::vector<int64_t>{-big}));
  EXPECT_EQ(read_ok(dir, i64raw).data_as<int64_t>()[0], -big);

  TP i32 = proto(TP::INT32, {3});
  for (int v : {-7, 0, 2147483647}) i32.add_int32_data(v);
  Tensor k = read_ok(dir, i32);
  EXPECT_EQ(k.dtype(), DType::Int32);
  EXPECT_EQ(k.data_as<int32_t>()[0], -7);
  EXPECT_EQ(k.data_as<int32_t>()[2], 2147483647);

  TP i32raw = proto(TP::INT32, {2});
  i32raw.set_raw_data(raw(std::vector<int32_t>{4, -4}));
  EXPECT_EQ(read_ok(dir, i32raw).data_as<int32_t>()[1], -4);
}

TEST(TensorFile, Uint8AndBoolFromInt32DataAndRawData) {
  TempDir dir;
  TP u = proto(TP::UINT8, {3});
  for (int v : {0, 200, 255}) u.add_int32_data(v);
  Tensor t = read_ok(dir, u);
  EXPECT_EQ(t.dtype(), DType::UInt8);
  EXPECT_EQ(t.data_as<uint8_t>()[1], 200);
  EXPECT_EQ(t.data_as<uint8_t>()[2], 255);

  TP uraw = proto(TP::UINT8, {2});
  uraw.set_raw_data(std::string("\x07\xfe", 2));
  EXPECT_EQ(read_ok(dir, uraw).data_as<uint8_t>()[1], 0xfe);

  TP b = proto(TP::BOOL, {2, 2});
  for (int v : {1, 0, 0, 1}) b.add_int32_data(v);
  Tensor bt = read_ok(dir, b);
  EXPECT_EQ(bt.dtype(), DType::Bool);
  EXPECT_EQ(bt.data_as<uint8_t>()[0], 1);
  EXPECT_EQ(bt.data_as<uint8_t>()[1], 0);

  // Any non-zero byte is true, and arrives as 1 (plugins may compare with 1).
  TP braw = proto(TP::BOOL, {3});
  braw.set_raw_data(std::string("\x00\x02\x01", 3));
  Tensor br = read_ok(dir, braw);
  EXPECT_EQ(br.data_as<uint8_t>()[0], 0);
  EXPECT_EQ(br.data_as<uint8_t>()[1], 1);
  EXPECT_EQ(br.data_as<uint8_t>()[2], 1);
}

TEST(TensorFile, ScalarAndEmptyShapes) {
  TempDir dir;
  TP s = proto(TP::FLOAT, {});
  s.add_float_data(42.f);
  Tensor t = read_ok(dir, s);
  EXPECT_TRUE(t.shape().empty());
  EXPECT_EQ(t.numel(), 1);
  EXPECT_FLOAT_EQ(t.data_as<float>()[0], 42.f);

  Tensor e = read_ok(dir, proto(TP::FLOAT, {0, 3}));
  EXPECT_EQ(e.shape(), (d500::Shape{0, 3}));
  EXPECT_EQ(e.numel(), 0);
}

TEST(TensorFile, UnsupportedDtypesAreNamed) {
  TempDir dir;
  TP h = proto(TP::COMPLEX64, {1});
  h.add_float_data(1.f);
  h.add_float_data(0.f);
  std::string err = read_error(dir, h);
  EXPECT_TRUE(contains(err, "unsupported dtype COMPLEX64")) << err;
  EXPECT_TRUE(contains(err, dir.file("t.pb"))) << err;

  TP s = proto(TP::STRING, {1});
  s.add_string_data("x");
  err = read_error(dir, s);
  EXPECT_TRUE(contains(err, "unsupported dtype STRING")) << err;

  err = read_error(dir, proto(TP::UINT16, {0}));
  EXPECT_TRUE(contains(err, "unsupported dtype UINT16")) << err;
}

TEST(TensorFile, DataThatDoesNotMatchTheShapeIsAnError) {
  TempDir dir;
  TP a = proto(TP::FLOAT, {2, 2});
  a.add_float_data(1.f);
  std::string err = read_error(dir, a);
  EXPECT_TRUE(contains(err, "float_data holds 1 values")) << err;
  EXPECT_TRUE(contains(err, "[2, 2]")) << err;

  TP b = proto(TP::INT64, {3});
  b.set_raw_data(raw(std::vector<int64_t>{1, 2}));
  err = read_error(dir, b);
  EXPECT_TRUE(contains(err, "raw_data holds 16 bytes")) << err;

  TP c = proto(TP::FLOAT, {-1});
  err = read_error(dir, c);
  EXPECT_TRUE(contains(err, "negative dimension")) << err;

  // A corrupt header must not turn into a terabyte allocation.
  TP d = proto(TP::FLOAT, {1 << 20, 1 << 20});
  err = read_error(dir, d);
  EXPECT_TRUE(contains(err, "more values than the message holds")) << err;

  TP e = proto(TP::FLOAT, {1});
  e.set_data_location(TP::EXTERNAL);
  err = read_error(dir, e);
  EXPECT_TRUE(contains(err, "external data")) << err;
}

TEST(TensorFile, MissingEmptyTruncatedAndRandomFilesNameThePath) {
  TempDir dir;
  auto missing = read_tensor_file(dir.file("nope.pb"));
  ASSERT_FALSE(missing.ok());
  EXPECT_TRUE(contains(missing.error().to_string(), dir.file("nope.pb")));
  EXPECT_TRUE(contains(missing.error().to_string(), "cannot open"));

  d500::test::write_bytes(dir.file("empty.pb"), "");
  auto empty = read_tensor_file(dir.file("empty.pb"));
  ASSERT_FALSE(empty.ok());
  EXPECT_TRUE(contains(empty.error().to_string(), "empty")) << empty.error().to_string();

  TP big = proto(TP::FLOAT, {64});
  big.set_raw_data(raw(std::vector<float>(64, 1.5f)));
  write_message(dir.file("full.pb"), big);
  d500::test::write_truncated(dir.file("full.pb"), dir.file("cut.pb"), 0.5);
  auto cut = read_tensor_file(dir.file("cut.pb"));
  ASSERT_FALSE(cut.ok());
  EXPECT_TRUE(contains(cut.error().to_string(), dir.file("cut.pb")));
  EXPECT_TRUE(contains(cut.error().to_string(), "not a valid TensorProto"))
      << cut.error().to_string();

  for (unsigned seed = 1; seed <= 5; ++seed) {
    d500::test::write_random(dir.file("noise.pb"), 300, seed);
    auto noise = read_tensor_file(dir.file("noise.pb"));
    ASSERT_FALSE(noise.ok()) << "seed " << seed;
    EXPECT_TRUE(contains(noise.error().to_string(), dir.file("noise.pb")));
  }
}

TEST(TensorFile, ReadsTheInstalledOnnxTestData) {
  auto t = read_tensor_file(d500::test::kNodeTests + "/test_add/test_data_set_0/input_0.pb");
  ASSERT_TRUE(t.ok()) << t.error().to_string();
  EXPECT_EQ(t->dtype(), DType::Float32);
  EXPECT_EQ(t->shape(), (d500::Shape{3, 4, 5}));
}
