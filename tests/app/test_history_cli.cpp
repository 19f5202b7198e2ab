// Guards issue #31 item 2 "d500 history" at the command line: a store's series printed with their
// change points, in any format through the reporter; an unknown axis or experiment is one clear
// error with exit 3.
#include <gtest/gtest.h>

#include <fstream>
#include <nlohmann/json.hpp>

#include "../support/process.h"
#include "d500/store/result_store.h"

using d500::test::run;
using d500::test::TempDir;

namespace {

const std::string kD500 = std::string(D500_TEST_BINARY_DIR) + "/bin/d500";

// 8 runs of Gemm at 1 us on plugin version 1.0, then 8 at 1.2 us on 1.1, on a `cpu` machine.
void slowed_store(const std::string& db, const std::string& cpu = "Test CPU") {
  auto s = std::move(d500::store::ResultStore::open(db, d500::store::ResultStore::Mode::ReadWrite))
               .value();
  for (int i = 0; i < 16; ++i) {
    const std::string version = i < 8 ? "1.0" : "1.1";
    nlohmann::json env = {{"cpu", {{"model", cpu}, {"logical_cpus", 4}}},
                          {"plugins", {{"reference", {{"version", version}}}}}};
    d500::store::RunInfo r;
    r.name = "gemm";
    r.level = "operator";
    r.environment_id = s->put_environment(env.dump());
    r.id = s->create_run(r);
    s->start_run(r.id);
    std::vector<double> x;
    for (int k = 0; k < 30; ++k) x.push_back((i < 8 ? 1000 : 1200) + (k * 7 + i * 3) % 11);
    d500::store::MeasurementRow m;
    m.run_id = r.id;
    m.subject = "Gemm N=8";
    m.implementation = "reference/default";
    m.point_json = R"({"N":8})";
    m.n = 30;
    m.median = x[15];
    s->add_measurement(m, x);
    s->finish_run(r.id, d500::store::RunStatus::Succeeded, 0, "");
  }
}

bool contains(const std::string& hay, const std::string& needle) {
  return hay.find(needle) != std::string::npos;
}

TEST(HistoryCli, TheStoresSeriesAndTheirChangePointsInEveryFormat) {
  TempDir dir;
  const std::string db = dir.file("h.d500db");
  slowed_store(db);
  auto text = run({kD500, "--db", db, "history"}, dir.path());
  ASSERT_EQ(text.exit_code, 0) << text.err;
  EXPECT_TRUE(contains(text.out, "gemm · reference/default · Gemm N=8 · Test CPU, 4 CPUs"))
      << text.out;
  EXPECT_TRUE(contains(text.out, "change between run 8 (")) << text.out;
  EXPECT_TRUE(contains(text.out, "median +19.9%")) << text.out;  // of the runs' medians
  auto md =
      run({kD500, "--db", db, "history", "--by", "plugins.reference.version", "--format", "md"},
          dir.path());
  ASSERT_EQ(md.exit_code, 0) << md.err;
  EXPECT_TRUE(contains(md.out, "## gemm")) << md.out;
  EXPECT_TRUE(contains(md.out, "| 9 | 1.1 |")) << md.out;
  auto json = run({kD500, "--db", db, "--json", "history"}, dir.path());
  ASSERT_EQ(json.exit_code, 0) << json.err;
  EXPECT_EQ(nlohmann::json::parse(json.out)["sections"].size(), 1u);
}

TEST(HistoryCli, AnUnknownAxisOrExperimentIsRefused) {
  TempDir dir;
  const std::string db = dir.file("h.d500db");
  slowed_store(db);
  auto axis = run({kD500, "--db", db, "history", "--by", "plugins.torch.version"}, dir.path());
  EXPECT_EQ(axis.exit_code, 3);
  EXPECT_TRUE(contains(axis.err, "no run's environment has a field \"plugins.torch.version\""))
      << axis.err;
  auto name = run({kD500, "--db", db, "history", "--experiment", "nope"}, dir.path());
  EXPECT_EQ(name.exit_code, 3);
  EXPECT_TRUE(contains(name.err, "no operator or network run named \"nope\"")) << name.err;
}

// Issue 31 item 4: `d500 gate` exits 1 on the 20% slowdown and 0 on a rerun of the same
// version, and writes the Markdown summary and the JUnit XML it is asked for.
TEST(HistoryCli, TheGateExitsOneOnARegressionAndWritesItsSummaries) {
  TempDir dir;
  const std::string db = dir.file("h.d500db");
  slowed_store(db);
  auto fail = run({kD500, "--db", db, "gate", "1", "9", "--markdown", dir.file("gate.md"),
                   "--junit", dir.file("gate.xml")},
                  dir.path());
  EXPECT_EQ(fail.exit_code, 1) << fail.err;
  EXPECT_TRUE(contains(fail.out, "1 regression(s)")) << fail.out;
  EXPECT_TRUE(contains(d500::test::read_file(dir.file("gate.md")), "| Gemm N=8 |"));
  EXPECT_TRUE(contains(d500::test::read_file(dir.file("gate.xml")), "failures=\"1\""));
  auto pass = run({kD500, "--db", db, "gate", "1", "2"}, dir.path());
  EXPECT_EQ(pass.exit_code, 0) << pass.out << pass.err;
  EXPECT_TRUE(contains(pass.out, "no regression")) << pass.out;
  auto nowhere = run({kD500, "--db", db, "gate", "1", "99"}, dir.path());
  EXPECT_EQ(nowhere.exit_code, 3);
  // --series: each series' latest run; against another store with --db-b.
  auto series = run({kD500, "--db", db, "gate", "--series"}, dir.path());
  EXPECT_EQ(series.exit_code, 0) << series.err;
  EXPECT_TRUE(contains(series.out, "15 → 16")) << series.out;
  const std::string other = dir.file("other.d500db");
  slowed_store(other);
  auto stores = run({kD500, "--db", db, "gate", "--series", "--db-b", other}, dir.path());
  EXPECT_EQ(stores.exit_code, 0) << stores.err;
  EXPECT_TRUE(contains(stores.out, "16 → 16")) << stores.out;
  auto both = run({kD500, "--db", db, "gate", "--series", "1", "2"}, dir.path());
  EXPECT_EQ(both.exit_code, 2);
  auto neither = run({kD500, "--db", db, "gate"}, dir.path());
  EXPECT_EQ(neither.exit_code, 2);
  EXPECT_TRUE(contains(neither.err, "or --series")) << neither.err;
}

// Issue 31 items 5 and 6: the overview lists the series with its last change; `d500 confirm`
// reruns two real runs in blocks and writes its verdicts; a run without a stored experiment and a
// run of another store are refused.
TEST(HistoryCli, TheOverviewAndConfirmWorkFromTheCommandLine) {
  TempDir dir;
  const std::string db = dir.file("h.d500db");
  slowed_store(db);
  auto changes = run({kD500, "--db", db, "history", "--changes", "--format", "csv"}, dir.path());
  ASSERT_EQ(changes.exit_code, 0) << changes.err;
  EXPECT_TRUE(contains(changes.out, "+19.9%")) << changes.out;
  EXPECT_TRUE(contains(changes.out, "8 → 9")) << changes.out;
  auto synthetic = run({kD500, "--db", db, "confirm", "8", "9"}, dir.path());
  EXPECT_EQ(synthetic.exit_code, 3);
  EXPECT_TRUE(contains(synthetic.err, "has no stored experiment to rerun")) << synthetic.err;

  const std::string real = dir.file("real.d500db"), spec = dir.file("g.json");
  std::ofstream(spec) << R"({"d500": 1, "name": "g", "level": "operator", "seed": 1,
    "operator": {"op": "Gemm", "dtype": "float32", "inputs": [["N", "N"], ["N", "N"]]},
    "implementations": ["reference"], "sweep": {"N": [8]},
    "repetition": {"warmup_calls": 1, "min_samples": 10, "max_samples": 20, "max_seconds": 0.5}})";
  for (int i = 0; i < 2; ++i)
    ASSERT_EQ(run({kD500, "--db", real, "run", spec, "--progress", "none"}, dir.path()).exit_code,
              0);
  auto confirm = run({kD500, "--db", real, "confirm", "1", "2", "--progress", "json", "--seed", "1",
                      "-o", dir.file("verdict.md")},
                     dir.path());
  ASSERT_EQ(confirm.exit_code, 0) << confirm.err;
  size_t started = 0;
  for (size_t at = confirm.out.find("\"run_started\""); at != std::string::npos;
       at = confirm.out.find("\"run_started\"", at + 1))
    ++started;
  EXPECT_EQ(started, 10u) << "each of the 10 reruns as a JSON line:\n" << confirm.out;
  const std::string md = d500::test::read_file(dir.file("verdict.md"));
  EXPECT_TRUE(contains(md, "| Gemm N=8 | reference/default |")) << md;
  EXPECT_TRUE(contains(md, "5 randomized blocks")) << md;
}

// Issue 31 "done when": a store merged from two machines keeps each machine's series apart in
// the history, the overview and the series gate; --across-machines pairs them.
TEST(HistoryCli, AStoreMergedFromTwoMachinesKeepsTheirSeriesApart) {
  TempDir dir;
  const std::string a = dir.file("a.d500db"), b = dir.file("b.d500db"), m = dir.file("m.d500db");
  slowed_store(a, "CPU A");
  slowed_store(b, "CPU B");
  ASSERT_EQ(run({kD500, "merge", a, b, "-o", m}, dir.path()).exit_code, 0);
  auto changes = run({kD500, "--db", m, "history", "--changes", "--format", "csv"}, dir.path());
  ASSERT_EQ(changes.exit_code, 0) << changes.err;
  EXPECT_TRUE(contains(changes.out, "CPU A, 4 CPUs")) << changes.out;
  EXPECT_TRUE(contains(changes.out, "CPU B, 4 CPUs")) << changes.out;
  EXPECT_TRUE(contains(changes.out, "8 → 9")) << changes.out;
  EXPECT_TRUE(contains(changes.out, "24 → 25")) << "machine B's change, after A's 16 runs";
  auto gate = run({kD500, "--db", m, "gate", "--series"}, dir.path());
  ASSERT_EQ(gate.exit_code, 0) << gate.err;
  EXPECT_TRUE(contains(gate.out, "15 → 16")) << gate.out;
  EXPECT_TRUE(contains(gate.out, "31 → 32")) << gate.out;
  auto across = run({kD500, "--db", a, "gate", "--series", "--db-b", b}, dir.path());
  EXPECT_EQ(across.exit_code, 3) << "other machines are refused";
  EXPECT_TRUE(contains(across.err, "on the same machine class")) << across.err;
  auto allowed =
      run({kD500, "--db", a, "gate", "--series", "--db-b", b, "--across-machines"}, dir.path());
  EXPECT_EQ(allowed.exit_code, 0) << allowed.err;
}

}  // namespace
