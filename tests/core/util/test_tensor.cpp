// Guards issue #2: tensors and their DLPack descriptors.
#include <gtest/gtest.h>

#include "d500/plugin.h"
#include "d500/tensor.h"

using namespace d500;

TEST(Tensor, DtypesRoundTripThroughNamesAndDlpack) {
  for (DType t : {DType::Float32, DType::Float64, DType::Int64, DType::Int32, DType::UInt8,
                  DType::Bool, DType::Int8, DType::Float16, DType::BFloat16}) {
    EXPECT_EQ(dtype_from_name(dtype_name(t)), t);
    EXPECT_EQ(from_dlpack(to_dlpack(t)), t);
    EXPECT_GT(dtype_size(t), 0u);
  }
  EXPECT_EQ(dtype_from_name("float16x"), DType::Invalid);
  EXPECT_EQ(from_dlpack(DLDataType{kDLFloat, 16, 1}), DType::Float16);  // ABI 1.3
  EXPECT_EQ(from_dlpack(DLDataType{kDLUInt, 16, 1}), DType::Invalid);
  EXPECT_EQ(from_dlpack(DLDataType{kDLFloat, 32, 4}), DType::Invalid);  // vector lanes
}

TEST(Tensor, IsZeroedAlignedAndDescribedByDlpack) {
  Tensor t(DType::Float64, {3, 5});
  EXPECT_EQ(t.numel(), 15);
  EXPECT_EQ(t.nbytes(), 120u);
  EXPECT_EQ(reinterpret_cast<uintptr_t>(t.data()) % 64, 0u);
  for (int64_t i = 0; i < t.numel(); ++i) EXPECT_EQ(t.at(i), 0.0);
  DLTensor d = t.dl();
  EXPECT_EQ(d.ndim, 2);
  EXPECT_EQ(d.shape[0], 3);
  EXPECT_EQ(d.shape[1], 5);
  EXPECT_EQ(d.strides, nullptr);
  EXPECT_EQ(d.data, t.data());
  EXPECT_EQ(d.device.device_type, kDLCPU);
}

TEST(Tensor, SeededFillIsReproducibleAndCloneIsDeep) {
  Tensor a(DType::Float32, {64}), b(DType::Float32, {64}), c(DType::Float32, {64});
  fill_uniform(a, 42);
  fill_uniform(b, 42);
  fill_uniform(c, 43);
  int differ = 0;
  for (int64_t i = 0; i < 64; ++i) {
    EXPECT_EQ(a.at(i), b.at(i));
    differ += a.at(i) != c.at(i);
    EXPECT_GE(a.at(i), -1.0);
    EXPECT_LT(a.at(i), 1.0);
  }
  EXPECT_GT(differ, 60);
  Tensor d = a.clone();
  d.set(0, 7.0);
  EXPECT_EQ(d.at(0), 7.0);
  EXPECT_NE(a.at(0), 7.0);
}

TEST(Tensor, NegativeDimensionIsAnError) {
  EXPECT_THROW(Tensor(DType::Float32, {2, -1}), D500Error);
}

TEST(Tensor, ShapeToString) {
  EXPECT_EQ(shape_to_string({2, 3}), "[2, 3]");
}
