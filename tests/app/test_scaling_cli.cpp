// Guards issue #36 items 1-2 at the command line: a real collective run (one rank, no mpirun)
// stores its latency and bandwidth model as the run's artifact, and `d500 scaling` prints each
// operation's model and the error at every size, in any format; a run of another level and an
// unknown run are one clear error with exit 3.
#include <gtest/gtest.h>

#include <fstream>
#include <nlohmann/json.hpp>

#include "../support/process.h"
#include "d500/scaling/collective_models.h"
#include "d500/store/result_store.h"

using d500::test::run;
using d500::test::TempDir;

namespace {

const std::string kD500 = std::string(D500_TEST_BINARY_DIR) + "/bin/d500";

bool contains(const std::string& hay, const std::string& needle) {
  return hay.find(needle) != std::string::npos;
}

TEST(ScalingCli, ACollectiveRunStoresItsModelAndScalingPrintsIt) {
  TempDir dir;
  const std::string db = dir.file("c.d500db"), spec = dir.file("coll.json");
  std::ofstream(spec) << R"({"d500": 1, "name": "coll", "level": "collective", "seed": 1,
    "collective": {"operations": ["allreduce", "allgather"], "min_bytes": 4,
                   "max_bytes": 4096, "dtype": "float32"},
    "repetition": {"warmup_calls": 2, "min_samples": 10, "max_samples": 50,
                   "max_seconds": 0.05}})";
  auto r = run({kD500, "--db", db, "run", spec, "--progress", "none"}, dir.path());
  ASSERT_EQ(r.exit_code, 0) << r.err;
  {
    auto s = d500::store::ResultStore::open(db, d500::store::ResultStore::Mode::ReadOnly).value();
    bool stored = false;
    for (const auto& a : s->artifacts(1))
      if (a.name == d500::scaling::kCollectiveModelArtifact) {
        const auto j = nlohmann::json::parse(std::string(a.data.begin(), a.data.end()));
        ASSERT_EQ(j.size(), 2u);
        EXPECT_EQ(j[0]["checks"].size(), 11u);  // 4 B to 4 KiB, doubling
        stored = true;
      }
    EXPECT_TRUE(stored);
  }
  auto text = run({kD500, "--db", db, "scaling", "1"}, dir.path());
  ASSERT_EQ(text.exit_code, 0) << text.err;
  EXPECT_TRUE(contains(text.out, "run 1: latency and bandwidth")) << text.out;
  EXPECT_TRUE(contains(text.out, "allgather on 1 rank(s):")) << text.out;
  auto md = run({kD500, "--db", db, "scaling", "latest", "--format", "md"}, dir.path());
  ASSERT_EQ(md.exit_code, 0) << md.err;
  EXPECT_TRUE(contains(md.out, "| SIZE | MEASURED | MODEL (95% BAND) |")) << md.out;

  const std::string op = dir.file("op.json");
  std::ofstream(op) << R"({"d500": 1, "name": "g", "level": "operator", "seed": 1,
    "operator": {"op": "Add", "dtype": "float32", "inputs": [["N"], ["N"]]},
    "implementations": ["reference"], "sweep": {"N": [8]}, "validate": false,
    "repetition": {"min_samples": 3, "max_samples": 5, "max_seconds": 0.05}})";
  ASSERT_EQ(run({kD500, "--db", db, "run", op, "--progress", "none"}, dir.path()).exit_code, 0);
  auto wrong = run({kD500, "--db", db, "scaling", "2"}, dir.path());
  EXPECT_EQ(wrong.exit_code, 3);
  EXPECT_TRUE(contains(wrong.err, "run 2 is not a collective run (level operator)")) << wrong.err;
  EXPECT_EQ(run({kD500, "--db", db, "scaling", "9"}, dir.path()).exit_code, 3);
  auto alone = run({kD500, "--db", db, "scaling", "1", "--project"}, dir.path());
  EXPECT_EQ(alone.exit_code, 3);
  EXPECT_TRUE(contains(alone.err, "needs an allreduce measured on 2 or more ranks")) << alone.err;
}

// Issue 36 item 3: from an allreduce fitted on 2 ranks, --project replays the schemes up to
// --max-ranks on the topology asked for; an impossible topology is refused.
TEST(ScalingCli, ProjectsTheSchemesFromATwoRankAllreduce) {
  TempDir dir;
  const std::string db = dir.file("p.d500db");
  {
    auto s = d500::store::ResultStore::open(db, d500::store::ResultStore::Mode::ReadWrite).value();
    d500::store::RunInfo r;
    r.name = "coll";
    r.level = "collective";
    r.id = s->create_run(r);
    for (double n = 4; n <= 1 << 20; n *= 4) {
      d500::store::MeasurementRow m;
      m.run_id = r.id;
      m.subject = "allreduce";
      m.implementation = "mpi:2";
      m.point_json = nlohmann::json{{"op", "allreduce"}, {"bytes", n}, {"ranks", 2}}.dump();
      m.n = 20;
      std::vector<double> x;
      for (int k = 0; k < 20; ++k) x.push_back(2000 + 0.1 * n + k);
      s->add_measurement(m, x);
    }
  }
  auto md = run({kD500, "--db", db, "scaling", "1", "--project", "--max-ranks", "64", "--topology",
                 "fat-tree:oversubscription=2,ranks_per_leaf=8", "--format", "md"},
                dir.path());
  ASSERT_EQ(md.exit_code, 0) << md.err;
  EXPECT_TRUE(contains(md.out, "| parameter-server | 64 |")) << md.out;
  EXPECT_TRUE(contains(md.out, "x32 the largest measured")) << md.out;
  EXPECT_TRUE(contains(md.out, "fat-tree (8 ranks per leaf, oversubscription 2.0)")) << md.out;
  auto bad = run({kD500, "--db", db, "scaling", "1", "--project", "--topology",
                  "fat-tree:oversubscription=0.5"},
                 dir.path());
  EXPECT_EQ(bad.exit_code, 3);
  EXPECT_TRUE(contains(bad.err, "oversubscription 0.5")) << bad.err;
}

}  // namespace
