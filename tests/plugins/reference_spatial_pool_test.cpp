// Reference MaxPool, AveragePool, GlobalAveragePool and GlobalMaxPool against hand-computed
// values: the precomputed examples of the ONNX operator docs (X = 1..25 as 5x5, x[h][w] =
// 5h + w + 1) and small cases for each attribute.
#include <gtest/gtest.h>

#include "spatial_harness.h"

namespace d500::test {
namespace {

const int64_t kOne = 1;

std::vector<Tensor> pool(const std::string& op, Tensor x, std::vector<Attribute> attrs) {
  return forward_all(OpCase{op, inputs(std::move(x)), std::move(attrs)});
}

Tensor five_by_five() {
  return arange({1, 1, 5, 5}, 1);
}

// kernel 5x5, pads 2: window (i, j) covers rows i-2..i+2, columns j-2..j+2 clipped to X; its
// maximum is at the clipped bottom-right corner, e.g. (0, 0) -> x[2][2] = 13 at flat index 12.
TEST(ReferenceMaxPool, OnnxDocPrecomputedPadsWithIndices) {
  auto y =
      pool("MaxPool", five_by_five(), {{"kernel_shape", Shape{5, 5}}, {"pads", Shape{2, 2, 2, 2}}});
  ASSERT_EQ(y.size(), 2u);
  expect_values(y[0], {1, 1, 5, 5}, {13, 14, 15, 15, 15, 18, 19, 20, 20, 20, 23, 24, 25,
                                     25, 25, 23, 24, 25, 25, 25, 23, 24, 25, 25, 25});
  EXPECT_EQ(y[1].dtype(), DType::Int64);
  expect_values(y[1], {1, 1, 5, 5}, {12, 13, 14, 14, 14, 17, 18, 19, 19, 19, 22, 23, 24,
                                     24, 24, 22, 23, 24, 24, 24, 22, 23, 24, 24, 24});
}

// kernel 2x2, strides 2: windows at rows/columns 0 and 2; maxima x[1][1] = 7, x[1][3] = 9, ...
// storage_order 1 numbers the input column-major: (h, w) -> w * 5 + h, so 7 at (1, 1) is 6
// either way but 9 at (1, 3) is 16 (row-major 8).
TEST(ReferenceMaxPool, OnnxDocStridesAndStorageOrder) {
  auto y =
      pool("MaxPool", five_by_five(), {{"kernel_shape", Shape{2, 2}}, {"strides", Shape{2, 2}}});
  expect_values(y[0], {1, 1, 2, 2}, {7, 9, 17, 19});
  expect_values(y[1], {1, 1, 2, 2}, {6, 8, 16, 18});
  y = pool("MaxPool", five_by_five(),
           {{"kernel_shape", Shape{2, 2}}, {"strides", Shape{2, 2}}, {"storage_order", kOne}});
  expect_values(y[0], {1, 1, 2, 2}, {7, 9, 17, 19});
  expect_values(y[1], {1, 1, 2, 2}, {6, 16, 8, 18});
}

// Indices count the batch and channel planes before them: plane p adds p * 2 (its size here).
TEST(ReferenceMaxPool, IndicesAcrossBatchesAndChannels) {
  Tensor x = make({2, 2, 1, 2}, {1, 0, 0, 1, 5, 6, 8, 7});
  auto y = pool("MaxPool", std::move(x), {{"kernel_shape", Shape{1, 2}}});
  expect_values(y[0], {2, 2, 1, 1}, {1, 1, 6, 8});
  expect_values(y[1], {2, 2, 1, 1}, {0, 3, 5, 6});
}

// SAME_UPPER, kernel 3, strides 2 on 5x5: output 3, total padding 2*2 + 3 - 5 = 2 split one each
// side (ONNX doc maxpool_2d_precomputed_same_upper).
TEST(ReferenceMaxPool, OnnxDocSameUpper) {
  auto y = pool("MaxPool", five_by_five(),
                {{"kernel_shape", Shape{3, 3}},
                 {"strides", Shape{2, 2}},
                 {"auto_pad", std::string("SAME_UPPER")}});
  expect_values(y[0], {1, 1, 3, 3}, {7, 9, 10, 17, 19, 20, 22, 24, 25});
}

// 1-D x = [1, 5, 2, 4], kernel 2: SAME pads one element, at the end for SAME_UPPER (windows
// [1 5] [5 2] [2 4] [4]) and at the beginning for SAME_LOWER ([1] [1 5] [5 2] [2 4]).
TEST(ReferenceMaxPool, EveryAutoPadMode) {
  auto run = [](const std::string& mode) {
    return std::move(pool("MaxPool", make({1, 1, 4}, {1, 5, 2, 4}),
                          {{"kernel_shape", Shape{2}}, {"auto_pad", mode}})[0]);
  };
  expect_values(run("SAME_UPPER"), {1, 1, 4}, {5, 5, 4, 4});
  expect_values(run("SAME_LOWER"), {1, 1, 4}, {1, 5, 5, 4});
  expect_values(run("VALID"), {1, 1, 3}, {5, 5, 4});
  expect_values(run("NOTSET"), {1, 1, 3}, {5, 5, 4});
}

// Padding never wins a maximum, even over negative values: windows [pad -1] [-1 -2] [-2 -3]
// [-3 pad].
TEST(ReferenceMaxPool, PaddingIsNotZero) {
  auto y = pool("MaxPool", make({1, 1, 3}, {-1, -2, -3}),
                {{"kernel_shape", Shape{2}}, {"pads", Shape{1, 1}}});
  expect_values(y[0], {1, 1, 4}, {-1, -1, -2, -3});
  expect_values(y[1], {1, 1, 4}, {0, 0, 1, 2});
}

// X = 1..16 as 4x4, kernel 3, strides 2: floor gives one window, ceil_mode two per axis, the
// second clipped to rows/columns 2..3 (ONNX doc maxpool_2d_ceil: maxima 11, 12, 15, 16).
TEST(ReferenceMaxPool, OnnxDocCeilMode) {
  auto y = pool("MaxPool", arange({1, 1, 4, 4}, 1),
                {{"kernel_shape", Shape{3, 3}}, {"strides", Shape{2, 2}}, {"ceil_mode", kOne}});
  expect_values(y[0], {1, 1, 2, 2}, {11, 12, 15, 16});
  y = pool("MaxPool", arange({1, 1, 4, 4}, 1),
           {{"kernel_shape", Shape{3, 3}}, {"strides", Shape{2, 2}}});
  expect_values(y[0], {1, 1, 1, 1}, {11});
}

// x = [1, 2, 3, 4], kernel 2, strides 3, pads 1 each side: ceil((4 + 2 - 2) / 3) + 1 = 3 windows
// by the formula, but the third would start at 5, inside the end padding, and is dropped: the
// windows are [pad 1] and [3 4].
TEST(ReferenceMaxPool, CeilModeDropsAWindowStartingInThePadding) {
  auto y = pool("MaxPool", arange({1, 1, 4}, 1),
                {{"kernel_shape", Shape{2}},
                 {"strides", Shape{3}},
                 {"pads", Shape{1, 1}},
                 {"ceil_mode", kOne}});
  expect_values(y[0], {1, 1, 2}, {1, 4});
  expect_values(y[1], {1, 1, 2}, {0, 3});
}

// Dilations 2 on X = 1..16 (4x4), kernel 2: window (0, 0) reads x[0][0], x[0][2], x[2][0],
// x[2][2] = 1, 3, 9, 11 (ONNX doc maxpool_2d_dilations).
TEST(ReferenceMaxPool, OnnxDocDilations) {
  auto y = pool("MaxPool", arange({1, 1, 4, 4}, 1),
                {{"kernel_shape", Shape{2, 2}}, {"dilations", Shape{2, 2}}});
  expect_values(y[0], {1, 1, 2, 2}, {11, 12, 15, 16});
  expect_values(y[1], {1, 1, 2, 2}, {10, 11, 14, 15});
}

// 1-D and 3-D: a 2x2x2 kernel over 1..27 (3x3x3) has its maximum at the far corner.
TEST(ReferenceMaxPool, OneAndThreeDimensional) {
  expect_values(pool("MaxPool", make({1, 1, 5}, {3, 1, 4, 1, 5}), {{"kernel_shape", Shape{2}}})[0],
                {1, 1, 4}, {3, 4, 4, 5});
  auto y = pool("MaxPool", arange({1, 1, 3, 3, 3}, 1), {{"kernel_shape", Shape{2, 2, 2}}});
  // Window (d, h, w) ends at (d+1, h+1, w+1): 9(d+1) + 3(h+1) + (w+1) + 1.
  expect_values(y[0], {1, 1, 2, 2, 2}, {14, 15, 17, 18, 23, 24, 26, 27});
}

// Ties go to the first maximum in window order; integer dtypes work forward.
TEST(ReferenceMaxPool, TiesAndIntegerDtypes) {
  auto y = pool("MaxPool", make({1, 1, 4}, {2, 2, 1, 2}), {{"kernel_shape", Shape{2}}});
  expect_values(y[1], {1, 1, 3}, {0, 1, 3});
  y = pool("MaxPool", make(DType::UInt8, {1, 1, 4}, {200, 7, 255, 0}),
           {{"kernel_shape", Shape{2}}});
  EXPECT_EQ(y[0].dtype(), DType::UInt8);
  expect_values(y[0], {1, 1, 3}, {200, 255, 255});
}

// kernel 5x5, pads 2 on 5x5: the mean of the clipped window, e.g. (0, 0) averages rows and
// columns 0..2: (1+2+3 + 6+7+8 + 11+12+13) / 9 = 7. With count_include_pad the divisor is 25:
// 63 / 25 = 2.52 (ONNX doc averagepool_2d_precomputed_pads[_count_include_pad]).
TEST(ReferenceAveragePool, OnnxDocPadsAndCountIncludePad) {
  const std::vector<Attribute> attrs = {{"kernel_shape", Shape{5, 5}}, {"pads", Shape{2, 2, 2, 2}}};
  expect_values(pool("AveragePool", five_by_five(), attrs)[0], {1, 1, 5, 5},
                {7,    7.5, 8,    8.5, 9,    9.5, 10,   10.5, 11,   11.5, 12,   12.5, 13,
                 13.5, 14,  14.5, 15,  15.5, 16,  16.5, 17,   17.5, 18,   18.5, 19});
  std::vector<Attribute> include = attrs;
  include.push_back({"count_include_pad", kOne});
  expect_values(pool("AveragePool", five_by_five(), include)[0], {1, 1, 5, 5},
                {2.52, 3.6, 4.8,  4.08, 3.24, 4.56,  6.4,  8.4,  7.04, 5.52, 7.2,  10.0, 13.0,
                 10.8, 8.4, 6.96, 9.6,  12.4, 10.24, 7.92, 6.12, 8.4,  10.8, 8.88, 6.84},
                1e-12);
}

// Strides 2 with kernel 2: (1+2+6+7)/4 = 4, ...; SAME_UPPER kernel 3 strides 2: the corner
// window (1+2+6+7)/4 = 4, the next (2+3+4+7+8+9)/6 = 5.5 (ONNX doc precomputed examples).
TEST(ReferenceAveragePool, OnnxDocStridesAndSameUpper) {
  expect_values(pool("AveragePool", five_by_five(),
                     {{"kernel_shape", Shape{2, 2}}, {"strides", Shape{2, 2}}})[0],
                {1, 1, 2, 2}, {4, 6, 14, 16});
  expect_values(pool("AveragePool", five_by_five(),
                     {{"kernel_shape", Shape{3, 3}},
                      {"strides", Shape{2, 2}},
                      {"auto_pad", std::string("SAME_UPPER")}})[0],
                {1, 1, 3, 3}, {4, 5.5, 7, 11.5, 13, 14.5, 19, 20.5, 22});
  // SAME_LOWER on 1-D [1, 2, 3, 4], kernel 2: windows [1] [1 2] [2 3] [3 4].
  expect_values(pool("AveragePool", arange({1, 1, 4}, 1),
                     {{"kernel_shape", Shape{2}}, {"auto_pad", std::string("SAME_LOWER")}})[0],
                {1, 1, 4}, {1, 1.5, 2.5, 3.5});
  expect_values(pool("AveragePool", arange({1, 1, 4}, 1),
                     {{"kernel_shape", Shape{2}}, {"auto_pad", std::string("VALID")}})[0],
                {1, 1, 3}, {1.5, 2.5, 3.5});
}

// ceil_mode on 1..16 (4x4), kernel 3, strides 2: the clipped windows average only what is in X,
// e.g. (0, 1): (3+4+7+8+11+12)/6 = 7.5 (ONNX doc averagepool_2d_ceil).
TEST(ReferenceAveragePool, OnnxDocCeilMode) {
  expect_values(
      pool("AveragePool", arange({1, 1, 4, 4}, 1),
           {{"kernel_shape", Shape{3, 3}}, {"strides", Shape{2, 2}}, {"ceil_mode", kOne}})[0],
      {1, 1, 2, 2}, {6, 7.5, 12, 13.5});
}

// [1, 2, 3, 4], kernel 3, strides 2, pads 1 each side, ceil_mode: windows start at -1, 1, 3.
// count_include_pad counts positions inside [-1, 5): 3, 3 and 2 (position 5 lies past the end
// pad): (0+1+2)/3, (2+3+4)/3, (4+0)/2. Without it: (1+2)/2, 9/3, 4/1.
TEST(ReferenceAveragePool, CountIncludePadWithCeilOverhang) {
  std::vector<Attribute> attrs = {{"kernel_shape", Shape{3}},
                                  {"strides", Shape{2}},
                                  {"pads", Shape{1, 1}},
                                  {"ceil_mode", kOne}};
  expect_values(pool("AveragePool", arange({1, 1, 4}, 1), attrs)[0], {1, 1, 3}, {1.5, 3, 4});
  attrs.push_back({"count_include_pad", kOne});
  expect_values(pool("AveragePool", arange({1, 1, 4}, 1), attrs)[0], {1, 1, 3}, {1, 3, 2});
}

// Dilations 2, kernel 2 on 1..16 (4x4): (1+3+9+11)/4 = 6, ...
TEST(ReferenceAveragePool, Dilations) {
  expect_values(pool("AveragePool", arange({1, 1, 4, 4}, 1),
                     {{"kernel_shape", Shape{2, 2}}, {"dilations", Shape{2, 2}}})[0],
                {1, 1, 2, 2}, {6, 7, 10, 11});
}

// 3-D: a 2x2x2 window over 1..8 averages to 4.5; one output per plane over N x C = 2 planes.
TEST(ReferenceAveragePool, ThreeDimensionalAndPlanes) {
  expect_values(
      pool("AveragePool", arange({2, 1, 2, 2, 2}, 1), {{"kernel_shape", Shape{2, 2, 2}}})[0],
      {2, 1, 1, 1, 1}, {4.5, 12.5});
}

// ONNX doc globalaveragepool_precomputed: 1..9 as 3x3 -> 5; GlobalMaxPool -> 9. Every batch and
// channel plane separately.
TEST(ReferenceGlobalPool, AverageAndMax) {
  expect_values(pool("GlobalAveragePool", arange({1, 1, 3, 3}, 1), {})[0], {1, 1, 1, 1}, {5});
  expect_values(pool("GlobalMaxPool", arange({1, 1, 3, 3}, 1), {})[0], {1, 1, 1, 1}, {9});
  // Planes of 4 elements: 1..4, 5..8, 9..12 -> means 2.5, 6.5, 10.5.
  expect_values(pool("GlobalAveragePool", arange({1, 3, 2, 2}, 1), {})[0], {1, 3, 1, 1},
                {2.5, 6.5, 10.5});
  expect_values(pool("GlobalMaxPool", make({3, 1, 2}, {1, 0, -1, -2, 7, 7}), {})[0], {3, 1, 1},
                {1, -1, 7});
  expect_values(pool("GlobalAveragePool", arange({1, 2, 2, 1, 2}), {})[0], {1, 2, 1, 1, 1},
                {1.5, 5.5});
}

TEST(ReferencePoolCost, FlopsAndBytes) {
  // MaxPool 5x5 -> 2x2 with a 2x2 kernel: 4 outputs * 4 comparisons; float64 X and Y plus
  // int64 Indices: (25 + 4) * 8 + 4 * 8 bytes.
  auto max = create(OpCase{"MaxPool",
                           inputs(five_by_five()),
                           {{"kernel_shape", Shape{2, 2}}, {"strides", Shape{2, 2}}}});
  EXPECT_EQ(max->cost(), std::make_pair(16.0, 264.0));
  auto avg = create(OpCase{"AveragePool",
                           inputs(five_by_five()),
                           {{"kernel_shape", Shape{2, 2}}, {"strides", Shape{2, 2}}}});
  EXPECT_EQ(avg->cost(), std::make_pair(20.0, 232.0));
  auto global = create(OpCase{"GlobalAveragePool", inputs(five_by_five())});
  EXPECT_EQ(global->cost(), std::make_pair(25.0, 208.0));
}

}  // namespace
}  // namespace d500::test
