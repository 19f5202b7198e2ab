// Guards issue 20 ("Done when") against a real one-node Slurm (support/slurm_cluster.h, with
// MpiDefault=none): jobs submitted with `d500 job --submit` run the scripts unchanged on 2 ranks
// and the store records them (succeeded, both ranks, the job id); a job that reaches its 1-minute
// time limit ends its run cancelled with the points measured so far; a rank that crashes fails
// the run naming it; `d500 jobs` lists the runs with their jobs' states. The four jobs are
// submitted at once (the node takes up to 4 jobs per CPU) so the suite waits about one time limit.
// One ctest entry runs the whole suite: the cluster starts once.
#include <gtest/gtest.h>

#include <cstdlib>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <set>

#include "../support/mpi_cli.h"
#include "../support/slurm_cluster.h"
#include "d500/env/slurm.h"
#include "d500/store/result_store.h"

using d500::test::contains;
using d500::test::kD500;
using d500::test::run;
using d500::test::TempDir;
namespace slurm = d500::env::slurm;
namespace store = d500::store;

namespace {

struct Job {
  std::string folder, db, output, id, submit_err;
};

std::string collective(const TempDir& dir) {
  const std::string path = dir.file("collective.json");
  std::ofstream(path) << R"({"d500": 1, "name": "coll", "level": "collective", "seed": 1,
    "collective": {"operations": ["allreduce", "allgather", "broadcast"], "min_bytes": 4,
                   "max_bytes": 65536},
    "repetition": {"min_samples": 10, "max_samples": 200, "max_seconds": 0.05}})";
  return path;
}

// 400 points of ~1 s each: far longer than the job's minute.
std::string longer_than_a_minute(const TempDir& dir) {
  std::string sizes;
  for (int n = 1; n <= 400; ++n) sizes += (n > 1 ? "," : "") + std::to_string(64 * n);
  const std::string path = dir.file("long.json");
  std::ofstream(path) << R"({"d500": 1, "name": "long", "level": "operator", "seed": 3,
    "operator": {"op": "Relu", "inputs": [["N"]]}, "implementations": ["reference"],
    "sweep": {"N": [)" << sizes
                      << R"(]},
    "repetition": {"min_samples": 10, "max_samples": 100000000, "max_seconds": 1,
                   "target_rel_ci": 0.000001}})";
  return path;
}

class SlurmJobs : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    skip_ = d500::test::SlurmCluster::missing();
    if (skip_.empty() && d500::test::kMpirun.empty()) skip_ = "built without MPI";
    if (!skip_.empty()) return;
    cluster_ = std::make_unique<d500::test::SlurmCluster>();
    failure_ = cluster_->start();
    if (!failure_.empty()) return;
    // Clients (sbatch in d500, squeue, scancel) find the cluster through SLURM_CONF.
    setenv("SLURM_CONF", cluster_->env()[0].substr(11).c_str(), 1);
    dir_ = std::make_unique<TempDir>();
    jobs_["timeout"] =
        submit("timeout", longer_than_a_minute(*dir_), {"--time", "1", "--grace", "10"});
    jobs_["collective"] =
        submit("collective", collective(*dir_), {"--tasks-per-node", "2", "--time", "5"});
    jobs_["training"] = submit(
        "training",
        d500::test::distributed_variant(*dir_, {{"scheme", "allreduce"}}, true, "train.json"),
        {"--tasks-per-node", "2", "--time", "5"});
    jobs_["crash"] = submit(
        "crash",
        d500::test::distributed_variant(*dir_,
                                        {{"scheme", "model_averaging"},
                                         {"fault", {{"rank", 1}, {"step", 40}, {"kind", "crash"}}}},
                                        true, "crash.json"),
        {"--tasks-per-node", "2", "--time", "5"});
  }
  static void TearDownTestSuite() {
    if (cluster_) cluster_->stop();
    cluster_.reset();
    jobs_.clear();
    dir_.reset();
  }

  void SetUp() override {
    if (!skip_.empty()) GTEST_SKIP() << skip_;
    ASSERT_EQ(failure_, "") << "the cluster did not start";
  }

  static Job submit(const std::string& name, const std::string& experiment,
                    std::vector<std::string> extra) {
    Job j;
    j.folder = dir_->file(name);
    std::filesystem::create_directories(j.folder);
    std::vector<std::string> argv{kD500,      "--json",    "job",   "--submit",
                                  experiment, "--job-dir", j.folder};
    argv.insert(argv.end(), extra.begin(), extra.end());
    const auto r = run(argv, j.folder);
    if (r.exit_code != 0) {
      j.submit_err = "exit " + std::to_string(r.exit_code) + ": " + r.err;
      return j;
    }
    const auto out = nlohmann::json::parse(r.out, nullptr, false);
    j.id = out.value("job_id", "");
    j.db = out.value("db", "");
    j.output = out.value("output", "");
    return j;
  }

  // Waits (bounded) until Slurm says the job ended; its final state.
  static std::string wait_for(const Job& j) {
    std::string state;
    d500::test::eventually(
        [&] {
          const auto s = slurm::job_states({j.id});
          state = s.count(j.id) ? s.at(j.id).state : "";
          return slurm::state_is_final(state);
        },
        std::chrono::minutes(4));
    return state;
  }

  static store::RunInfo the_run(const Job& j) {
    auto s = store::ResultStore::open(j.db, store::ResultStore::Mode::ReadOnly);
    EXPECT_TRUE(s.ok()) << j.db << "\n" << d500::test::read_file(j.output);
    if (!s.ok() || s.value()->runs().size() != 1) {
      ADD_FAILURE() << "expected one run in " << j.db << "\n" << d500::test::read_file(j.output);
      return {};
    }
    return s.value()->runs()[0];
  }

  static std::set<int> ranks_with_series(const Job& j, int64_t run_id) {
    auto s = store::ResultStore::open(j.db, store::ResultStore::Mode::ReadOnly);
    std::set<int> ranks;
    if (s.ok())
      for (const auto& p : s.value()->series_after(run_id, 0, 1000000)) ranks.insert(p.rank);
    return ranks;
  }

  void expect_succeeded_on_two_ranks(const std::string& name) {
    const Job& j = jobs_.at(name);
    ASSERT_EQ(j.submit_err, "");
    ASSERT_FALSE(j.id.empty());
    EXPECT_EQ(wait_for(j), "completed") << d500::test::read_file(j.output) << cluster_->logs();
    const auto r = the_run(j);
    EXPECT_EQ(r.status, store::RunStatus::Succeeded) << r.status_reason;
    EXPECT_EQ(r.launcher, "mpi:2 slurm:" + j.id);  // two ranks, and the job it ran in
    EXPECT_EQ(ranks_with_series(j, r.id), (std::set<int>{0, 1}));
    EXPECT_TRUE(contains(d500::test::read_file(j.output), "run 1 succeeded"))
        << d500::test::read_file(j.output);
  }

  static inline std::string skip_, failure_;
  static inline std::unique_ptr<d500::test::SlurmCluster> cluster_;
  static inline std::unique_ptr<TempDir> dir_;
  static inline std::map<std::string, Job> jobs_;
};

TEST_F(SlurmJobs, ACollectiveRunsOnTwoRanksAndRecordsItsJob) {
  expect_succeeded_on_two_ranks("collective");
}

TEST_F(SlurmJobs, DistributedTrainingRunsOnTwoRanksAndRecordsItsJob) {
  expect_succeeded_on_two_ranks("training");
}

TEST_F(SlurmJobs, ATimeLimitEndsTheRunCancelledWithItsPointsKept) {
  const Job& j = jobs_.at("timeout");
  ASSERT_EQ(j.submit_err, "");
  const std::string state = wait_for(j);
  EXPECT_TRUE(slurm::state_is_final(state)) << state << cluster_->logs();
  const auto r = the_run(j);
  EXPECT_EQ(r.status, store::RunStatus::Cancelled) << r.status_reason << "\n"
                                                   << d500::test::read_file(j.output);
  EXPECT_EQ(r.launcher, "slurm:" + j.id);
  auto s = store::ResultStore::open(j.db, store::ResultStore::Mode::ReadOnly).value();
  const size_t kept = s->measurements(r.id).size();
  EXPECT_GT(kept, 0u) << "the points measured before the time limit are kept";
  EXPECT_LT(kept, 400u) << "the limit stopped the sweep";
}

TEST_F(SlurmJobs, ACrashOnOneRankFailsTheRunNamingTheRank) {
  const Job& j = jobs_.at("crash");
  ASSERT_EQ(j.submit_err, "");
  const std::string state = wait_for(j);
  EXPECT_NE(state, "completed") << d500::test::read_file(j.output);
  const auto r = the_run(j);
  EXPECT_EQ(r.status, store::RunStatus::Failed) << r.status_reason;
  EXPECT_TRUE(contains(r.status_reason, "rank 1 of 2")) << r.status_reason;
  EXPECT_EQ(r.launcher, "mpi:2 slurm:" + j.id);
}

// After the jobs above: `d500 jobs` names each run's job and the state squeue reports.
TEST_F(SlurmJobs, JobsListsTheRunsWithTheirJobsStates) {
  const Job& j = jobs_.at("collective");
  ASSERT_EQ(j.submit_err, "");
  wait_for(j);
  const auto r = run({kD500, "--db", j.db, "jobs"}, j.folder);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_TRUE(contains(r.out, " " + j.id + " ")) << r.out;
  EXPECT_TRUE(contains(r.out, "completed (squeue)")) << r.out;
  EXPECT_TRUE(contains(r.out, "succeeded")) << r.out;
}

}  // namespace
