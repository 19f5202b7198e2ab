// Every spatial reference backward against central differences in float64 (relative error
// below 1e-6, every differentiable input), and float32 against float64, forward and backward.
// The loss is L = sum_k sum(Y_k * W_k) over the differentiable outputs, W_k fixed and random.
#include <gtest/gtest.h>

#include "spatial_harness.h"

namespace d500::test {
namespace {

const int64_t kOne = 1, kTwo = 2;

Tensor rnd(Shape shape, uint64_t seed) {
  return random(DType::Float64, std::move(shape), seed);
}

// Positive variances, away from the -epsilon pole.
Tensor variances(Shape shape, uint64_t seed) {
  Tensor t = random(DType::Float64, std::move(shape), seed);
  for (int64_t i = 0; i < t.numel(); ++i) t.set(i, 1.0 + 0.5 * t.at(i));
  return t;
}

struct ConvCase {
  std::string name;
  Shape x, w, b;  // b empty: no bias
  std::vector<Attribute> attrs;
};

OpCase conv_case(const std::string& op, const ConvCase& k) {
  OpCase c{op, inputs(rnd(k.x, 1), rnd(k.w, 2)), k.attrs};
  if (!k.b.empty()) c.inputs.push_back(rnd(k.b, 3));
  return c;
}

std::vector<size_t> conv_inputs(const ConvCase& k) {
  return k.b.empty() ? std::vector<size_t>{0, 1} : std::vector<size_t>{0, 1, 2};
}

std::vector<ConvCase> conv_cases() {
  return {
      {"2-D groups strides pads dilations",
       {2, 4, 5, 6},
       {6, 2, 3, 2},
       {6},
       {{"group", kTwo},
        {"strides", Shape{2, 1}},
        {"pads", Shape{1, 0, 0, 1}},
        {"dilations", Shape{1, 2}}}},
      {"1-D SAME_UPPER stride 2",
       {1, 3, 7},
       {2, 3, 2},
       {},
       {{"auto_pad", std::string("SAME_UPPER")}, {"strides", Shape{2}}}},
      {"1-D SAME_LOWER dilated",
       {2, 2, 6},
       {3, 2, 2},
       {3},
       {{"auto_pad", std::string("SAME_LOWER")}, {"dilations", Shape{3}}}},
      {"2-D VALID depthwise",
       {1, 2, 4, 4},
       {4, 1, 2, 3},
       {4},
       {{"auto_pad", std::string("VALID")}, {"group", kTwo}}},
      {"3-D pads strides",
       {1, 2, 3, 4, 3},
       {2, 2, 2, 2, 2},
       {2},
       {{"pads", Shape{1, 0, 1, 0, 1, 1}}, {"strides", Shape{1, 2, 2}}}},
  };
}

TEST(ReferenceSpatialGradient, Conv) {
  for (const ConvCase& k : conv_cases()) {
    SCOPED_TRACE(k.name);
    check_gradients(conv_case("Conv", k), conv_inputs(k));
  }
}

std::vector<ConvCase> conv_transpose_cases() {
  return {
      {"2-D groups strides pads dilations output_padding",
       {2, 4, 3, 2},
       {4, 3, 2, 3},
       {6},
       {{"group", kTwo},
        {"strides", Shape{2, 3}},
        {"pads", Shape{1, 0, 0, 2}},
        {"dilations", Shape{1, 2}},
        {"output_padding", Shape{1, 1}}}},
      {"1-D output_shape",
       {1, 2, 4},
       {2, 3, 3},
       {},
       {{"strides", Shape{2}}, {"output_shape", Shape{10}}}},
      {"2-D SAME_UPPER",
       {1, 1, 3, 3},
       {1, 2, 3, 3},
       {2},
       {{"auto_pad", std::string("SAME_UPPER")}, {"strides", Shape{2, 2}}}},
      {"3-D SAME_LOWER",
       {1, 2, 2, 2, 3},
       {2, 1, 2, 2, 2},
       {1},
       {{"auto_pad", std::string("SAME_LOWER")}, {"strides", Shape{1, 2, 1}}}},
  };
}

TEST(ReferenceSpatialGradient, ConvTranspose) {
  for (const ConvCase& k : conv_transpose_cases()) {
    SCOPED_TRACE(k.name);
    check_gradients(conv_case("ConvTranspose", k), conv_inputs(k));
  }
}

struct PoolCase {
  std::string name;
  Shape x;
  std::vector<Attribute> attrs;
};

std::vector<PoolCase> pool_cases() {
  return {
      {"2-D strides pads",
       {2, 2, 5, 5},
       {{"kernel_shape", Shape{3, 3}}, {"strides", Shape{2, 2}}, {"pads", Shape{1, 1, 1, 1}}}},
      {"2-D ceil dilations",
       {1, 2, 6, 5},
       {{"kernel_shape", Shape{2, 2}},
        {"strides", Shape{2, 2}},
        {"dilations", Shape{1, 2}},
        {"ceil_mode", kOne}}},
      {"1-D SAME_LOWER overlapping",
       {2, 1, 7},
       {{"kernel_shape", Shape{3}}, {"auto_pad", std::string("SAME_LOWER")}}},
      {"3-D SAME_UPPER",
       {1, 1, 3, 4, 3},
       {{"kernel_shape", Shape{2, 2, 2}},
        {"strides", Shape{2, 1, 2}},
        {"auto_pad", std::string("SAME_UPPER")}}},
  };
}

TEST(ReferenceSpatialGradient, MaxPool) {
  for (const PoolCase& k : pool_cases()) {
    SCOPED_TRACE(k.name);
    check_gradients(OpCase{"MaxPool", inputs(distinct_random(k.x, 7)), k.attrs}, {0});
  }
}

TEST(ReferenceSpatialGradient, AveragePool) {
  for (const PoolCase& k : pool_cases())
    for (int64_t include : {0, 1}) {
      SCOPED_TRACE(k.name + " count_include_pad " + std::to_string(include));
      std::vector<Attribute> attrs = k.attrs;
      attrs.push_back({"count_include_pad", include});
      check_gradients(OpCase{"AveragePool", inputs(rnd(k.x, 8)), attrs}, {0});
    }
}

TEST(ReferenceSpatialGradient, GlobalPools) {
  check_gradients(OpCase{"GlobalAveragePool", inputs(rnd({2, 3, 4, 5}, 9))}, {0});
  check_gradients(OpCase{"GlobalAveragePool", inputs(rnd({2, 2, 3}, 9))}, {0});
  check_gradients(OpCase{"GlobalMaxPool", inputs(distinct_random({2, 3, 2, 3, 2}, 10))}, {0});
}

OpCase batchnorm(Shape x, std::vector<Attribute> attrs) {
  const Shape c{x.at(1)};
  return OpCase{"BatchNormalization",
                inputs(rnd(x, 11), rnd(c, 12), rnd(c, 13), rnd(c, 14), variances(c, 15)),
                std::move(attrs)};
}

TEST(ReferenceSpatialGradient, BatchNormalizationInference) {
  check_gradients(batchnorm({2, 3, 4, 2}, {{"epsilon", 1e-3}}), {0, 1, 2, 3, 4});
  check_gradients(batchnorm({3, 2}, {}), {0, 1, 2, 3, 4});
}

TEST(ReferenceSpatialGradient, BatchNormalizationTraining) {
  const std::vector<Attribute> attrs = {{"training_mode", kOne}, {"momentum", 0.7}};
  // Through Y alone, input_mean and input_var have no influence: their gradients are zero.
  check_gradients(batchnorm({2, 3, 4, 2}, attrs), {0, 1, 2});
  check_gradients(batchnorm({4, 2}, attrs), {0, 1, 2});
  // Through the running statistics too, every input matters.
  check_gradients(batchnorm({2, 3, 5}, attrs), {0, 1, 2, 3, 4}, {0, 1, 2});
  check_gradients(batchnorm({3, 2, 2, 1, 2}, attrs), {0, 3, 4}, {1, 2});
}

TEST(ReferenceSpatialGradient, Dropout) {
  for (bool training : {false, true}) {
    OpCase c{
        "Dropout",
        inputs(rnd({4, 5}, 16), scalar(DType::Float64, 0.4), scalar(DType::Bool, training ? 1 : 0)),
        {{"seed", int64_t{5}}},
        {1, 2}};
    check_gradients(std::move(c), {0});
  }
}

TEST(ReferenceSpatialFloat32, CloseToFloat64) {
  for (const ConvCase& k : conv_cases()) {
    SCOPED_TRACE("Conv " + k.name);
    check_float32(conv_case("Conv", k));
  }
  for (const ConvCase& k : conv_transpose_cases()) {
    SCOPED_TRACE("ConvTranspose " + k.name);
    check_float32(conv_case("ConvTranspose", k));
  }
  for (const PoolCase& k : pool_cases()) {
    SCOPED_TRACE("pools " + k.name);
    check_float32(OpCase{"MaxPool", inputs(distinct_random(k.x, 7)), k.attrs});
    check_float32(OpCase{"AveragePool", inputs(rnd(k.x, 8)), k.attrs});
  }
  check_float32(OpCase{"GlobalAveragePool", inputs(rnd({2, 3, 4, 5}, 9))});
  check_float32(OpCase{"GlobalMaxPool", inputs(rnd({2, 3, 4, 5}, 9))});
  check_float32(batchnorm({2, 3, 4, 2}, {}));
  check_float32(batchnorm({2, 3, 4, 2}, {{"training_mode", kOne}}), {0, 1, 2});
  check_float32(OpCase{"Dropout",
                       inputs(rnd({4, 5}, 16), scalar(DType::Float32, 0.4), scalar(DType::Bool, 1)),
                       {},
                       {1, 2}});
}

// A gradient passed with data NULL is not wanted: the rest are still computed, and equal.
TEST(ReferenceSpatialGradient, UnwantedGradientsAreSkipped) {
  OpCase c{"Conv", inputs(rnd({1, 2, 4, 4}, 1), rnd({3, 2, 2, 2}, 2), rnd({3}, 3))};
  Tensor dy = rnd({1, 3, 3, 3}, 4);
  std::vector<Tensor> all = backward_all(c, {&dy});
  auto op = create(c);
  std::vector<Tensor> outs = allocate_outputs(*op);
  std::vector<DLTensor> out_views = views(outs);
  op->forward(case_views(c.inputs), out_views);
  Tensor dw(DType::Float64, {3, 2, 2, 2});
  DLTensor none = c.inputs[0].dl();
  none.data = nullptr;
  DLTensor none_b = c.inputs[2].dl();
  none_b.data = nullptr;
  std::vector<DLTensor> grads{none, dw.dl(), none_b};
  op->backward({dy.dl()}, case_views(c.inputs), out_views, grads);
  for (int64_t i = 0; i < dw.numel(); ++i) EXPECT_DOUBLE_EQ(dw.at(i), all[1].at(i));
}

}  // namespace
}  // namespace d500::test
