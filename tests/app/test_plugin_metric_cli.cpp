// Guards issue #30 (metrics as a component kind, ABI 1.4) at the command line: `d500 plugins`
// lists the built-in expected calibration error beside the examples plugin's gradient norm (SDK
// only) with unit, direction and cadence; a training run (level 2) and a distributed run under
// `mpirun -np 2` (level 3) that name them store their points, and `d500 show` (text and --json)
// summarizes each per seed or rank; an unknown metric and refused params are refused by `check`
// and `run` with the JSON path, before any run is stored; a plugin's sampler is refused at level 3.
#include <gtest/gtest.h>

#include <fstream>
#include <nlohmann/json.hpp>

#include "../support/mpi_cli.h"
#include "../support/pgm_folder.h"
#include "d500/store/result_store.h"

using d500::test::contains;
using d500::test::kD500;
using d500::test::kMpirun;
using d500::test::kRootEnv;
using d500::test::run;
using d500::test::TempDir;
using nlohmann::json;

namespace {

const json kMetrics = json::parse(R"(["ece", {"name": "examples/grad_norm",
                                                 "params": {"every": 4}}])");

// The training level's small synthetic MLP with `metrics`.
std::string training_experiment(const TempDir& dir, const json& metrics, const std::string& file) {
  json j = json::parse(R"({"d500": 1, "name": "mlp-metrics", "level": "training", "seed": 3,
    "training": {"dataset": "synthetic",
      "synthetic": {"samples": 512, "test_samples": 128, "shape": [16], "classes": 4,
                    "noise": 0.4},
      "network": {"builder": "mlp", "hidden": [16]}, "executor": "reference",
      "optimizer": {"plugin": "reference", "name": "adam", "lr": 0.01},
      "batch": 32, "epochs": 2, "seeds": 2}})");
  j["training"]["metrics"] = metrics;
  const std::string path = dir.file(file);
  std::ofstream(path) << j.dump(2);
  return path;
}

// The rows of `show --json`'s metrics, by name.
std::map<std::string, json> shown_metrics(const TempDir& dir, const std::string& db) {
  auto r = run({kD500, "show", "latest", "--db", db, "--json"}, dir.path());
  EXPECT_EQ(r.exit_code, 0) << r.err;
  std::map<std::string, json> out;
  const json j = json::parse(r.out, nullptr, false);
  if (j.is_object() && j.contains("metrics"))
    for (const auto& m : j["metrics"]) out[m.value("name", "")] = m;
  return out;
}

TEST(PluginMetricCli, PluginsListsTheBuiltInAndThePluginsMetricsWithTheirUnits) {
  TempDir dir;
  auto r = run({kD500, "plugins"}, dir.path());
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_TRUE(contains(r.out, "METRIC")) << r.out;
  EXPECT_TRUE(contains(r.out, "examples/grad_norm")) << r.out;
  EXPECT_TRUE(contains(r.out, "step, epoch")) << r.out;
  auto j = run({kD500, "plugins", "--json"}, dir.path());
  ASSERT_EQ(j.exit_code, 0) << j.err;
  std::map<std::string, json> by_name;
  const json listed = json::parse(j.out);
  for (const auto& m : listed["metrics"]) by_name[m.value("name", "")] = m;
  ASSERT_TRUE(by_name.count("ece") && by_name.count("examples/grad_norm")) << j.out;
  EXPECT_EQ(by_name["ece"]["origin"], "built-in");
  EXPECT_EQ(by_name["ece"]["better"], "lower");
  EXPECT_EQ(by_name["examples/grad_norm"]["origin"], "plugin examples");
  EXPECT_EQ(by_name["examples/grad_norm"]["unit"], "1");
}

TEST(PluginMetricCli, ATrainingRunStoresAndShowsEachMetricPerSeed) {
  TempDir dir;
  const std::string e = training_experiment(dir, kMetrics, "train.json");
  const std::string db = dir.file("r.d500db");
  auto r = run({kD500, "run", e, "--db", db}, dir.path());
  ASSERT_EQ(r.exit_code, 0) << r.err;
  auto show = run({kD500, "show", "latest", "--db", db}, dir.path());
  ASSERT_EQ(show.exit_code, 0) << show.err;
  EXPECT_TRUE(contains(show.out, "metrics:")) << show.out;
  EXPECT_TRUE(contains(show.out, "LAST EPOCH (MEDIAN)")) << show.out;
  auto m = shown_metrics(dir, db);
  ASSERT_EQ(m.size(), 2u);
  EXPECT_EQ(m["ece"]["replicas"], 2);
  EXPECT_EQ(m["ece"]["step_points"], 0);
  // 16 steps an epoch, 2 epochs, 2 seeds, a point every 4th step.
  EXPECT_EQ(m["examples/grad_norm"]["step_points"], 16);
  EXPECT_GT(m["examples/grad_norm"]["step_median"].get<double>(), 0);
}

TEST(PluginMetricCli, ADistributedRunOnTwoRanksShowsEachMetricPerRank) {
  REQUIRE_MPIRUN();
  TempDir dir;
  const std::string e =
      d500::test::distributed_variant(dir, {{"scheme", "allreduce"}}, true, "dist.json");
  json j = json::parse(std::ifstream(e));
  j["training"]["metrics"] = kMetrics;
  j["training"]["epochs"] = 1;
  std::ofstream(e) << j.dump(2);
  const std::string db = dir.file("d.d500db");
  auto r = run({kMpirun, "-np", "2", "--oversubscribe", kD500, "run", e, "--db", db}, dir.path(),
               kRootEnv);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  auto show = run({kD500, "show", "latest", "--db", db}, dir.path());
  EXPECT_TRUE(contains(show.out, "RANKS")) << show.out;
  auto m = shown_metrics(dir, db);
  ASSERT_EQ(m.size(), 2u);
  EXPECT_EQ(m["ece"]["replicas"], 2) << "both ranks' last epoch";
  EXPECT_EQ(m["examples/grad_norm"]["replicas"], 2);
  EXPECT_GT(m["examples/grad_norm"]["step_points"].get<int>(), 0);
}

TEST(PluginMetricCli, UnknownMetricsAndRefusedParamsAreRefusedWithTheirPath) {
  TempDir dir;
  const std::string unknown = training_experiment(dir, json::array({"ece", "ecee"}), "u.json");
  auto c = run({kD500, "check", unknown}, dir.path());
  EXPECT_NE(c.exit_code, 0);
  EXPECT_TRUE(contains(c.err + c.out, "$.training.metrics[1]")) << c.err << c.out;
  EXPECT_TRUE(contains(c.err + c.out, "unknown metric \"ecee\"")) << c.err << c.out;
  const std::string bad = training_experiment(
      dir, json::parse(R"([{"name": "examples/grad_norm", "params": {"every": 0}}])"), "b.json");
  const std::string db = dir.file("r.d500db");
  auto r = run({kD500, "run", bad, "--db", db}, dir.path());
  EXPECT_NE(r.exit_code, 0);
  EXPECT_TRUE(contains(r.err, "$.training.metrics[0]")) << r.err;
  EXPECT_TRUE(contains(r.err, "(plugin examples) create failed: params.every")) << r.err;
  auto runs = run({kD500, "runs", "--db", db}, dir.path());
  EXPECT_FALSE(contains(runs.out, "mlp-metrics")) << "nothing was run: " << runs.out;
}

// A plugin's sampler at level 3: every rank draws the same order from it (the same seed) and
// trains on its shard, so a subset of a quarter of 2048 samples gives each of 2 ranks 256 a
// epoch: 8 steps of 32, 16 in 2 epochs, the same on both ranks.
TEST(PluginMetricCli, APluginSamplerIsShardedOverTheRanksAtLevelThree) {
  REQUIRE_MPIRUN();
  TempDir dir;
  const std::string e =
      d500::test::distributed_variant(dir, {{"scheme", "allreduce"}}, true, "dist.json");
  json j = json::parse(std::ifstream(e));
  j["training"]["sampler"] = "examples/subset";
  j["training"]["sampler_params"] = {{"fraction", 0.25}};
  j["distributed"]["scaling_baseline"] = false;
  std::ofstream(e) << j.dump(2);
  auto c = run({kD500, "check", e}, dir.path());
  EXPECT_EQ(c.exit_code, 0) << c.err << c.out;
  const std::string db = dir.file("s.d500db");
  auto r = run({kMpirun, "-np", "2", "--oversubscribe", kD500, "run", e, "--db", db}, dir.path(),
               kRootEnv);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  auto s = d500::store::ResultStore::open(db, d500::store::ResultStore::Mode::ReadOnly);
  ASSERT_TRUE(s.ok());
  std::map<int, double> steps;
  for (const auto& p : s.value()->series_after(s.value()->runs().back().id, 0, 1000000))
    if (p.name == "steps") steps[p.rank] = p.value;
  EXPECT_EQ(steps, (std::map<int, double>{{0, 16}, {1, 16}}));
}

// The examples plugin's streamed image folder: listed, trained on at level 3 under mpirun -np 2
// (each rank reads its own shard from the files), and a folder that is not there refused by
// `check` at the dataset's path.
TEST(PluginMetricCli, APluginDatasetIsListedTrainedOnTwoRanksAndItsMissingFolderRefused) {
  TempDir dir;
  auto listed = run({kD500, "plugins"}, dir.path());
  EXPECT_TRUE(contains(listed.out, "examples/image_folder")) << listed.out;
  d500::test::write_pgm_folder(dir.file("images"), 3, 8, 6, 6);
  const std::string e =
      d500::test::distributed_variant(dir, {{"scheme", "allreduce"}}, true, "images.json");
  json j = json::parse(std::ifstream(e));
  j["training"]["dataset"] = "examples/image_folder";
  j["training"]["dataset_dir"] = dir.file("images");
  j["training"].erase("synthetic");
  j["training"]["batch"] = 4;
  j["training"]["epochs"] = 1;
  j["distributed"]["scaling_baseline"] = false;
  std::ofstream(e) << j.dump(2);
  REQUIRE_MPIRUN();
  const std::string db = dir.file("i.d500db");
  auto r = run({kMpirun, "-np", "2", "--oversubscribe", kD500, "run", e, "--db", db}, dir.path(),
               kRootEnv);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  auto show = run({kD500, "show", "latest", "--db", db}, dir.path());
  EXPECT_TRUE(contains(show.out, "distributed training: allreduce x2")) << show.out;
  j["training"]["dataset_dir"] = dir.file("nowhere");
  std::ofstream(e) << j.dump(2);
  auto c = run({kD500, "check", e}, dir.path());
  EXPECT_NE(c.exit_code, 0);
  EXPECT_TRUE(contains(c.err + c.out, "$.training.dataset")) << c.err << c.out;
  EXPECT_TRUE(contains(c.err + c.out, "(plugin examples) open failed")) << c.err << c.out;
}

}  // namespace
