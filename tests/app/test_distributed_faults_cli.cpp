// Guards issue #7 (Level 3) where ranks fail, at the command line under `mpirun -np 2`, with the
// faults an experiment can inject ($.distributed.fault): a rank whose loss alone turns non-finite
// under model averaging or D-PSGD stops both ranks at the same step and fails the run naming it;
// a rank that throws has rank 0 store the run failed with that rank's message; a rank killed
// without a word is named by rank 0 (its connection closed); each time the job ends in bounded
// time and the series committed before stay, also when the launcher does not end the job. Also: the
// scaling base case (speedup and efficiency against 1 rank) is stored and shown; a bad fault
// section is refused with its path.
#include <gtest/gtest.h>

#include <chrono>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>

#include "../support/mpi_cli.h"
#include "d500/store/result_store.h"

using d500::test::contains;
using d500::test::kD500;
using d500::test::kJobEnds;
using d500::test::kMpirun;
using d500::test::kRootEnv;
using d500::test::run;
using d500::test::run_within;
using d500::test::TempDir;
namespace store = d500::store;

namespace {

// The shipped example, 2 epochs (32 steps per rank each), with `distributed` replaced.
std::string variant(const TempDir& dir, const nlohmann::json& distributed, bool mpi = true) {
  return d500::test::distributed_variant(dir, distributed, mpi, "e.json");
}

struct Outcome {
  d500::test::BoundedResult r;
  store::RunInfo run;
  std::map<int, std::map<std::string, int>> count;  // rank -> series -> points
  std::map<int, std::map<std::string, double>> last;
};

Outcome run_on_two(const TempDir& dir, const std::string& e) {
  Outcome o;
  const std::string db = dir.file("s.d500db");
  o.r = run_within(kJobEnds, {kMpirun, "-np", "2", "--oversubscribe", kD500, "run", e, "--db", db},
                   dir.path(), kRootEnv);
  EXPECT_FALSE(o.r.timed_out) << "the job never ended: " << o.r.err;
  // mpirun may return while rank 0 is still being torn down; look until its run is no longer
  // running (a run whose process is gone reads interrupted).
  d500::test::eventually(
      [&] {
        auto s = store::ResultStore::open(db, store::ResultStore::Mode::ReadWrite);
        return s.ok() && !s.value()->runs().empty() &&
               s.value()->runs()[0].status != store::RunStatus::Running;
      },
      std::chrono::seconds(60));
  auto s = store::ResultStore::open(db, store::ResultStore::Mode::ReadWrite);
  EXPECT_TRUE(s.ok());
  if (!s.ok() || s.value()->runs().empty()) return o;
  o.run = s.value()->runs()[0];
  for (const auto& p : s.value()->series_after(o.run.id, 0, 1000000)) {
    ++o.count[p.rank][p.name];
    o.last[p.rank][p.name] = p.value;
  }
  return o;
}

class DivergingAlone : public ::testing::TestWithParam<std::string> {};

TEST_P(DivergingAlone, StopsEveryRankAtTheSameStepAndNamesTheRank) {
  REQUIRE_MPIRUN();
  TempDir dir;
  const auto o =
      run_on_two(dir, variant(dir, {{"scheme", GetParam()},
                                    {"average_every", 4},
                                    {"fault", {{"rank", 1}, {"step", 40}, {"kind", "nan_loss"}}}}));
  EXPECT_EQ(o.r.exit_code, 1) << o.r.err;
  EXPECT_EQ(o.run.status, store::RunStatus::Failed) << o.run.status_reason;
  EXPECT_EQ(o.run.status_reason, "diverged: loss not finite on rank 1 at step 40");
  for (int rank : {0, 1}) {
    EXPECT_EQ(o.last.at(rank).at("steps"), 41) << "rank " << rank << " stopped after step 40";
    EXPECT_EQ(o.count.at(rank).at("comm_bytes"), 41) << rank;
  }
  EXPECT_TRUE(contains(o.r.err, "diverged: loss not finite on rank 1 at step 40")) << o.r.err;
}

INSTANTIATE_TEST_SUITE_P(Schemes, DivergingAlone,
                         ::testing::Values("model_averaging", "dpsgd", "allreduce"));

TEST(RankFailure, ARankThatThrowsIsNamedWithItsMessageAndTheFirstEpochIsKept) {
  REQUIRE_MPIRUN();
  TempDir dir;
  const auto o =
      run_on_two(dir, variant(dir, {{"scheme", "allreduce"},
                                    {"fault", {{"rank", 1}, {"step", 40}, {"kind", "error"}}}}));
  EXPECT_NE(o.r.exit_code, 0) << o.r.err;
  EXPECT_EQ(o.run.status, store::RunStatus::Failed) << o.run.status_reason;
  EXPECT_TRUE(contains(o.run.status_reason, "rank 1 of 2 (pid ")) << o.run.status_reason;
  EXPECT_TRUE(
      contains(o.run.status_reason, "fault injected by $.distributed.fault on rank 1 at step 40"))
      << o.run.status_reason;
  // The first epoch (32 steps per rank) reached rank 0's store before the fault.
  for (int rank : {0, 1}) EXPECT_EQ(o.count.at(rank).at("loss"), 32) << rank;
}

TEST(RankFailure, ARankKilledWithoutAWordIsNamedAndTheFirstEpochIsKept) {
  REQUIRE_MPIRUN();
  TempDir dir;
  const auto o =
      run_on_two(dir, variant(dir, {{"scheme", "model_averaging"},
                                    {"fault", {{"rank", 1}, {"step", 40}, {"kind", "crash"}}}}));
  EXPECT_NE(o.r.exit_code, 0) << o.r.err;
  EXPECT_EQ(o.run.status, store::RunStatus::Failed) << o.run.status_reason;
  EXPECT_TRUE(contains(o.run.status_reason, "rank 1 of 2 (pid ")) << o.run.status_reason;
  EXPECT_TRUE(contains(o.run.status_reason, "ended without a word: killed or crashed"))
      << o.run.status_reason;
  for (int rank : {0, 1}) EXPECT_EQ(o.count.at(rank).at("loss"), 32) << rank;
}

// With a launcher that does not end the job when a rank dies (mpirun --enable-recovery; srun
// without --kill-on-bad-exit), the ranks still waiting end themselves 3 s after the rank watch
// saw the dead rank go: rank 0 (rank 1 killed) after storing the failure, rank 1 (rank 0 killed)
// when rank 0's connection closed without its bye.
class NoLauncherKill : public ::testing::TestWithParam<int> {};

TEST_P(NoLauncherKill, TheRanksLeftEndThemselvesInBoundedTime) {
  REQUIRE_MPIRUN();
  TempDir dir;
  const int dead = GetParam();
  const std::string e =
      variant(dir, {{"scheme", "model_averaging"},
                    {"fault", {{"rank", dead}, {"step", 40}, {"kind", "crash"}}}});
  const std::string db = dir.file("s.d500db");
  auto r = run_within(
      kJobEnds,
      {kMpirun, "--enable-recovery", "-np", "2", "--oversubscribe", kD500, "run", e, "--db", db},
      dir.path(), kRootEnv);
  EXPECT_FALSE(r.timed_out) << "the ranks left never ended: " << r.err;
  // The survivor ended itself, after its abandon time by its own clock (the rank watch writes
  // this only once that time has passed).
  EXPECT_TRUE(contains(r.err,
                       "this rank still runs 3 s later (waiting for a rank that is "
                       "gone): ending it"))
      << r.err;
  if (dead == 1) {
    auto s = store::ResultStore::open(db, store::ResultStore::Mode::ReadOnly);
    ASSERT_TRUE(s.ok());
    const auto run0 = s.value()->runs().at(0);
    EXPECT_EQ(run0.status, store::RunStatus::Failed) << run0.status_reason;
    EXPECT_TRUE(contains(run0.status_reason, "rank 1 of 2 (pid ")) << run0.status_reason;
  } else {
    EXPECT_TRUE(contains(r.err, "rank 1 of 2: rank 0's connection closed without its bye"))
        << r.err;
  }
}

INSTANTIATE_TEST_SUITE_P(DeadRank, NoLauncherKill, ::testing::Values(1, 0));

TEST(Scaling, SpeedupAndEfficiencyAgainstOneRankAreStoredAndShown) {
  REQUIRE_MPIRUN();
  TempDir dir;
  const auto o =
      run_on_two(dir, variant(dir, {{"scheme", "allreduce"}, {"scaling_baseline", true}}));
  ASSERT_EQ(o.r.exit_code, 0) << o.r.err;
  auto l = o.last.at(0);
  ASSERT_TRUE(l.count("scaling.speedup")) << "rank 0 stores the scaling figures";
  EXPECT_EQ(o.count.at(1).count("scaling.speedup"), 0u);
  const double sp = l["scaling.speedup"];
  EXPECT_GT(sp, 0);
  EXPECT_DOUBLE_EQ(l["scaling.efficiency"], sp / 2);
  EXPECT_NEAR(l["scaling.throughput_n"] / l["scaling.throughput_1"], sp, 1e-9 * sp);
  ASSERT_TRUE(l.count("scaling.speedup_ci_lo"));  // 64 steps each: enough for a CI
  EXPECT_LE(l["scaling.speedup_ci_lo"], sp);
  EXPECT_GE(l["scaling.speedup_ci_hi"], sp);
  EXPECT_DOUBLE_EQ(l["scaling.efficiency_ci_lo"], l["scaling.speedup_ci_lo"] / 2);
  auto s = store::ResultStore::open(dir.file("s.d500db"), store::ResultStore::Mode::ReadOnly);
  ASSERT_TRUE(s.ok());
  int base = 0;
  for (const auto& m : s.value()->measurements(o.run.id))
    if (m.subject == "step time 1 rank (scaling base case)") {
      ++base;
      EXPECT_EQ(m.n, 64) << "the job's 64 steps, alone";
      EXPECT_GT(m.median, 0);
    }
  EXPECT_EQ(base, 1);
  auto show = run({kD500, "show", "latest", "--db", dir.file("s.d500db")}, dir.path());
  ASSERT_EQ(show.exit_code, 0) << show.err;
  EXPECT_TRUE(contains(show.out, "scaling against 1 rank (weak scaling")) << show.out;
  EXPECT_TRUE(contains(show.out, "speedup ")) << show.out;
}

TEST(RankFailureAlone, BadFaultIsRefusedWithItsPath) {
  TempDir dir;
  auto r = run({kD500, "run",
                variant(dir,
                        {{"scheme", "allreduce"},
                         {"fault", {{"rank", 1}, {"kind", "explode"}}},
                         {"scaling_baseline", "yes"}},
                        false),
                "--db", dir.file("s.d500db")},
               dir.path());
  EXPECT_EQ(r.exit_code, 3) << r.err;
  EXPECT_TRUE(contains(r.err, "$.distributed.fault.kind: expected \"nan_loss\"")) << r.err;
  EXPECT_TRUE(
      contains(r.err, "$.distributed.scaling_baseline: expected true or false, got string \"yes\""))
      << r.err;
}

}  // namespace
