// The training loop (issue 5, items 4-6): a network trained by the Trainer on the reference
// stack reaches its target and reports time-to-accuracy; every series arrives live; events fire
// in order; a diverging learning rate stops cleanly with the reason; networks and datasets that
// do not fit are refused; time-to-accuracy summaries; recipes fix components and catch changes.
#include "d500/training/trainer.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <fstream>
#include <map>
#include <set>

#include "d500/clock.h"
#include "d500/measure/series_kinds.h"
#include "d500/network/executor_factory.h"
#include "d500/onnx/model.h"
#include "d500/onnx/model_builder.h"
#include "d500/training/time_to_accuracy.h"
#include "d500/training/training_spec.h"
#include "trainer_support.h"
#include "training_test_util.h"

using namespace d500;
using namespace d500::training;

using namespace d500::test;

TEST(Trainer, ReachesTheTargetAndStoresEverySeriesLive) {
  auto data = synthetic(20, 4);
  auto ex = mlp(32, 20, 4);
  Optimizer adam(plugins(), "reference", "adam", {{"lr", 0.01}});
  TrainerOptions o;
  o.batch = 32;
  o.epochs = 20;
  o.target_accuracy = 0.95;
  o.schedule = LrSchedule::constant(0.01);
  Trainer t(*ex, adam, o);
  MemorySink sink;
  t.set_sink(&sink);
  ShuffledSampler sampler(data.train.size(), 3);
  const TrainResult r = t.train(data.train, sampler, data.test);
  EXPECT_EQ(r.stop, StopReason::TargetReached) << stop_reason_name(r.stop) << " " << r.stop_detail;
  EXPECT_TRUE(r.reached_target);
  EXPECT_GT(r.time_to_accuracy_s, 0);
  EXPECT_GE(r.best_test_accuracy, 0.95);
  // 640 / 32 = 20 steps per epoch; loss and lr per step, accuracies per epoch.
  EXPECT_EQ(static_cast<int64_t>(sink.points["loss"].size()), r.steps);
  EXPECT_EQ(sink.points["lr"].front().second, 0.01);
  EXPECT_EQ(sink.points["test_accuracy"].size(), r.epochs.size());
  EXPECT_EQ(sink.points["train_accuracy"].size(), r.epochs.size());
  EXPECT_EQ(sink.points["samples_per_s"].size(), r.epochs.size());
  EXPECT_EQ(sink.points["data_wait_s"].size(), sink.points["loss"].size());
  // Every series the loop stores is described (issue 30): its unit, cadence and direction come
  // from one descriptor, and the loss and accuracy points arrive at their descriptor's cadence.
  for (const auto& [name, pts] : sink.points) {
    const series::SeriesKind* kind = series::find_series(name);
    ASSERT_TRUE(kind) << "no descriptor for the stored series " << name;
    EXPECT_EQ(kind->level, "training") << name;
    EXPECT_EQ(pts.size(), kind->cadence == series::Cadence::Epoch ? r.epochs.size() : pts.size())
        << name;
  }
  EXPECT_EQ(series::find_series("loss@seed3"), &series::kLoss);
  EXPECT_EQ(series::kTestAccuracy.better, series::Better::Higher);
  // Training lowered the loss.
  EXPECT_LT(sink.points["loss"].back().second, sink.points["loss"].front().second);
  // The first epoch's test accuracy is what evaluate() gives for those parameters: re-checked
  // on the final ones.
  EXPECT_NEAR(t.evaluate(data.test).first, r.final_test_accuracy, 1e-12);
}

// Issue 16, item 3: the loop charges its time to phases. An event that holds every step for a
// known time shows up in the events phase and nowhere else; the phases add up to no more than
// the training's wall time, and every step is counted.
TEST(Trainer, StepProfileChargesEachPhaseAndAddsUpToTheLoop) {
  auto data = synthetic(8, 2);
  auto ex = mlp(64, 8, 2);
  Optimizer sgd(plugins(), "reference", "sgd", {{"lr", 0.1}});
  TrainerOptions o;
  o.batch = 64;
  o.epochs = 2;
  Trainer t(*ex, sgd, o);
  MemorySink sink;
  t.set_sink(&sink);
  constexpr int64_t kHoldNs = 300'000;
  struct Hold : TrainingEvent {
    void after_step(int64_t, double) override {
      const int64_t until = now_ns() + kHoldNs;
      while (now_ns() < until) {
      }
    }
  };
  t.add_event(std::make_shared<Hold>());
  SequentialSampler sampler(data.train.size());
  const TrainResult r = t.train(data.train, sampler, data.test);
  const StepProfile& p = r.profile;
  ASSERT_EQ(p.steps, r.steps);
  ASSERT_EQ(p.steps, 20);  // 640 / 64 per epoch, two epochs
  EXPECT_GE(p.ns[StepProfile::Events], kHoldNs * p.steps);
  EXPECT_GE(p.us_per_step(StepProfile::Events), kHoldNs * 1e-3);
  EXPECT_GT(p.ns[StepProfile::ForwardBackward], 0);
  EXPECT_GT(p.ns[StepProfile::Optimizer], 0);
  EXPECT_GT(p.ns[StepProfile::Evaluation], 0);
  int64_t sum = 0;
  for (int64_t ns : p.ns) {
    EXPECT_GE(ns, 0);
    sum += ns;
  }
  EXPECT_LE(static_cast<double>(sum), r.wall_s * 1e9);
  // The hold is loop overhead, the framework's work is not.
  EXPECT_GE(p.overhead_us_per_step(), kHoldNs * 1e-3);
  EXPECT_TRUE(StepProfile::is_overhead(StepProfile::Events));
  EXPECT_FALSE(StepProfile::is_overhead(StepProfile::ForwardBackward));
  EXPECT_STREQ(StepProfile::name(StepProfile::ForwardBackward), "forward_backward");
}

TEST(Trainer, EventsRunInOrder) {
  auto data = synthetic(8, 2);
  auto ex = mlp(64, 8, 2);
  Optimizer sgd(plugins(), "reference", "sgd", {{"lr", 0.1}});
  TrainerOptions o;
  o.batch = 64;
  o.epochs = 2;
  Trainer t(*ex, sgd, o);
  struct Log : TrainingEvent {
    std::string s;
    void before_epoch(int64_t) override { s += "E"; }
    void after_epoch(const EpochRecord&) override { s += "e"; }
    void before_sampling(int64_t) override { s += "S"; }
    void after_sampling(int64_t, const Batch&) override { s += "s"; }
    void before_step(int64_t) override { s += "T"; }
    void before_optimizer(int64_t) override { s += "O"; }
    void after_optimizer(int64_t, double) override { s += "o"; }
    void after_step(int64_t, double) override { s += "t"; }
  };
  auto log = std::make_shared<Log>();
  t.add_event(log);
  SequentialSampler sampler(data.train.size());
  t.train(data.train, sampler, data.test);
  // 640 / 64 = 10 steps per epoch, then one sampling that finds the epoch's end.
  std::string epoch = "E";
  for (int i = 0; i < 10; ++i) epoch += "SsTOot";
  epoch += "Se";
  EXPECT_EQ(log->s, epoch + epoch);
}

// Issue 16, item 3: plain batches are sliced between steps (no loader thread, as a bare loop
// does); the prefetching thread, asked for, gives the same losses step for step, and so does
// prefetch 0 with it asked for.
TEST(Trainer, WithoutALoaderThreadTheStepsAreTheSame) {
  auto data = synthetic(20, 4);
  std::vector<std::vector<std::pair<int64_t, double>>> losses;
  for (const auto& [thread, prefetch] :
       std::vector<std::pair<bool, size_t>>{{false, 4}, {true, 4}, {true, 0}}) {
    auto ex = mlp(32, 20, 4);
    Optimizer sgd(plugins(), "reference", "sgd", {{"lr", 0.05}});
    TrainerOptions o;
    o.batch = 32;
    o.epochs = 2;
    o.prefetch = prefetch;
    o.loader_thread = thread;
    Trainer t(*ex, sgd, o);
    MemorySink sink;
    t.set_sink(&sink);
    ShuffledSampler sampler(data.train.size(), 5);
    const TrainResult r = t.train(data.train, sampler, data.test);
    EXPECT_EQ(r.stop, StopReason::Epochs) << stop_reason_name(r.stop);
    EXPECT_EQ(r.steps, 40);
    losses.push_back(sink.points["loss"]);
  }
  ASSERT_EQ(losses[0].size(), 40u);
  EXPECT_EQ(losses[0], losses[1]);
  EXPECT_EQ(losses[0], losses[2]);
}

TEST(Trainer, ADivergingLearningRateStopsCleanlyWithTheReason) {
  auto data = synthetic(20, 4);
  auto ex = mlp(32, 20, 4);
  Optimizer sgd(plugins(), "reference", "sgd", {{"lr", 1e12}});
  TrainerOptions o;
  o.batch = 32;
  o.epochs = 5;
  o.schedule = LrSchedule::constant(1e12);
  Trainer t(*ex, sgd, o);
  MemorySink sink;
  t.set_sink(&sink);
  ShuffledSampler sampler(data.train.size(), 1);
  const TrainResult r = t.train(data.train, sampler, data.test);
  EXPECT_EQ(r.stop, StopReason::Diverged);
  EXPECT_NE(r.stop_detail.find("at step"), std::string::npos) << r.stop_detail;
  // The series up to the non-finite loss are kept, the last one being that loss.
  ASSERT_FALSE(sink.points["loss"].empty());
  EXPECT_FALSE(std::isfinite(sink.points["loss"].back().second));
}

TEST(Trainer, RefusesWhatDoesNotFit) {
  auto ex = mlp(32, 20, 4);
  Optimizer sgd(plugins(), "reference", "sgd", {{"lr", 0.1}});
  TrainerOptions o;
  o.batch = 16;  // the executor is built for 32
  EXPECT_THROW(Trainer(*ex, sgd, o), D500Error);
  o.batch = 32;
  o.loss = "nll";
  try {
    Trainer bad(*ex, sgd, o);
    FAIL();
  } catch (const D500Error& e) {
    EXPECT_NE(std::string(e.what()).find("no output \"nll\""), std::string::npos) << e.what();
  }
  o.loss = "loss";
  Trainer t(*ex, sgd, o);
  auto wrong_shape = synthetic(21, 4);
  ShuffledSampler s1(wrong_shape.train.size(), 1);
  EXPECT_THROW(t.train(wrong_shape.train, s1, wrong_shape.test), D500Error);
  auto too_many_classes = synthetic(20, 7);
  ShuffledSampler s2(too_many_classes.train.size(), 1);
  try {
    t.train(too_many_classes.train, s2, too_many_classes.test);
    FAIL();
  } catch (const D500Error& e) {
    EXPECT_NE(std::string(e.what()).find("7 classes"), std::string::npos) << e.what();
  }
}

TEST(TimeToAccuracy, MedianCiOlympicMeanAndSeedsThatNeverReached) {
  const auto s = summarize_tta({3.0, 1.0, 2.0, 5.0, 4.0});
  EXPECT_EQ(s.reached, 5);
  EXPECT_EQ(s.not_reached, 0);
  EXPECT_DOUBLE_EQ(s.median, 3.0);
  ASSERT_TRUE(s.olympic_valid);
  EXPECT_DOUBLE_EQ(s.olympic_mean, 3.0);  // (2 + 3 + 4) / 3
  const auto t = summarize_tta({2.0, -1, 4.0, 3.0, -1});
  EXPECT_EQ(t.reached, 3);
  EXPECT_EQ(t.not_reached, 2);
  EXPECT_DOUBLE_EQ(t.median, 3.0);
  EXPECT_FALSE(t.olympic_valid);  // a seed that never converges fails the MLPerf rule
  EXPECT_NE(t.describe().find("3 of 5 seeds"), std::string::npos) << t.describe();
  EXPECT_EQ(summarize_tta({-1, -1}).describe(), "target never reached (2 seeds)");
}

TEST(Recipes, FixedComponentsAreFilledInAndChangesAreViolations) {
  test::TempDir tmp;
  {
    std::ofstream f(tmp.file("r.json"));
    f << R"({"d500_recipe": 1, "name": "r", "fixed": {"dataset": "synthetic",
             "network": {"builder": "mlp", "hidden": [16]}, "target_accuracy": 0.9},
             "mutable": ["optimizer"], "defaults": {"batch": 32}})";
  }
  auto ok = parse_training(nlohmann::json{{"recipe", "r.json"}}, "exp.json", tmp.file(""));
  ASSERT_TRUE(ok) << ok.error().to_string();
  EXPECT_EQ(ok->dataset, "synthetic");
  EXPECT_EQ(ok->batch, 32);
  EXPECT_DOUBLE_EQ(ok->target_accuracy, 0.9);
  EXPECT_TRUE(ok->recipe_violations.empty());
  auto changed = parse_training(nlohmann::json{{"recipe", "r.json"}, {"target_accuracy", 0.5}},
                                "exp.json", tmp.file(""));
  ASSERT_TRUE(changed);
  ASSERT_EQ(changed->recipe_violations.size(), 1u);
  EXPECT_NE(changed->recipe_violations[0].find("target_accuracy is fixed"), std::string::npos);
  auto missing = parse_training(nlohmann::json{{"recipe", "nope.json"}}, "exp.json", tmp.file(""));
  ASSERT_FALSE(missing);
  EXPECT_NE(missing.error().to_string().find("$.training.recipe"), std::string::npos);
  auto bad = parse_training(nlohmann::json{{"sampler", "random"}, {"batch", 0}}, "exp.json", "");
  ASSERT_FALSE(bad);
  EXPECT_NE(bad.error().to_string().find("$.training.sampler"), std::string::npos);
  EXPECT_NE(bad.error().to_string().find("$.training.batch"), std::string::npos);
}

// Found by fuzz_experiment: values of the wrong type in the network and augment sections once
// threw out of parse_training; each is now reported at its JSON path, all in one message.
TEST(TrainingSpec, WrongTypesInNetworkAndAugmentAreReportedAtTheirPaths) {
  auto bad = parse_training(
      nlohmann::json::parse(R"({"network": {"builder": 7, "hidden": ["wide"], "depth": 3},
                                "augment": {"horizontal_flip": "yes"}, "normalize": 1})"),
      "exp.json", "");
  ASSERT_FALSE(bad);
  const std::string e = bad.error().to_string();
  for (const char* path :
       {"$.training.network.builder", "$.training.network.hidden", "$.training.network.depth",
        "$.training.augment.horizontal_flip", "$.training.normalize"})
    EXPECT_NE(e.find(path), std::string::npos) << path << " in " << e;
  auto model = parse_training(nlohmann::json::parse(R"({"network": {"model": ["a.onnx"]}})"),
                              "exp.json", "");
  ASSERT_FALSE(model);
  EXPECT_NE(model.error().to_string().find("$.training.network.model"), std::string::npos);
  auto good =
      parse_training(nlohmann::json::parse(R"({"network": {"builder": "mlp", "hidden": [32, 16]},
                                "augment": {"horizontal_flip": true}})"),
                     "exp.json", "");
  ASSERT_TRUE(good) << good.error().to_string();
  EXPECT_TRUE(good->augment.horizontal_flip);
  EXPECT_EQ(good->network["hidden"], nlohmann::json::parse("[32, 16]"));
}

// Issue 30: the series catalogue names each series once, with a title; a stored name with a
// seed suffix finds its descriptor, and a name no level writes finds none.
TEST(SeriesKinds, EachNameOnceWithATitle) {
  std::set<std::string_view> names;
  for (const series::SeriesKind* k : series::kBuiltinSeries) {
    EXPECT_TRUE(names.insert(k->name).second) << "twice: " << k->name;
    EXPECT_FALSE(k->title.empty()) << k->name;
    EXPECT_TRUE(k->level == "training" || k->level == "distributed") << k->name;
  }
  EXPECT_EQ(series::find_series("tta_s"), &series::kTimeToAccuracy);
  EXPECT_EQ(series::find_series("comm_bytes@seed0"), &series::kCommBytes);
  EXPECT_EQ(series::find_series("no_such_series"), nullptr);
  EXPECT_TRUE(series::is("loss@seed1", series::kLoss));
  EXPECT_FALSE(series::is("loss_scale", series::kLoss));
}
