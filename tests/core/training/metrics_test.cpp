// Guards issue #30 (metrics as registered components, plugin ABI 1.4): the built-in expected
// calibration error is registered like a plugin's and computes the textbook value; malformed
// registrations and plugin metrics are refused naming the field, with the host going on; the
// examples plugin's gradient norm (SDK only) runs inside the Trainer, per step and per epoch, and
// agrees with the gradients the executor holds; a metric that fails mid-training fails the
// training naming the plugin; unknown names, level-3 metrics at level 2 and refused params are
// problems at their JSON path; plugins built before metrics existed still load.
#include "d500/training/metrics.h"

#include <gtest/gtest.h>

#include <cmath>

#include "d500/training/metric_event.h"
#include "d500/training/training_spec.h"
#include "trainer_support.h"

using namespace d500;
using namespace d500::training;
using namespace d500::test;

namespace {

// Rows of logits [batch, classes] and labels [batch] as the step a metric sees.
struct Batch2 {
  Tensor logits, labels;
  DLTensor l, y;
  MetricStep step;
  Batch2(const std::vector<std::vector<float>>& rows, const std::vector<int64_t>& classes)
      : logits(DType::Float32,
               {static_cast<int64_t>(rows.size()), static_cast<int64_t>(rows[0].size())}),
        labels(DType::Int64, {static_cast<int64_t>(rows.size())}) {
    for (size_t i = 0; i < rows.size(); ++i) {
      for (size_t c = 0; c < rows[i].size(); ++c)
        logits.set(static_cast<int64_t>(i * rows[i].size() + c), rows[i][c]);
      labels.set(static_cast<int64_t>(i), static_cast<double>(classes[i]));
    }
    l = logits.dl();
    y = labels.dl();
    step.logits = &l;
    step.labels = &y;
  }
};

TEST(Metrics, TheBuiltInEceComputesTheTextbookValueAndResetsPerEpoch) {
  const MetricDescriptor* d = metrics().find("ece");
  ASSERT_NE(d, nullptr);
  EXPECT_EQ(metrics().all().front(), d) << "built-ins come first";
  EXPECT_EQ(d->origin, "built-in");
  EXPECT_EQ(d->unit, "1");
  EXPECT_EQ(d->better, series::Better::Lower);
  EXPECT_TRUE(d->per_epoch);
  auto ece = d->make({{"bins", 2}});
  // Confidences .75 (right), .75 (wrong), .9 (right) in the upper bin; 1/3 (right) in the lower:
  // (|2 - 2.4| + |1 - 1/3|) / 4.
  const float ln3 = std::log(3.0f), ln9 = std::log(9.0f);
  Batch2 a({{ln3, 0, -100}, {0, ln3, -100}}, {0, 0});
  Batch2 b({{ln9, 0, -100}, {0, 0, 0}}, {0, 0});
  EXPECT_FALSE(ece->step(a.step).has_value()) << "per epoch only";
  ece->step(b.step);
  const auto v = ece->end_epoch(0);
  ASSERT_TRUE(v.has_value());
  EXPECT_NEAR(*v, (0.4 + 2.0 / 3.0) / 4.0, 1e-6);
  EXPECT_FALSE(ece->end_epoch(1).has_value()) << "the next epoch starts empty";
  EXPECT_THROW(d->make({{"bins", 0}}), D500Error);
  EXPECT_THROW(d->make({{"colour", 1}}), D500Error);
}

TEST(Metrics, MalformedRegistrationsAreRefusedWithTheReasonAndLeaveNothingBehind) {
  auto ok = [] {
    MetricDescriptor d;
    d.name = "test_metric_ok";
    d.summary = "a test";
    d.unit = "1";
    d.per_step = true;
    d.origin = "test";
    d.make = [](const std::map<std::string, double>&) -> std::unique_ptr<MetricAlgorithm> {
      return nullptr;
    };
    return d;
  };
  auto bad = [&](auto change, const char* why) {
    MetricDescriptor d = ok();
    change(d);
    const std::string refused = metrics().add(d);
    EXPECT_NE(refused.find(why), std::string::npos) << refused;
  };
  bad([](MetricDescriptor& d) { d.unit.clear(); }, "no unit");
  bad([](MetricDescriptor& d) { d.per_step = false; }, "neither per step nor per epoch");
  bad([](MetricDescriptor& d) { d.level = "operator"; }, "level \"operator\"");
  bad([](MetricDescriptor& d) { d.name = "Bad Name"; }, "a name is");
  bad([](MetricDescriptor& d) { d.summary.clear(); }, "no summary");
  bad([](MetricDescriptor& d) { d.make = nullptr; }, "no algorithm");
  bad([](MetricDescriptor& d) { d.name = "ece"; }, "the name is taken by built-in");
  EXPECT_EQ(metrics().find("test_metric_ok"), nullptr);
  EXPECT_EQ(metrics().find("Bad Name"), nullptr);
}

TEST(Metrics, TheExamplesPluginsGradientNormRunsInTheTrainerAndMatchesTheGradients) {
  ASSERT_EQ(plugins().find("examples")->state, plugin::PluginState::Loaded)
      << plugins().find("examples")->error;
  EXPECT_EQ(plugins().find("examples")->n_metrics, 1u);
  EXPECT_TRUE(register_plugin_metrics(plugins()).empty());
  EXPECT_TRUE(register_plugin_metrics(plugins()).empty()) << "a second call adds nothing";
  const MetricDescriptor* d = metrics().find("examples/grad_norm");
  ASSERT_NE(d, nullptr);
  EXPECT_EQ(d->origin, "plugin examples");
  EXPECT_TRUE(d->per_step && d->per_epoch);

  auto data = synthetic(20, 4);
  auto ex = mlp(32, 20, 4);
  Optimizer sgd(plugins(), "reference", "sgd", {{"lr", 0.05}});
  TrainerOptions o;
  o.batch = 32;
  o.epochs = 2;
  Trainer t(*ex, sgd, o);
  MemorySink sink;
  t.set_sink(&sink);
  t.add_event(std::make_shared<MetricEvent>(
      std::vector<MetricRequest>{{"ece", {}}, {"examples/grad_norm", {}}}, "training", *ex, o,
      &sink));
  // The norm of the gradients the executor holds when the optimizer is about to step.
  struct Norms : TrainingEvent {
    network::NetworkExecutor& ex;
    std::vector<double> seen;
    explicit Norms(network::NetworkExecutor& e) : ex(e) {}
    void before_optimizer(int64_t) override {
      double sum = 0;
      for (const auto& name : ex.parameter_names()) {
        const Tensor& g = ex.gradient(name);
        for (int64_t i = 0; i < element_count(g.shape()); ++i) sum += g.at(i) * g.at(i);
      }
      seen.push_back(std::sqrt(sum));
    }
  };
  auto norms = std::make_shared<Norms>(*ex);
  t.add_event(norms);
  ShuffledSampler sampler(data.train.size(), 3);
  const TrainResult r = t.train(data.train, sampler, data.test);
  const auto& steps = sink.points["examples/grad_norm"];
  ASSERT_EQ(static_cast<int64_t>(steps.size()), r.steps);
  ASSERT_EQ(norms->seen.size(), steps.size());
  for (size_t i = 0; i < steps.size(); ++i) {
    EXPECT_EQ(steps[i].first, static_cast<int64_t>(i));
    EXPECT_NEAR(steps[i].second, norms->seen[i], 1e-4 * (1 + norms->seen[i]));
  }
  // The epoch's point is the mean of its steps' norms, at the epoch's number.
  const auto& epochs = sink.points["examples/grad_norm.epoch"];
  ASSERT_EQ(epochs.size(), 2u);
  const size_t per_epoch = steps.size() / 2;
  double mean = 0;
  for (size_t i = 0; i < per_epoch; ++i) mean += steps[i].second / static_cast<double>(per_epoch);
  EXPECT_EQ(epochs[0].first, 1);
  EXPECT_NEAR(epochs[0].second, mean, 1e-9);
  const auto& ece = sink.points["ece.epoch"];
  ASSERT_EQ(ece.size(), 2u);
  for (const auto& [epoch, v] : ece) EXPECT_TRUE(v >= 0 && v <= 1) << v;
  EXPECT_TRUE(sink.points["ece"].empty()) << "ece has no per-step points";
}

TEST(Metrics, PluginsWithAMalformedMetricAreRefusedNamingTheField) {
  plugin::PluginManager pm(
      {std::string(D500_TEST_BINARY_DIR) + "/tests/fixtures/plugin-dir-metrics"});
  pm.load({"fixture_metric_small", "fixture_metric_no_unit", "fixture_metric_bad_level",
           "fixture_metric_no_update", "fixture_metric_no_end_epoch"});
  const std::pair<const char*, const char*> expected[] = {
      {"fixture_metric_small", "metric #0 struct_size is"},
      {"fixture_metric_no_unit", "metric \"broken\" has no unit"},
      {"fixture_metric_bad_level", "has level \"operator\""},
      {"fixture_metric_no_update", "lacks create, destroy or update_step"},
      {"fixture_metric_no_end_epoch", "is per epoch but has no end_epoch"}};
  for (const auto& [name, why] : expected) {
    const auto* rec = pm.find(name);
    ASSERT_NE(rec, nullptr) << name;
    EXPECT_EQ(rec->state, plugin::PluginState::Broken) << name;
    EXPECT_NE(rec->error.find(why), std::string::npos) << name << ": " << rec->error;
  }
  EXPECT_TRUE(pm.metrics().empty()) << "nothing of a refused plugin is offered";
}

TEST(Metrics, APluginBuiltBeforeMetricsLoadsWithNone) {
  plugin::PluginManager pm(
      {std::string(D500_TEST_BINARY_DIR) + "/tests/fixtures/plugin-dir-metrics"});
  pm.load({"fixture_metric_info_1_4_0"});
  const auto* rec = pm.find("fixture_metric_info_1_4_0");
  ASSERT_NE(rec, nullptr);
  ASSERT_EQ(rec->state, plugin::PluginState::Loaded) << rec->error;
  EXPECT_EQ(rec->n_metrics, 0u) << "its info ends before the metrics members";
  EXPECT_TRUE(pm.metrics().empty());
  const auto probed = plugin::probe_isolated(*rec);
  EXPECT_EQ(probed.n_metrics, 0u);
}

TEST(Metrics, AMetricThatFailsMidTrainingFailsItNamingThePlugin) {
  plugin::PluginManager pm(
      {std::string(D500_TEST_BINARY_DIR) + "/tests/fixtures/plugin-dir-metrics"});
  pm.load({"fixture_metric_fails"});
  ASSERT_EQ(pm.find("fixture_metric_fails")->state, plugin::PluginState::Loaded);
  EXPECT_TRUE(register_plugin_metrics(pm).empty());
  auto data = synthetic(20, 4);
  auto ex = mlp(32, 20, 4);
  Optimizer sgd(plugins(), "reference", "sgd", {{"lr", 0.05}});
  TrainerOptions o;
  o.batch = 32;
  o.epochs = 1;
  Trainer t(*ex, sgd, o);
  MemorySink sink;
  t.add_event(std::make_shared<MetricEvent>(
      std::vector<MetricRequest>{{"fixture_metric_fails/broken", {}}}, "training", *ex, o, &sink));
  ShuffledSampler sampler(data.train.size(), 3);
  try {
    t.train(data.train, sampler, data.test);
    FAIL() << "the metric's failure must end the training";
  } catch (const D500Error& e) {
    const std::string msg = e.what();
    EXPECT_NE(msg.find("metric \"fixture_metric_fails/broken\" (plugin fixture_metric_fails) "
                       "update_step failed: the fixture fails at step 2"),
              std::string::npos)
        << msg;
  }
  EXPECT_EQ(sink.points["fixture_metric_fails/broken"].size(), 2u) << "steps 0 and 1 were kept";
}

TEST(Metrics, UnknownNamesLevelThreeMetricsAndRefusedParamsAreProblemsAtTheirPath) {
  EXPECT_TRUE(register_plugin_metrics(plugins()).empty());
  MetricDescriptor l3;
  l3.name = "test_rank_metric";
  l3.summary = "level 3 only";
  l3.unit = "s";
  l3.level = "distributed";
  l3.per_epoch = true;
  l3.origin = "test";
  l3.make = [](const std::map<std::string, double>&) -> std::unique_ptr<MetricAlgorithm> {
    return nullptr;
  };
  ASSERT_EQ(metrics().add(l3), "");
  TrainingSpec t;
  t.metrics = {{"ece", {}},
               {"no_such_metric", {}},
               {"test_rank_metric", {}},
               {"examples/grad_norm", {{"every", 0}}}};
  const spec::Problems p = check_metrics(t, "training", &plugins());
  ASSERT_EQ(p.size(), 3u);
  EXPECT_EQ(p[0].path, "$.training.metrics[1]");
  EXPECT_NE(p[0].message.find("unknown metric \"no_such_metric\"; known: ece"), std::string::npos)
      << p[0].message;
  EXPECT_EQ(p[1].path, "$.training.metrics[2]");
  EXPECT_NE(p[1].message.find("level 3) only"), std::string::npos) << p[1].message;
  EXPECT_EQ(p[2].path, "$.training.metrics[3]");
  EXPECT_NE(p[2].message.find("metric \"examples/grad_norm\" (plugin examples) create failed: "
                              "params.every must be a whole number"),
            std::string::npos)
      << p[2].message;
  t.metrics = {{"test_rank_metric", {}}};
  EXPECT_TRUE(check_metrics(t, "distributed", &plugins()).empty());
  EXPECT_THROW(resolve_metrics(t.metrics, "training"), D500Error);
}

TEST(Metrics, TheTrainingSectionReadsNamesAndParamsAndReportsMistakesAtTheirPath) {
  auto good = parse_training(nlohmann::json::parse(R"({"dataset": "synthetic", "metrics": ["ece",
        {"name": "examples/grad_norm", "params": {"every": 5}}]})"),
                             "x.json", "");
  ASSERT_TRUE(good.ok()) << good.error().to_string();
  ASSERT_EQ(good.value().metrics.size(), 2u);
  EXPECT_EQ(good.value().metrics[1].name, "examples/grad_norm");
  EXPECT_EQ(good.value().metrics[1].params.at("every"), 5);
  const std::pair<const char*, const char*> bad[] = {
      {R"({"metrics": "ece"})", "$.training.metrics: expected a list of metrics"},
      {R"({"metrics": [3]})", "$.training.metrics[0]: expected a metric's name"},
      {R"({"metrics": ["ece", "ece"]})", "$.training.metrics[1]: metric \"ece\" is named twice"},
      {R"({"metrics": [{"name": "ece", "params": {"bins": "x"}}]})",
       "$.training.metrics[0].params.bins: expected a number"},
      {R"({"metrics": [{"name": "ece", "colour": 1}]})", "colour"}};
  for (const auto& [text, why] : bad) {
    auto r = parse_training(nlohmann::json::parse(text), "x.json", "");
    ASSERT_FALSE(r.ok()) << text;
    EXPECT_NE(r.error().to_string().find(why), std::string::npos) << r.error().to_string();
  }
}

TEST(Metrics, SummariesTakeTheLastEpochPerReplicaAndTheMedianOfTheSteps) {
  MetricDescriptor k;
  k.name = "m";
  k.unit = "s";
  const std::vector<MetricPoint> points = {
      {"m", 0, 0, 1.0},      {"m", 0, 1, 3.0},      {"m", 1, 0, 2.0},      {"m.epoch", 0, 1, 10},
      {"m.epoch", 0, 2, 20}, {"m.epoch", 1, 2, 40}, {"m.epoch", 1, 1, 30}, {"other", 0, 0, 99.0}};
  const auto s = summarize_metrics({k}, points);
  ASSERT_EQ(s.size(), 1u);
  EXPECT_EQ(s[0].replicas, 2u);
  ASSERT_TRUE(s[0].last_epoch.has_value());
  EXPECT_DOUBLE_EQ(*s[0].last_epoch, 30.0) << "median of 20 (replica 0) and 40 (replica 1)";
  EXPECT_EQ(s[0].step_points, 3u);
  EXPECT_DOUBLE_EQ(*s[0].step_median, 2.0);
  // The descriptors survive the trip through the run's artifact.
  const auto back = parse_metric_kinds(metric_kinds_json({metrics().find("ece")}).dump());
  ASSERT_EQ(back.size(), 1u);
  EXPECT_EQ(back[0].name, "ece");
  EXPECT_EQ(back[0].better, series::Better::Lower);
  EXPECT_TRUE(back[0].per_epoch);
  EXPECT_FALSE(back[0].per_step);
  EXPECT_TRUE(parse_metric_kinds("not json").empty());
  EXPECT_TRUE(parse_metric_kinds(R"([{"name": 3}, {"unit": "s"}])").empty());
}

}  // namespace
