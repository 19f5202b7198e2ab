// Stores from two machines and the list (issue 19, items 4 and 5), through the real runner: two
// stores written here (the second a copy whose environment is edited to be another machine's, and
// whose runs get identities of their own, plus runs of its own), merged twice (the second merge
// adds nothing), ranked by `d500 list` with ties, as CSV and as HTML loaded in headless Chromium;
// a newer store refused; export-run / import-run keep the samples bit for bit; bad input is one
// clear error and changes nothing.
#include <gtest/gtest.h>
#include <sqlite3.h>

#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>

#include "../support/fake_http_server.h"
#include "../support/process.h"
#include "../support/tfevents_reader.h"
#include "d500/store/result_store.h"

namespace fs = std::filesystem;
using d500::store::ResultStore;
using d500::test::run;
using d500::test::TempDir;

namespace {

const std::string kD500 = std::string(D500_TEST_BINARY_DIR) + "/bin/d500";
const std::string kFashion = "/usr/share/datasets/fashion-mnist";

bool contains(const std::string& hay, const std::string& needle) {
  return hay.find(needle) != std::string::npos;
}

std::string read(const std::string& path) {
  return d500::test::read_file(path);
}

void sql(const std::string& db, const std::string& statement) {
  sqlite3* h = nullptr;
  ASSERT_EQ(sqlite3_open(db.c_str(), &h), SQLITE_OK);
  char* msg = nullptr;
  EXPECT_EQ(sqlite3_exec(h, statement.c_str(), nullptr, nullptr, &msg), SQLITE_OK)
      << (msg ? msg : "");
  sqlite3_free(msg);
  sqlite3_close(h);
}

size_t runs_in(const std::string& db) {
  return ResultStore::open(db, ResultStore::Mode::ReadOnly).value()->runs().size();
}

// Synthetic training under recipe "syn" (fixes dataset, network and a 90% target); eight seeds,
// the fewest for which the median has a 95% CI.
std::string training(const TempDir& dir, const std::string& name, const std::string& extra) {
  std::ofstream(dir.file("syn.json")) << R"({"d500_recipe": 1, "name": "syn",
    "fixed": {"dataset": "synthetic", "network": {"builder": "mlp", "hidden": [16]},
              "target_accuracy": 0.9},
    "mutable": ["optimizer", "batch", "epochs", "seeds", "executor", "synthetic"]})";
  const std::string path = dir.file(name + ".json");
  std::ofstream(path) << R"({"d500": 1, "name": ")" << name << R"(", "level": "training", "seed": 3,
    "training": {"recipe": "syn.json", "dataset": "synthetic",
      "synthetic": {"samples": 512, "test_samples": 256, "shape": [32], "classes": 4, "noise": 0.4},
      "executor": "reference", "optimizer": {"plugin": "reference", "name": "adam", "lr": 0.01},
      "batch": 32, "epochs": 4, "seeds": 8)"
                      << extra << "}}";
  return path;
}

std::string gemm(const TempDir& dir) {
  const std::string path = dir.file("gemm.json");
  std::ofstream(path) << R"({"d500": 1, "name": "gemm", "level": "operator", "seed": 1,
    "operator": {"op": "Gemm", "inputs": [["N", "N"], ["N", "N"]]}, "sweep": {"N": [8, 16]},
    "implementations": ["reference"],
    "repetition": {"min_samples": 10, "max_samples": 30, "max_seconds": 0.1}})";
  return path;
}

void run_ok(const std::vector<std::string>& argv, const TempDir& dir) {
  auto r = run(argv, dir.path());
  ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
}

// CSV rows as column name -> value (no quoted commas in what the test reads).
std::vector<std::map<std::string, std::string>> parse_csv(const std::string& text) {
  std::istringstream in(text);
  std::string line;
  std::vector<std::string> head;
  std::vector<std::map<std::string, std::string>> rows;
  auto split = [](const std::string& l) {
    std::vector<std::string> out;
    std::string cell;
    bool quoted = false;
    for (char c : l) {
      if (c == '"')
        quoted = !quoted;
      else if (c == ',' && !quoted)
        out.push_back(cell), cell.clear();
      else
        cell += c;
    }
    out.push_back(cell);
    return out;
  };
  std::getline(in, line);
  head = split(line);
  while (std::getline(in, line)) {
    auto cells = split(line);
    std::map<std::string, std::string> row;
    for (size_t i = 0; i < head.size() && i < cells.size(); ++i) row[head[i]] = cells[i];
    rows.push_back(row);
  }
  return rows;
}

class MergeListCli : public ::testing::Test {
 protected:
  // Store a: an operator run and a training run. Store b: a copy of a, now "another machine"
  // (its environment edited, its runs given identities of their own), plus a training run with
  // another learning rate and one that changes the recipe's network (not compliant).
  static void SetUpTestSuite() {
    dir_ = new TempDir;
    const TempDir& d = *dir_;
    a_ = d.file("a.d500db");
    b_ = d.file("b.d500db");
    run_ok({kD500, "run", gemm(d), "--db", a_, "--progress=none"}, d);
    run_ok({kD500, "run", training(d, "adam-1e-2", ""), "--db", a_, "--progress=none"}, d);
    fs::copy_file(a_, b_);
    sql(b_,
        "UPDATE environments SET json = json_set(json, '$.host', 'machine-b', "
        "'$.cpu.model', 'Other CPU 9000', '$.cpu.logical_cpus', 64); "
        "UPDATE environments SET hash = 'edited-' || hash; "
        "UPDATE runs SET uuid = 'b-' || uuid;");
    run_ok({kD500, "run",
            training(d, "adam-3e-2",
                     R"(, "optimizer": {"plugin": "reference", "name": "adam", "lr": 0.03})"),
            "--db", b_, "--progress=none"},
           d);
    auto r = run(
        {kD500, "run", training(d, "wide", R"(, "network": {"builder": "mlp", "hidden": [24]})"),
         "--db", b_, "--progress=none"},
        d.path());
    ASSERT_LE(r.exit_code, 1) << r.err;
    // The shipped Fashion-MNIST recipe on a one-second budget: a real dataset, not compliant.
    if (fs::exists(kFashion + "/train-images-idx3-ubyte.gz")) {
      const std::string fm = d.file("fashion.json");
      std::ofstream(fm) << R"({"d500": 1, "name": "fashion-1s", "level": "training", "seed": 1,
        "training": {"recipe": ")"
                        << D500_TEST_SOURCE_DIR << R"(/resources/recipes/fashion_mnist_mlp.json",
          "dataset_dir": ")"
                        << kFashion << R"(", "executor": "reference",
          "optimizer": {"plugin": "reference", "name": "adam", "lr": 0.001},
          "seeds": 1, "epochs": 1, "max_seconds": 1, "eval_every": 100}})";
      r = run({kD500, "run", fm, "--db", b_, "--progress=none"}, d.path());
      ASSERT_LE(r.exit_code, 1) << r.err;
      fashion_ = true;
    }
  }
  static void TearDownTestSuite() { delete dir_; }

  static TempDir* dir_;
  static std::string a_, b_;
  static bool fashion_;
};
bool MergeListCli::fashion_ = false;
TempDir* MergeListCli::dir_ = nullptr;
std::string MergeListCli::a_, MergeListCli::b_;

TEST_F(MergeListCli, MergeTwiceThenRankWithTiesCsvAndHtml) {
  const TempDir& d = *dir_;
  const std::string all = d.file("all.d500db");
  const std::string a_bytes = read(a_);
  auto r = run({kD500, "merge", a_, b_, "-o", all}, d.path());
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const int total = fashion_ ? 7 : 6;
  EXPECT_TRUE(contains(r.out, std::to_string(total) + " runs added, 0 already there")) << r.out;
  EXPECT_TRUE(contains(r.out, "environments added")) << r.out;
  EXPECT_EQ(read(a_), a_bytes);
  r = run({kD500, "merge", a_, b_, "-o", all}, d.path());
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_TRUE(contains(r.out, "0 runs added, " + std::to_string(total) + " already there"))
      << r.out;
  EXPECT_EQ(runs_in(all), static_cast<size_t>(total));

  r = run({kD500, "list", "--db", all}, d.path());
  ASSERT_EQ(r.exit_code, 0) << r.err;
  for (const char* s : {"Recipe syn", "TIME-TO-ACCURACY", "OLYMPIC MEAN", "8/8", "Other CPU 9000",
                        "machine-b", "64 cores", "1 rank", "reference", "Not compliant with syn",
                        "network is fixed by recipe", "Operator Gemm", "GFLOP/s"})
    EXPECT_TRUE(contains(r.out, s)) << s << "\n" << r.out;

  if (fashion_)
    for (const char* s : {"Recipe fashion-mnist-mlp-85", "(no compliant run)",
                          "1 of 1 seeds never reached 85.0% test accuracy"})
      EXPECT_TRUE(contains(r.out, s)) << s << "\n" << r.out;

  r = run({kD500, "list", "--db", all, "--csv"}, d.path());
  ASSERT_EQ(r.exit_code, 0) << r.err;
  std::vector<std::map<std::string, std::string>> ranked, apart;
  for (auto& row : parse_csv(r.out))
    if (row["workload"] == "training" && row["list"] == "fashion-mnist-mlp-85") {
      EXPECT_EQ(row["ranked"], "0");  // one second is not enough for 85%
      EXPECT_TRUE(contains(row["frameworks"], "reference")) << "named from the experiment";
    } else if (row["workload"] == "training" && row["list"] == "syn")
      (row["ranked"] == "1" ? ranked : apart).push_back(row);
  ASSERT_EQ(ranked.size(), 3u) << r.out;
  ASSERT_EQ(apart.size(), 1u) << r.out;
  EXPECT_TRUE(contains(apart[0]["reason"], "network is fixed by recipe")) << apart[0]["reason"];
  // The run of a and its copy from "machine b" measured the same times: one rank, a tie.
  std::map<std::string, std::string> rank_of;
  for (auto& row : ranked) rank_of[row["host"] + "/" + row["run_name"]] = row["rank"];
  const std::string here = ranked[0]["host"] == "machine-b" ? ranked[1]["host"] : ranked[0]["host"];
  ASSERT_TRUE(rank_of.count("machine-b/adam-1e-2")) << r.out;
  EXPECT_EQ(rank_of["machine-b/adam-1e-2"], rank_of[here + "/adam-1e-2"]) << r.out;
  // Every placing follows the rule: the same rank as the group's first entry exactly when the
  // intervals overlap it.
  for (size_t i = 0; i < ranked.size(); ++i) {
    EXPECT_EQ(ranked[i]["seeds_converged"], "8");
    EXPECT_EQ(ranked[i]["ci_valid"], "1");
    const size_t lead = std::stoul(ranked[i]["rank"]) - 1;
    ASSERT_LE(lead, i);
    const double lo = std::stod(ranked[i]["ci_lo"]), hi = std::stod(ranked[i]["ci_hi"]);
    const double llo = std::stod(ranked[lead]["ci_lo"]), lhi = std::stod(ranked[lead]["ci_hi"]);
    if (lead != i) {
      EXPECT_TRUE(lo <= lhi && llo <= hi) << i;
      EXPECT_EQ(ranked[i]["tied"], "1");
    }
    if (lead == i && i > 0) {
      const size_t prev = std::stoul(ranked[i - 1]["rank"]) - 1;
      EXPECT_FALSE(lo <= std::stod(ranked[prev]["ci_hi"]) && std::stod(ranked[prev]["ci_lo"]) <= hi)
          << i;
    }
  }
  EXPECT_EQ(ranked[0]["tied"], ranked[1]["rank"] == "1" ? "1" : "0");

  // The HTML list in a browser.
  const std::string html = d.file("list.html");
  r = run({kD500, "list", "--db", all, "--html", html}, d.path());
  ASSERT_EQ(r.exit_code, 0) << r.err;
  ASSERT_TRUE(fs::exists(d.file("run-1.html")));
  if (!fs::exists("/usr/bin/chromium")) GTEST_SKIP() << "chromium is not installed";
  r = run({"/usr/bin/chromium", "--headless", "--disable-gpu", "--no-sandbox", "--dump-dom",
           "file://" + html},
          d.path());
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const std::string& dom = r.out;
  EXPECT_TRUE(contains(dom, "<h2>Recipe syn</h2>")) << dom.substr(0, 400);
  EXPECT_TRUE(contains(dom, "<h3>Not compliant</h3>"));
  EXPECT_TRUE(contains(dom, "Other CPU 9000"));
  size_t tie_rows = 0;
  for (size_t p = 0; (p = dom.find("<tr class=\"tie\">", p)) != std::string::npos; ++p) ++tie_rows;
  EXPECT_GE(tie_rows, 2u);
  EXPECT_TRUE(contains(dom, "href=\"run-")) << "a report link per run";
  const std::string page = read(d.file("run-1.html"));
  EXPECT_TRUE(contains(page, "<h2>Provenance</h2>"));
  EXPECT_TRUE(contains(page, fs::absolute(a_).string())) << "run 1 came from store a";
}

TEST_F(MergeListCli, ListNamesTheRecipeAndRefusesAnUnknownOne) {
  const TempDir& d = *dir_;
  auto r = run({kD500, "list", "--db", b_, "--recipe", "syn"}, d.path());
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_TRUE(contains(r.out, "Recipe syn"));
  EXPECT_FALSE(contains(r.out, "Operator Gemm")) << "a recipe's list only";
  r = run({kD500, "list", "--db", b_, "--recipe", "nope"}, d.path());
  EXPECT_EQ(r.exit_code, 3);
  EXPECT_TRUE(contains(r.err, "no run in " + b_ + " follows a recipe named \"nope\"")) << r.err;
}

// Operators on a named problem list: only its points are ranked, and the page names the list.
TEST_F(MergeListCli, OperatorsRankOnAProblemListsPointsOnly) {
  const TempDir& d = *dir_;
  std::ofstream(d.file("small.json"))
      << R"({"d500_problems": 1, "name": "small-gemm", "points": [{"N": 8}]})";
  auto r = run({kD500, "list", "--db", a_, "--problems", d.file("small.json")}, d.path());
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_TRUE(contains(r.out, "Operator Gemm N=8 (problem list small-gemm):\nthroughput")) << r.out;
  EXPECT_FALSE(contains(r.out, "Gemm N=16")) << r.out;
  std::ofstream(d.file("broken.json")) << R"({"name": "x"})";
  r = run({kD500, "list", "--db", a_, "--problems", d.file("broken.json")}, d.path());
  EXPECT_EQ(r.exit_code, 3);
  EXPECT_TRUE(contains(r.err, "broken.json:$.points")) << r.err;
}

TEST_F(MergeListCli, ANewerStoreIsRefusedNamingTheFileAndBothVersions) {
  const TempDir& d = *dir_;
  const std::string future = d.file("future.d500db"), out = d.file("out-future.d500db");
  fs::copy_file(a_, future);
  sql(future, "PRAGMA journal_mode = DELETE; PRAGMA user_version = 99;");
  const std::string bytes = read(future);
  auto r = run({kD500, "merge", a_, future, "-o", out}, d.path());
  EXPECT_EQ(r.exit_code, 4);
  EXPECT_TRUE(contains(r.err, future)) << r.err;
  EXPECT_TRUE(contains(r.err, "written by a newer d500 (schema 99, this build reads up to"))
      << r.err;
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
  EXPECT_FALSE(fs::exists(out));
  EXPECT_EQ(read(future), bytes);
}

TEST_F(MergeListCli, ExportRunAndImportRunKeepTheSamplesExactly) {
  const TempDir& d = *dir_;
  const std::string file = d.file("gemm.d500run"), c = d.file("c.d500db");
  auto r = run({kD500, "--db", a_, "export-run", "1", "-o", file}, d.path());
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(runs_in(file), 1u);
  r = run({kD500, "--db", c, "import-run", file}, d.path());
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_TRUE(contains(r.out, "1 runs added")) << r.out;
  r = run({kD500, "--db", c, "import-run", file}, d.path());
  EXPECT_TRUE(contains(r.out, "0 runs added, 1 already there")) << r.out;
  auto in = ResultStore::open(a_, ResultStore::Mode::ReadOnly).value();
  auto out = ResultStore::open(c, ResultStore::Mode::ReadOnly).value();
  ASSERT_EQ(out->runs().size(), 1u);
  const auto ms_in = in->measurements(1), ms_out = out->measurements(out->runs()[0].id);
  ASSERT_EQ(ms_in.size(), ms_out.size());
  ASSERT_FALSE(ms_in.empty());
  for (size_t i = 0; i < ms_in.size(); ++i) {
    const auto x = in->samples(ms_in[i].id), y = out->samples(ms_out[i].id);
    ASSERT_FALSE(x.empty());
    ASSERT_EQ(x.size(), y.size());
    EXPECT_EQ(0, std::memcmp(x.data(), y.data(), x.size() * sizeof(double)));
    EXPECT_EQ(ms_in[i].median, ms_out[i].median);
  }
  EXPECT_EQ(in->environment(in->run(1)->environment_id)->json,
            out->environment(out->runs()[0].environment_id)->json);
}

TEST_F(MergeListCli, BadInputIsOneClearErrorAndChangesNothing) {
  const TempDir& d = *dir_;
  const std::string out = d.file("out-bad.d500db");
  const std::string a_bytes = read(a_);
  std::ofstream(d.file("notes.txt")) << std::string(2048, 'n');
  struct Case {
    std::vector<std::string> argv;
    std::string says;
  };
  const std::vector<Case> cases = {
      {{kD500, "merge", d.file("missing.d500db"), "-o", out},
       "missing.d500db: cannot open: no such file"},
      {{kD500, "merge", a_, d.file("notes.txt"), "-o", out}, "not a d500 store"},
      {{kD500, "merge", a_, b_, "-o", a_}, "is both an input and the output"},
      {{kD500, "--db", a_, "export-run", "99", "-o", d.file("x.d500run")}, "no run 99"},
      {{kD500, "--db", out, "import-run", d.file("notes.txt")}, "not a d500 store"},
      {{kD500, "--db", a_, "export-run", "1", "-o", d.file("no/such/x.d500run")},
       "folder " + d.file("no/such") + " does not exist"},
  };
  for (const auto& c : cases) {
    auto r = run(c.argv, d.path());
    EXPECT_NE(r.exit_code, 0) << c.says;
    EXPECT_TRUE(contains(r.err, c.says)) << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
    EXPECT_EQ(r.err.rfind("d500: ", 0), 0u) << r.err;
  }
  EXPECT_FALSE(fs::exists(out));
  EXPECT_FALSE(fs::exists(d.file("x.d500run")));
  EXPECT_EQ(read(a_), a_bytes);
}

// The MLflow file store that export-series wrote for run 2 of store `db`, in MLflow's layout (the
// fields one by one: tests/core/interop/test_mlflow.cpp); then the operator run 1 joins its
// experiment, a run already there and addresses the CLI cannot take are one clear error each.
void expect_mlflow_store(const TempDir& d, const std::string& db, size_t points) {
  const fs::path root = d.file("mlruns");
  std::vector<fs::path> experiments;
  for (const auto& e : fs::directory_iterator(root))
    if (e.path().filename() != "0" && e.path().filename() != ".trash")
      experiments.push_back(e.path());
  ASSERT_EQ(experiments.size(), 1u);
  EXPECT_TRUE(contains(read((experiments[0] / "meta.yaml").string()), "name: \"adam-1e-2\"\n"));
  std::vector<fs::path> runs;
  for (const auto& e : fs::directory_iterator(experiments[0]))
    if (e.is_directory()) runs.push_back(e.path());
  ASSERT_EQ(runs.size(), 1u);
  EXPECT_TRUE(contains(read((runs[0] / "meta.yaml").string()), "\nstatus: 3\n"));
  EXPECT_EQ(read((runs[0] / "tags" / "d500.status").string()), "succeeded");
  EXPECT_EQ(read((runs[0] / "tags" / "mlflow.runName").string()), "adam-1e-2");
  size_t lines = 0;
  for (const auto& e : fs::directory_iterator(runs[0] / "metrics")) {
    const std::string text = read(e.path().string());
    lines += std::count(text.begin(), text.end(), '\n');
  }
  EXPECT_EQ(lines, points);

  auto r = run({kD500, "--db", db, "export-series", "1", "--mlflow", root.string(),
                "--mlflow-experiment", "adam-1e-2"},
               d.path());
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_TRUE(contains(r.out, "of run 1 in experiment \"adam-1e-2\" (id " +
                                  experiments[0].filename().string() + "): "))
      << r.out;
  size_t now = 0;
  for (const auto& e : fs::directory_iterator(experiments[0])) now += e.is_directory();
  EXPECT_EQ(now, 2u);
  const struct {
    std::vector<std::string> args;
    int exit_code;
    std::string says;
  } refused[] = {
      {{"--mlflow", root.string()}, 3, "is already there"},
      {{"--mlflow", d.file("m.csv")}, 2, "--mlflow takes a folder"},
      {{"--mlflow", d.file("a.d500db")}, 3, "is a file"},
      {{"--mlflow-uri", "https://mlflow.example.org"}, 3, "https is not supported"},
  };
  for (const auto& c : refused) {
    std::vector<std::string> argv{kD500, "--db", db, "export-series", "2"};
    argv.insert(argv.end(), c.args.begin(), c.args.end());
    r = run(argv, d.path());
    EXPECT_EQ(r.exit_code, c.exit_code) << c.says << ": " << r.err;
    EXPECT_TRUE(contains(r.err, c.says)) << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
  }
  EXPECT_FALSE(fs::exists(d.file("m.csv")));
}

// Item 6 at the command line: a real training run's series as a TensorBoard event file (read back
// against the published format) and as an MLflow run (issue 35, item 22: MLflow's file store, no
// longer a CSV file MLflow cannot open); an MLPerf log imported and listed as a run.
TEST_F(MergeListCli, SeriesForTensorBoardAndMlflowAndAnMllogImport) {
  const TempDir& d = *dir_;
  auto r = run({kD500, "--db", a_, "export-series", "2", "--tensorboard", d.file("tb"), "--mlflow",
                d.file("mlruns")},
               d.path());
  ASSERT_EQ(r.exit_code, 0) << r.err;
  auto s = ResultStore::open(a_, ResultStore::Mode::ReadOnly).value();
  const auto points = s->series_after(2, 0, SIZE_MAX);
  ASSERT_FALSE(points.empty());
  std::vector<fs::path> files;
  for (const auto& e : fs::directory_iterator(d.file("tb"))) files.push_back(e.path());
  ASSERT_EQ(files.size(), 1u);
  const auto events = d500::test::read_tfevents(read(files[0].string()));
  ASSERT_EQ(events.size(), points.size() + 1);
  EXPECT_EQ(events[0].file_version, "brain.Event:2");
  for (size_t i = 0; i < points.size(); ++i) {
    EXPECT_EQ(events[i + 1].tag, points[i].name);
    EXPECT_EQ(events[i + 1].step, points[i].step);
    EXPECT_FLOAT_EQ(events[i + 1].simple_value, static_cast<float>(points[i].value));
  }
  expect_mlflow_store(d, a_, points.size());

  const std::string log = d.file("mlperf.log"), db = d.file("mlperf.d500db");
  std::ofstream(log)
      << R"(:::MLLOG {"namespace": "", "time_ms": 100, "event_type": "POINT_IN_TIME", "key": "submission_benchmark", "value": "bert", "metadata": {}}
:::MLLOG {"namespace": "", "time_ms": 1000, "event_type": "INTERVAL_START", "key": "run_start", "value": null, "metadata": {}}
:::MLLOG {"namespace": "", "time_ms": 3000, "event_type": "POINT_IN_TIME", "key": "eval_accuracy", "value": 0.70, "metadata": {"epoch_num": 1}}
:::MLLOG {"namespace": "", "time_ms": 5000, "event_type": "POINT_IN_TIME", "key": "eval_accuracy", "value": 0.72, "metadata": {"epoch_num": 2}}
:::MLLOG {"namespace": "", "time_ms": 5250, "event_type": "INTERVAL_END", "key": "run_stop", "value": null, "metadata": {"status": "success"}}
)";
  r = run({kD500, "--db", db, "import-mllog", log}, d.path());
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_TRUE(contains(r.out, "MLPerf bert, 2 points, time-to-train 4.250 s")) << r.out;
  r = run({kD500, "--db", db, "runs"}, d.path());
  EXPECT_TRUE(contains(r.out, "MLPerf bert")) << r.out;
  r = run({kD500, "--db", db, "import-mllog", d.file("notes-none.txt")}, d.path());
  EXPECT_EQ(r.exit_code, 3);
  EXPECT_TRUE(contains(r.err, "cannot read the MLPerf log")) << r.err;
}

// Issue 35, item 22: --mlflow-uri logs the run to a tracking server (a fake one on 127.0.0.1 here;
// the requests themselves are checked in tests/core/interop/test_mlflow.cpp).
TEST_F(MergeListCli, MlflowUriLogsTheRunToATrackingServer) {
  d500::test::FakeHttpServer server([](const d500::test::HttpExchange& x) {
    if (contains(x.target, "experiments/get-by-name"))
      return d500::test::HttpReply{200, R"({"experiment": {"experiment_id": "3"}})"};
    if (contains(x.target, "runs/create"))
      return d500::test::HttpReply{200, R"({"run": {"info": {"run_id": "r9"}}})"};
    return d500::test::HttpReply{200, "{}"};
  });
  auto r = run({kD500, "--db", a_, "export-series", "2", "--mlflow-uri", server.uri(),
                "--mlflow-experiment", "from d500"},
               dir_->path());
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_TRUE(
      contains(r.out, "MLflow run r9 of run 2 in experiment \"from d500\" (id 3): " + server.uri()))
      << r.out;
  std::vector<std::string> calls;
  for (const auto& x : server.requests()) calls.push_back(x.target.substr(0, x.target.find('?')));
  ASSERT_GE(calls.size(), 5u);
  EXPECT_EQ(calls.front(), "/api/2.0/mlflow/experiments/get-by-name");
  EXPECT_EQ(calls[2], "/api/2.0/mlflow/runs/create");
  EXPECT_EQ(calls.back(), "/api/2.0/mlflow/runs/update");
  EXPECT_TRUE(contains(server.requests().back().body, "\"FINISHED\""))
      << server.requests().back().body;
}

TEST_F(MergeListCli, EveryNewCommandHasHelp) {
  for (const char* cmd :
       {"merge", "export-run", "import-run", "list", "export-series", "import-mllog"}) {
    auto r = run({kD500, cmd, "--help"}, dir_->path());
    EXPECT_EQ(r.exit_code, 0) << cmd;
    EXPECT_TRUE(contains(r.out, "Usage")) << cmd << r.out;
  }
}

}  // namespace
