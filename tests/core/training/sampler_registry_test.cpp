// Guards issue #30 (samplers as registered components, plugin ABI 1.4): the built-in samplers go
// through the registry in order and refuse parameters they do not take; the examples plugin's
// random subset (SDK only) is registered as "plugin/name", is a pure function of (seed, epoch),
// refuses a bad fraction naming the plugin, and drives the Trainer with fewer steps an epoch; a
// plugin sampler without epoch_indices is refused at load, and one that hands out an index past
// the dataset fails naming the sampler; the training section takes any registered name and
// reports an unknown built-in one with the names it knows.
#include "d500/training/sampler_registry.h"

#include <gtest/gtest.h>

#include <set>

#include "d500/training/training_spec.h"
#include "trainer_support.h"

using namespace d500;
using namespace d500::training;
using namespace d500::test;

namespace {

Dataset labelled(int64_t n, int64_t classes) {
  Dataset d;
  d.num_classes = classes;
  d.images = Tensor(DType::Float32, {n, 1});
  d.labels = Tensor(DType::Int64, {n});
  for (int64_t i = 0; i < n; ++i) d.labels.set(i, static_cast<double>(i % classes));
  return d;
}

TEST(Samplers, BuiltInsComeFirstInOrderAndTakeNoParameters) {
  const auto all = samplers().all();
  ASSERT_GE(all.size(), 3u);
  const char* names[] = {"shuffled", "sequential", "balanced"};
  for (size_t i = 0; i < 3; ++i) {
    EXPECT_EQ(all[i]->name, names[i]);
    EXPECT_EQ(all[i]->origin, "built-in");
  }
  const Dataset d = labelled(10, 2);
  const auto seq = make_sampler("sequential", d, 1, {})->epoch_indices(3);
  EXPECT_EQ(seq, (std::vector<int64_t>{0, 1, 2, 3, 4, 5, 6, 7, 8, 9}));
  EXPECT_EQ(make_sampler("shuffled", d, 7, {})->epoch_indices(0), seeded_permutation(10, 7, 0));
  try {
    make_sampler("shuffled", d, 1, {{"fraction", 0.5}});
    FAIL() << "a built-in took a parameter";
  } catch (const D500Error& e) {
    EXPECT_NE(std::string(e.what()).find("takes no parameters, got \"fraction\""),
              std::string::npos);
  }
  try {
    make_sampler("sideways", d, 1, {});
    FAIL() << "an unknown sampler was made";
  } catch (const D500Error& e) {
    EXPECT_NE(std::string(e.what()).find("known: shuffled, sequential, balanced"),
              std::string::npos)
        << e.what();
  }
}

TEST(Samplers, TheExamplesPluginsSubsetIsAPureFunctionOfSeedAndEpoch) {
  ASSERT_EQ(plugins().find("examples")->n_samplers, 1u);
  EXPECT_TRUE(register_plugin_samplers(plugins()).empty());
  EXPECT_TRUE(register_plugin_samplers(plugins()).empty()) << "a second call adds nothing";
  const auto* d = samplers().find("examples/subset");
  ASSERT_NE(d, nullptr);
  EXPECT_EQ(d->origin, "plugin examples");
  const Dataset data = labelled(100, 4);
  auto s = make_sampler("examples/subset", data, 5, {{"fraction", 0.25}});
  const auto e0 = s->epoch_indices(0);
  ASSERT_EQ(e0.size(), 25u);
  EXPECT_EQ(std::set<int64_t>(e0.begin(), e0.end()).size(), 25u) << "no sample twice";
  for (int64_t i : e0) EXPECT_TRUE(i >= 0 && i < 100) << i;
  EXPECT_EQ(s->epoch_indices(0), e0) << "asked again, the same order";
  EXPECT_NE(s->epoch_indices(1), e0) << "another epoch, another part";
  EXPECT_EQ(make_sampler("examples/subset", data, 5, {{"fraction", 0.25}})->epoch_indices(0), e0);
  try {
    make_sampler("examples/subset", data, 5, {{"fraction", 2}});
    FAIL() << "a fraction of 2 was taken";
  } catch (const D500Error& e) {
    EXPECT_NE(std::string(e.what()).find("sampler \"examples/subset\" (plugin examples) create "
                                         "failed: params.fraction must lie in (0, 1]"),
              std::string::npos)
        << e.what();
  }
}

TEST(Samplers, APluginSamplerDrivesTheTrainerWithFewerStepsAnEpoch) {
  EXPECT_TRUE(register_plugin_samplers(plugins()).empty());
  auto data = synthetic(20, 4);
  auto ex = mlp(32, 20, 4);
  Optimizer sgd(plugins(), "reference", "sgd", {{"lr", 0.05}});
  TrainerOptions o;
  o.batch = 32;
  o.epochs = 2;
  Trainer t(*ex, sgd, o);
  auto half = make_sampler("examples/subset", data.train, 3, {{"fraction", 0.5}});
  const TrainResult r = t.train(data.train, *half, data.test);
  EXPECT_EQ(r.steps, 2 * (640 / 2 / 32)) << "half of 640 samples an epoch, in batches of 32";
}

TEST(Samplers, MalformedAndMisbehavingPluginSamplersAreRefusedNamingThem) {
  plugin::PluginManager pm(
      {std::string(D500_TEST_BINARY_DIR) + "/tests/fixtures/plugin-dir-metrics"});
  pm.load({"fixture_sampler_no_indices", "fixture_sampler_out_of_range"});
  const auto* bad = pm.find("fixture_sampler_no_indices");
  ASSERT_NE(bad, nullptr);
  EXPECT_EQ(bad->state, plugin::PluginState::Broken);
  EXPECT_NE(bad->error.find("sampler \"broken\" lacks create, destroy or epoch_indices"),
            std::string::npos)
      << bad->error;
  ASSERT_EQ(pm.find("fixture_sampler_out_of_range")->state, plugin::PluginState::Loaded);
  EXPECT_TRUE(register_plugin_samplers(pm).empty());
  auto s = make_sampler("fixture_sampler_out_of_range/broken", labelled(5, 1), 1, {});
  try {
    s->epoch_indices(0);
    FAIL() << "an index past the dataset was handed out";
  } catch (const D500Error& e) {
    EXPECT_NE(std::string(e.what()).find("(plugin fixture_sampler_out_of_range) epoch_indices "
                                         "failed: index 5 of epoch 0 is outside [0, 5)"),
              std::string::npos)
        << e.what();
  }
}

TEST(Samplers, TheTrainingSectionTakesRegisteredNamesAndTheirParameters) {
  auto ok =
      parse_training(nlohmann::json::parse(
                         R"({"sampler": "examples/subset", "sampler_params": {"fraction": 0.5}})"),
                     "x.json", "");
  ASSERT_TRUE(ok.ok()) << ok.error().to_string();
  EXPECT_EQ(ok.value().sampler, "examples/subset");
  EXPECT_EQ(ok.value().sampler_params.at("fraction"), 0.5);
  auto bad = parse_training(nlohmann::json::parse(R"({"sampler": "sideways"})"), "x.json", "");
  ASSERT_FALSE(bad.ok());
  EXPECT_NE(
      bad.error().to_string().find("$.training.sampler: expected shuffled, sequential, balanced"),
      std::string::npos)
      << bad.error().to_string();
  auto params = parse_training(nlohmann::json::parse(R"({"sampler_params": {"fraction": "half"}})"),
                               "x.json", "");
  ASSERT_FALSE(params.ok());
  EXPECT_NE(params.error().to_string().find("$.training.sampler_params.fraction"),
            std::string::npos);
}

}  // namespace
