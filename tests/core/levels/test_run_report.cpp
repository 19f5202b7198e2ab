// Guards issue #30 item 3 "One reporter interface": a run's report is built once by the library
// (run::run_report, each level contributing its sections) and every format writes the same
// content: the operator level's measurements and the training level's seeds and metrics reach
// text, CSV, JSON, Markdown and HTML alike, from a program that links the library.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "d500/report/reporter.h"
#include "d500/run/run.h"
#include "d500/run/run_report.h"
#include "d500/store/result_store.h"

namespace fs = std::filesystem;
using namespace d500;

namespace {

class RunReportTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() /
           ("d500-run-report-" + std::to_string(::getpid()) + "-" +
            ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(dir_);
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }

  // Runs `experiment` (a file's text) into a fresh store; its report.
  report::Document run(const std::string& experiment) {
    const std::string path = (dir_ / "e.json").string();
    std::ofstream(path) << experiment;
    auto e = spec::load_experiment(path);
    EXPECT_TRUE(e.ok()) << (e.ok() ? "" : e.error().to_string());
    run::Request req;
    req.experiment = std::move(e).value();
    req.db = (dir_ / "results.d500db").string();
    req.program_dir = std::string(D500_TEST_BINARY_DIR) + "/bin";
    run::Observer quiet;
    const run::Result r = run::run_experiment(req, quiet);
    EXPECT_EQ(r.status, store::RunStatus::Succeeded) << r.reason;
    auto s = store::ResultStore::open(req.db, store::ResultStore::Mode::ReadOnly);
    EXPECT_TRUE(s.ok());
    return run::run_report(*s.value(), *s.value()->run(r.run_id));
  }

  fs::path dir_;
};

// The JSON reporter's section of `heading`, or null.
nlohmann::json section(const nlohmann::json& j, const std::string& heading) {
  for (const auto& s : j["sections"])
    if (s["heading"] == heading) return s;
  return nullptr;
}

TEST_F(RunReportTest, AnOperatorRunsMeasurementsReachEveryFormat) {
  const report::Document doc = run(R"({"d500": 1, "name": "gemm-report", "level": "operator",
    "seed": 1, "operator": {"op": "Gemm", "dtype": "float32", "inputs": [["N", "N"], ["N", "N"]]},
    "implementations": ["reference"], "sweep": {"N": [8, 16]},
    "repetition": {"warmup_calls": 1, "min_samples": 5, "max_samples": 20, "max_seconds": 1}})");
  EXPECT_EQ(doc.title.rfind("run 1: gemm-report (operator)", 0), 0u) << doc.title;

  const auto j = nlohmann::json::parse(report::render(doc, "json"));
  EXPECT_EQ(j["sections"][0]["fields"]["status"], "succeeded");
  const auto m = section(j, "measurements");
  ASSERT_FALSE(m.is_null()) << j.dump(1);
  const auto& t = m["tables"][0];
  EXPECT_EQ(t["columns"][0], "POINT");
  ASSERT_EQ(t["rows"].size(), 2u) << "one row per sweep point";
  EXPECT_EQ(t["rows"][0][0], "Gemm N=8");
  EXPECT_EQ(t["rows"][1][0], "Gemm N=16");

  const std::string text = report::render(doc, "text");
  EXPECT_NE(text.find("  status    succeeded"), std::string::npos) << text;
  EXPECT_NE(text.find("\nmeasurements:\nPOINT"), std::string::npos) << text;
  EXPECT_NE(report::render(doc, "csv").find("\nPOINT,IMPLEMENTATION,N,MEDIAN"), std::string::npos);
  EXPECT_NE(report::render(doc, "md").find("| Gemm N=16 | reference/default |"), std::string::npos);
  EXPECT_NE(report::render(doc, "html").find("<td>Gemm N=16</td><td>reference/default</td>"),
            std::string::npos);
}

TEST_F(RunReportTest, ATrainingRunsSeedsAndMetricsAreSectionsOfItsReport) {
  const report::Document doc = run(R"({"d500": 1, "name": "mlp-report", "level": "training",
    "seed": 3, "training": {"dataset": "synthetic",
      "synthetic": {"samples": 128, "test_samples": 64, "shape": [8], "classes": 4, "noise": 0.4},
      "network": {"builder": "mlp", "hidden": [8]}, "executor": "reference",
      "optimizer": {"plugin": "reference", "name": "sgd", "lr": 0.05},
      "batch": 32, "epochs": 1, "seeds": 2, "target_accuracy": 0, "metrics": ["ece"]}})");
  const auto j = nlohmann::json::parse(report::render(doc, "json"));
  const auto seeds = section(j, "seeds")["tables"][0];
  EXPECT_EQ(seeds["columns"][0], "SEED");
  EXPECT_EQ(seeds["rows"].size(), 2u) << "one row per seed";
  const auto metrics = section(j, "metrics");
  ASSERT_FALSE(metrics.is_null()) << j.dump(1);
  EXPECT_EQ(metrics["tables"][0]["rows"][0][0], "ece");
  EXPECT_EQ(metrics["tables"][0]["rows"][0][1], "lower");
  EXPECT_NE(report::render(doc, "md").find("## metrics"), std::string::npos);
  EXPECT_NE(report::render(doc, "html").find("<h2>metrics</h2>"), std::string::npos);
}

}  // namespace
