// run::run_experiment, the library entry point every front end calls (issue 30, item 1): a level
// runs from a program that links the library, with no `d500` binary, and the observer hears the
// run start, progress, stop and finish; refusals are Failures before a run is recorded; a cancel
// flag ends the run as cancelled with what was measured kept.
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>

#include "../../support/pgm_folder.h"
#include "d500/run/metrics_of_run.h"
#include "d500/run/run.h"
#include "d500/store/result_store.h"

namespace fs = std::filesystem;
using namespace d500;

namespace {

class Recorder : public run::Observer {
 public:
  void started(const store::RunInfo& r, const std::string& db) override {
    ++starts;
    started_id = r.id;
    started_db = db;
  }
  void progress(const operators::ProgressEvent& e) override {
    ++updates;
    last_done = e.done;
  }
  void log(const std::string& level, const std::string& text) override {
    logs.push_back(level + ": " + text);
  }
  void stopped() override { ++stops; }
  void series(const store::SeriesPoint& p) override { heard.push_back(p.name); }
  void finished(const run::Result& r) override {
    ++finishes;
    finished_id = r.run_id;
  }
  int starts = 0, updates = 0, stops = 0, finishes = 0;
  int64_t started_id = 0, finished_id = 0;
  size_t last_done = 0;
  std::string started_db;
  std::vector<std::string> logs;
  std::vector<std::string> heard;  // the series points' names, in order
};

class RunExperimentTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() /
           ("d500-run-experiment-" + std::to_string(::getpid()) + "-" +
            ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(dir_);
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }

  // A Gemm sweep on the reference plugin, small enough to take well under a second.
  run::Request request(const std::string& op = "Gemm") {
    const std::string path = (dir_ / "gemm.json").string();
    std::ofstream(path) << R"({"d500": 1, "name": "gemm-lib", "level": "operator", "seed": 1,
      "operator": {"op": ")"
                        << op << R"(", "dtype": "float32", "inputs": [["N", "N"], ["N", "N"]]},
      "implementations": ["reference"], "sweep": {"N": [8, 16]},
      "repetition": {"warmup_calls": 1, "min_samples": 5, "max_samples": 20,
                     "max_seconds": 1}})";
    auto e = spec::load_experiment(path);
    EXPECT_TRUE(e.ok()) << (e.ok() ? "" : e.error().to_string());
    run::Request req;
    req.experiment = std::move(e).value();
    req.spec_path = path;
    req.db = (dir_ / "results.d500db").string();
    // d500's own plugins, found as the runner finds them: ../lib/d500/plugins beside bin/.
    req.program_dir = std::string(D500_TEST_BINARY_DIR) + "/bin";
    return req;
  }
  fs::path dir_;
};

TEST_F(RunExperimentTest, AnOperatorLevelRunsFromTheLibraryAndIsStored) {
  Recorder rec;
  run::Request req = request();
  const run::Result r = run::run_experiment(req, rec);
  EXPECT_EQ(r.code, run::kOk) << r.reason;
  EXPECT_EQ(r.status, store::RunStatus::Succeeded);
  EXPECT_TRUE(r.writer);
  ASSERT_GT(r.run_id, 0);
  EXPECT_EQ(rec.starts, 1);
  EXPECT_EQ(rec.started_id, r.run_id);
  EXPECT_EQ(rec.started_db, req.db);
  EXPECT_EQ(rec.finishes, 1);
  EXPECT_EQ(rec.finished_id, r.run_id);
  EXPECT_GE(rec.stops, 1);
  EXPECT_GT(rec.updates, 0);
  EXPECT_EQ(rec.last_done, 2u);  // both sweep points

  auto s = store::ResultStore::open(req.db, store::ResultStore::Mode::ReadOnly);
  ASSERT_TRUE(s.ok());
  const store::RunInfo stored = *s.value()->run(r.run_id);
  EXPECT_EQ(stored.name, "gemm-lib");
  EXPECT_EQ(stored.status, store::RunStatus::Succeeded);
  EXPECT_EQ(stored.spec_path, req.spec_path);
  EXPECT_EQ(s.value()->measurements(r.run_id).size(), 2u);
}

TEST_F(RunExperimentTest, TheRequestNamesTheRunAndItsSource) {
  Recorder rec;
  run::Request req = request();
  req.name = "renamed";
  req.source = "project.d500proj#gemm";
  const run::Result r = run::run_experiment(req, rec);
  auto s = store::ResultStore::open(req.db, store::ResultStore::Mode::ReadOnly);
  ASSERT_TRUE(s.ok());
  const store::RunInfo stored = *s.value()->run(r.run_id);
  EXPECT_EQ(stored.name, "renamed");
  EXPECT_EQ(stored.spec_path, "project.d500proj#gemm");
}

TEST_F(RunExperimentTest, AnUnknownOperatorIsRefusedBeforeARunIsRecorded) {
  Recorder rec;
  run::Request req = request("NoSuchOp");
  try {
    run::run_experiment(req, rec);
    FAIL() << "an unknown operator was run";
  } catch (const run::Failure& f) {
    EXPECT_EQ(f.code, run::kBadInput);
    EXPECT_NE(f.message.find(req.spec_path + ":$."), std::string::npos) << f.message;
    EXPECT_NE(f.message.find("NoSuchOp"), std::string::npos) << f.message;
  }
  EXPECT_EQ(rec.starts, 0);
  EXPECT_EQ(rec.finishes, 0);
  auto s = store::ResultStore::open(req.db, store::ResultStore::Mode::ReadOnly);
  if (s.ok()) EXPECT_TRUE(s.value()->runs().empty());
}

TEST_F(RunExperimentTest, AnUnwritableStoreIsAStoreErrorNamingIt) {
  Recorder rec;
  run::Request req = request();
  req.db = (dir_ / "no-such-folder" / "results.d500db").string();
  try {
    run::run_experiment(req, rec);
    FAIL() << "a store in a missing folder was written";
  } catch (const run::Failure& f) {
    EXPECT_EQ(f.code, run::kStoreError);
    EXPECT_NE(f.message.find("no-such-folder"), std::string::npos) << f.message;
  }
  EXPECT_EQ(rec.starts, 0);
}

TEST_F(RunExperimentTest, ACancelledRunIsKeptAsCancelled) {
  Recorder rec;
  run::Request req = request();
  std::atomic<bool> cancel{true};  // asked to stop before the first measurement
  req.cancel = &cancel;
  const run::Result r = run::run_experiment(req, rec);
  EXPECT_EQ(r.status, store::RunStatus::Cancelled);
  EXPECT_EQ(r.code, run::kCancelled);
  EXPECT_EQ(rec.finishes, 1);
  auto s = store::ResultStore::open(req.db, store::ResultStore::Mode::ReadOnly);
  ASSERT_TRUE(s.ok());
  EXPECT_EQ(s.value()->run(r.run_id)->status, store::RunStatus::Cancelled);
}

TEST_F(RunExperimentTest, ATrainingLevelRunsFromTheLibraryWithItsSeries) {
  auto e = spec::load_experiment(std::string(D500_LEVELS_TEST_DIR) + "/synthetic_training.json");
  ASSERT_TRUE(e.ok()) << e.error().to_string();
  run::Request req = request();
  req.experiment = std::move(e).value();
  Recorder rec;
  const run::Result r = run::run_experiment(req, rec);
  EXPECT_EQ(r.status, store::RunStatus::Succeeded) << r.reason;
  EXPECT_EQ(rec.finishes, 1);
  EXPECT_GT(rec.updates, 0);
  auto s = store::ResultStore::open(req.db, store::ResultStore::Mode::ReadOnly);
  ASSERT_TRUE(s.ok());
  EXPECT_EQ(s.value()->run(r.run_id)->level, "training");
  size_t losses = 0;
  for (const auto& p : s.value()->series_after(r.run_id, 0, 100000))
    losses += p.name.rfind("loss@seed0", 0) == 0;
  EXPECT_GT(losses, 0u);  // the curve a dashboard draws, written as the run went
}

// Issue 30: a built-in and a plugin metric named in the training section run with the level,
// are stored per seed with their descriptors beside the run, and read back summarized; an
// unknown metric is refused before a run is recorded, naming its path.
TEST_F(RunExperimentTest, TheTrainingSectionsMetricsAreStoredWithTheirDescriptors) {
  auto e = spec::load_experiment(std::string(D500_LEVELS_TEST_DIR) + "/synthetic_training.json");
  ASSERT_TRUE(e.ok()) << e.error().to_string();
  run::Request req = request();
  req.experiment = std::move(e).value();
  auto& t = req.experiment.sections["training"];
  t["seeds"] = 2;
  t["target_accuracy"] = 0;  // every step of both epochs runs
  t["metrics"] = nlohmann::json::parse(R"(["ece", {"name": "examples/grad_norm",
                                                     "params": {"every": 4}}])");
  Recorder rec;
  const run::Result r = run::run_experiment(req, rec);
  ASSERT_EQ(r.status, store::RunStatus::Succeeded) << r.reason;
  auto s = store::ResultStore::open(req.db, store::ResultStore::Mode::ReadOnly);
  ASSERT_TRUE(s.ok());
  const auto kinds = run::metric_kinds_of_run(*s.value(), r.run_id);
  ASSERT_EQ(kinds.size(), 2u);
  EXPECT_EQ(kinds[1].name, "examples/grad_norm");
  EXPECT_EQ(kinds[1].origin, "plugin examples");
  const auto m = run::metrics_of_run(*s.value(), r.run_id);
  ASSERT_EQ(m.size(), 2u);
  EXPECT_EQ(m[0].replicas, 2u) << "both seeds' last epoch";
  EXPECT_EQ(m[0].step_points, 0u);
  ASSERT_TRUE(m[0].last_epoch.has_value());
  EXPECT_GE(*m[0].last_epoch, 0.0);
  EXPECT_LE(*m[0].last_epoch, 1.0);
  // 512 samples / 32 = 16 steps an epoch, 2 epochs, 2 seeds; a point every 4th step.
  EXPECT_EQ(m[1].step_points, 2u * 32u / 4u);
  EXPECT_GT(*m[1].step_median, 0.0);
  // The observer heard every point the level stored as it was stored, the metrics' among them
  // (the machine's load, "machine.*", is the runner's, not a curve of the level).
  std::vector<std::string> stored;
  for (const auto& p : s.value()->series_after(r.run_id, 0, 1000000))
    if (p.name.rfind("machine.", 0) != 0) stored.push_back(p.name);
  ASSERT_EQ(rec.heard.size(), stored.size());
  for (size_t i = 0; i < stored.size(); ++i) ASSERT_EQ(rec.heard[i], stored[i]) << "point " << i;
  EXPECT_EQ(std::count(rec.heard.begin(), rec.heard.end(), "examples/grad_norm@seed1"), 8);

  t["metrics"] = nlohmann::json::array({"no_such_metric"});
  try {
    run::run_experiment(req, rec);
    FAIL() << "an unknown metric must be refused";
  } catch (const run::Failure& f) {
    EXPECT_EQ(f.code, run::kBadInput);
    EXPECT_NE(f.message.find("$.training.metrics[0]"), std::string::npos) << f.message;
    EXPECT_NE(f.message.find("unknown metric \"no_such_metric\""), std::string::npos) << f.message;
  }
}

// Issue 30: a plugin's sampler named in the training section drives the level: half the samples
// an epoch, so half the steps.
TEST_F(RunExperimentTest, APluginSamplerDrivesTheTrainingLevel) {
  auto e = spec::load_experiment(std::string(D500_LEVELS_TEST_DIR) + "/synthetic_training.json");
  ASSERT_TRUE(e.ok()) << e.error().to_string();
  run::Request req = request();
  req.experiment = std::move(e).value();
  auto& t = req.experiment.sections["training"];
  t["target_accuracy"] = 0;
  t["sampler"] = "examples/subset";
  t["sampler_params"] = {{"fraction", 0.5}};
  Recorder rec;
  const run::Result r = run::run_experiment(req, rec);
  ASSERT_EQ(r.status, store::RunStatus::Succeeded) << r.reason;
  auto s = store::ResultStore::open(req.db, store::ResultStore::Mode::ReadOnly);
  ASSERT_TRUE(s.ok());
  size_t losses = 0;
  for (const auto& p : s.value()->series_after(r.run_id, 0, 100000))
    losses += p.name == "loss@seed0";
  EXPECT_EQ(losses, 2u * (256u / 32u)) << "2 epochs of half the 512 samples in batches of 32";
}

// Issue 30: a plugin's dataset (the examples plugin's image folder, streamed from PGM files)
// trains at level 2 from the library; a folder that is not there is refused before a run is
// recorded, at the dataset's path and naming the plugin.
TEST_F(RunExperimentTest, APluginDatasetStreamsIntoTheTrainingLevel) {
  test::write_pgm_folder(dir_ / "images", 3, 4, 5, 6);
  auto e = spec::load_experiment(std::string(D500_LEVELS_TEST_DIR) + "/synthetic_training.json");
  ASSERT_TRUE(e.ok()) << e.error().to_string();
  run::Request req = request();
  req.experiment = std::move(e).value();
  auto& t = req.experiment.sections["training"];
  t["dataset"] = "examples/image_folder";
  t["dataset_dir"] = (dir_ / "images").string();
  t["batch"] = 4;
  t["target_accuracy"] = 0;
  t.erase("synthetic");
  Recorder rec;
  const run::Result r = run::run_experiment(req, rec);
  ASSERT_EQ(r.status, store::RunStatus::Succeeded) << r.reason;
  auto s = store::ResultStore::open(req.db, store::ResultStore::Mode::ReadOnly);
  ASSERT_TRUE(s.ok());
  size_t losses = 0;
  for (const auto& p : s.value()->series_after(r.run_id, 0, 100000))
    losses += p.name == "loss@seed0";
  EXPECT_EQ(losses, 2u * (12u / 4u)) << "2 epochs of 12 images in batches of 4";

  t["dataset_dir"] = (dir_ / "nowhere").string();
  try {
    run::run_experiment(req, rec);
    FAIL() << "a missing image folder was run";
  } catch (const run::Failure& f) {
    EXPECT_EQ(f.code, run::kBadInput);
    EXPECT_NE(f.message.find("$.training.dataset"), std::string::npos) << f.message;
    EXPECT_NE(f.message.find("(plugin examples) open failed"), std::string::npos) << f.message;
  }
}

TEST(RunLevels, EveryLevelOfTheBuildIsListed) {
  const auto names = run::level_names();
  for (const char* level : {"operator", "network", "collective", "training", "distributed"})
    EXPECT_NE(std::find(names.begin(), names.end(), level), names.end()) << level;
}

}  // namespace
