// Bad attributes, shapes and dtypes of the spatial reference operators are refused at creation
// with a message that says what is wrong; shapes that differ from creation's at forward too.
#include <gtest/gtest.h>

#include "spatial_harness.h"

namespace d500::test {
namespace {

const int64_t kOne = 1, kTwo = 2;

std::string conv_error(const std::vector<Attribute>& attrs, Shape x = {1, 2, 5, 5},
                       Shape w = {4, 2, 3, 3}) {
  return create_error("Conv", {f64(x), f64(w)}, attrs);
}

TEST(ReferenceSpatialErrors, ConvAttributes) {
  const std::string p = "reference/default Conv: ";
  EXPECT_EQ(conv_error({{"auto_pad", std::string("SAME")}}),
            p + "auto_pad must be NOTSET, SAME_UPPER, SAME_LOWER or VALID, got 'SAME'");
  EXPECT_EQ(conv_error({{"pads", Shape{1, 1}}}),
            p + "pads has 2 values, expected begin and end for each spatial axis (4)");
  EXPECT_EQ(conv_error({{"pads", Shape{1, 1, -1, 1}}}), p + "pads [1, 1, -1, 1] must be >= 0");
  EXPECT_EQ(conv_error({{"pads", Shape{1, 1, 1, 1}}, {"auto_pad", std::string("SAME_UPPER")}}),
            p + "pads [1, 1, 1, 1] cannot be combined with auto_pad SAME_UPPER");
  EXPECT_EQ(conv_error({{"strides", Shape{0, 1}}}), p + "strides [0, 1] must be >= 1");
  EXPECT_EQ(conv_error({{"dilations", Shape{1}}}),
            p + "dilations has 1 values, expected one per spatial axis (2)");
  EXPECT_EQ(conv_error({{"kernel_shape", Shape{3, 2}}}),
            p + "kernel_shape [3, 2] differs from W's spatial dimensions [3, 3]");
  EXPECT_EQ(conv_error({{"group", kTwo}}),
            p + "group 2 does not fit X [1, 2, 5, 5] and W [4, 2, 3, 3] (need C = W[1] * group "
                "and M divisible by group)");
  EXPECT_EQ(conv_error({{"group", int64_t{0}}}),
            p + "group 0 does not fit X [1, 2, 5, 5] and W [4, 2, 3, 3] (need C = W[1] * group "
                "and M divisible by group)");
  EXPECT_EQ(conv_error({{"strides", 2.0}}), p + "attribute 'strides' must be ints, got float");
  EXPECT_EQ(conv_error({{"stride", Shape{1, 1}}}),
            p + "unknown attribute 'stride' (known: auto_pad, dilations, group, kernel_shape, "
                "pads, strides)");
}

TEST(ReferenceSpatialErrors, ConvShapes) {
  const std::string p = "reference/default Conv: ";
  EXPECT_EQ(conv_error({}, {2, 5}, {4, 2}),
            p + "X must be [N, C, D1, ...] with at least one spatial axis, got [2, 5]");
  EXPECT_EQ(conv_error({}, {1, 2, 5, 5}, {4, 2, 3}),
            p + "W [4, 2, 3] must have the rank of X [1, 2, 5, 5]");
  EXPECT_EQ(conv_error({}, {1, 2, 2, 5}),
            p + "kernel extent 3 on spatial axis 0 exceeds the padded input (2)");
  EXPECT_EQ(conv_error({{"dilations", Shape{1, 3}}}),
            p + "kernel extent 7 on spatial axis 1 exceeds the padded input (5)");
  EXPECT_EQ(create_error("Conv", {f64({1, 2, 5, 5}), f64({4, 2, 3, 3}), f64({2})}),
            p + "B [2] must be [4]");
  EXPECT_EQ(create_error("Conv", {f64({1, 2, 5, 5})}),
            p + "expects inputs X, W and optional B, got 1 inputs");
  EXPECT_EQ(
      create_error("Conv", {f64({1, 2, 5, 5}), plugin::tensor_info(DType::Float32, {4, 2, 3, 3})}),
      p + "inputs differ in dtype: float64[1, 2, 5, 5] and float32[4, 2, 3, 3]");
  EXPECT_EQ(create_error("Conv", {plugin::tensor_info(DType::Int64, {1, 2, 5, 5}),
                                  plugin::tensor_info(DType::Int64, {4, 2, 3, 3})}),
            p + "dtype int64 is not implemented; the reference has float32 and float64");
  // An absent bias is no bias.
  EXPECT_EQ(create_error("Conv", {f64({1, 2, 5, 5}), f64({4, 2, 3, 3}), absent_info()}), "");
}

TEST(ReferenceSpatialErrors, ConvTranspose) {
  const std::string p = "reference/default ConvTranspose: ";
  auto error = [](const std::vector<Attribute>& attrs, Shape w = {2, 3, 3, 3}) {
    return create_error("ConvTranspose", {f64({1, 2, 4, 4}), f64(w)}, attrs);
  };
  EXPECT_EQ(error({{"output_padding", Shape{1, 0}}}),
            p + "output_padding [1, 0] must be smaller than the stride or the dilation on each "
                "axis");
  EXPECT_EQ(error({{"output_shape", Shape{9}}}),
            p + "output_shape [9] must have one value per spatial axis (2)");
  EXPECT_EQ(error({}, {3, 3, 3, 3}),
            p + "group 1 does not fit X [1, 2, 4, 4] and W [3, 3, 3, 3] (need W[0] = C divisible "
                "by group)");
  EXPECT_EQ(error({{"pads", Shape{3, 3, 3, 3}}}),
            p + "pads leave no output on spatial axis 0 (full output 6)");
  EXPECT_EQ(create_error("ConvTranspose", {f64({1, 2, 4, 4}), f64({2, 3, 3, 3}), f64({2})},
                         {{"group", kTwo}}),
            p + "B [2] must be [6]");
}

TEST(ReferenceSpatialErrors, Pools) {
  EXPECT_EQ(create_error("MaxPool", {f64({1, 1, 4, 4})}),
            "reference/default MaxPool: missing attribute 'kernel_shape'");
  EXPECT_EQ(create_error("MaxPool", {f64({1, 1, 4, 4})},
                         {{"kernel_shape", Shape{2, 2}}, {"storage_order", kTwo}}),
            "reference/default MaxPool: storage_order must be 0 (row major) or 1 (column major), "
            "got 2");
  EXPECT_EQ(create_error("MaxPool", {f64({1, 1, 4})},
                         {{"kernel_shape", Shape{2}}, {"pads", Shape{2, 0}}}),
            "reference/default MaxPool: window 0 of spatial axis 0 lies entirely in the padding "
            "(pads too large for the kernel and dilation)");
  EXPECT_EQ(create_error("MaxPool", {plugin::tensor_info(DType::Int64, {1, 1, 4})},
                         {{"kernel_shape", Shape{2}}}),
            "reference/default MaxPool: dtype int64 is not implemented; MaxPool has float32, "
            "float64, int8 and uint8");
  EXPECT_EQ(create_error("MaxPool", {f64({1, 1, 4})}, {{"kernel_shape", Shape{2, 2}}}),
            "reference/default MaxPool: kernel_shape has 2 values, expected one per spatial axis "
            "(1)");
  EXPECT_EQ(create_error("MaxPool", {f64({1, 4})}, {{"kernel_shape", Shape{2}}}),
            "reference/default MaxPool: X must be [N, C, D1, ...] with at least one spatial "
            "axis, got [1, 4]");
  EXPECT_EQ(create_error("AveragePool", {f64({1, 1, 4})},
                         {{"kernel_shape", Shape{2}}, {"count_include_pad", kTwo}}),
            "reference/default AveragePool: attribute 'count_include_pad' must be 0 or 1, got 2");
  EXPECT_EQ(create_error("AveragePool", {f64({1, 1, 4})},
                         {{"kernel_shape", Shape{2}}, {"ceil_mode", kTwo}}),
            "reference/default AveragePool: attribute 'ceil_mode' must be 0 or 1, got 2");
  EXPECT_EQ(create_error("AveragePool", {f64({1, 1, 4})},
                         {{"kernel_shape", Shape{2}}, {"storage_order", kOne}}),
            "reference/default AveragePool: unknown attribute 'storage_order' (known: auto_pad, "
            "ceil_mode, count_include_pad, dilations, kernel_shape, pads, strides)");
  EXPECT_EQ(create_error("GlobalAveragePool", {f64({2, 3})}),
            "reference/default GlobalAveragePool: X must be [N, C, D1, ...] with at least one "
            "spatial axis, got [2, 3]");
}

TEST(ReferenceSpatialErrors, BatchNormalization) {
  const std::string p = "reference/default BatchNormalization: ";
  const auto c = f64({3});
  EXPECT_EQ(create_error("BatchNormalization", {f64({2, 3, 4}), c, c, c}),
            p + "expects inputs X, scale, B, input_mean and input_var, got 4 inputs");
  EXPECT_EQ(create_error("BatchNormalization", {f64({2, 3, 4}), c, f64({2}), c, c}),
            p + "B [2] must be [C] = [3]");
  EXPECT_EQ(
      create_error("BatchNormalization", {f64({2, 3, 4}), c, c, c, c}, {{"training_mode", kTwo}}),
      p + "attribute 'training_mode' must be 0 or 1, got 2");
  EXPECT_EQ(create_error("BatchNormalization", {f64({2, 3, 4}), c, c, c, c}, {{"epsilon", -1.0}}),
            p + "epsilon must be >= 0");
  EXPECT_EQ(create_error("BatchNormalization", {f64({2, 3, 4}), c, c, c, c}, {{"spatial", kOne}}),
            p + "unknown attribute 'spatial' (known: epsilon, momentum, training_mode)");
  const auto f = plugin::tensor_info(DType::Float32, {3});
  EXPECT_EQ(create_error("BatchNormalization", {f64({2, 3, 4}), c, c, f, f}),
            p + "mixed dtypes float64[2, 3, 4] and float32[3] are not implemented; the reference "
                "needs one dtype for all inputs");
}

TEST(ReferenceSpatialErrors, Dropout) {
  const std::string p = "reference/default Dropout: ";
  Tensor one = scalar(DType::Float32, 1.0);
  DLTensor ratio_view = one.dl();
  const auto ratio = plugin::tensor_info(DType::Float32, {});
  EXPECT_EQ(create_error("Dropout", {f64({4}), ratio}, {}, {nullptr, &ratio_view}),
            p + "ratio must be in [0, 1), got 1.000000");
  EXPECT_EQ(create_error("Dropout", {f64({4}), plugin::tensor_info(DType::Float32, {2})}),
            p + "ratio must be a scalar, got float32[2]");
  EXPECT_EQ(create_error("Dropout", {f64({4}), ratio, plugin::tensor_info(DType::Int64, {})}),
            p + "training_mode must be bool, got int64[]");
  EXPECT_EQ(create_error("Dropout", {f64({4})}, {{"ratio", 0.5}}),
            p + "unknown attribute 'ratio' (known: seed)");
  EXPECT_EQ(create_error("Dropout", {f64({4})}, {{"ratio", 0.5}, {"_opset", int64_t{10}}}), "");
  // An absent ratio with a training_mode given: the default 0.5.
  EXPECT_EQ(
      create_error("Dropout", {f64({4}), absent_info(), plugin::tensor_info(DType::Bool, {})}), "");

  // A ratio known only at forward is checked there.
  OpCase c{"Dropout", inputs(filled({4}, 1), scalar(DType::Float32, 1.5))};
  try {
    forward_all(c);
    FAIL() << "ratio 1.5 accepted";
  } catch (const D500Error& e) {
    EXPECT_STREQ(e.what(), "reference/default Dropout: ratio must be in [0, 1), got 1.500000");
  }
}

TEST(ReferenceSpatialErrors, ForwardWithTensorsOfAnotherShape) {
  OpCase c{"Conv", inputs(filled({1, 1, 4, 4}, 1), filled({1, 1, 2, 2}, 1))};
  auto op = create(c);
  std::vector<Tensor> outs = allocate_outputs(*op);
  std::vector<DLTensor> out_views = views(outs);
  std::vector<Tensor> wrong = inputs(filled({1, 1, 4, 4}, 1), filled({1, 1, 3, 3}, 1));
  try {
    op->forward(case_views(wrong), out_views);
    FAIL() << "wrong shape accepted";
  } catch (const D500Error& e) {
    EXPECT_STREQ(e.what(),
                 "reference/default Conv: W has shape [1, 1, 3, 3], created for [1, 1, 2, 2]");
  }
  // MaxPool with a float32 tensor where float64 was created.
  auto pool = create(OpCase{"MaxPool", inputs(filled({1, 1, 4}, 1)), {{"kernel_shape", Shape{2}}}});
  std::vector<Tensor> pool_outs = allocate_outputs(*pool);
  std::vector<DLTensor> pool_views = views(pool_outs);
  std::vector<Tensor> f32 = inputs(filled({1, 1, 4}, 1, DType::Float32));
  try {
    pool->forward(case_views(f32), pool_views);
    FAIL() << "wrong dtype accepted";
  } catch (const D500Error& e) {
    EXPECT_STREQ(e.what(), "reference/default MaxPool: X is float32, expected float64");
  }
}

}  // namespace
}  // namespace d500::test
