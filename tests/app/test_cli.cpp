// Guards issue #2 "Bad input" and the runner's command-line contract: every mistake gives one
// clear message naming what and where, a documented non-zero exit, and leaves the store as it was.
#include <gtest/gtest.h>
#include <sqlite3.h>

#include <algorithm>
#include <fstream>
#include <nlohmann/json.hpp>

#include "../support/process.h"
#include "d500/store/result_store.h"

using d500::test::read_file;
using d500::test::run;
using d500::test::TempDir;

namespace {

const std::string kD500 = std::string(D500_TEST_BINARY_DIR) + "/bin/d500";
const std::string kFixtures = std::string(D500_TEST_BINARY_DIR) + "/tests/fixtures/plugin-dir";

std::string tiny_experiment(const TempDir& dir, const std::string& impl = "reference",
                            const std::string& op = "Gemm") {
  std::string path = dir.file("tiny.json");
  std::ofstream(path) << R"({"d500": 1, "name": "tiny", "level": "operator", "seed": 1,
    "operator": {"op": ")"
                      << op << R"(", "inputs": [[4, 4], [4, 4]]},
    "implementations": [")"
                      << impl << R"("],
    "repetition": {"min_samples": 10, "max_samples": 20, "max_seconds": 0.1}})";
  return path;
}

bool contains(const std::string& hay, const std::string& needle) {
  return hay.find(needle) != std::string::npos;
}

}  // namespace

TEST(Cli, HelpOnEveryCommand) {
  TempDir dir;
  for (std::string cmd : {"", "run", "rerun", "plugins", "runs", "show", "export"}) {
    std::vector<std::string> argv{kD500};
    if (!cmd.empty()) argv.push_back(cmd);
    argv.push_back("--help");
    auto r = run(argv, dir.path());
    EXPECT_EQ(r.exit_code, 0) << cmd;
    EXPECT_TRUE(contains(r.out, "Usage")) << cmd << ": " << r.out;
  }
  auto r = run({kD500, "--help"}, dir.path());
  EXPECT_TRUE(contains(r.out, "Exit codes")) << r.out;
}

// Issue 35, item 24: d500 benchmarks four levels, and its help says so in one wording: the
// program's summary, `run` and `check` name all four; `show` and `list`, which read runs of every
// level, name distributed training too.
TEST(Cli, HelpNamesTheFourLevelsDistributedTrainingIncluded) {
  TempDir dir;
  const std::string levels = "operators, networks, training, distributed training";
  for (std::string cmd : {"", "run", "check"}) {
    std::vector<std::string> argv{kD500};
    if (!cmd.empty()) argv.push_back(cmd);
    argv.push_back("--help");
    auto r = run(argv, dir.path());
    EXPECT_TRUE(contains(r.out, levels)) << cmd << ": " << r.out;
  }
  for (std::string cmd : {"show", "list"}) {
    auto r = run({kD500, cmd, "--help"}, dir.path());
    EXPECT_TRUE(contains(r.out, "distributed")) << cmd << ": " << r.out;
  }
}

TEST(Cli, UnknownCommandOrMissingArgumentIsAUsageError) {
  TempDir dir;
  EXPECT_EQ(run({kD500, "frobnicate"}, dir.path()).exit_code, 2);
  EXPECT_EQ(run({kD500, "run"}, dir.path()).exit_code, 2);
  EXPECT_EQ(run({kD500}, dir.path()).exit_code, 2);
}

TEST(Cli, MissingExperimentFileNamesThePath) {
  TempDir dir;
  auto r = run({kD500, "run", dir.file("nope.json"), "--db", dir.file("s.d500db")}, dir.path());
  EXPECT_EQ(r.exit_code, 3);
  EXPECT_TRUE(contains(r.err, dir.file("nope.json"))) << r.err;
  EXPECT_FALSE(std::filesystem::exists(dir.file("s.d500db")));  // nothing created for bad input
}

TEST(Cli, MalformedJsonNamesLineAndColumn) {
  TempDir dir;
  std::ofstream(dir.file("bad.json")) << "{\n  \"d500\": 1,\n  \"name\": \n}";
  auto r = run({kD500, "run", dir.file("bad.json"), "--db", dir.file("s.d500db")}, dir.path());
  EXPECT_EQ(r.exit_code, 3);
  EXPECT_TRUE(contains(r.err, "bad.json")) << r.err;
  EXPECT_TRUE(contains(r.err, "line 4")) << r.err;
}

TEST(Cli, InvalidExperimentNamesTheJsonPath) {
  TempDir dir;
  std::ofstream(dir.file("e.json")) << R"({"d500": 1, "name": "x", "level": "operator",
    "operator": {"op": "Gemm", "inputs": [[4, "Q"]]}, "implementations": ["reference"]})";
  auto r = run({kD500, "run", dir.file("e.json")}, dir.path());
  EXPECT_EQ(r.exit_code, 3);
  EXPECT_TRUE(contains(r.err, "$.operator.inputs[0][1]")) << r.err;
}

TEST(Cli, UnknownPluginAndUnknownOperatorAreNamed) {
  TempDir dir;
  std::string db = dir.file("s.d500db");
  auto r = run({kD500, "run", tiny_experiment(dir, "nosuchplugin"), "--db", db}, dir.path());
  EXPECT_EQ(r.exit_code, 3);
  EXPECT_TRUE(contains(r.err, "unknown plugin \"nosuchplugin\"")) << r.err;
  EXPECT_TRUE(contains(r.err, "reference")) << r.err;  // says what exists

  r = run({kD500, "run", tiny_experiment(dir, "reference", "Frobnicate"), "--db", db}, dir.path());
  EXPECT_EQ(r.exit_code, 3);
  EXPECT_TRUE(contains(r.err, "Frobnicate")) << r.err;
  EXPECT_TRUE(contains(r.err, "$.implementations")) << r.err;
}

// Issue 35, item 5: shapes an implementation rejects are refused before a run exists (the check
// creates it as the run would); one measured in a child process is not created by the check, and
// its failure is still recorded as a failed measurement.
TEST(Cli, ShapesThatDoNotFitAreRecordedAsAFailedMeasurement) {
  TempDir dir;
  std::string db = dir.file("s.d500db");
  const std::string exp = R"({"d500": 1, "name": "m", "level": "operator",
    "operator": {"op": "Gemm", "inputs": [[4, 5], [6, 4]]}, "implementations": ["reference"],
    "repetition": {"max_seconds": 0.1})";
  std::ofstream(dir.file("mismatch.json")) << exp << "}";
  auto r =
      run({kD500, "run", dir.file("mismatch.json"), "--db", db, "--progress=none"}, dir.path());
  EXPECT_EQ(r.exit_code, 3) << r.err;
  EXPECT_TRUE(contains(r.err, "reference/default Gemm")) << r.err;
  std::ofstream(dir.file("isolated.json")) << exp << R"(, "isolation": "process"})";
  r = run({kD500, "run", dir.file("isolated.json"), "--db", db, "--progress=none"}, dir.path());
  EXPECT_EQ(r.exit_code, 1) << r.err;
  auto s = d500::store::ResultStore::open(db, d500::store::ResultStore::Mode::ReadOnly).value();
  auto runs = s->runs();
  ASSERT_EQ(runs.size(), 1u);
  EXPECT_EQ(runs[0].status, d500::store::RunStatus::Failed);
  auto ms = s->measurements(runs[0].id);
  ASSERT_EQ(ms.size(), 1u);
  EXPECT_EQ(ms[0].stop_reason, "error");
  EXPECT_TRUE(contains(ms[0].error, "Gemm")) << ms[0].error;
}

TEST(Cli, CorruptStoreIsRefusedAndLeftUntouched) {
  TempDir dir;
  std::string db = dir.file("junk.d500db");
  std::string junk(4096, 'x');
  std::ofstream(db, std::ios::binary) << junk;
  for (auto args : std::vector<std::vector<std::string>>{
           {kD500, "run", tiny_experiment(dir), "--db", db}, {kD500, "runs", "--db", db}}) {
    auto r = run(args, dir.path());
    EXPECT_EQ(r.exit_code, 4) << r.err;
    EXPECT_TRUE(contains(r.err, db)) << r.err;
  }
  EXPECT_EQ(read_file(db), junk);
}

TEST(Cli, StoreFromANewerD500IsRefusedAndLeftUntouched) {
  TempDir dir;
  std::string db = dir.file("new.d500db");
  ASSERT_EQ(run({kD500, "run", tiny_experiment(dir), "--db", db, "--progress=none"}, dir.path())
                .exit_code,
            0);
  sqlite3* h = nullptr;
  ASSERT_EQ(sqlite3_open(db.c_str(), &h), SQLITE_OK);
  ASSERT_EQ(sqlite3_exec(h, "PRAGMA journal_mode=DELETE; PRAGMA user_version=999;", nullptr,
                         nullptr, nullptr),
            SQLITE_OK);
  sqlite3_close(h);
  std::string before = read_file(db);
  auto r = run({kD500, "run", tiny_experiment(dir), "--db", db}, dir.path());
  EXPECT_EQ(r.exit_code, 4);
  EXPECT_TRUE(contains(r.err, "newer d500")) << r.err;
  EXPECT_EQ(read_file(db), before);
}

TEST(Cli, UnwritableStoreLocationIsAStoreError) {
  TempDir dir;
  auto r = run({kD500, "run", tiny_experiment(dir), "--db", dir.file("no/such/dir/s.d500db")},
               dir.path());
  EXPECT_EQ(r.exit_code, 4);
  EXPECT_TRUE(contains(r.err, "no/such/dir")) << r.err;
}

TEST(Cli, UnknownRunIdSaysWhichRunsExist) {
  TempDir dir;
  std::string db = dir.file("s.d500db");
  ASSERT_EQ(run({kD500, "run", tiny_experiment(dir), "--db", db, "--progress=none"}, dir.path())
                .exit_code,
            0);
  auto r = run({kD500, "show", "42", "--db", db}, dir.path());
  EXPECT_EQ(r.exit_code, 3);
  EXPECT_TRUE(contains(r.err, "no run 42")) << r.err;
  r = run({kD500, "show", "abc", "--db", db}, dir.path());
  EXPECT_EQ(r.exit_code, 3);
}

TEST(Cli, ExportCsvAndJsonMatchTheStore) {
  TempDir dir;
  std::string db = dir.file("s.d500db");
  ASSERT_EQ(run({kD500, "run", tiny_experiment(dir), "--db", db, "--progress=none"}, dir.path())
                .exit_code,
            0);
  auto csv = run({kD500, "export", "1", "--csv", "--db", db}, dir.path());
  ASSERT_EQ(csv.exit_code, 0) << csv.err;
  EXPECT_EQ(std::count(csv.out.begin(), csv.out.end(), '\n'), 2);  // header + one measurement
  EXPECT_TRUE(contains(csv.out, "median_ns")) << csv.out;

  auto js = run({kD500, "export", "1", "--json", "--samples", "--db", db}, dir.path());
  ASSERT_EQ(js.exit_code, 0) << js.err;
  auto j = nlohmann::json::parse(js.out);
  ASSERT_EQ(j["measurements"].size(), 1u);
  auto m = j["measurements"][0];
  EXPECT_EQ(m["samples_ns"].size(), m["n"].get<size_t>());
  EXPECT_EQ(j["experiment"]["name"], "tiny");
  EXPECT_TRUE(j["environment"].is_object());

  auto raw = run({kD500, "export", "1", "--csv", "--samples", "-o", dir.file("s.csv"), "--db", db},
                 dir.path());
  ASSERT_EQ(raw.exit_code, 0) << raw.err;
  std::string text = read_file(dir.file("s.csv"));
  EXPECT_EQ(std::count(text.begin(), text.end(), '\n'), m["n"].get<long>() + 1);
}

TEST(Cli, JsonProgressIsOneObjectPerLine) {
  TempDir dir;
  auto r =
      run({kD500, "run", tiny_experiment(dir), "--db", dir.file("s.d500db"), "--progress=json"},
          dir.path());
  ASSERT_EQ(r.exit_code, 0) << r.err;
  std::istringstream in(r.out);
  std::string line;
  std::vector<std::string> events;
  while (std::getline(in, line)) events.push_back(nlohmann::json::parse(line).at("event"));
  ASSERT_GE(events.size(), 3u);
  EXPECT_EQ(events.front(), "run_started");
  EXPECT_EQ(events.back(), "run_finished");
  EXPECT_NE(std::find(events.begin(), events.end(), "progress"), events.end());
}

TEST(Cli, PluginsListsTheReferencePluginAndEachBrokenFixtureWithItsReason) {
  TempDir dir;
  auto r = run({kD500, "plugins", "--json", "--plugin-path", kFixtures}, dir.path());
  ASSERT_EQ(r.exit_code, 0) << r.err;
  auto j = nlohmann::json::parse(r.out);
  std::map<std::string, nlohmann::json> by_name;
  size_t broken = 0;
  for (const auto& p : j["plugins"]) {
    by_name[p["name"].get<std::string>()] = p;
    broken += p["state"] == "broken";
  }
  ASSERT_TRUE(by_name.count("reference"));
  EXPECT_EQ(by_name["reference"]["state"], "loaded");
  EXPECT_GE(by_name["reference"]["operators"].size(), 4u);
  EXPECT_GE(broken, 5u) << r.out;
  for (const auto& [name, p] : by_name)
    if (p["state"] == "broken") EXPECT_FALSE(p["error"].get<std::string>().empty()) << name;

  // The distributed schemes: the built-in ones first, then the plugins' (the examples plugin's).
  ASSERT_TRUE(j["schemes"].is_array()) << r.out;
  std::vector<std::string> schemes;
  for (const auto& s : j["schemes"]) {
    schemes.push_back(s["name"].get<std::string>() + " " + s["origin"].get<std::string>());
    EXPECT_FALSE(s["summary"].get<std::string>().empty()) << s.dump();
  }
  ASSERT_GE(schemes.size(), 6u) << r.out;
  EXPECT_EQ(std::vector<std::string>(schemes.begin(), schemes.begin() + 5),
            (std::vector<std::string>{"allreduce built-in", "parameter_server built-in",
                                      "async_parameter_server built-in", "model_averaging built-in",
                                      "dpsgd built-in"}));
  EXPECT_NE(std::find(schemes.begin(), schemes.end(), "examples/topk_sgd plugin examples"),
            schemes.end());

  auto table = run({kD500, "plugins", "--plugin-path", kFixtures}, dir.path());
  EXPECT_EQ(table.exit_code, 0);
  EXPECT_TRUE(contains(table.out, "reference")) << table.out;
  EXPECT_TRUE(contains(table.out, "broken")) << table.out;
  EXPECT_TRUE(contains(table.out, "DISTRIBUTED SCHEME")) << table.out;
  EXPECT_TRUE(contains(table.out, "decentralized SGD on a ring")) << table.out;
}
