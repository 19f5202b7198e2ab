// Guards issue #30 (a distributed scheme from a plugin, ABI 1.4) at the command line: the
// examples plugin's top-k sparsification, built with the SDK only, is listed by `d500 plugins`
// beside the built-in schemes, trains at level 3 under `mpirun -np 2` with the replicas equal and
// a fraction of allreduce's bytes, and its bad params and an unknown plugin scheme are refused
// by `d500 check` with the path and the plugin named.
#include <gtest/gtest.h>

#include <map>
#include <nlohmann/json.hpp>

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

// Per rank: the sum of comm_bytes and the last value of every series of the store's one run.
struct Ranks {
  std::map<int, double> bytes;
  std::map<int, std::map<std::string, double>> last;
};

Ranks train(const TempDir& dir, const nlohmann::json& distributed, const std::string& file) {
  const std::string e = d500::test::distributed_variant(dir, distributed, true, file + ".json");
  const std::string db = dir.file(file + ".d500db");
  auto r = run({kMpirun, "-np", "2", "--oversubscribe", kD500, "run", e, "--db", db}, dir.path(),
               kRootEnv);
  EXPECT_EQ(r.exit_code, 0) << r.err;
  Ranks out;
  auto opened = store::ResultStore::open(db, store::ResultStore::Mode::ReadOnly);
  if (!opened.ok()) return out;
  auto& s = *opened.value();
  if (s.runs().size() != 1u) return out;
  for (const auto& p : s.series_after(s.runs()[0].id, 0, 1000000)) {
    if (p.name == "comm_bytes") out.bytes[p.rank] += p.value;
    out.last[p.rank][p.name] = p.value;
  }
  return out;
}

TEST(PluginSchemeCli, PluginsListsTheSchemeBesideTheBuiltIns) {
  TempDir dir;
  auto r = run({kD500, "plugins"}, dir.path());
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_TRUE(contains(r.out, "examples/topk_sgd")) << r.out;
  EXPECT_TRUE(contains(r.out, "plugin examples")) << r.out;
  EXPECT_TRUE(contains(r.out, "allreduce")) << r.out;
}

TEST(PluginSchemeCli, TopKTrainsOnTwoRanksWithAFractionOfAllreducesBytes) {
  REQUIRE_MPIRUN();
  TempDir dir;
  const Ranks topk =
      train(dir, {{"scheme", "examples/topk_sgd"}, {"params", {{"ratio", 0.05}}}}, "topk");
  const Ranks dense = train(dir, {{"scheme", "allreduce"}}, "allreduce");
  for (int rank : {0, 1}) {
    ASSERT_TRUE(topk.last.count(rank) && dense.last.count(rank)) << rank;
    EXPECT_GT(topk.last.at(rank).at("final_test_accuracy"), 0.3) << rank;  // chance is 0.1
    EXPECT_GT(topk.bytes.at(rank), 0) << rank;
    EXPECT_LT(topk.bytes.at(rank) * 5, dense.bytes.at(rank))
        << "rank " << rank << ": 5% of the entries as index and value, gathered from 2 ranks";
  }
  EXPECT_DOUBLE_EQ(topk.last.at(0).at("final_test_accuracy"),
                   topk.last.at(1).at("final_test_accuracy"))
      << "every rank steps on the same sparse mean: the replicas stay equal";
}

TEST(PluginSchemeCli, BadParamsAndUnknownPluginSchemesAreRefused) {
  TempDir dir;
  const std::string bad = d500::test::distributed_variant(
      dir, {{"scheme", "examples/topk_sgd"}, {"params", {{"ratio", 2}}}}, false, "bad.json");
  auto r = run({kD500, "check", bad}, dir.path());
  EXPECT_NE(r.exit_code, 0);
  EXPECT_TRUE(contains(r.out + r.err, "$.distributed.params")) << r.out << r.err;
  EXPECT_TRUE(contains(r.out + r.err, "plugin examples")) << r.out << r.err;
  EXPECT_TRUE(contains(r.out + r.err, "params.ratio must lie in (0, 1]")) << r.out << r.err;

  const std::string unknown = d500::test::distributed_variant(
      dir, {{"scheme", "nosuchplugin/topk"}}, false, "unknown.json");
  r = run({kD500, "check", unknown}, dir.path());
  EXPECT_NE(r.exit_code, 0);
  EXPECT_TRUE(contains(r.out + r.err, "$.distributed.scheme")) << r.out << r.err;
  EXPECT_TRUE(contains(r.out + r.err, "unknown plugin \"nosuchplugin\"")) << r.out << r.err;

  const std::string missing =
      d500::test::distributed_variant(dir, {{"scheme", "examples/nope"}}, false, "missing.json");
  r = run({kD500, "check", missing}, dir.path());
  EXPECT_NE(r.exit_code, 0);
  EXPECT_TRUE(contains(r.out + r.err, "plugin \"examples\" offers no scheme \"nope\""))
      << r.out << r.err;
}

// A scheme whose ranks pass different sizes to one allreduce (issue 30, bad input): the run fails
// on both ranks naming the call and the sizes, is stored as failed, and nothing hangs.
TEST(PluginSchemeCli, AnAllreduceOfDifferentSizesOnTwoRanksFailsTheRun) {
  REQUIRE_MPIRUN();
  TempDir dir;
  const std::string e = d500::test::distributed_variant(
      dir, {{"scheme", "fixture_scheme_uneven/broken"}}, true, "uneven.json");
  const std::string db = dir.file("uneven.d500db");
  const std::string plugins =
      std::string(D500_TEST_BINARY_DIR) + "/tests/fixtures/plugin-dir-uneven";
  auto r = run({kMpirun, "-np", "2", "--oversubscribe", kD500, "--plugin-path", plugins, "run", e,
                "--db", db},
               dir.path(), kRootEnv);
  EXPECT_NE(r.exit_code, 0);
  EXPECT_TRUE(contains(r.err, "differs across ranks")) << r.err;
  EXPECT_TRUE(contains(r.err, "allreduce 1")) << r.err;  // rank 0's one float
  auto opened = store::ResultStore::open(db, store::ResultStore::Mode::ReadOnly);
  ASSERT_TRUE(opened.ok());
  const auto runs = opened.value()->runs();
  ASSERT_EQ(runs.size(), 1u);
  EXPECT_EQ(runs[0].status, store::RunStatus::Failed);
  EXPECT_TRUE(contains(runs[0].status_reason, "collective call")) << runs[0].status_reason;
}

// A scheme whose ranks wait on each other from step 2 (issue 30, bad input: a deadlocking
// scheme): each rank's hook watchdog finds it stuck after distributed.hook_timeout_s, the run is
// stored as failed naming the scheme, the hook and the step, and the job ends (bounded, checked
// by the clock only as "it ended at all").
TEST(PluginSchemeCli, ADeadlockingSchemeFailsTheRunInsteadOfHanging) {
  REQUIRE_MPIRUN();
  TempDir dir;
  const std::string e = d500::test::distributed_variant(
      dir, {{"scheme", "fixture_scheme_deadlock/broken"}, {"hook_timeout_s", 1}}, true,
      "deadlock.json");
  const std::string db = dir.file("deadlock.d500db");
  const std::string plugins =
      std::string(D500_TEST_BINARY_DIR) + "/tests/fixtures/plugin-dir-deadlock";
  d500::test::Process p({kMpirun, "-np", "2", "--oversubscribe", kD500, "--plugin-path", plugins,
                         "run", e, "--db", db},
                        dir.path(), kRootEnv);
  const auto r = d500::test::wait_within(p, d500::test::kJobEnds);
  ASSERT_FALSE(r.timed_out) << "the job hung: " << r.err;
  EXPECT_NE(r.exit_code, 0);
  EXPECT_TRUE(contains(r.err, "has not returned after 1 s")) << r.err;
  auto opened = store::ResultStore::open(db, store::ResultStore::Mode::ReadOnly);
  ASSERT_TRUE(opened.ok());
  const auto runs = opened.value()->runs();
  ASSERT_EQ(runs.size(), 1u);
  EXPECT_EQ(runs[0].status, store::RunStatus::Failed);
  const std::string& why = runs[0].status_reason;
  for (const char* part :
       {"fixture_scheme_deadlock/broken", "of step 2", "deadlock", "distributed.hook_timeout_s"})
    EXPECT_TRUE(contains(why, part)) << part << " in: " << why;
}

}  // namespace
