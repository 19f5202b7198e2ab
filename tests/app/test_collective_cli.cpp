// Guards issue #7 (Level 3) at the command line: the shipped collective sweep under
// `mpirun -np 2` stores checked measurements, algbw/busbw and every rank's counters (rank 0
// writes), `d500 show` prints them; alone the level is one rank; ranks with different experiment
// files are refused; a rank that dies ends the job in bounded time, the run stored failed naming
// that rank, with what was committed kept;
// `d500 job --slurm` writes a script that bash parses and that names what was asked for.
#include <gtest/gtest.h>

#include <chrono>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <regex>

#include "../support/mpi_cli.h"
#include "d500/store/result_store.h"

using d500::test::contains;
using d500::test::kD500;
using d500::test::kMpirun;
using d500::test::kRootEnv;
using d500::test::Process;
using d500::test::run;
using d500::test::TempDir;
namespace store = d500::store;

namespace {

const std::string kExample =
    std::string(D500_TEST_SOURCE_DIR) + "/resources/examples/allreduce_sweep.json";

std::vector<std::string> mpirun(int np, std::vector<std::string> rest) {
  std::vector<std::string> argv{kMpirun, "-np", std::to_string(np), "--oversubscribe"};
  argv.insert(argv.end(), rest.begin(), rest.end());
  return argv;
}

std::string experiment(const TempDir& dir, const std::string& file, int64_t max_bytes,
                       uint64_t seed = 1, double max_seconds = 0.05) {
  std::string path = dir.file(file);
  std::ofstream(path) << R"({"d500": 1, "name": "coll", "level": "collective", "seed": )" << seed
                      << R"(, "collective": {"operations": ["allreduce", "allgather", "broadcast"],
      "min_bytes": 4, "max_bytes": )"
                      << max_bytes << R"(},
      "repetition": {"min_samples": 10, "max_samples": 200, "max_seconds": )"
                      << max_seconds << R"(}})";
  return path;
}

std::unique_ptr<store::ResultStore> open(const std::string& db, bool rw = false) {
  auto s = store::ResultStore::open(
      db, rw ? store::ResultStore::Mode::ReadWrite : store::ResultStore::Mode::ReadOnly);
  EXPECT_TRUE(s.ok()) << (s.ok() ? "" : s.error().to_string());
  return std::move(s).value();
}

}  // namespace

TEST(CollectiveCli, ShippedSweepUnderMpirunStoresCheckedResultsAndShowsBandwidth) {
  REQUIRE_MPIRUN();
  TempDir dir;
  const std::string db = dir.file("s.d500db");
  auto r = run(mpirun(2, {kD500, "run", kExample, "--db", db}), dir.path(), kRootEnv);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  auto s = open(db);
  auto runs = s->runs();
  ASSERT_EQ(runs.size(), 1u);  // one writer: rank 1 made no run in this store
  EXPECT_EQ(runs[0].launcher, "mpi:2");
  // 3 operations x 4 B .. 64 MiB doubling: the critical path, and each rank's own times.
  std::vector<d500::store::MeasurementRow> ms, own;
  for (auto& m : s->measurements(runs[0].id))
    (nlohmann::json::parse(m.point_json).contains("of_rank") ? own : ms).push_back(m);
  ASSERT_EQ(ms.size(), 3u * 25u);
  ASSERT_EQ(own.size(), 2 * ms.size());
  // Every rank timed every call: a stored sample is the slowest rank's time in that sample.
  for (size_t i = 0; i < ms.size(); ++i) {
    const auto& r0 = own[2 * i];
    const auto& r1 = own[2 * i + 1];
    ASSERT_EQ(r0.subject, ms[i].subject + " [rank 0]");
    ASSERT_EQ(r1.subject, ms[i].subject + " [rank 1]");
    EXPECT_EQ(r0.rank, 0);
    EXPECT_EQ(r1.rank, 1);
    const auto crit = s->samples(ms[i].id), a = s->samples(r0.id), b = s->samples(r1.id);
    ASSERT_EQ(a.size(), crit.size());
    ASSERT_EQ(b.size(), crit.size());
    for (size_t k = 0; k < crit.size(); ++k) EXPECT_EQ(crit[k], std::max(a[k], b[k])) << k;
    const auto pj = nlohmann::json::parse(ms[i].point_json);
    EXPECT_EQ(pj["sample"], "max over ranks");
    const double kw_p = pj["ranks_differ"]["p"];
    EXPECT_TRUE(kw_p >= 0 && kw_p <= 1) << kw_p;
  }
  auto vs = s->validations(runs[0].id);
  ASSERT_EQ(vs.size(), ms.size());
  for (const auto& v : vs) EXPECT_TRUE(v.passed) << v.subject << ": " << v.detail;
  // algbw from the stored median and size; busbw = algbw x factor (2 ranks: 1, 1/2, 1).
  std::map<std::pair<std::string, int64_t>, double> series;
  std::map<int, int> comm_rows;
  for (const auto& p : s->series_after(runs[0].id, 0, 100000)) {
    if (p.name.rfind("comm.", 0) == 0)
      ++comm_rows[p.rank];
    else
      series[{p.name, p.step}] = p.value;
  }
  const std::map<std::string, double> factor{
      {"allreduce", 1.0}, {"allgather", 0.5}, {"broadcast", 1.0}};
  for (const auto& m : ms) {
    auto pj = nlohmann::json::parse(m.point_json);
    const std::string op = pj["op"];
    const int64_t bytes = pj["bytes"];
    EXPECT_EQ(pj["ranks"], 2);
    EXPECT_EQ(m.bytes, op == "allgather" ? 2.0 * bytes : double(bytes));
    ASSERT_GT(m.median, 0) << m.subject;
    const double algbw = series[std::make_pair(op + ".algbw_gbps", bytes)];
    const double busbw = series[std::make_pair(op + ".busbw_gbps", bytes)];
    EXPECT_DOUBLE_EQ(algbw, m.bytes / m.median) << m.subject;
    EXPECT_DOUBLE_EQ(busbw, algbw * factor.at(op)) << m.subject;
  }
  EXPECT_GT(comm_rows[0], 0);
  EXPECT_EQ(comm_rows[1], comm_rows[0]);  // rank 1's counters reached rank 0's store

  auto show = run({kD500, "show", "latest", "--db", db}, dir.path());
  ASSERT_EQ(show.exit_code, 0) << show.err;
  for (const char* want :
       {"ALGBW GB/s", "BUSBW GB/s", "64 MiB", "allgather", "broadcast", "collectives on 2 ranks",
        "communication per rank", "RANKS DIFFER", "each rank's own time per call"})
    EXPECT_TRUE(contains(show.out, want)) << want << "\n" << show.out;
  EXPECT_FALSE(contains(show.out, "FAIL")) << show.out;
}

TEST(CollectiveCli, AloneItIsOneRankWithoutBusBandwidth) {
  TempDir dir;
  const std::string db = dir.file("s.d500db");
  auto r = run({kD500, "run", experiment(dir, "e.json", 1024), "--db", db}, dir.path());
  ASSERT_EQ(r.exit_code, 0) << r.err;
  auto s = open(db);
  auto runs = s->runs();
  ASSERT_EQ(runs.size(), 1u);
  EXPECT_EQ(runs[0].launcher, "local");
  EXPECT_EQ(s->measurements(runs[0].id).size(), 3u * 9u);
  for (const auto& p : s->series_after(runs[0].id, 0, 100000))
    EXPECT_EQ(p.name.find("busbw"), std::string::npos) << p.name;  // factor 0 on one rank
  auto show = run({kD500, "show", "latest", "--db", db}, dir.path());
  EXPECT_TRUE(contains(show.out, "collectives on 1 rank ")) << show.out;
  // Every row's BUSBW column is "-".
  size_t rows = 0;
  std::istringstream lines(show.out);
  for (std::string line; std::getline(lines, line);)
    if (std::regex_search(line, std::regex(R"(^\d+ (B|KiB) +(allreduce|allgather|broadcast) )"))) {
      ++rows;
      EXPECT_TRUE(contains(line, " - ")) << line;
    }
  EXPECT_EQ(rows, 27u);
}

TEST(CollectiveCli, MpiLauncherStartedAloneSaysHowToStartIt) {
  TempDir dir;
  auto r = run({kD500, "run", kExample, "--db", dir.file("s.d500db")}, dir.path());
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_TRUE(contains(r.err, "asks for 2 MPI ranks")) << r.err;
  EXPECT_TRUE(contains(r.err, "mpirun -np 2 --oversubscribe ")) << r.err;
}

TEST(CollectiveCli, RanksWithDifferentExperimentsAreRefused) {
  REQUIRE_MPIRUN();
  TempDir dir;
  const std::string db = dir.file("s.d500db");
  const std::string a = experiment(dir, "a.json", 64, 1), b = experiment(dir, "b.json", 64, 2);
  std::vector<std::string> argv{kMpirun, "--oversubscribe",
                                "-np",   "1",
                                kD500,   "run",
                                a,       "--db",
                                db,      ":",
                                "-np",   "1",
                                kD500,   "run",
                                b,       "--db",
                                db};
  auto r = run(argv, dir.path(), kRootEnv);
  EXPECT_EQ(r.exit_code, 3) << r.err;
  EXPECT_TRUE(contains(r.err, "the experiment (canonical sha256) differs across ranks: rank 1 "))
      << r.err;
  EXPECT_TRUE(open(db)->runs().empty());  // refused before a run was recorded
}

TEST(CollectiveCli, ARankThatDiesEndsTheJobAndKeepsWhatWasCommitted) {
  REQUIRE_MPIRUN();
  TempDir dir;
  const std::string db = dir.file("s.d500db");
  // Long enough that rank 1 is killed in the middle of the sweep.
  const std::string e = experiment(dir, "long.json", 1 << 20, 1, 0.5);
  Process job(mpirun(2, {kD500, "run", e, "--db", db}), dir.path(), kRootEnv);
  auto measured = [&] {
    auto s = store::ResultStore::open(db, store::ResultStore::Mode::ReadOnly);
    return s.ok() && !s.value()->runs().empty() &&
           s.value()->measurements(s.value()->runs()[0].id).size() >= 2;
  };
  ASSERT_TRUE(d500::test::eventually(measured, std::chrono::seconds(60)));
  // Rank 1 is the child of mpirun whose environment says so.
  pid_t rank1 = -1;
  std::ifstream children("/proc/" + std::to_string(job.pid()) + "/task/" +
                         std::to_string(job.pid()) + "/children");
  for (pid_t c; children >> c;)
    if (contains(d500::test::read_file("/proc/" + std::to_string(c) + "/environ"),
                 std::string("OMPI_COMM_WORLD_RANK=1") + '\0'))
      rank1 = c;
  ASSERT_GT(rank1, 0);
  ::kill(rank1, SIGKILL);
  auto r = d500::test::wait_within(job, d500::test::kJobEnds);
  EXPECT_FALSE(r.timed_out) << "Open MPI ends the other rank; nothing waits for ever: " << r.err;
  EXPECT_NE(r.exit_code, 0);
  EXPECT_TRUE(contains(r.err, "signal 9") || contains(r.err, "killed")) << r.err;
  // Rank 0 hears of it through the rank watch (rank 1's connection to it closed) and stores the
  // run failed, naming rank 1, before mpirun ends rank 0 too; the measurements committed so far
  // stay. mpirun may return while rank 0 is still being torn down, so look until the run is no
  // longer running.
  d500::test::eventually(
      [&] { return open(db, true)->runs().at(0).status != store::RunStatus::Running; },
      std::chrono::seconds(60));
  auto s = open(db, true);
  auto run0 = s->runs().at(0);
  EXPECT_EQ(run0.status, store::RunStatus::Failed)
      << store::run_status_name(run0.status) << ": " << run0.status_reason;
  EXPECT_TRUE(contains(run0.status_reason, "rank 1 of 2 (pid " + std::to_string(rank1)))
      << run0.status_reason;
  EXPECT_TRUE(contains(run0.status_reason, "ended without a word: killed or crashed"))
      << run0.status_reason;
  EXPECT_GE(s->measurements(run0.id).size(), 2u);
}

TEST(CollectiveCli, SlurmScriptParsesAndNamesWhatWasAsked) {
  TempDir dir;
  const std::string out = dir.file("job.sh");
  auto r =
      run({kD500, "--db", dir.file("results.d500db"), "job", "--slurm", out, kExample, "--nodes",
           "3", "--tasks-per-node", "4", "--time", "02:30:00", "--partition", "gpu-a100"},
          dir.path());
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const std::string script = d500::test::read_file(out);
  for (const std::string& want : std::vector<std::string>{
           "#!/bin/bash\n", "#SBATCH --nodes=3\n", "#SBATCH --ntasks-per-node=4\n",
           "#SBATCH --time=02:30:00\n", "#SBATCH --partition=gpu-a100\n",
           "srun --kill-on-bad-exit=1 ", "EXPERIMENT='" + kExample + "'",
           "DB='" + dir.file("results.d500db") + "'", "\"$D500\" run \"$EXPERIMENT\" --db \"$DB\""})
    EXPECT_TRUE(contains(script, want)) << want << "\n" << script;
  auto bash = run({"/bin/bash", "-n", out}, dir.path());
  EXPECT_EQ(bash.exit_code, 0) << bash.err;
  // What a cluster user would get wrong is refused before a file is written.
  const std::string bad = dir.file("bad.sh");
  auto t = run({kD500, "job", "--slurm", bad, kExample, "--time", "2 hours"}, dir.path());
  EXPECT_EQ(t.exit_code, 2);
  EXPECT_TRUE(contains(t.err, "--time \"2 hours\"")) << t.err;
  auto p = run({kD500, "job", "--slurm", bad, kExample, "--partition", "a b;rm"}, dir.path());
  EXPECT_EQ(p.exit_code, 2);
  auto m = run({kD500, "job", "--slurm", bad, dir.file("missing.json")}, dir.path());
  EXPECT_EQ(m.exit_code, 3);
  EXPECT_FALSE(std::filesystem::exists(bad));
}
