// Micro-batching (issue 4, item 5): gradients accumulated over k micro-batches equal the
// full-batch gradients of the mean loss, for an MLP and LeNet-5 from the model builder on the
// reference executor; an accumulation without the 1/k scale is caught; bad k refused; stored.
#include "d500/network/micro_batching.h"

#include <gtest/gtest.h>

#include <cmath>

#include "../../support/process.h"
#include "d500/onnx/model.h"
#include "d500/onnx/model_builder.h"
#include "network_test_util.h"

using namespace d500;
using namespace d500::network;

namespace {

ExecutorFactory factory_of(Result<std::string> bytes) {
  if (!bytes) throw D500Error(bytes.error());
  return [b = std::move(bytes).value()](int64_t batch, bool gradients) {
    auto model = onnx::Model::parse(b, "built model");
    if (!model) throw D500Error(model.error());
    auto g = Graph::from_model(*model, {.batch = batch});
    if (!g) throw D500Error(g.error());
    ExecutorOptions o;
    o.allocate_gradients = gradients;
    return std::unique_ptr<NetworkExecutor>(d500::test::make_executor(std::move(g).value(), o));
  };
}

ExecutorFactory mlp(bool with_loss) {
  return factory_of(onnx::build_mlp({.inputs = 20, .hidden = {16, 12}, .classes = 5},
                                    {.seed = 2, .batch = 0, .with_loss = with_loss}));
}

MicroBatchOptions options(int64_t batch, std::vector<int64_t> ks, std::string loss) {
  MicroBatchOptions o;
  o.batch = batch;
  o.ks = std::move(ks);
  o.loss = std::move(loss);
  o.seed = 9;
  o.measure_time = false;
  return o;
}

// With a named mean loss, k = 1 accumulates with scale 1: bitwise the full batch's gradients.
void expect_equal_gradients(const std::vector<MicroBatchResult>& rs, size_t params,
                            bool exact_k1 = true) {
  for (const auto& r : rs) {
    ASSERT_TRUE(r.error.empty()) << "k=" << r.k << ": " << r.error;
    EXPECT_TRUE(r.passed) << "k=" << r.k << ": max rel err " << r.max_rel_error;
    EXPECT_EQ(r.gradients.size(), params);
    EXPECT_LE(r.max_rel_error, r.tolerance);
    if (r.k == 1 && exact_k1) {
      EXPECT_EQ(r.max_abs_error, 0.0) << "the same executor on the same inputs";
    }
    EXPECT_GE(r.peak_rss_delta_bytes, 0);
  }
}

}  // namespace

TEST(MicroBatching, MlpGradientsEqualFullBatch) {
  auto rs = run_micro_batching(mlp(true), options(8, {1, 2, 4, 8}, "loss"));
  ASSERT_EQ(rs.size(), 4u);
  expect_equal_gradients(rs, 6);
  EXPECT_EQ(rs[2].micro_batch, 2);
}

TEST(MicroBatching, MlpSumOfOutputsLoss) {
  // No named loss: the mean over samples of each sample's output sum (scale 1/B).
  auto rs = run_micro_batching(mlp(false), options(6, {1, 2, 3}, ""));
  expect_equal_gradients(rs, 6, false);  // scaled by 1/6 in float32
}

TEST(MicroBatching, LenetGradientsEqualFullBatch) {
  auto lenet = factory_of(onnx::build_lenet({}, {.seed = 4, .batch = 0, .with_loss = true}));
  MicroBatchOptions o = options(8, {1, 2, 4}, "loss");
  o.measure_time = true;
  o.policy.warmup_calls = 1;
  o.policy.min_samples = 3;
  o.policy.max_samples = 5;
  o.policy.max_seconds = 0.1;
  auto rs = run_micro_batching(lenet, o);
  expect_equal_gradients(rs, 10);
  for (const auto& r : rs) EXPECT_GE(r.m.samples_ns.size(), 3u) << r.k;
}

TEST(MicroBatching, UnscaledAccumulationIsCaught) {
  MicroBatchOptions o = options(8, {1, 2, 4}, "loss");
  o.scale = false;
  auto rs = run_micro_batching(mlp(true), o);
  ASSERT_EQ(rs.size(), 3u);
  EXPECT_TRUE(rs[0].passed);  // k = 1: nothing to scale
  for (size_t i = 1; i < rs.size(); ++i) {
    EXPECT_FALSE(rs[i].passed) << "k=" << rs[i].k;
    // k times the gradient: a relative error of k - 1.
    EXPECT_NEAR(rs[i].max_rel_error, static_cast<double>(rs[i].k - 1), 1e-3) << "k=" << rs[i].k;
  }
}

TEST(MicroBatching, RefusesKThatDoesNotDivide) {
  try {
    run_micro_batching(mlp(true), options(8, {3}, "loss"));
    FAIL() << "k = 3 accepted for a batch of 8";
  } catch (const D500Error& e) {
    EXPECT_NE(std::string(e.what()).find("k = 3 does not divide the minibatch 8"),
              std::string::npos)
        << e.what();
  }
}

TEST(MicroBatching, StoresTimeMemoryAndVerdicts) {
  d500::test::TempDir dir;
  auto st = store::ResultStore::open(dir.file("m.d500db"), store::ResultStore::Mode::ReadWrite);
  ASSERT_TRUE(st.ok());
  store::RunInfo run;
  run.name = "micro";
  run.level = "network";
  const int64_t id = (*st)->create_run(run);
  MicroBatchOptions o = options(4, {1, 2}, "loss");
  o.measure_time = true;
  o.policy.min_samples = 3;
  o.policy.max_seconds = 0.05;
  o.scale = false;
  auto rs = run_micro_batching(mlp(true), o);
  store_micro_batching(**st, id, "reference", o, rs);
  int times = 0;
  for (const auto& m : (*st)->measurements(id)) {
    EXPECT_EQ(m.subject, "micro-batching k=" + std::to_string(times + 1) + " B=4");
    EXPECT_GE(m.n, 3);
    ++times;
  }
  EXPECT_EQ(times, 2);
  std::vector<int64_t> ks;
  for (const auto& p : (*st)->series_after(id, 0, 100)) {
    EXPECT_EQ(p.name, "peak_rss_delta_bytes micro-batching/B=4 reference");
    ks.push_back(p.step);
  }
  EXPECT_EQ(ks, (std::vector<int64_t>{1, 2}));
  int overall = 0, failed = 0;
  for (const auto& v : (*st)->validations(id)) {
    EXPECT_EQ(v.metric, "grad_max_rel");
    EXPECT_NE(v.measurement_id, 0);
    if (v.subject.find("all parameters") != std::string::npos) {
      ++overall;
      failed += !v.passed;
    }
  }
  EXPECT_EQ(overall, 2);
  EXPECT_EQ(failed, 1);  // k = 2 unscaled
}
