// Back-propagation through whole networks against central differences in float64 (issue 4,
// item 2): an MLP, LeNet-5 and a small ResNet from the model builder, each with its
// SoftmaxCrossEntropyLoss; every parameter perturbed along one seeded direction at a time.
#include <gtest/gtest.h>

#include <chrono>
#include <cmath>
#include <cstdio>

#include "d500/network/gradient_check.h"
#include "d500/onnx/model_builder.h"
#include "network_test_util.h"

using namespace d500;
using namespace d500::network;

namespace {

Graph graph_of(const Result<std::string>& bytes, int64_t batch) {
  if (!bytes.ok()) throw D500Error(bytes.error());
  auto model = onnx::Model::parse(bytes.value(), "built model");
  if (!model.ok()) throw D500Error(model.error());
  auto g = Graph::from_model(*model, {.batch = batch});
  if (!g.ok()) throw D500Error(g.error());
  return std::move(g).value();
}

// Random inputs, labels 0, 1, 2, ...; then every parameter's directional derivative.
void expect_gradients_match(NetworkExecutor& ex, int64_t classes) {
  const TensorSpec in = ex.input_spec("input");
  Tensor x(in.dtype, in.shape);
  fill_uniform(x, 11);
  ex.set_input("input", x);
  Tensor labels(DType::Int64, ex.input_spec("labels").shape);
  for (int64_t i = 0; i < labels.numel(); ++i) labels.set(i, static_cast<double>(i % classes));
  ex.set_input("labels", labels);
  auto checks = check_gradients(ex, "loss", {.seed = 5, .epsilon = 1e-6, .tolerance = 1e-6});
  ASSERT_EQ(checks.size(), ex.parameter_names().size());
  for (const auto& c : checks) {
    EXPECT_TRUE(c.passed) << c.parameter << ": analytic " << c.analytic << ", numeric " << c.numeric
                          << ", rel err " << c.rel_error;
    // A zero gradient would pass against a zero difference without testing anything.
    EXPECT_GT(std::fabs(c.analytic), 1e-9) << c.parameter;
  }
}

onnx::BuildOptions f64_with_loss() {
  onnx::BuildOptions o;
  o.seed = 1;
  o.batch = 0;
  o.with_loss = true;
  o.dtype = DType::Float64;
  return o;
}

}  // namespace

TEST(Backward, MlpMatchesCentralDifferences) {
  onnx::MlpSpec spec{.inputs = 20, .hidden = {16, 12}, .classes = 5};
  auto ex = d500::test::make_executor(graph_of(onnx::build_mlp(spec, f64_with_loss()), 4));
  expect_gradients_match(*ex, 5);
  // Tanh too: no kinks at all.
  spec.activation = onnx::Activation::Tanh;
  auto tanh = d500::test::make_executor(graph_of(onnx::build_mlp(spec, f64_with_loss()), 4));
  expect_gradients_match(*tanh, 5);
}

TEST(Backward, LenetMatchesCentralDifferences) {
  onnx::LenetSpec spec;
  auto ex = d500::test::make_executor(graph_of(onnx::build_lenet(spec, f64_with_loss()), 2));
  EXPECT_EQ(ex->parameter_names().size(), 10u);
  expect_gradients_match(*ex, 10);
  spec.activation = onnx::Activation::Tanh;
  spec.pooling = onnx::Pooling::Average;
  auto avg = d500::test::make_executor(graph_of(onnx::build_lenet(spec, f64_with_loss()), 2));
  expect_gradients_match(*avg, 10);
}

TEST(Backward, ResnetMatchesCentralDifferences) {
  // Small enough for two forward passes per parameter (56 of them) to stay quick.
  onnx::ResnetSpec spec{.channels = 3, .height = 8, .width = 8, .stages = {4, 8}, .classes = 3};
  auto ex = d500::test::make_executor(graph_of(onnx::build_resnet(spec, f64_with_loss()), 2));
  expect_gradients_match(*ex, 3);
}

TEST(Backward, LenetBatch64Timing) {
  // Not a pass/fail timing test: it prints what one forward+backward costs on the reference
  // executor, for the issue note (the benchmarks proper live in tests/bench).
  onnx::BuildOptions o;
  o.batch = 0;
  o.with_loss = true;
  auto ex = d500::test::make_executor(graph_of(onnx::build_lenet({}, o), 64));
  Tensor x(DType::Float32, {64, 1, 28, 28});
  fill_uniform(x, 1);
  ex->set_input("input", x);
  ex->forward_backward("loss");  // first call: caches and page faults, not counted
  const int reps = 3;
  auto t0 = std::chrono::steady_clock::now();
  for (int i = 0; i < reps; ++i) ex->forward_backward("loss");
  const double ms =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count() /
      reps;
  std::printf("LeNet-5 batch 64 forward+backward on the reference executor: %.1f ms\n", ms);
  EXPECT_TRUE(std::isfinite(ex->output("loss").at(0)));
}
