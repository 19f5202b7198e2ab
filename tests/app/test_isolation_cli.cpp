// Guards issue 15 (isolation of plugin code) through the runner: plugins from --plugin-path are
// not shipped, so their operators are measured in child processes by default; a sweep over ones
// that segfault, abort, read out of bounds or exit stores a failed measurement for each, naming
// the signal or status, keeps the reference's, and ends with exit code 1. A plugin whose static
// constructor calls exit(0) is reported broken (exit 3), never a silent exit 0; a forward that
// hangs ignoring SIGTERM does not keep the runner from ending as cancelled.
#include <gtest/gtest.h>

#include <fstream>
#include <map>
#include <thread>

#include "../support/process.h"
#include "d500/store/result_store.h"

using d500::test::run;
using d500::test::TempDir;

namespace {

const std::string kD500 = std::string(D500_TEST_BINARY_DIR) + "/bin/d500";
const std::string kCrashy = std::string(D500_TEST_BINARY_DIR) + "/tests/fixtures/plugin-dir-crashy";
const std::string kExit = std::string(D500_TEST_BINARY_DIR) + "/tests/fixtures/plugin-dir-exit";

bool contains(const std::string& hay, const std::string& needle) {
  return hay.find(needle) != std::string::npos;
}

std::string relu_experiment(const TempDir& dir, const std::string& impls) {
  std::string path = dir.file("relu.json");
  std::ofstream(path) << R"({"d500": 1, "name": "crashy", "level": "operator", "seed": 3,
    "operator": {"op": "Relu", "inputs": [["N"]]},
    "implementations": [)" + impls +
                             R"(],
    "sweep": {"N": [256, 1024]},
    "repetition": {"min_samples": 10, "max_samples": 200, "max_seconds": 0.1}})";
  return path;
}

std::unique_ptr<d500::store::ResultStore> open_read(const std::string& db) {
  return d500::store::ResultStore::open(db, d500::store::ResultStore::Mode::ReadOnly).value();
}

}  // namespace

TEST(CliIsolation, CrashingImplementationsAreFailedMeasurementsAndTheRunGoesOn) {
  TempDir dir;
  const std::string db = dir.file("s.d500db");
  const std::string exp = relu_experiment(
      dir, R"("reference", "fixture_crashy/segv_create", "fixture_crashy/abort_forward",
             "fixture_crashy/oob_forward", "fixture_crashy/exit_forward", "fixture_crashy/ok")");
  auto r =
      run({kD500, "run", exp, "--db", db, "--progress=none", "--plugin-path", kCrashy}, dir.path());
  EXPECT_EQ(r.exit_code, 1) << r.err;  // the run finished, measurements failed
  EXPECT_TRUE(contains(r.err, "killed by SIGSEGV")) << r.err;
  const std::map<std::string, std::string> expected = {
      {"fixture_crashy/segv_create", "killed by SIGSEGV"},
      {"fixture_crashy/abort_forward", "killed by SIGABRT"},
      {"fixture_crashy/oob_forward", "killed by SIGSEGV"},
      {"fixture_crashy/exit_forward", "exited with status 0 before reporting"}};
  auto s = open_read(db);
  auto ms = s->measurements(1);
  ASSERT_EQ(ms.size(), 12u);  // every point x implementation
  int good = 0;
  for (const auto& m : ms) {
    if (auto it = expected.find(m.implementation); it != expected.end()) {
      EXPECT_EQ(m.stop_reason, "error");
      EXPECT_TRUE(contains(m.error, it->second)) << m.implementation << ": " << m.error;
    } else {
      EXPECT_TRUE(m.error.empty()) << m.implementation << ": " << m.error;
      good += m.n >= 10;
    }
  }
  EXPECT_EQ(good, 4);  // reference and fixture_crashy/ok at both points
  EXPECT_EQ(s->run(1)->status, d500::store::RunStatus::Failed);
}

TEST(CliIsolation, PluginThatExitsWhileLoadingIsReportedBroken) {
  TempDir dir;
  const std::string db = dir.file("s.d500db");
  auto list = run({kD500, "plugins", "--plugin-path", kExit}, dir.path());
  EXPECT_EQ(list.exit_code, 0) << list.err;
  EXPECT_TRUE(contains(list.out, "fixture_exit_ctor")) << list.out;
  EXPECT_TRUE(contains(list.out, "exited with status 0 while loading")) << list.out;

  auto r = run({kD500, "run", relu_experiment(dir, R"("reference", "fixture_exit_ctor")"), "--db",
                db, "--progress=none", "--plugin-path", kExit},
               dir.path());
  EXPECT_EQ(r.exit_code, 3) << r.err;  // bad input: a plugin that cannot be used
  EXPECT_TRUE(contains(r.err, "fixture_exit_ctor")) << r.err;
  EXPECT_TRUE(contains(r.err, "exited with status 0 while loading")) << r.err;
}

TEST(CliIsolation, SigtermEndsARunWhoseIsolatedForwardHangs) {
  TempDir dir;
  const std::string db = dir.file("s.d500db");
  const std::string exp = relu_experiment(dir, R"("fixture_crashy/hang_forward")");
  d500::test::Process p(
      {kD500, "run", exp, "--db", db, "--progress=json", "--plugin-path", kCrashy}, dir.path());
  ASSERT_TRUE(d500::test::eventually([&] { return contains(p.stdout_so_far(), "run_started"); }));
  std::this_thread::sleep_for(std::chrono::milliseconds(500));  // into the hanging forward
  p.kill(SIGTERM);
  auto r = p.wait();
  EXPECT_EQ(r.signal, 0) << r.err;
  EXPECT_EQ(r.exit_code, 130) << r.err;
  auto s = open_read(db);
  EXPECT_EQ(s->run(1)->status, d500::store::RunStatus::Cancelled);
  auto ms = s->measurements(1);
  ASSERT_EQ(ms.size(), 1u);
  EXPECT_EQ(ms[0].stop_reason, "cancelled");
}

// Network executors (issue 15, item 2): an executor of a plugin that is not shipped runs in a
// child by default; one that crashes in its passes fails with its signal, the reference
// executor's points are stored, and the run ends failed (exit 1), never killed.
TEST(CliIsolation, CrashingNetworkExecutorFailsAloneAndTheReferenceIsKept) {
  TempDir dir;
  const std::string db = dir.file("s.d500db");
  const std::string exp = dir.file("net.json");
  std::ofstream(exp) << R"({"d500": 1, "name": "crashy-net", "level": "network", "seed": 3,
    "network": {"model": {"builder": "mlp", "seed": 1},
                "executors": ["reference", "fixture_crashy/segv_forward"],
                "batch_sizes": [2], "latency": false, "throughput": true, "training": false,
                "per_node": false},
    "repetition": {"min_samples": 5, "max_samples": 20, "max_seconds": 0.05}})";
  auto r =
      run({kD500, "run", exp, "--db", db, "--progress=none", "--plugin-path", kCrashy}, dir.path());
  EXPECT_EQ(r.signal, 0) << r.err;
  EXPECT_EQ(r.exit_code, 1) << r.err;
  EXPECT_TRUE(contains(
      r.err, "executor \"fixture_crashy/segv_forward\": its child process killed by SIGSEGV"))
      << r.err;
  auto s = open_read(db);
  EXPECT_EQ(s->run(1)->status, d500::store::RunStatus::Failed);
  size_t reference = 0, crashy = 0;
  for (const auto& m : s->measurements(1)) {
    if (m.implementation == "reference") reference += m.error.empty() && m.n >= 5;
    if (m.implementation == "fixture_crashy/segv_forward") ++crashy;
  }
  EXPECT_EQ(reference, 1u);  // throughput at batch 2
  EXPECT_EQ(crashy, 0u);     // nothing came back from the crashed child
}

// "isolation": "none" runs such an executor in the runner itself: the experiment says so.
TEST(CliIsolation, NetworkIsolationIsChecked) {
  TempDir dir;
  const std::string exp = dir.file("net.json");
  std::ofstream(exp) << R"({"d500": 1, "name": "n", "level": "network", "isolation": "sandbox",
    "network": {"model": {"builder": "mlp", "seed": 1}, "executors": ["reference"]}})";
  auto r = run({kD500, "check", exp}, dir.path());
  EXPECT_EQ(r.exit_code, 3) << r.err;
  EXPECT_TRUE(contains(r.err + r.out, "$.isolation")) << r.err << r.out;
}
