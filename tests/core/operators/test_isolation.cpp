// Guards issue 15, isolation of plugin code: implementations measured with process isolation that
// segfault in create, abort, read out of bounds, exit or hang in forward each become a failed
// measurement naming the signal or exit status, while the in-process reference and an isolated
// good implementation are measured, validated and stored as they would be in-process.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <map>

#include "d500/operators/isolation.h"
#include "d500/operators/operator_benchmark.h"

using namespace d500;
using nlohmann::json;

namespace {

class Isolation : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    pm_ = new plugin::PluginManager(
        {D500_CRASHY_PLUGIN_DIR, D500_FAULTY_PLUGIN_DIR, D500_TEST_PLUGIN_DIR},
        std::vector<std::string>{D500_TEST_PLUGIN_DIR});
    pm_->load({"reference", "fixture_crashy", "fixture_faulty"});
  }
  static void TearDownTestSuite() { delete pm_; }

  void SetUp() override {
    path_ = std::filesystem::temp_directory_path() /
            ("d500_isolation_" + std::to_string(getpid()) + ".d500db");
    std::filesystem::remove(path_);
    store_ =
        std::move(store::ResultStore::open(path_.string(), store::ResultStore::Mode::ReadWrite))
            .value();
    store::RunInfo r;
    r.name = "isolation";
    r.level = "operator";
    run_ = store_->create_run(r);
  }
  void TearDown() override {
    store_.reset();
    for (const char* suffix : {"", "-wal", "-shm"})
      std::filesystem::remove(path_.string() + suffix);
  }

  static spec::Experiment relu(const std::vector<std::string>& impls) {
    json j{{"d500", 1},
           {"name", "isolation"},
           {"level", "operator"},
           {"seed", 5u},
           {"operator", {{"op", "Relu"}, {"inputs", {{"N"}}}}},
           {"implementations", impls},
           {"sweep", {{"N", {64, 256}}}},
           {"repetition", {{"min_samples", 10}, {"max_samples", 50}, {"max_seconds", 0.2}}}};
    auto e = spec::parse_experiment(j, "test.json");
    EXPECT_TRUE(e.ok()) << (e.ok() ? "" : e.error().to_string());
    return std::move(e).value();
  }

  // Runs `e`, isolating what `mode` says; a small margin so the hang is killed within a second.
  operators::RunSummary run(const spec::Experiment& e, operators::Isolation mode) {
    auto impls = operators::resolve_implementations(e, pm_->operators());
    EXPECT_TRUE(impls.ok());
    const plugin::OperatorImpl* ref = pm_->operators().find_impl("Relu", "", "reference");
    operators::IsolationOptions iso;
    iso.isolate = operators::isolation_plan(mode, *impls, *pm_);
    iso.margin_seconds = 0.8;
    return operators::run_operator_experiment(e, *impls, ref, *store_, run_, {}, iso);
  }

  static plugin::PluginManager* pm_;
  std::filesystem::path path_;
  std::unique_ptr<store::ResultStore> store_;
  int64_t run_ = 0;
};
plugin::PluginManager* Isolation::pm_ = nullptr;

}  // namespace

TEST(IsolationMode, ParsesTheExperimentsWords) {
  EXPECT_EQ(operators::parse_isolation("process"), operators::Isolation::Process);
  EXPECT_EQ(operators::parse_isolation("none"), operators::Isolation::InProcess);
  EXPECT_EQ(operators::parse_isolation("in-process"), operators::Isolation::InProcess);
  EXPECT_EQ(operators::parse_isolation("auto"), operators::Isolation::Auto);
  EXPECT_EQ(operators::parse_isolation("fork"), operators::Isolation::Invalid);
  measure::Policy p;
  p.warmup_seconds = 1;
  p.max_seconds = 2;
  EXPECT_DOUBLE_EQ(operators::isolation_deadline_seconds(p, 0.5), 3.5);
}

TEST_F(Isolation, AutoIsolatesWhatIsNotShipped) {
  auto e = relu({"reference", "fixture_crashy/ok"});
  auto impls = operators::resolve_implementations(e, pm_->operators()).value();
  EXPECT_EQ(operators::isolation_plan(operators::Isolation::Auto, impls, *pm_),
            (std::vector<bool>{false, true}));
  EXPECT_EQ(operators::isolation_plan(operators::Isolation::Process, impls, *pm_),
            (std::vector<bool>{true, true}));
  EXPECT_EQ(operators::isolation_plan(operators::Isolation::InProcess, impls, *pm_),
            (std::vector<bool>{false, false}));
}

TEST_F(Isolation, EachCrashIsAFailedMeasurementAndTheSweepGoesOn) {
  auto e = relu({"reference", "fixture_crashy/segv_create", "fixture_crashy/abort_forward",
                 "fixture_crashy/oob_forward", "fixture_crashy/exit_forward",
                 "fixture_crashy/hang_forward", "fixture_crashy/ok"});
  operators::RunSummary s = run(e, operators::Isolation::Auto);
  EXPECT_FALSE(s.cancelled);
  EXPECT_EQ(s.measurements, 14u);
  EXPECT_EQ(s.failed, 10u);  // five faulty implementations at two points
  EXPECT_EQ(s.invalid, 0u);
  const std::map<std::string, std::string> expected = {
      {"fixture_crashy/segv_create", "killed by SIGSEGV"},
      {"fixture_crashy/abort_forward", "killed by SIGABRT"},
      {"fixture_crashy/oob_forward", "killed by SIGSEGV"},
      {"fixture_crashy/exit_forward", "exited with status 0 before reporting"},
      {"fixture_crashy/hang_forward", "no result within 1 s: killed"}};
  std::map<std::string, int> measured;
  for (const auto& m : store_->measurements(run_)) {
    if (auto it = expected.find(m.implementation); it != expected.end()) {
      EXPECT_EQ(m.stop_reason, "error") << m.implementation;
      EXPECT_EQ(m.error, it->second + " (measured in a child process)") << m.implementation;
      EXPECT_EQ(m.n, 0);
    } else {
      EXPECT_TRUE(m.error.empty()) << m.implementation << ": " << m.error;
      EXPECT_GE(m.n, 10) << m.implementation;
      EXPECT_GT(m.median, 0.0);
    }
    ++measured[m.implementation];
  }
  EXPECT_EQ(measured.size(), 7u);
  for (const auto& [impl, n] : measured) EXPECT_EQ(n, 2) << impl;
}

TEST_F(Isolation, AnIsolatedImplementationIsValidatedAsInProcess) {
  // fixture_faulty/nan computes a NaN (its forward error is not finite); the error crosses back.
  auto e = relu({"reference", "fixture_faulty/nan", "fixture_crashy/ok"});
  operators::RunSummary s = run(e, operators::Isolation::Process);
  EXPECT_EQ(s.failed, 0u) << (s.errors.empty() ? "" : s.errors.front());
  EXPECT_EQ(s.invalid, 2u);  // fixture_faulty/nan at both points
  std::map<std::string, int> checks, failed;
  for (const auto& v : store_->validations(run_)) {
    const std::string impl = v.subject.substr(v.subject.find('[') + 1);
    ++checks[impl];
    if (!v.passed) ++failed[impl];
    EXPECT_GT(v.measurement_id, 0);
  }
  EXPECT_GT(checks["fixture_crashy/ok]"], 0);
  EXPECT_EQ(failed["fixture_crashy/ok]"], 0);
  EXPECT_EQ(checks["reference/default]"], checks["fixture_crashy/ok]"]);
  EXPECT_GT(failed["fixture_faulty/nan]"], 0);
}

TEST_F(Isolation, InProcessModeRunsTheSameGoodImplementations) {
  auto e = relu({"reference", "fixture_crashy/ok"});
  operators::RunSummary s = run(e, operators::Isolation::InProcess);
  EXPECT_EQ(s.failed, 0u);
  EXPECT_EQ(s.measurements, 4u);
  for (const auto& m : store_->measurements(run_)) EXPECT_GE(m.n, 10) << m.implementation;
}
