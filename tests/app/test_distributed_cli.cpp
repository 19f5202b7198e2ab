// Guards issue #7 (Level 3, level "distributed") at the command line: the shipped example under
// `mpirun -np 2` trains with each scheme; rank 0's store holds every rank's series (trainer
// curves and per-step communication figures) with the rank set, per-rank step-time measurements,
// the critical path and the Kruskal-Wallis row; `d500 show` prints the per-rank table and the
// verdict (and, for the asynchronous parameter server, the staleness). Alone the level runs as one
// rank; a bad "distributed" section is refused with its path.
#include <gtest/gtest.h>

#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <set>

#include "../support/mpi_cli.h"
#include "d500/store/result_store.h"

using d500::test::contains;
using d500::test::kD500;
using d500::test::kMpirun;
using d500::test::kRootEnv;
using d500::test::run;
using d500::test::TempDir;
namespace store = d500::store;

namespace {

// The shipped example with `distributed` replaced and the training made shorter.
std::string variant(const TempDir& dir, const nlohmann::json& distributed, bool mpi = true) {
  return d500::test::distributed_variant(dir, distributed, mpi,
                                         distributed.value("scheme", "x") + ".json");
}

class DistributedCli : public ::testing::TestWithParam<std::string> {};

TEST_P(DistributedCli, TrainsOnTwoRanksAndRankZeroStoresEveryRank) {
  REQUIRE_MPIRUN();
  TempDir dir;
  const std::string db = dir.file("s.d500db");
  const std::string e = variant(dir, {{"scheme", GetParam()}, {"average_every", 3}});
  auto r = run({kMpirun, "-np", "2", "--oversubscribe", kD500, "run", e, "--db", db}, dir.path(),
               kRootEnv);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  auto opened = store::ResultStore::open(db, store::ResultStore::Mode::ReadOnly);
  ASSERT_TRUE(opened.ok());
  auto& s = *opened.value();
  auto runs = s.runs();
  ASSERT_EQ(runs.size(), 1u);  // one writer
  EXPECT_EQ(runs[0].level, "distributed");
  EXPECT_EQ(runs[0].launcher, "mpi:2");
  std::map<int, std::map<std::string, int>> count;
  std::map<int, std::map<std::string, double>> last;
  for (const auto& p : s.series_after(runs[0].id, 0, 1000000)) {
    ++count[p.rank][p.name];
    last[p.rank][p.name] = p.value;
  }
  ASSERT_EQ(count.size(), 2u) << "series of ranks 0 and 1";
  // 2048 samples split over 2 ranks, batch 32, 2 epochs.
  const int steps = 2 * (2048 / 2 / 32);
  for (int rank : {0, 1}) {
    for (const char* name : {"loss", "step_time_s", "comm_bytes", "comm_time_s", "compute_time_s"})
      EXPECT_EQ(count[rank][name], steps) << "rank " << rank << " " << name;
    EXPECT_EQ(count[rank]["test_accuracy"], 2) << rank;
    EXPECT_EQ(last[rank]["steps"], steps) << rank;
    EXPECT_GT(last[rank]["final_test_accuracy"], 0.3) << rank;  // 10 classes: chance is 0.1
    EXPECT_GT(count[rank]["comm.allreduce.calls"] + count[rank]["comm.sendrecv.calls"] +
                  count[rank]["comm.reduce.calls"] + count[rank]["comm.send.calls"],
              0)
        << rank;
  }
  if (GetParam() == "allreduce" || GetParam() == "parameter_server") {
    EXPECT_DOUBLE_EQ(last[0]["final_test_accuracy"], last[1]["final_test_accuracy"])
        << "the replicas are identical";
  }
  if (GetParam() == "async_parameter_server") {
    EXPECT_EQ(count[0]["staleness"], steps) << "one per gradient of the worker";
    EXPECT_EQ(count[1]["staleness"], 0);
    EXPECT_EQ(last[0]["server_applied_gradients"], 2 * steps);
  }
  // Per-rank step times, the critical path, and the Kruskal-Wallis row.
  std::set<std::string> subjects;
  for (const auto& m : s.measurements(runs[0].id)) {
    subjects.insert(m.subject);
    if (m.subject == "step time rank 1") {
      EXPECT_EQ(m.rank, 1);
    }
    EXPECT_EQ(m.n, steps) << m.subject;
    EXPECT_GT(m.median, 0) << m.subject;
  }
  EXPECT_EQ(subjects, (std::set<std::string>{"step time rank 0", "step time rank 1",
                                             "step time critical path (max over ranks)"}));
  int kw = 0;
  for (const auto& v : s.validations(runs[0].id))
    if (v.metric == "kruskal_wallis_p") {
      ++kw;
      EXPECT_TRUE(v.value >= 0 && v.value <= 1) << v.value;
      EXPECT_TRUE(contains(v.detail, "Kruskal-Wallis H = ")) << v.detail;
    }
  EXPECT_EQ(kw, 1);

  auto show = run({kD500, "show", "latest", "--db", db}, dir.path());
  ASSERT_EQ(show.exit_code, 0) << show.err;
  if (GetParam() == "async_parameter_server") {
    EXPECT_TRUE(contains(show.out, "staleness of 64 worker gradients")) << show.out;
  }
  for (const std::string& want :
       {"distributed training: " + GetParam() + " x2", std::string("COMM %"),
        std::string("critical path"), std::string("step time across ranks: ranks "),
        std::string("Kruskal-Wallis H = "), std::string("communication per rank")})
    EXPECT_TRUE(contains(show.out, want)) << want << "\n" << show.out;
}

INSTANTIATE_TEST_SUITE_P(Schemes, DistributedCli,
                         ::testing::Values("allreduce", "parameter_server", "model_averaging",
                                           "dpsgd", "async_parameter_server"));

TEST(DistributedCliReplicated, EveryRankTrainsOnTheWholeSet) {
  REQUIRE_MPIRUN();
  TempDir dir;
  const std::string db = dir.file("s.d500db");
  const std::string e = variant(dir, {{"scheme", "model_averaging"}, {"sampler", "replicated"}});
  auto r = run({kMpirun, "-np", "2", "--oversubscribe", kD500, "run", e, "--db", db}, dir.path(),
               kRootEnv);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  auto s = store::ResultStore::open(db, store::ResultStore::Mode::ReadOnly);
  ASSERT_TRUE(s.ok());
  std::map<int, double> steps, accuracy;
  for (const auto& p : s.value()->series_after(s.value()->runs().at(0).id, 0, 1000000)) {
    if (p.name == "steps") steps[p.rank] = p.value;
    if (p.name == "final_test_accuracy") accuracy[p.rank] = p.value;
  }
  // Both ranks see all 2048 samples per epoch (batch 32, 2 epochs), and the same batches: with
  // the same start the replicas never part, so the averaged model is each rank's.
  EXPECT_EQ(steps, (std::map<int, double>{{0, 128}, {1, 128}}));
  ASSERT_EQ(accuracy.size(), 2u);
  EXPECT_EQ(accuracy[0], accuracy[1]);
}

// Ranks stopping alone would leave the others waiting in a collective: a time limit is agreed
// after each step, so both ranks stop at the same one.
TEST(DistributedCliTimeLimit, EveryRankStopsAtTheSameStep) {
  REQUIRE_MPIRUN();
  TempDir dir;
  const std::string db = dir.file("s.d500db");
  std::ifstream in(variant(dir, {{"scheme", "dpsgd"}}));
  nlohmann::json j = nlohmann::json::parse(in);
  j["training"]["epochs"] = 1000;
  j["training"]["max_seconds"] = 1.5;
  const std::string e = dir.file("limited.json");
  std::ofstream(e) << j.dump();
  auto r = run({kMpirun, "-np", "2", "--oversubscribe", kD500, "run", e, "--db", db}, dir.path(),
               kRootEnv);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  auto s = store::ResultStore::open(db, store::ResultStore::Mode::ReadOnly);
  ASSERT_TRUE(s.ok());
  std::map<int, double> steps;
  for (const auto& p : s.value()->series_after(s.value()->runs().at(0).id, 0, 10000000))
    if (p.name == "steps") steps[p.rank] = p.value;
  ASSERT_EQ(steps.size(), 2u);
  EXPECT_EQ(steps[0], steps[1]);
  EXPECT_GT(steps[0], 0);
  EXPECT_LT(steps[0], 1000 * 32) << "the time limit stopped it";
}

TEST(DistributedCliAlone, OneRankTrainsWithoutCommunication) {
  TempDir dir;
  const std::string db = dir.file("s.d500db");
  auto r =
      run({kD500, "run", variant(dir, {{"scheme", "allreduce"}}, false), "--db", db}, dir.path());
  ASSERT_EQ(r.exit_code, 0) << r.err;
  auto s = store::ResultStore::open(db, store::ResultStore::Mode::ReadOnly);
  ASSERT_TRUE(s.ok());
  const auto id = s.value()->runs().at(0).id;
  int points = 0;
  for (const auto& p : s.value()->series_after(id, 0, 1000000))
    if (p.name == "comm_bytes") {
      ++points;
      EXPECT_EQ(p.value, 0);
      EXPECT_EQ(p.rank, 0);
    }
  EXPECT_EQ(points, 2 * 2048 / 32);
  auto show = run({kD500, "show", "latest", "--db", db}, dir.path());
  EXPECT_TRUE(contains(show.out, "one rank: nothing to compare")) << show.out;
}

TEST(DistributedCliAlone, BadSectionIsRefusedWithItsPath) {
  TempDir dir;
  const std::string db = dir.file("s.d500db");
  auto r = run(
      {kD500, "run", variant(dir, {{"scheme", "async"}, {"average_every", 0}}, false), "--db", db},
      dir.path());
  EXPECT_EQ(r.exit_code, 3) << r.err;
  EXPECT_TRUE(contains(r.err, "$.distributed.scheme: expected one of allreduce")) << r.err;
  EXPECT_TRUE(contains(r.err, "$.distributed.average_every")) << r.err;
}

}  // namespace
