// Reference BatchNormalization (inference and training mode) against values from its formula,
// and Dropout: identity at inference, a seeded deterministic mask in training, its statistics,
// and its backward.
#include <gtest/gtest.h>

#include <cmath>

#include "spatial_harness.h"

namespace d500::test {
namespace {

const int64_t kOne = 1;

// The ONNX doc example: x = [[-1, 0, 1]] in channel 0 and [[2, 3, 4]] in channel 1.
OpCase batchnorm_example(std::vector<Attribute> attrs = {}) {
  return OpCase{"BatchNormalization",
                inputs(make({1, 2, 1, 3}, {-1, 0, 1, 2, 3, 4}), make({2}, {1, 1.5}),
                       make({2}, {0, 1}), make({2}, {1, 3}), make({2}, {1, 1.5})),
                std::move(attrs)};
}

// Inference: y = scale (x - mean) / sqrt(var + epsilon) + B with the given statistics; channel
// 0 has mean 1, var 1; channel 1 mean 3, var 1.5, scale 1.5, bias 1.
TEST(ReferenceBatchNormalization, InferenceAndEpsilon) {
  for (double eps : {1e-5, 1e-2}) {
    SCOPED_TRACE("epsilon " + std::to_string(eps));
    auto y = forward_all(batchnorm_example(eps == 1e-5 ? std::vector<Attribute>{}
                                                       : std::vector<Attribute>{{"epsilon", eps}}));
    ASSERT_EQ(y.size(), 1u);
    const double a = 1 / std::sqrt(1 + eps), b = 1.5 / std::sqrt(1.5 + eps);
    expect_values(y[0], {1, 2, 1, 3}, {-2 * a, -a, 0, 1 - b, 1, 1 + b}, 1e-15);
  }
}

// Training: batch mean 0 and 3, population variance (1 + 0 + 1) / 3 = 2/3 in both channels;
// running stats = input * momentum + batch * (1 - momentum) with momentum 0.8.
TEST(ReferenceBatchNormalization, TrainingMode) {
  auto y = forward_all(batchnorm_example({{"training_mode", kOne}, {"momentum", 0.8}}));
  ASSERT_EQ(y.size(), 3u);
  const double eps = 1e-5, a = 1 / std::sqrt(2.0 / 3 + eps), b = 1.5 * a;
  expect_values(y[0], {1, 2, 1, 3}, {-a, 0, a, 1 - b, 1, 1 + b}, 1e-15);
  expect_values(y[1], {2}, {0.8 * 1 + 0.2 * 0, 0.8 * 3 + 0.2 * 3}, 1e-15);
  expect_values(y[2], {2}, {0.8 * 1 + 0.2 * 2 / 3, 0.8 * 1.5 + 0.2 * 2 / 3}, 1e-15);
  // Default momentum 0.9.
  y = forward_all(batchnorm_example({{"training_mode", kOne}}));
  expect_values(y[1], {2}, {0.9, 3}, 1e-15);
}

// Statistics run over the batch and every spatial position: x = [1, 2] and [3, 6] in two batch
// entries give mean 3 and variance (4 + 1 + 0 + 9) / 4 = 3.5. A rank-2 [N, C] input works too.
TEST(ReferenceBatchNormalization, StatisticsOverBatchAndSpace) {
  OpCase c{"BatchNormalization",
           inputs(make({2, 1, 2}, {1, 2, 3, 6}), make({1}, {1}), make({1}, {0}), make({1}, {0}),
                  make({1}, {1})),
           {{"training_mode", kOne}, {"epsilon", 0.0}}};
  const double s = 1 / std::sqrt(3.5);
  expect_values(forward_all(c)[0], {2, 1, 2}, {-2 * s, -s, 0, 3 * s}, 1e-15);
  OpCase flat{"BatchNormalization",
              inputs(make({2, 2}, {1, 2, 3, 6}), make({2}, {1, 1}), make({2}, {0, 0}),
                     make({2}, {0, 0}), make({2}, {1, 1})),
              {{"training_mode", kOne}, {"epsilon", 0.0}}};
  // Channel 0: [1, 3], mean 2, var 1; channel 1: [2, 6], mean 4, var 4.
  expect_values(forward_all(flat)[0], {2, 2}, {-1, -1, 1, 1}, 1e-15);
}

TEST(ReferenceBatchNormalization, Float32) {
  OpCase c = batchnorm_example();
  for (auto& t : c.inputs) t = convert(t, DType::Float32);
  auto y = forward_all(c);
  EXPECT_EQ(y[0].dtype(), DType::Float32);
  const double b = 1.5 / std::sqrt(1.5 + 1e-5);
  EXPECT_FLOAT_EQ(static_cast<float>(y[0].at(3)), static_cast<float>(1 - b));
}

OpCase dropout(Tensor x, double ratio, bool training, int64_t seed = 3,
               DType ratio_type = DType::Float32) {
  return OpCase{
      "Dropout",
      inputs(std::move(x), scalar(ratio_type, ratio), scalar(DType::Bool, training ? 1 : 0)),
      {{"seed", seed}},
      {1, 2}};
}

// Inference (no training_mode, or false, or ratio 0 in training): the input unchanged and a
// mask of all true.
TEST(ReferenceDropout, IdentityOutsideTraining) {
  Tensor x = random(DType::Float64, {3, 4}, 1);
  std::vector<OpCase> cases;
  cases.push_back(OpCase{"Dropout", inputs(x.clone())});
  cases.push_back(OpCase{"Dropout", inputs(x.clone(), scalar(DType::Float32, 0.7)), {}, {1}});
  cases.push_back(dropout(x.clone(), 0.7, false));
  cases.push_back(dropout(x.clone(), 0.0, true));
  for (const OpCase& c : cases) {
    auto y = forward_all(c);
    ASSERT_EQ(y.size(), 2u);
    EXPECT_EQ(y[1].dtype(), DType::Bool);
    for (int64_t i = 0; i < x.numel(); ++i) {
      EXPECT_EQ(y[0].at(i), x.at(i));
      EXPECT_EQ(y[1].at(i), 1.0);
    }
  }
}

// Training: each element is either dropped (0, mask false) or kept and scaled by 1 / (1 - r).
TEST(ReferenceDropout, TrainingKeepsAndScales) {
  Tensor x = arange({4, 25}, 1);
  auto y = forward_all(dropout(x.clone(), 0.75, true));
  int64_t kept = 0;
  for (int64_t i = 0; i < x.numel(); ++i) {
    const bool keep = y[1].at(i) != 0;
    kept += keep;
    EXPECT_EQ(y[0].at(i), keep ? x.at(i) * 4 : 0.0) << i;
  }
  EXPECT_GT(kept, 0);
  EXPECT_LT(kept, 100);
}

// The same seed gives the same mask: on every call of one instance, in a new instance, in
// float32 and with ratio as float64; another seed gives another mask.
TEST(ReferenceDropout, SameSeedSameMask) {
  Tensor x = random(DType::Float64, {1000}, 2);
  auto first = forward_all(dropout(x.clone(), 0.5, true, 42));
  auto op = create(dropout(x.clone(), 0.5, true, 42));
  for (int call = 0; call < 2; ++call) {
    std::vector<Tensor> outs = allocate_outputs(*op);
    std::vector<DLTensor> out_views = views(outs);
    std::vector<Tensor> in = inputs(x.clone(), scalar(DType::Float32, 0.5), scalar(DType::Bool, 1));
    op->forward(case_views(in), out_views);
    for (int64_t i = 0; i < x.numel(); ++i) ASSERT_EQ(outs[1].at(i), first[1].at(i)) << i;
  }
  auto f32 = forward_all(dropout(convert(x, DType::Float32), 0.5, true, 42, DType::Float64));
  for (int64_t i = 0; i < x.numel(); ++i) ASSERT_EQ(f32[1].at(i), first[1].at(i)) << i;
  auto other = forward_all(dropout(x.clone(), 0.5, true, 43));
  int64_t differ = 0;
  for (int64_t i = 0; i < x.numel(); ++i) differ += other[1].at(i) != first[1].at(i);
  EXPECT_GT(differ, 400);  // independent masks differ in about half the places
}

// The draws are NumPy's legacy generator, as in the ONNX reference: np.random.seed(0);
// np.random.uniform(0, 1, 12) = 0.5488, 0.7152, 0.6028, 0.5449, 0.4237, 0.6459, 0.4376, 0.8918,
// 0.9637, 0.3834, 0.7917, 0.5289. An element is kept when its draw is >= ratio: the masks of the
// ONNX tests training_dropout_default_mask (ratio 0.5) and training_dropout_mask (0.75).
TEST(ReferenceDropout, ReproducesNumpysLegacyGenerator) {
  auto half = forward_all(dropout(filled({12}, 1), 0.5, true, 0));
  expect_values(half[1], {12}, {1, 1, 1, 1, 0, 1, 0, 1, 1, 0, 1, 1});
  expect_values(half[0], {12}, {2, 2, 2, 2, 0, 2, 0, 2, 2, 0, 2, 2});
  auto most = forward_all(dropout(filled({3, 4}, 1), 0.75, true, 0));
  expect_values(most[1], {3, 4}, {0, 0, 0, 0, 0, 0, 0, 1, 1, 0, 1, 0});
  // No seed attribute: seed 0 as well.
  auto unseeded = forward_all(
      OpCase{"Dropout",
             inputs(filled({12}, 1), scalar(DType::Float32, 0.5), scalar(DType::Bool, 1)),
             {},
             {1, 2}});
  for (int64_t i = 0; i < 12; ++i) EXPECT_EQ(unseeded[1].at(i), half[1].at(i));
}

// Over 200000 elements the dropped fraction is ratio to within 6 standard deviations
// (sqrt(r (1 - r) / n) <= 0.0012), neighbours are dropped together with probability r^2, and the
// scaled output keeps the mean of an all-ones input at 1.
TEST(ReferenceDropout, MaskStatistics) {
  const int64_t n = 200000;
  for (double r : {0.1, 0.5, 0.8}) {
    SCOPED_TRACE("ratio " + std::to_string(r));
    auto y = forward_all(dropout(filled({n}, 1), r, true, 7));
    double dropped = 0, both = 0, sum = 0;
    for (int64_t i = 0; i < n; ++i) {
      dropped += y[1].at(i) == 0;
      if (i + 1 < n) both += y[1].at(i) == 0 && y[1].at(i + 1) == 0;
      sum += y[0].at(i);
    }
    EXPECT_NEAR(dropped / n, r, 6 * std::sqrt(r * (1 - r) / n));
    EXPECT_NEAR(both / (n - 1), r * r, 0.01);
    EXPECT_NEAR(sum / n, 1.0, 6 * std::sqrt(r / (1 - r) / n));
  }
}

// ratio and training_mode known only at forward (not constants) behave as constants do.
TEST(ReferenceDropout, RatioAndTrainingModeReadAtForward) {
  Tensor x = random(DType::Float64, {50}, 4);
  OpCase constant = dropout(x.clone(), 0.3, true);
  OpCase runtime = dropout(x.clone(), 0.3, true);
  runtime.constants.clear();
  auto a = forward_all(constant), b = forward_all(runtime);
  for (int64_t i = 0; i < x.numel(); ++i) {
    EXPECT_EQ(a[0].at(i), b[0].at(i));
    EXPECT_EQ(a[1].at(i), b[1].at(i));
  }
  runtime = dropout(x.clone(), 0.3, false);
  runtime.constants.clear();
  auto c = forward_all(runtime);
  for (int64_t i = 0; i < x.numel(); ++i) EXPECT_EQ(c[0].at(i), x.at(i));
}

// Before opset 12 ratio is an attribute and Dropout an identity (ONNX test dropout_random_old).
TEST(ReferenceDropout, OldOpsetRatioAttribute) {
  Tensor x = random(DType::Float64, {3, 4}, 5);
  auto y =
      forward_all(OpCase{"Dropout", inputs(x.clone()), {{"ratio", 0.2}, {"_opset", int64_t{10}}}});
  for (int64_t i = 0; i < x.numel(); ++i) EXPECT_EQ(y[0].at(i), x.at(i));
}

// Backward: dX = dY * mask / (1 - r) in training, dY otherwise; ratio and training_mode get
// zeros.
TEST(ReferenceDropout, BackwardUsesTheMask) {
  Tensor x = random(DType::Float64, {200}, 6), dy = random(DType::Float64, {200}, 8);
  OpCase c = dropout(x.clone(), 0.25, true);
  auto y = forward_all(c);
  auto g = backward_all(c, {&dy, nullptr});
  ASSERT_EQ(g.size(), 3u);
  for (int64_t i = 0; i < x.numel(); ++i)
    EXPECT_DOUBLE_EQ(g[0].at(i), y[1].at(i) != 0 ? dy.at(i) / 0.75 : 0.0) << i;
  EXPECT_EQ(g[1].at(0), 0.0);
  EXPECT_EQ(g[2].at(0), 0.0);
  g = backward_all(dropout(x.clone(), 0.25, false), {&dy, nullptr});
  for (int64_t i = 0; i < x.numel(); ++i) EXPECT_EQ(g[0].at(i), dy.at(i));
}

TEST(ReferenceDropout, Cost) {
  // Training: 2 flops per element; bytes 8 (data) + 8 (output) + 1 (mask) per element.
  auto op = create(dropout(filled({10}, 1), 0.5, true));
  EXPECT_EQ(op->cost(), std::make_pair(20.0, 170.0));
  auto inference = create(OpCase{"Dropout", inputs(filled({10}, 1))});
  EXPECT_EQ(inference->cost(), std::make_pair(0.0, 170.0));
}

}  // namespace
}  // namespace d500::test
