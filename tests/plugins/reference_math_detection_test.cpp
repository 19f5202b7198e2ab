// The reference's NonMaxSuppression, RoiAlign and GridSample on cases whose values follow by hand.
#include <gtest/gtest.h>

#include "reference_math_harness.h"

namespace d500::test {
namespace {

std::vector<Tensor> run(const Call& c) {
  return create(c)->run(input_views(c));
}

TEST(ReferenceDetection, NonMaxSuppressionKeepsTheBestOfOverlappingBoxes) {
  // Box 1 (score 0.95) overlaps box 0 with IoU 1 / 1.2; box 2 lies apart.
  Tensor boxes = make(DType::Float32, {1, 3, 4}, {0, 0, 1, 1, 0, 0, 1, 1.2, 2, 2, 3, 3});
  Tensor scores = make(DType::Float32, {1, 1, 3}, {0.9, 0.95, 0.8});
  Tensor max_out = make(DType::Int64, {1}, {10}), iou = make(DType::Float32, {1}, {0.5});
  Tensor floor = make(DType::Float32, {1}, {0.85});
  auto all = run({"NonMaxSuppression", {&boxes, &scores, &max_out, &iou}});
  expect_values(all[0], {2, 3}, {0, 0, 1, 0, 0, 2});
  auto high = run({"NonMaxSuppression", {&boxes, &scores, &max_out, &iou, &floor}});
  expect_values(high[0], {1, 3}, {0, 0, 1});        // box 2 is below the score threshold
  Tensor loose = make(DType::Float32, {1}, {0.9});  // IoU 0.83 is not above 0.9: all three
  expect_values(run({"NonMaxSuppression", {&boxes, &scores, &max_out, &loose}})[0], {3, 3},
                {0, 0, 1, 0, 0, 0, 0, 0, 2});
  // Without max_output_boxes_per_class nothing is selected (ONNX's default 0).
  expect_values(run({"NonMaxSuppression", {&boxes, &scores}})[0], {0, 3}, {});
}

TEST(ReferenceDetection, RoiAlignAndGridSampleInterpolateBilinearly) {
  Tensor x = make({1, 1, 2, 2}, {1, 2, 3, 4});
  Tensor roi = make({1, 4}, {0, 0, 2, 2}), batch = make(DType::Int64, {1}, {0});
  // half_pixel: one sample at (0.5, 0.5), the mean of the four pixels.
  std::vector<Attribute> one = {{"sampling_ratio", int64_t{1}}};
  expect_values(run({"RoiAlign", {&x, &roi, &batch}, one})[0], {1, 1, 1, 1}, {2.5}, 1e-12);
  // output_half_pixel: the sample at (1, 1), pixel 4.
  one.push_back({"coordinate_transformation_mode", std::string("output_half_pixel")});
  expect_values(run({"RoiAlign", {&x, &roi, &batch}, one})[0], {1, 1, 1, 1}, {4}, 1e-12);
  // GridSample at the centre (0, 0) and the corner (-1, -1) of a 2x2 image.
  Tensor grid = make({1, 1, 2, 2}, {0, 0, -1, -1});
  expect_values(run({"GridSample", {&x, &grid}})[0], {1, 1, 1, 2}, {2.5, 0.25}, 1e-12);
  expect_values(run({"GridSample", {&x, &grid}, {{"padding_mode", std::string("border")}}})[0],
                {1, 1, 1, 2}, {2.5, 1}, 1e-12);
  expect_values(run({"GridSample", {&x, &grid}, {{"align_corners", int64_t{1}}}})[0], {1, 1, 1, 2},
                {2.5, 1}, 1e-12);
  Tensor near = make({1, 1, 1, 2}, {0.4, 0.4});  // align_corners 1: (0.7, 0.7) rounds to (1, 1)
  expect_values(run({"GridSample",
                     {&x, &near},
                     {{"mode", std::string("nearest")}, {"align_corners", int64_t{1}}}})[0],
                {1, 1, 1, 1}, {4});
}

}  // namespace
}  // namespace d500::test
