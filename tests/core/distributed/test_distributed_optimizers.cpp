// Guards issue #7 (Level 3, distributed optimizers): synchronous allreduce SGD and the
// synchronous parameter server on n ranks, each with 1/n of a batch and plain SGD, end at the
// parameters that one process reaches on the whole batch; model averaging leaves the replicas
// equal (to the mean of what they were) right after an averaging step and only then; one D-PSGD
// step gives each rank the mean of itself and its ring neighbours; the per-step communication
// figures match the bytes the scheme must move; partitioned sampling covers the dataset once per
// epoch across ranks; a Trainer driven through the event trains with every rank in step; the
// asynchronous parameter server applies every worker gradient once (with one worker: exactly
// sequential SGD) and records its staleness; one rank whose loss turns non-finite stops every
// rank at the same step, named.
// Runs under mpirun with 2 and 3 ranks and alone. Every rank makes every collective call
// whatever its checks found (EXPECT, not ASSERT, around collectives).
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstring>
#include <map>
#include <memory>
#include <numeric>

#include "d500/distributed/distributed_optimizers.h"
#include "d500/measure/series_kinds.h"
#include "d500/network/executor_factory.h"
#include "d500/onnx/model.h"
#include "d500/onnx/model_builder.h"
#include "d500/plugin/plugin_manager.h"
#include "d500/training/optimizer.h"
#include "d500/training/sampler.h"
#include "d500/training/trainer.h"
#include "scheme_test_support.h"

using namespace d500;
using namespace d500::distributed;

namespace {

using namespace d500::test;

class SynchronousSchemes : public ::testing::TestWithParam<std::string> {};

TEST_P(SynchronousSchemes, MatchSingleRankTrainingOnTheCombinedBatch) {
  const int n = W().size(), me = W().rank();
  constexpr int kSteps = 4;
  constexpr double kLr = 0.2;
  auto local = mlp(kPerRank);
  training::Optimizer opt(plugins(), "reference", "sgd");
  DistributedScheme scheme(W(), *local, {.scheme = GetParam()});
  scheme.broadcast_parameters();
  for (int64_t s = 0; s < kSteps; ++s) step(scheme, *local, opt, s, me * kPerRank, kLr);

  // The same steps in one process on the whole batch (the loss is a batch mean, so the mean of
  // the ranks' gradients is the whole batch's gradient).
  auto whole = mlp(kPerRank * n);
  training::Optimizer opt1(plugins(), "reference", "sgd");
  const auto start = flat_params(*whole);
  for (int64_t s = 0; s < kSteps; ++s) {
    feed(*whole, s, 0, kPerRank * n);
    whole->forward_backward("loss");
    opt1.step(views(*whole, false), views(*whole, true), kLr);
  }
  const auto want = flat_params(*whole), got = flat_params(*local);
  EXPECT_GT(max_abs_diff(start, want), 1e-3) << "the steps should move the parameters";
  EXPECT_LT(max_abs_diff(got, want), 2e-5) << GetParam() << " rank " << me;

  // Per step: allreduce moves the gradients out and back (2B); the parameter server reduces
  // them to the root (a worker sends B, the root receives (n-1)B) and broadcasts the
  // parameters (root sends B, a worker receives B).
  const int64_t b = static_cast<int64_t>(want.size() * sizeof(float));
  int64_t expect = 0;
  if (n > 1) expect = GetParam() == "allreduce" ? 2 * b : me == 0 ? (n - 1) * b + b : 2 * b;
  ASSERT_EQ(scheme.steps().size(), static_cast<size_t>(kSteps));
  for (const auto& r : scheme.steps()) {
    EXPECT_EQ(r.comm_bytes, expect) << "step " << r.step;
    EXPECT_GE(r.comm_s, 0);
    EXPECT_GT(r.compute_s, 0);
  }
}

INSTANTIATE_TEST_SUITE_P(Schemes, SynchronousSchemes,
                         ::testing::Values("allreduce", "parameter_server"),
                         [](const auto& info) { return info.param; });

TEST(ModelAveraging, ReplicasAreEqualRightAfterAnAveragingStepOnly) {
  const int n = W().size(), me = W().rank();
  auto ex = mlp(kPerRank);
  training::Optimizer opt(plugins(), "reference", "sgd");
  DistributedScheme scheme(W(), *ex, {.scheme = "model_averaging", .average_every = 2});
  scheme.broadcast_parameters();
  std::vector<float> pre;
  // Step 0: local only, each rank on its own data.
  step(scheme, *ex, opt, 0, me * kPerRank, 0.2, &pre);
  EXPECT_EQ(max_abs_diff(pre, flat_params(*ex)), 0) << "no averaging after step 0";
  auto after0 = all_params(*ex);
  if (n > 1) {
    EXPECT_GT(max_abs_diff(after0[0], after0[1]), 1e-4) << "ranks saw different data";
  }
  // Step 1: averaged.
  step(scheme, *ex, opt, 1, me * kPerRank, 0.2, &pre);
  const auto mine = flat_params(*ex);
  std::vector<float> all_pre(pre.size() * n);
  W().allgather(pre.data(), pre.size() * sizeof(float), all_pre.data());
  std::vector<float> mean(pre.size(), 0);
  for (size_t i = 0; i < pre.size(); ++i) {
    double s = 0;
    for (int r = 0; r < n; ++r) s += all_pre[r * pre.size() + i];
    mean[i] = static_cast<float>(s / n);
  }
  EXPECT_LT(max_abs_diff(mine, mean), 1e-6);
  const auto after1 = all_params(*ex);
  for (int r = 1; r < n; ++r) EXPECT_EQ(max_abs_diff(after1[0], after1[r]), 0) << "rank " << r;
  const int64_t b = static_cast<int64_t>(mine.size() * sizeof(float));
  ASSERT_EQ(scheme.steps().size(), 2u);
  EXPECT_EQ(scheme.steps()[0].comm_bytes, 0);
  EXPECT_EQ(scheme.steps()[1].comm_bytes, n > 1 ? 2 * b : 0);
}

TEST(Dpsgd, OneStepAveragesEachRankWithItsRingNeighbours) {
  const int n = W().size(), me = W().rank();
  auto ex = mlp(kPerRank);
  training::Optimizer opt(plugins(), "reference", "sgd");
  DistributedScheme scheme(W(), *ex, {.scheme = "dpsgd"});
  std::vector<float> pre;
  step(scheme, *ex, opt, 0, me * kPerRank, 0.2, &pre);
  const auto mine = flat_params(*ex);
  std::vector<float> all_pre(pre.size() * n);
  W().allgather(pre.data(), pre.size() * sizeof(float), all_pre.data());
  // By hand: the mean over {me, left, right} without repeats.
  std::vector<int> group{me};
  for (int r : {(me + n - 1) % n, (me + 1) % n})
    if (std::find(group.begin(), group.end(), r) == group.end()) group.push_back(r);
  std::vector<float> want(pre.size());
  for (size_t i = 0; i < pre.size(); ++i) {
    double s = 0;
    for (int r : group) s += all_pre[r * pre.size() + i];
    want[i] = static_cast<float>(s / static_cast<double>(group.size()));
  }
  EXPECT_LT(max_abs_diff(mine, want), 1e-6) << "rank " << me << " of " << n;
  if (n > 1) {
    EXPECT_GT(max_abs_diff(mine, pre), 1e-6) << "the mixing changed nothing";
  }
  const int64_t b = static_cast<int64_t>(mine.size() * sizeof(float));
  // One sendrecv (send B, receive B) per distinct neighbour.
  EXPECT_EQ(scheme.steps().at(0).comm_bytes, 2 * b * static_cast<int64_t>(group.size() - 1));
}

// The server (rank 0) takes no steps of its own here. With one worker the asynchronous
// parameter server is then sequential SGD on the worker's batches with staleness 0; with more,
// every worker gradient is applied exactly once and its staleness recorded.
TEST(AsyncParameterServer, AppliesEveryWorkerGradientOnceAndRecordsStaleness) {
  const int n = W().size(), me = W().rank();
  constexpr int kSteps = 3;
  constexpr double kLr = 0.2;
  auto ex = mlp(kPerRank);
  training::Optimizer opt(plugins(), "reference", "sgd");
  DistributedScheme scheme(W(), *ex, {.scheme = "async_parameter_server"});
  scheme.set_optimizer(&opt, training::LrSchedule::constant(kLr));
  scheme.broadcast_parameters();
  const auto start = flat_params(*ex);
  if (me != 0)
    for (int64_t s = 0; s < kSteps; ++s) step(scheme, *ex, opt, s, me * kPerRank, kLr);
  scheme.finish();
  auto server = flat_params(*ex);
  W().broadcast(server.data(), server.size() * sizeof(float), 0);
  if (me == 0) {
    EXPECT_EQ(scheme.applied(), (n - 1) * kSteps);
    EXPECT_EQ(scheme.staleness().size(), static_cast<size_t>((n - 1) * kSteps));
    for (int64_t st : scheme.staleness()) {
      EXPECT_GE(st, 0);
      EXPECT_LT(st, (n - 1) * kSteps);
      if (n == 2) EXPECT_EQ(st, 0) << "one worker: never stale";
    }
    if (n > 1) EXPECT_GT(max_abs_diff(start, server), 1e-3) << "the server applied nothing";
  }
  if (n == 2 && me == 1) {
    EXPECT_EQ(max_abs_diff(flat_params(*ex), server), 0) << "the worker holds the server's model";
    auto alone = mlp(kPerRank);
    training::Optimizer sgd(plugins(), "reference", "sgd");
    for (int64_t s = 0; s < kSteps; ++s) {
      feed(*alone, s, me * kPerRank, kPerRank);
      alone->forward_backward("loss");
      sgd.step(views(*alone, false), views(*alone, true), kLr);
    }
    EXPECT_LT(max_abs_diff(flat_params(*alone), server), 1e-6);
  }
  if (me != 0) {
    // A worker's per-step figures: its gradient out and the parameters back, plus the headers.
    const int64_t b = static_cast<int64_t>(server.size() * sizeof(float)) + 16;
    for (const auto& r : scheme.steps()) EXPECT_EQ(r.comm_bytes, 2 * b) << "step " << r.step;
  }
}

TEST(PartitionedSampling, CoversTheDatasetOncePerEpochAcrossRanks) {
  constexpr int64_t kN = 103;
  for (int64_t epoch = 0; epoch < 2; ++epoch) {
    training::PartitionedSampler s(kN, W().rank(), W().size(), 42);
    const auto idx = s.epoch_indices(epoch);
    std::vector<uint8_t> bytes(reinterpret_cast<const uint8_t*>(idx.data()),
                               reinterpret_cast<const uint8_t*>(idx.data() + idx.size()));
    const auto all = W().gatherv(bytes, 0);
    if (W().rank() != 0) continue;
    std::vector<int> seen(kN, 0);
    for (const auto& part : all)
      for (size_t i = 0; i + sizeof(int64_t) <= part.size(); i += sizeof(int64_t)) {
        int64_t v;
        std::memcpy(&v, part.data() + i, sizeof v);
        ASSERT_TRUE(v >= 0 && v < kN) << v;
        ++seen[v];
      }
    for (int64_t i = 0; i < kN; ++i) EXPECT_EQ(seen[i], 1) << "index " << i << " epoch " << epoch;
  }
}

// The scheme as the Trainer drives it: ranks stay in step through whole epochs, the replicas
// agree at the end, the loss falls, and the per-step series reach the sink.
TEST(DistributedTrainer, ParameterServerTrainsWithEveryRankInStep) {
  struct Sink : training::SeriesSink {
    std::map<std::string, int> count;
    void point(const std::string& name, int64_t, double, double) override { ++count[name]; }
  };
  training::Dataset train;
  train.name = "blobs";
  train.num_classes = kClasses;
  constexpr int64_t kSamples = 96;
  train.images = Tensor(DType::Float32, {kSamples, kFeatures});
  train.labels = Tensor(DType::Int64, {kSamples});
  for (int64_t i = 0; i < kSamples; ++i) {
    const int64_t c = i % kClasses;
    train.labels.set(i, static_cast<double>(c));
    for (int64_t f = 0; f < kFeatures; ++f)
      train.images.set(i * kFeatures + f, (f % kClasses == c ? 2.0 : 0.0) + 0.3 * feature(0, i, f));
  }
  training::Dataset test;
  test.name = "blobs-test";
  test.num_classes = kClasses;
  test.images = train.images.clone();
  test.labels = train.labels.clone();

  auto ex = mlp(kPerRank);
  training::Optimizer opt(plugins(), "reference", "sgd");
  training::TrainerOptions o;
  o.batch = kPerRank;
  o.epochs = 3;
  o.schedule = training::LrSchedule::constant(0.1);
  training::Trainer trainer(*ex, opt, o);
  auto scheme =
      std::make_shared<DistributedScheme>(W(), *ex, SchemeOptions{.scheme = "parameter_server"});
  Sink sink;
  scheme->set_sink(&sink);
  std::atomic<bool> never{false};
  scheme->set_local_stop(&never);
  trainer.set_cancel(scheme->global_stop());
  trainer.add_event(scheme);
  scheme->broadcast_parameters();
  training::PartitionedSampler sampler(kSamples, W().rank(), W().size(), 3, true, true);
  const auto r = trainer.train(train, sampler, test);
  const int64_t per_epoch = (kSamples + W().size() - 1) / W().size() / kPerRank;
  EXPECT_EQ(r.steps, 3 * per_epoch);
  EXPECT_EQ(sink.count["comm_bytes"], r.steps);
  EXPECT_EQ(sink.count["compute_time_s"], r.steps);
  // The scheme's series are the distributed level's descriptors (issue 30).
  for (const auto& [name, n] : sink.count) {
    const series::SeriesKind* kind = series::find_series(name);
    ASSERT_TRUE(kind) << "no descriptor for the stored series " << name;
    EXPECT_EQ(kind->level, "distributed") << name;
    EXPECT_EQ(kind->cadence, series::Cadence::Step) << name;
  }
  ASSERT_EQ(r.epochs.size(), 3u);
  EXPECT_LT(r.epochs.back().train_loss, r.epochs.front().train_loss);
  EXPECT_GT(r.final_test_accuracy, 0.6);
  const auto all = all_params(*ex);
  for (int rk = 1; rk < W().size(); ++rk) EXPECT_EQ(max_abs_diff(all[0], all[rk]), 0) << rk;
}

// One rank's loss turns non-finite (its parameters poisoned before step 5) while the others' is
// fine: every rank stops after that same step, told which rank it was; none waits alone in a
// collective. Model averaging and D-PSGD step locally (no gradient exchange to spread the NaN),
// allreduce spreads it within the step; the verdict names only the poisoned rank in all three.
TEST(DistributedTrainer, OneRankDivergingStopsEveryRankAtTheSameStep) {
  struct Poison : training::TrainingEvent {
    network::NetworkExecutor* ex = nullptr;
    bool on = false;
    void before_step(int64_t step) override {
      if (!on || step != 5) return;
      DLTensor p = ex->parameter_view(ex->parameter_names().front());
      auto* b = static_cast<uint8_t*>(p.data) + p.byte_offset;
      if (p.dtype.bits == 32)
        *reinterpret_cast<float*>(b) = std::nanf("");
      else
        *reinterpret_cast<double*>(b) = std::nan("");
    }
  };
  constexpr int64_t kSamples = 96;
  training::Dataset train;
  train.name = "blobs";
  train.num_classes = kClasses;
  train.images = Tensor(DType::Float32, {kSamples, kFeatures});
  train.labels = Tensor(DType::Int64, {kSamples});
  for (int64_t i = 0; i < kSamples; ++i) {
    train.labels.set(i, static_cast<double>(i % kClasses));
    for (int64_t f = 0; f < kFeatures; ++f) train.images.set(i * kFeatures + f, feature(1, i, f));
  }
  const int bad = W().size() > 1 ? 1 : 0;
  for (std::string sc : {"model_averaging", "dpsgd", "allreduce"}) {
    auto ex = mlp(kPerRank);
    training::Optimizer opt(plugins(), "reference", "sgd");
    training::TrainerOptions o;
    o.batch = kPerRank;
    o.epochs = 3;
    o.schedule = training::LrSchedule::constant(0.1);
    o.stop_on_divergence = false;  // the scheme's vote decides
    training::Trainer trainer(*ex, opt, o);
    auto scheme = std::make_shared<DistributedScheme>(
        W(), *ex, SchemeOptions{.scheme = sc, .average_every = 4});
    std::atomic<bool> never{false};
    scheme->set_local_stop(&never);
    trainer.set_cancel(scheme->global_stop());
    auto poison = std::make_shared<Poison>();
    poison->ex = ex.get();
    poison->on = W().rank() == bad;
    trainer.add_event(poison);
    trainer.add_event(scheme);
    scheme->broadcast_parameters();
    training::PartitionedSampler sampler(kSamples, W().rank(), W().size(), 3, true, true);
    const auto r = trainer.train(train, sampler, train);
    const std::string& name = sc;
    EXPECT_EQ(r.steps, 6) << name << ": step 5 ends, then every rank stops";
    EXPECT_EQ(r.stop, training::StopReason::Cancelled) << name;
    EXPECT_TRUE(scheme->diverged()) << name;
    EXPECT_EQ(scheme->diverged_detail(),
              "loss not finite on rank " + std::to_string(bad) + " at step 5")
        << name;
    EXPECT_FALSE(scheme->stopped_by_time()) << name;
    W().barrier();  // every rank is here: nobody was left in a collective
  }
}

TEST(DistributedScheme, UnknownSchemesAndBadOptionsAreRefused) {
  auto ex = mlp(kPerRank);
  try {
    DistributedScheme(W(), *ex, {.scheme = "async"});
    ADD_FAILURE() << "an unknown scheme was accepted";
  } catch (const D500Error& e) {
    EXPECT_NE(std::string(e.what()).find("no scheme \"async\"; registered: allreduce,"),
              std::string::npos)
        << e.what();
  }
  EXPECT_THROW(DistributedScheme(W(), *ex, {.scheme = "model_averaging", .average_every = 0}),
               D500Error);
  EXPECT_THROW(DistributedScheme(W(), *ex, {.scheme = "parameter_server", .root = W().size()}),
               D500Error);
}

}  // namespace
