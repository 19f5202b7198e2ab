// Guards issue #2 "Done when": the example job stores raw samples and summaries consistent with
// them, `show` prints medians with CIs, rerun links runs, and a killed runner leaves a sound store.
#include <gtest/gtest.h>

#include <algorithm>
#include <nlohmann/json.hpp>

#include "../support/process.h"
#include "d500/measure/stats.h"
#include "d500/store/result_store.h"

using d500::test::Process;
using d500::test::run;
using d500::test::TempDir;
namespace store = d500::store;

namespace {

const std::string kD500 = std::string(D500_TEST_BINARY_DIR) + "/bin/d500";
const std::string kExample =
    std::string(D500_TEST_SOURCE_DIR) + "/resources/examples/gemm_reference.json";

std::unique_ptr<store::ResultStore> open_ro(const std::string& db) {
  auto s = store::ResultStore::open(db, store::ResultStore::Mode::ReadOnly);
  EXPECT_TRUE(s.ok()) << (s.ok() ? "" : s.error().to_string());
  return std::move(s).value();
}

// A small Gemm sweep; `max_seconds` per point keeps the slow variants from finishing early.
std::string write_experiment(const TempDir& dir, double max_seconds, int max_samples,
                             const std::string& sizes = "[16, 32]") {
  std::string path = dir.file("exp.json");
  std::ofstream(path) << R"({"d500": 1, "name": "small-gemm", "level": "operator", "seed": 7,
    "operator": {"op": "Gemm", "dtype": "float32", "inputs": [["N", "N"], ["N", "N"]]},
    "implementations": ["reference"], "sweep": {"N": )"
                      << sizes << R"(},
    "repetition": {"warmup_calls": 1, "min_samples": 10, "max_samples": )"
                      << max_samples << R"(, "max_seconds": )" << max_seconds
                      << R"(, "target_rel_ci": 0.0001}})";
  return path;
}

}  // namespace

TEST(ExampleJob, StoresSamplesAndSummariesConsistentWithThem) {
  TempDir dir;
  std::string db = dir.file("demo.d500db");
  auto r = run({kD500, "run", kExample, "--db", db, "--progress=none"}, dir.path());
  ASSERT_EQ(r.exit_code, 0) << r.err;

  auto s = open_ro(db);
  auto runs = s->runs();
  ASSERT_EQ(runs.size(), 1u);
  EXPECT_EQ(runs[0].status, store::RunStatus::Succeeded);
  EXPECT_EQ(runs[0].level, "operator");
  EXPECT_EQ(runs[0].seed, 500u);
  EXPECT_EQ(runs[0].spec_hash, store::sha256_hex(runs[0].spec_json));
  ASSERT_GT(runs[0].environment_id, 0);
  auto env = nlohmann::json::parse(s->environment(runs[0].environment_id)->json);
  EXPECT_TRUE(env["cpu"].contains("model"));
  EXPECT_TRUE(env["plugins"].contains("reference"));

  auto ms = s->measurements(runs[0].id);
  ASSERT_EQ(ms.size(), 3u);
  std::vector<int64_t> sizes;
  for (const auto& m : ms) {
    SCOPED_TRACE(m.subject);
    EXPECT_TRUE(m.error.empty()) << m.error;
    auto n = nlohmann::json::parse(m.point_json)["N"].get<int64_t>();
    sizes.push_back(n);
    EXPECT_DOUBLE_EQ(m.flops, 2.0 * n * n * n);  // Gemm without C: 2MNK
    std::vector<double> xs = s->samples(m.id);
    ASSERT_EQ(static_cast<int64_t>(xs.size()), m.n);
    ASSERT_GE(m.n, 10);
    std::sort(xs.begin(), xs.end());
    EXPECT_DOUBLE_EQ(m.median, d500::stats::median(xs));
    EXPECT_DOUBLE_EQ(m.min, xs.front());
    EXPECT_DOUBLE_EQ(m.max, xs.back());
    auto ci = d500::stats::median_ci(xs, 0.95);
    ASSERT_TRUE(ci.valid);
    EXPECT_TRUE(m.ci_valid);
    EXPECT_DOUBLE_EQ(m.ci_lo, xs[ci.lo_rank - 1]);
    EXPECT_DOUBLE_EQ(m.ci_hi, xs[ci.hi_rank - 1]);
    EXPECT_LE(m.ci_lo, m.median);
    EXPECT_GE(m.ci_hi, m.median);
    EXPECT_TRUE(m.stop_reason == "converged" || m.stop_reason == "max_time" ||
                m.stop_reason == "max_samples")
        << m.stop_reason;
    if (m.stop_reason == "converged")
      EXPECT_LE(std::max(m.median - m.ci_lo, m.ci_hi - m.median), 0.05 * m.median);
  }
  std::sort(sizes.begin(), sizes.end());
  EXPECT_EQ(sizes, (std::vector<int64_t>{64, 256, 512}));

  auto show = run({kD500, "show", "latest", "--db", db}, dir.path());
  ASSERT_EQ(show.exit_code, 0) << show.err;
  for (const char* text :
       {"Gemm N=64", "Gemm N=256", "Gemm N=512", "95% CI", "GFLOP/s", "reference"})
    EXPECT_NE(show.out.find(text), std::string::npos) << text << " missing in:\n" << show.out;
}

TEST(ExampleJob, RerunIsANewRunLinkedToTheFirstWithTheSameSpecAndSeed) {
  TempDir dir;
  std::string db = dir.file("r.d500db");
  std::string exp = write_experiment(dir, 0.05, 20);
  ASSERT_EQ(run({kD500, "run", exp, "--db", db, "--progress=none"}, dir.path()).exit_code, 0);
  auto r = run({kD500, "rerun", "1", "--db", db, "--progress=none"}, dir.path());
  ASSERT_EQ(r.exit_code, 0) << r.err;
  auto s = open_ro(db);
  auto runs = s->runs();
  ASSERT_EQ(runs.size(), 2u);
  EXPECT_EQ(runs[1].parent_run_id, runs[0].id);
  EXPECT_EQ(runs[1].spec_hash, runs[0].spec_hash);
  EXPECT_EQ(runs[1].seed, runs[0].seed);
  EXPECT_EQ(s->measurements(runs[1].id).size(), 2u);
}

// Many quick points, so that some are committed before the signal arrives.
std::string many_points(int n) {
  std::string s = "[";
  for (int i = 0; i < n; ++i) s += (i ? ", " : "") + std::to_string(4 + i);
  return s + "]";
}

// Waits for a progress line saying at least `done` measurements finished.
bool wait_for_done(Process& p, int done) {
  return d500::test::eventually([&] {
    std::string out = p.stdout_so_far();
    for (int d = done; d < done + 50; ++d)
      if (out.find("{\"done\":" + std::to_string(d) + ",") != std::string::npos) return true;
    return false;
  });
}

TEST(ExampleJob, SigkillMidRunLeavesASoundStoreAndAnInterruptedRun) {
  TempDir dir;
  std::string db = dir.file("k.d500db");
  std::string exp = write_experiment(dir, 0.2, 100000000, many_points(60));
  Process p({kD500, "run", exp, "--db", db, "--progress=json"}, dir.path());
  // "done" counts a point once it is measured; it is stored right after, before the next point
  // starts. Done 3 therefore means that the first two are in the store.
  ASSERT_TRUE(wait_for_done(p, 3)) << p.stdout_so_far();
  p.kill(SIGKILL);
  auto r = p.wait();
  EXPECT_EQ(r.signal, SIGKILL);

  {
    auto s = open_ro(db);
    EXPECT_EQ(s->integrity_check(), "ok");
    auto runs = s->runs();
    ASSERT_EQ(runs.size(), 1u);
    EXPECT_EQ(runs[0].status, store::RunStatus::Interrupted);  // read-only view
    auto ms = s->measurements(runs[0].id);
    EXPECT_GE(ms.size(), 2u);  // what was committed stays
    EXPECT_LT(ms.size(), 60u);
  }
  // A writer opening the store records the verdict.
  {
    auto rw = store::ResultStore::open(db, store::ResultStore::Mode::ReadWrite);
    ASSERT_TRUE(rw.ok());
    EXPECT_EQ(rw.value()->run(1)->status, store::RunStatus::Interrupted);
  }
  auto show = run({kD500, "show", "1", "--db", db}, dir.path());
  EXPECT_NE(show.out.find("interrupted"), std::string::npos) << show.out;
}

TEST(ExampleJob, SigintCancelsTheRunAndKeepsWhatWasMeasured) {
  TempDir dir;
  std::string db = dir.file("c.d500db");
  std::string exp = write_experiment(dir, 0.2, 100000000, many_points(60));
  Process p({kD500, "run", exp, "--db", db, "--progress=json"}, dir.path());
  ASSERT_TRUE(wait_for_done(p, 1)) << p.stdout_so_far();
  p.kill(SIGINT);
  auto r = p.wait();
  EXPECT_EQ(r.exit_code, 130) << r.err;
  auto s = open_ro(db);
  auto runs = s->runs();
  ASSERT_EQ(runs.size(), 1u);
  EXPECT_EQ(runs[0].status, store::RunStatus::Cancelled);
  auto ms = s->measurements(runs[0].id);
  ASSERT_GE(ms.size(), 1u);
  ASSERT_LT(ms.size(), 60u);
  EXPECT_NE(ms[0].stop_reason, "cancelled");
  EXPECT_GT(ms[0].n, 0);
  EXPECT_EQ(static_cast<int64_t>(s->samples(ms[0].id).size()), ms[0].n);
  EXPECT_NE(r.out.find("\"event\":\"run_finished\""), std::string::npos);
}
