// NegativeLogLikelihoodLoss, SoftmaxCrossEntropyLoss (ai.onnx) and MeanSquaredError (ai.d500):
// every reduction, class weights, ignore_index, extra dimensions, the optional log_prob output,
// gradients to the scores (and weights, and both MSE inputs), float32, errors and cost.
#include <gtest/gtest.h>

#include <cmath>

#include "reference_math_harness.h"

namespace d500::test {
namespace {

const double ln2 = std::log(2.0), ln3 = std::log(3.0), ln5 = std::log(5.0);

Attribute reduction(const char* r) {
  return {"reduction", std::string(r)};
}
Attribute ignore(int64_t i) {
  return {"ignore_index", i};
}

// NLL input: log-probabilities (any values will do) of N = 2 rows over C = 3 classes.
Tensor nll_x() {
  return make({2, 3}, {-1, -2, -3, -4, -5, -6});
}

TEST(ReferenceMathNll, Reductions) {
  // Labels [2, 0] pick -X[0, 2] = 3 and -X[1, 0] = 4.
  Tensor x = nll_x(), t = ints({2}, {2, 0});
  const char* op = "NegativeLogLikelihoodLoss";
  expect_values(forward_one({op, {&x, &t}, {reduction("none")}}), {2}, {3, 4});
  expect_values(forward_one({op, {&x, &t}, {reduction("sum")}}), {}, {7});
  expect_values(forward_one({op, {&x, &t}}), {}, {3.5});  // mean by default
  // int32 labels give the same.
  Tensor t32 = make(DType::Int32, {2}, {2, 0});
  expect_values(forward_one({op, {&x, &t32}}), {}, {3.5});
}

TEST(ReferenceMathNll, WeightsAndIgnoreIndex) {
  Tensor x = nll_x(), t = ints({2}, {2, 0}), w = make({3}, {0.5, 1, 2});
  const char* op = "NegativeLogLikelihoodLoss";
  // Weighted: [2 * 3, 0.5 * 4] = [6, 2]; the mean divides by the weights picked: 8 / 2.5.
  expect_values(forward_one({op, {&x, &t, &w}, {reduction("none")}}), {2}, {6, 2});
  expect_values(forward_one({op, {&x, &t, &w}, {reduction("sum")}}), {}, {8});
  expect_values(forward_one({op, {&x, &t, &w}}), {}, {3.2}, 1e-15);
  // ignore_index 0 drops row 1: [3, 0]; the mean counts only row 0: 3 / 1.
  expect_values(forward_one({op, {&x, &t}, {reduction("none"), ignore(0)}}), {2}, {3, 0});
  expect_values(forward_one({op, {&x, &t}, {ignore(0)}}), {}, {3});
  expect_values(forward_one({op, {&x, &t, &w}, {ignore(0)}}), {}, {3});  // 6 / 2
  // An ignore_index outside [0, C) (the usual -100) is skipped, not range-checked.
  Tensor t2 = ints({2}, {-100, 1});
  expect_values(forward_one({op, {&x, &t2}, {reduction("none"), ignore(-100)}}), {2}, {0, 5});
  // Every position ignored: the mean is 0/0 = NaN, as the ONNX reference computes it.
  Tensor t3 = ints({2}, {-100, -100});
  EXPECT_TRUE(std::isnan(forward_one({op, {&x, &t3}, {ignore(-100)}}).at(0)));
}

TEST(ReferenceMathNll, ExtraDimensions) {
  // X [N=1, C=2, d=2] stored [n][c][d]: X[0, :, 0] = [-1, -2], X[0, :, 1] = [-3, -4].
  // Labels [[1, 0]]: -X[0, 1, 0] = 2 and -X[0, 0, 1] = 3.
  Tensor x = make({1, 2, 2}, {-1, -3, -2, -4}), t = ints({1, 2}, {1, 0});
  expect_values(forward_one({"NegativeLogLikelihoodLoss", {&x, &t}, {reduction("none")}}), {1, 2},
                {2, 3});
  expect_values(forward_one({"NegativeLogLikelihoodLoss", {&x, &t}}), {}, {2.5});
}

TEST(ReferenceMathNll, BackwardByHand) {
  // Mean with weights [0.5, 1, 2], labels [2, 0]: L = (3 w2 + 4 w0) / (w2 + w0) = 3.2, W = 2.5.
  // dL/dX[0, 2] = -w2 / W = -0.8, dL/dX[1, 0] = -w0 / W = -0.2, every other 0.
  // dL/dw2 = (3 - L) / W = -0.08, dL/dw0 = (4 - L) / W = 0.32, dL/dw1 = 0 (never picked).
  Tensor x = nll_x(), t = ints({2}, {2, 0}), w = make({3}, {0.5, 1, 2}), one = make({}, {1});
  auto g = backward_all({"NegativeLogLikelihoodLoss", {&x, &t, &w}}, {&one});
  expect_values(g[0], {2, 3}, {0, 0, -0.8, -0.2, 0, 0}, 1e-15);
  expect_values(g[1], {2}, {0, 0});  // labels get zeros
  expect_values(g[2], {3}, {0.32, 0, -0.08}, 1e-15);
}

// Labels (5 i + 1) mod C (5 is prime to the C used, so every class occurs), with every fifth
// position (from the third) set to -1 when `with_ignored`. A pattern rather than random draws: with
// few positions, random labels can all be one class, and then a mean's gradient to the weights is
// exactly zero.
Tensor pattern_labels(Shape shape, int64_t classes, bool with_ignored = false) {
  Tensor t(DType::Int64, shape);
  for (int64_t i = 0; i < t.numel(); ++i)
    t.set(i, with_ignored && i % 5 == 2 ? -1 : (5 * i + 1) % classes);
  return t;
}

void check_class_loss(const char* op) {
  const std::vector<Shape> shapes = {{5, 4}, {2, 3, 5}, {2, 3, 2, 2}};
  for (const Shape& s : shapes)
    for (const char* r : {"none", "sum", "mean"})
      for (bool ignored : {false, true}) {
        SCOPED_TRACE(std::string(op) + " " + shape_to_string(s) + " " + r +
                     (ignored ? " with ignore_index" : ""));
        Shape ls = s;
        ls.erase(ls.begin() + 1);
        Tensor x = random(DType::Float64, s, 1), t = pattern_labels(ls, s[1], ignored);
        Tensor w = away_from_zero({s[1]}, 3, 0.5, 2.0);
        for (int64_t c = 0; c < w.numel(); ++c) w.set(c, std::fabs(w.at(c)));
        std::vector<Attribute> attrs{reduction(r)};
        if (ignored) attrs.push_back(ignore(-1));
        check_gradient({op, {&x, &t}, attrs});
        check_gradient({op, {&x, &t, &w}, attrs});
        check_float32({op, {&x, &t, &w}, attrs});
      }
}

TEST(ReferenceMathNll, GradientsAndFloat32) {
  check_class_loss("NegativeLogLikelihoodLoss");
}

TEST(ReferenceMathSce, ForwardByHand) {
  // Row 0: softmax of [0, ln 2, ln 5] = [1, 2, 5] / 8; label 2: -log(5/8) = ln(8/5).
  // Row 1: softmax of [ln 3, ln 3, ln 2] = [3, 3, 2] / 8; label 0: -log(3/8) = ln(8/3).
  Tensor x = make({2, 3}, {0, ln2, ln5, ln3, ln3, ln2}), t = ints({2}, {2, 0});
  const char* op = "SoftmaxCrossEntropyLoss";
  const double l0 = std::log(8 / 5.0), l1 = std::log(8 / 3.0);
  auto outs = forward_all({op, {&x, &t}, {reduction("none")}});
  ASSERT_EQ(outs.size(), 2u);
  expect_values(outs[0], {2}, {l0, l1}, 1e-15);
  // log_prob: the log of the probabilities above.
  expect_values(outs[1], {2, 3},
                {-3 * ln2, -2 * ln2, ln5 - 3 * ln2, ln3 - 3 * ln2, ln3 - 3 * ln2, -2 * ln2}, 1e-15);
  expect_values(forward_one({op, {&x, &t}, {reduction("sum")}}), {}, {l0 + l1}, 1e-15);
  expect_values(forward_one({op, {&x, &t}}), {}, {(l0 + l1) / 2}, 1e-15);
  // Weights [1, 1, 3]: (3 l0 + l1) / (3 + 1). Ignoring label 0 leaves row 0 alone.
  Tensor w = make({3}, {1, 1, 3});
  expect_values(forward_one({op, {&x, &t, &w}}), {}, {(3 * l0 + l1) / 4}, 1e-15);
  expect_values(forward_one({op, {&x, &t}, {ignore(0)}}), {}, {l0}, 1e-15);
  // An absent weights input (empty name in the model) is no weights.
  expect_values(forward_one({op, {&x, &t, nullptr}}), {}, {(l0 + l1) / 2}, 1e-15);
}

TEST(ReferenceMathSce, BackwardByHand) {
  // Row 0 alone, sum, dL = 1: dscores = softmax - onehot(2) = [1/8, 2/8, 5/8 - 1].
  Tensor x = make({1, 3}, {0, ln2, ln5}), t = ints({1}, {2}), one = make({}, {1});
  const char* op = "SoftmaxCrossEntropyLoss";
  auto g = backward_all({op, {&x, &t}, {reduction("sum")}}, {&one, nullptr});
  expect_values(g[0], {1, 3}, {0.125, 0.25, -0.375}, 1e-15);
  // A gradient for log_prob alone, g = [1, 0, 0]: through LogSoftmax, g - p * sum(g).
  Tensor zero = make({}, {0}), glp = make({1, 3}, {1, 0, 0});
  g = backward_all({op, {&x, &t}, {reduction("sum")}}, {&zero, &glp});
  expect_values(g[0], {1, 3}, {0.875, -0.25, -0.625}, 1e-15);
}

TEST(ReferenceMathSce, GradientsAndFloat32) {
  // check_gradient weights both outputs, so the log_prob path is differentiated too.
  check_class_loss("SoftmaxCrossEntropyLoss");
}

TEST(ReferenceMathMse, ForwardBackward) {
  // P - T = [0, 2, -2]: squares [0, 4, 4], sum 8, mean 8/3.
  Tensor p = make({3}, {1, 2, 3}), t = make({3}, {1, 0, 5}), one = make({}, {1});
  auto mse = [&](std::vector<Attribute> attrs) {
    return Call{"MeanSquaredError", {&p, &t}, std::move(attrs), {}, "ai.d500"};
  };
  expect_values(forward_one(mse({reduction("none")})), {3}, {0, 4, 4});
  expect_values(forward_one(mse({reduction("sum")})), {}, {8});
  expect_values(forward_one(mse({})), {}, {8.0 / 3}, 1e-15);
  // Mean, dL = 1: dP = 2 (P - T) / 3 = [0, 4/3, -4/3]; dT = -dP.
  auto g = backward_all(mse({}), {&one});
  expect_values(g[0], {3}, {0, 4.0 / 3, -4.0 / 3}, 1e-15);
  expect_values(g[1], {3}, {0, -4.0 / 3, 4.0 / 3}, 1e-15);
  Tensor a = random(DType::Float64, {2, 3, 4}, 1), b = random(DType::Float64, {2, 3, 4}, 2);
  for (const char* r : {"none", "sum", "mean"}) {
    Call c{"MeanSquaredError", {&a, &b}, {reduction(r)}, {}, "ai.d500"};
    check_gradient(c);
    check_float32(c);
  }
}

TEST(ReferenceMathLoss, UnwantedGradientsAreLeftAlone) {
  // Only the weights' gradient wanted: it equals the one computed with all wanted, and the
  // other buffers (passed with data NULL) are not touched.
  Tensor x = random(DType::Float64, {4, 3}, 1), t = ints({4}, {0, 1, 2, 1});
  Tensor w = make({3}, {0.5, 1, 2}), one = make({}, {1});
  for (const char* op : {"NegativeLogLikelihoodLoss", "SoftmaxCrossEntropyLoss"}) {
    SCOPED_TRACE(op);
    Call c{op, {&x, &t, &w}};
    std::vector<const Tensor*> dys{&one};
    if (std::string(op) == "SoftmaxCrossEntropyLoss") dys.push_back(nullptr);
    auto all = backward_all(c, dys), some = backward_all(c, dys, {false, false, true});
    for (int64_t i = 0; i < 3; ++i) EXPECT_EQ(some[2].at(i), all[2].at(i));
    for (int64_t i = 0; i < x.numel(); ++i) EXPECT_EQ(some[0].at(i), 12345);
    EXPECT_EQ(some[1].at(0), 12345);
  }
  Tensor p = make({2}, {1, 2}), q = make({2}, {0, 0});
  auto g = backward_all({"MeanSquaredError", {&p, &q}, {}, {}, "ai.d500"}, {&one}, {true, false});
  expect_values(g[0], {2}, {1, 2});  // 2 (P - T) / 2
  expect_values(g[1], {2}, {12345, 12345});
}

TEST(ReferenceMathLoss, Errors) {
  Tensor x = nll_x(), t = ints({2}, {2, 0}), t3 = ints({3}, {0, 0, 0}), tf = make({2}, {0, 1});
  Tensor w2 = make({2}, {1, 1}), v = make({3}, {1, 2, 3});
  const std::string nll = "reference/default NegativeLogLikelihoodLoss: ";
  const std::string sce = "reference/default SoftmaxCrossEntropyLoss: ";
  const char* n = "NegativeLogLikelihoodLoss";
  EXPECT_EQ(create_error({n, {&x, &t3}}), nll + "labels [3] do not match X [2, 3]: expected [2]");
  EXPECT_EQ(create_error({n, {&x, &tf}}), nll + "labels must be int64 or int32, got float64[2]");
  EXPECT_EQ(create_error({n, {&x, &t, &w2}}), nll + "weights must be float64[3], got float64[2]");
  EXPECT_EQ(create_error({n, {&x, &t}, {reduction("avg")}}),
            nll + "reduction 'avg' is not one of none, sum, mean");
  EXPECT_EQ(create_error({"SoftmaxCrossEntropyLoss", {&v, &t}}),
            sce + "X must be [N, C] or [N, C, d1, ...], got float64[3]");
  EXPECT_EQ(create_error({"SoftmaxCrossEntropyLoss", {&x}}),
            sce + "expects inputs X, labels and optional weights, got 1 inputs");
  // Labels are data, so a label out of range is found by forward.
  Tensor bad = ints({2}, {0, 3});
  EXPECT_EQ(forward_error({n, {&x, &bad}}), nll + "label 3 at position 1 is outside [0, 3)");
  EXPECT_EQ(forward_error({n, {&x, &bad}, {ignore(-1)}}),
            nll + "label 3 at position 1 is outside [0, 3) and is not ignore_index");
  Tensor p2 = make({2}, {1, 2});
  EXPECT_EQ(create_error({"MeanSquaredError", {&v, &p2}, {}, {}, "ai.d500"}),
            "reference/default MeanSquaredError: prediction float64[3] and target float64[2] "
            "differ in shape");
}

TEST(ReferenceMathLoss, Cost) {
  Tensor x = nll_x(), t = ints({2}, {2, 0}), p = make({3}, {1, 2, 3});
  // NLL, mean: a multiply and an add per position (2 positions); X 6 + loss 1 elements of 8
  // bytes, and 2 int64 labels.
  EXPECT_EQ(cost_of({"NegativeLogLikelihoodLoss", {&x, &t}}), std::make_pair(4.0, 72.0));
  // SCE adds 5 operations per score (30) and writes log_prob (6 more elements).
  EXPECT_EQ(cost_of({"SoftmaxCrossEntropyLoss", {&x, &t}}), std::make_pair(34.0, 120.0));
  // MSE, mean of 3: subtract, square, add each, one divide; P and T read, 1 written.
  EXPECT_EQ(cost_of({"MeanSquaredError", {&p, &p}, {}, {}, "ai.d500"}), std::make_pair(10.0, 56.0));
}

}  // namespace
}  // namespace d500::test
