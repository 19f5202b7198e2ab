// Reference Conv and ConvTranspose against hand-computed values: the worked examples of the
// ONNX operator docs (X = arange, W = ones) and small cases that tell each attribute apart.
#include <gtest/gtest.h>

#include "spatial_harness.h"

namespace d500::test {
namespace {

const int64_t kOne = 1, kTwo = 2;

Tensor conv(Tensor x, Tensor w, std::vector<Attribute> attrs = {}, Tensor b = Tensor()) {
  OpCase c{"Conv", inputs(std::move(x), std::move(w)), std::move(attrs)};
  if (!is_absent(b)) c.inputs.push_back(std::move(b));
  auto outs = forward_all(c);
  EXPECT_EQ(outs.size(), 1u);
  return std::move(outs.at(0));
}

Tensor conv_transpose(Tensor x, Tensor w, std::vector<Attribute> attrs = {}, Tensor b = Tensor()) {
  OpCase c{"ConvTranspose", inputs(std::move(x), std::move(w)), std::move(attrs)};
  if (!is_absent(b)) c.inputs.push_back(std::move(b));
  auto outs = forward_all(c);
  EXPECT_EQ(outs.size(), 1u);
  return std::move(outs.at(0));
}

// X = 0..24 as 5x5 and a 3x3 kernel of ones: each output is the sum of a 3x3 block, e.g. the
// centre 6+7+8+11+12+13+16+17+18 = 108, the padded corner 0+1+5+6 = 12.
TEST(ReferenceConv, OnnxDocBasicWithAndWithoutPadding) {
  expect_values(conv(arange({1, 1, 5, 5}), filled({1, 1, 3, 3}, 1),
                     {{"pads", Shape{1, 1, 1, 1}}, {"kernel_shape", Shape{3, 3}}}),
                {1, 1, 5, 5}, {12,  21, 27, 33,  24,  33,  54,  63, 72,  51,  63,  99, 108,
                               117, 81, 93, 144, 153, 162, 111, 72, 111, 117, 123, 84});
  expect_values(conv(arange({1, 1, 5, 5}), filled({1, 1, 3, 3}, 1)), {1, 1, 3, 3},
                {54, 63, 72, 99, 108, 117, 144, 153, 162});
}

// Strides 2 take every other window of the padded and unpadded sums above; on X = 0..34 as 7x5
// the windows start at rows 0, 2, 4 and columns 0, 2 (54 = 0+1+2+5+6+7+10+11+12).
TEST(ReferenceConv, OnnxDocStrides) {
  expect_values(conv(arange({1, 1, 5, 5}), filled({1, 1, 3, 3}, 1),
                     {{"pads", Shape{1, 1, 1, 1}}, {"strides", Shape{2, 2}}}),
                {1, 1, 3, 3}, {12, 27, 24, 63, 108, 81, 72, 117, 84});
  expect_values(conv(arange({1, 1, 7, 5}), filled({1, 1, 3, 3}, 1), {{"strides", Shape{2, 2}}}),
                {1, 1, 3, 2}, {54, 72, 144, 162, 234, 252});
  // pads [1, 0, 1, 0]: one row above and below, no columns: 4 rows of windows, 2 columns.
  expect_values(conv(arange({1, 1, 7, 5}), filled({1, 1, 3, 3}, 1),
                     {{"pads", Shape{1, 0, 1, 0}}, {"strides", Shape{2, 2}}}),
                {1, 1, 4, 2}, {21, 33, 99, 117, 189, 207, 171, 183});
}

// SAME_LOWER with strides 2 on 5x5: output ceil(5 / 2) = 3, total padding (3-1)*2 + 3 - 5 = 2,
// one on each side: the strided padded result above (ONNX test conv_with_autopad_same).
TEST(ReferenceConv, OnnxDocAutoPadSame) {
  expect_values(conv(arange({1, 1, 5, 5}), filled({1, 1, 3, 3}, 1),
                     {{"auto_pad", std::string("SAME_LOWER")}, {"strides", Shape{2, 2}}}),
                {1, 1, 3, 3}, {12, 27, 24, 63, 108, 81, 72, 117, 84});
}

// 1-D x = [1, 2, 3, 4], w = [1, 10]: y_i = x_i + 10 x_(i+1). SAME keeps length 4 with one pad:
// SAME_UPPER pads at the end (last = 4 + 10*0), SAME_LOWER at the beginning (first = 0 + 10*1).
TEST(ReferenceConv, EveryAutoPadMode) {
  auto run = [](const std::string& mode) {
    return conv(arange({1, 1, 4}, 1), make({1, 1, 2}, {1, 10}), {{"auto_pad", mode}});
  };
  expect_values(run("SAME_UPPER"), {1, 1, 4}, {21, 32, 43, 4});
  expect_values(run("SAME_LOWER"), {1, 1, 4}, {10, 21, 32, 43});
  expect_values(run("VALID"), {1, 1, 3}, {21, 32, 43});
  expect_values(run("NOTSET"), {1, 1, 3}, {21, 32, 43});
  expect_values(conv(arange({1, 1, 4}, 1), make({1, 1, 2}, {1, 10}), {{"pads", Shape{1, 0}}}),
                {1, 1, 4}, {10, 21, 32, 43});
}

// Dilation 2 spreads the 3 taps over 5 positions: y_i = x_i + x_(i+2) + x_(i+4) on x = 1..7.
TEST(ReferenceConv, Dilations) {
  expect_values(conv(arange({1, 1, 7}, 1), filled({1, 1, 3}, 1), {{"dilations", Shape{2}}}),
                {1, 1, 3}, {9, 12, 15});
  // 2-D, X = 0..29 as 5x6, w = [[1, 2], [3, 4]], dilations 2, strides (2, 1), pads top 1 and
  // right 1: y[0][0] reads rows -1 (padding) and 1, columns 0 and 2: 3*6 + 4*8 = 50;
  // y[1][4] reads rows 1, 3 and columns 4, 6 (padding): 1*10 + 3*22 = 76.
  expect_values(
      conv(arange({1, 1, 5, 6}), make({1, 1, 2, 2}, {1, 2, 3, 4}),
           {{"dilations", Shape{2, 2}}, {"strides", Shape{2, 1}}, {"pads", Shape{1, 0, 0, 1}}}),
      {1, 1, 2, 5}, {50, 57, 64, 71, 30, 156, 166, 176, 186, 76});
}

// Two groups of one channel: channel 0 = [1, 2, 3] meets w0 = [1, 1], channel 1 = [4, 5, 6]
// meets w1 = [1, -1]; bias [10, 20].
TEST(ReferenceConv, GroupsAndBias) {
  expect_values(conv(arange({1, 2, 3}, 1), make({2, 1, 2}, {1, 1, 1, -1}), {{"group", kTwo}},
                     make({2}, {10, 20})),
                {1, 2, 2}, {13, 15, 19, 19});
  // Depthwise with multiplier 2: outputs 0, 1 read channel 0, outputs 2, 3 channel 1.
  expect_values(conv(arange({1, 2, 2}, 1), make({4, 1, 1}, {1, 2, 3, 4}), {{"group", kTwo}}),
                {1, 4, 2}, {1, 2, 2, 4, 9, 12, 12, 16});
}

// Without groups every output channel sums over all input channels; batches stay apart.
// x[n, c, :] = 1..3 + 10 c + 100 n, w[m, c, :] = [1, 1] * (m + 1) * (c + 1).
TEST(ReferenceConv, ChannelsAndBatches) {
  Tensor x(DType::Float64, {2, 2, 3});
  for (int64_t n = 0; n < 2; ++n)
    for (int64_t c = 0; c < 2; ++c)
      for (int64_t i = 0; i < 3; ++i) x.set((n * 2 + c) * 3 + i, 1 + i + 10 * c + 100 * n);
  Tensor w(DType::Float64, {3, 2, 2});
  for (int64_t m = 0; m < 3; ++m)
    for (int64_t c = 0; c < 2; ++c)
      for (int64_t k = 0; k < 2; ++k) w.set((m * 2 + c) * 2 + k, (m + 1) * (c + 1));
  // n = 0, m = 0, window 0: (1 + 2) + 2 * (11 + 12) = 49; window 1: (2+3) + 2 (12+13) = 55.
  // m scales by m + 1; n = 1 adds 100 to each of the 2 + 2*2 = 6 terms: + 600 (m + 1).
  expect_values(conv(std::move(x), std::move(w)), {2, 3, 2},
                {49, 55, 98, 110, 147, 165, 649, 655, 1298, 1310, 1947, 1965});
}

// 3-D: X = 1..8 as 2x2x2 and a 2x2x2 kernel of ones sum everything (36); padded by one on every
// side with stride 2, each corner window holds exactly one element of X.
TEST(ReferenceConv, ThreeDimensional) {
  expect_values(conv(arange({1, 1, 2, 2, 2}, 1), filled({1, 1, 2, 2, 2}, 1)), {1, 1, 1, 1, 1},
                {36});
  expect_values(conv(arange({1, 1, 2, 2, 2}, 1), filled({1, 1, 2, 2, 2}, 1),
                     {{"pads", Shape{1, 1, 1, 1, 1, 1}}, {"strides", Shape{2, 2, 2}}}),
                {1, 1, 2, 2, 2}, {1, 2, 3, 4, 5, 6, 7, 8});
}

TEST(ReferenceConv, Float32AndCost) {
  Tensor y = conv(arange({1, 1, 5, 5}, 0, DType::Float32), filled({1, 1, 3, 3}, 1, DType::Float32));
  EXPECT_EQ(y.dtype(), DType::Float32);
  expect_values(y, {1, 1, 3, 3}, {54, 63, 72, 99, 108, 117, 144, 153, 162});
  // 9 outputs * 9 taps * 2 flops + 9 bias adds; (25 + 9 + 1 + 9) elements of 4 bytes.
  Tensor x = arange({1, 1, 5, 5}, 0, DType::Float32), w = filled({1, 1, 3, 3}, 1, DType::Float32),
         b = filled({1}, 0, DType::Float32);
  auto op = create(OpCase{"Conv", inputs(std::move(x), std::move(w), std::move(b))});
  EXPECT_EQ(op->cost(), std::make_pair(171.0, 176.0));
}

// ConvTranspose of X = 0..8 (3x3) with two 3x3 output channels of ones: each input element
// adds itself to a 3x3 block of the 5x5 output (ONNX doc example), e.g. y[1][1] = 0+1+3+4 = 8.
TEST(ReferenceConvTranspose, OnnxDocBasic) {
  const std::initializer_list<double> plane = {0,  1,  3, 3,  2,  3,  8,  15, 12, 7,  9,  21, 36,
                                               27, 15, 9, 20, 33, 24, 13, 6,  13, 21, 15, 8};
  Tensor y = conv_transpose(arange({1, 1, 3, 3}), filled({1, 2, 3, 3}, 1));
  ASSERT_EQ(y.shape(), (Shape{1, 2, 5, 5}));
  int64_t i = 0;
  for (int repeat = 0; repeat < 2; ++repeat)
    for (double v : plane) EXPECT_EQ(y.at(i++), v);
  // 1-D: [0, 1, 2] spread over 3 positions each: [0, 0+1, 0+1+2, 1+2, 2].
  expect_values(conv_transpose(arange({1, 1, 3}), filled({1, 2, 3}, 1)), {1, 2, 5},
                {0, 1, 3, 3, 2, 0, 1, 3, 3, 2});
}

// Strides (3, 2) give a 9x7 full output: rows 3i..3i+2 hold row i of X spread over columns
// (2j..2j+2), e.g. row [0, 1, 2] -> [0, 0, 1, 1, 3, 2, 2].
TEST(ReferenceConvTranspose, OnnxDocPadsOutputPaddingAndOutputShape) {
  // pads [1, 2, 1, 2] crop one row and two columns from each side: rows 1..7, columns 2..4.
  Tensor y = conv_transpose(arange({1, 1, 3, 3}), filled({1, 1, 3, 3}, 1),
                            {{"strides", Shape{3, 2}}, {"pads", Shape{1, 2, 1, 2}}});
  expect_values(y, {1, 1, 7, 3},
                {1, 1, 3, 1, 1, 3, 7, 4, 9, 7, 4, 9, 7, 4, 9, 13, 7, 15, 13, 7, 15});
  // output_padding (1, 1) and output_shape (10, 8) both add one zero row and column at the end.
  const std::initializer_list<double> padded = {
      0, 0, 1, 1, 3,  2, 2,  0, 0, 0, 1, 1, 3,  2, 2,  0, 0, 0, 1, 1, 3, 2, 2, 0,  3, 3,  7,
      4, 9, 5, 5, 0,  3, 3,  7, 4, 9, 5, 5, 0,  3, 3,  7, 4, 9, 5, 5, 0, 6, 6, 13, 7, 15, 8,
      8, 0, 6, 6, 13, 7, 15, 8, 8, 0, 6, 6, 13, 7, 15, 8, 8, 0, 0, 0, 0, 0, 0, 0,  0, 0};
  expect_values(conv_transpose(arange({1, 1, 3, 3}), filled({1, 1, 3, 3}, 1),
                               {{"strides", Shape{3, 2}}, {"output_padding", Shape{1, 1}}}),
                {1, 1, 10, 8}, padded);
  expect_values(conv_transpose(arange({1, 1, 3, 3}), filled({1, 1, 3, 3}, 1),
                               {{"strides", Shape{3, 2}}, {"output_shape", Shape{10, 8}}}),
                {1, 1, 10, 8}, padded);
  // Written with N and C as some exporters do.
  expect_values(conv_transpose(arange({1, 1, 3, 3}), filled({1, 1, 3, 3}, 1),
                               {{"strides", Shape{3, 2}}, {"output_shape", Shape{1, 1, 10, 8}}}),
                {1, 1, 10, 8}, padded);
}

// SAME_UPPER with strides 2: output 3 * 2 = 6 of the full 7, the one cropped row and column at
// the end (ONNX test convtranspose_autopad_same); SAME_LOWER crops at the beginning.
TEST(ReferenceConvTranspose, AutoPadSame) {
  expect_values(conv_transpose(arange({1, 1, 3, 3}), filled({1, 1, 3, 3}, 1),
                               {{"auto_pad", std::string("SAME_UPPER")}, {"strides", Shape{2, 2}}}),
                {1, 1, 6, 6}, {0, 0, 1, 1, 3, 2, 0, 0, 1,  1,  3,  2,  3, 3, 8,  5, 12, 7,
                               3, 3, 7, 4, 9, 5, 9, 9, 20, 11, 24, 13, 6, 6, 13, 7, 15, 8});
  // 1-D [0, 1, 2], stride 2, kernel 3 of ones: full [0, 0, 1, 1, 3, 2, 2].
  expect_values(conv_transpose(arange({1, 1, 3}), filled({1, 1, 3}, 1),
                               {{"auto_pad", std::string("SAME_LOWER")}, {"strides", Shape{2}}}),
                {1, 1, 6}, {0, 1, 1, 3, 2, 2});
  expect_values(conv_transpose(arange({1, 1, 3}), filled({1, 1, 3}, 1),
                               {{"auto_pad", std::string("VALID")}, {"strides", Shape{2}}}),
                {1, 1, 7}, {0, 0, 1, 1, 3, 2, 2});
}

// Dilations 2 (ONNX doc): each x[i][j] * w[a][b] lands on (i + 2a, j + 2b); e.g. y[0][0] =
// 3*7 = 21, y[2][2] = x00 w11 + x02 w10 + x20 w01 + x22 w00 + ... = 27 + 1 + 6 + 42 = 76.
TEST(ReferenceConvTranspose, OnnxDocDilations) {
  expect_values(conv_transpose(make({1, 1, 3, 3}, {3, 8, 1, 9, 5, 7, 3, 2, 6}),
                               make({1, 1, 2, 2}, {7, 2, 1, 9}), {{"dilations", Shape{2, 2}}}),
                {1, 1, 5, 5}, {21, 56, 13, 16, 2,  63, 35, 67, 10, 14, 24, 22, 76,
                               76, 21, 9,  5,  88, 45, 63, 3,  2,  33, 18, 54});
}

// Two groups: channel 0 = [1, 2] spread by [1, 1] -> [1, 3, 2]; channel 1 = [3, 4] by
// [1, -1] -> [3, 4 - 3, -4]; bias [10, 20].
TEST(ReferenceConvTranspose, GroupsAndBias) {
  expect_values(conv_transpose(arange({1, 2, 2}, 1), make({2, 1, 2}, {1, 1, 1, -1}),
                               {{"group", kTwo}}, make({2}, {10, 20})),
                {1, 2, 3}, {11, 13, 12, 23, 21, 16});
  // Without groups both input channels feed both outputs: W [2, 2, 1] = [[1, 2], [3, 4]]:
  // y0 = 1 x0 + 3 x1, y1 = 2 x0 + 4 x1.
  expect_values(conv_transpose(arange({1, 2, 2}, 1), make({2, 2, 1}, {1, 2, 3, 4})), {1, 2, 2},
                {10, 14, 14, 20});
}

// 3-D: one element spread over a 2x2x2 kernel of ones with stride 2, no overlap.
TEST(ReferenceConvTranspose, ThreeDimensional) {
  Tensor y = conv_transpose(make({1, 1, 1, 1, 2}, {1, 2}), filled({1, 1, 2, 2, 2}, 1),
                            {{"strides", Shape{1, 1, 2}}});
  expect_values(y, {1, 1, 2, 2, 4}, {1, 1, 2, 2, 1, 1, 2, 2, 1, 1, 2, 2, 1, 1, 2, 2});
  (void)kOne;
}

}  // namespace
}  // namespace d500::test
