// Guards issue #31 items 1-3 at the library: a store's measurements become series keyed by
// experiment, implementation, point and machine class; points follow the axis asked for (time,
// or an environment field compared as a version); a shift between two plugin versions is a change
// point whose report names the last run before it, the first after, the change, and the
// environment field that changed; a short series, a failed measurement and an unknown axis are
// said, not guessed.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "d500/error.h"
#include "d500/history/gate.h"
#include "d500/history/history.h"
#include "d500/report/reporter.h"
#include "history_fixture.h"

using namespace d500;

namespace {

using d500::test::HistoryTest;

TEST_F(HistoryTest, APluginVersionThatSlowsGemmIsAChangePointNamingTheVersion) {
  for (int i = 0; i < 8; ++i) add_run("gemm", "0.9.0", 1000);
  for (int i = 0; i < 8; ++i) add_run("gemm", "0.10.0", 1100);
  add_run("gemm", "0.10.0", 0, true);
  const auto all = history::series_of(*s_, {"gemm", "time", false});
  ASSERT_EQ(all.size(), 1u);
  EXPECT_EQ(all[0].machine, "Test CPU, 8 CPUs");
  EXPECT_EQ(all[0].points.size(), 16u);
  EXPECT_EQ(all[0].skipped_failed, 1);

  const auto j = nlohmann::json::parse(report::render(history::history_report(*s_, all), "json"));
  const auto& sec = j["sections"][0];
  EXPECT_EQ(sec["heading"], "gemm · reference/default · Gemm N=64 · Test CPU, 8 CPUs");
  EXPECT_EQ(sec["tables"][0]["rows"].size(), 16u);
  EXPECT_EQ(sec["tables"][0]["rows"][8][6], "plugins.reference.version: \"0.9.0\" -> \"0.10.0\"")
      << sec["tables"][0]["rows"][8].dump();
  std::string lines;
  for (const auto& l : sec["lines"]) lines += l.get<std::string>() + "\n";
  EXPECT_NE(lines.find("change between run 8 ("), std::string::npos) << lines;
  EXPECT_NE(lines.find(") and run 9 ("), std::string::npos) << lines;
  EXPECT_NE(lines.find("median +10.0%"), std::string::npos) << lines;
  EXPECT_NE(lines.find("environment: plugins.reference.version"), std::string::npos) << lines;
  EXPECT_NE(lines.find("1 failed measurement(s)"), std::string::npos) << lines;
}

TEST_F(HistoryTest, TheAxisCanBeAVersionComparedAsOneAndAnUnknownFieldIsRefused) {
  add_run("gemm", "0.10.0", 1000);
  add_run("gemm", "0.9.0", 1000);
  add_run("gemm", "0.2.0", 1000);
  const auto all = history::series_of(*s_, {"", "plugins.reference.version", false});
  ASSERT_EQ(all.size(), 1u);
  std::vector<std::string> axis;
  for (const auto& p : all[0].points) axis.push_back(p.axis);
  EXPECT_EQ(axis, (std::vector<std::string>{"0.2.0", "0.9.0", "0.10.0"}));
  EXPECT_THROW(history::series_of(*s_, {"", "plugins.torch.version", false}), D500Error);
  const std::string text = report::render(history::history_report(*s_, all), "text");
  EXPECT_NE(text.find("3 run(s): too few to look for a change (6 needed)"), std::string::npos)
      << text;
}

TEST_F(HistoryTest, PointsAndMachinesAreSeriesOfTheirOwn) {
  add_run("gemm", "0.9.0", 1000);
  add_run("gemm", "0.9.0", 2000, false, R"({"N": 128})");
  add_run("other", "0.9.0", 1000);
  EXPECT_EQ(history::series_of(*s_, {}).size(), 3u);
  EXPECT_EQ(history::series_of(*s_, {"gemm", "time", false}).size(), 2u);
  EXPECT_EQ(history::series_of(*s_, {"gemm", "time", true})[0].machine,
            "Test CPU, 8 CPUs on node1");
}

// Issue 31 item 4: the gate fails on a significant slowdown beyond the threshold only; a
// significant but small change passes; another machine class is refused unless asked; the
// verdicts reach Markdown and JUnit XML.
TEST_F(HistoryTest, TheGateFailsOnlyOnASignificantSlowdownBeyondTheThreshold) {
  const int64_t base = add_run("gemm", "1.0", 1000);
  const int64_t slow = add_run("gemm", "1.1", 1100);
  const int64_t close = add_run("gemm", "1.1", 1010);
  const int64_t other = add_run("gemm", "1.0", 1000, false, R"({"N":64})", "Other CPU");
  const auto r = history::gate(*s_, base, *s_, slow);
  ASSERT_EQ(r.rows.size(), 1u);
  EXPECT_EQ(r.regressions, 1);
  EXPECT_EQ(r.rows[0].verdict, "regression");
  EXPECT_NEAR(r.rows[0].change, 0.10, 0.01);
  const auto ok = history::gate(*s_, base, *s_, close);
  EXPECT_EQ(ok.regressions, 0);
  EXPECT_NE(ok.rows[0].verdict, "regression") << "1% is below the 5% threshold";
  history::GateOptions strict;
  strict.threshold = 0.005;
  EXPECT_EQ(history::gate(*s_, base, *s_, close, strict).rows[0].verdict, "regression");
  EXPECT_THROW(history::gate(*s_, base, *s_, other), D500Error);
  history::GateOptions across;
  across.across_machines = true;
  EXPECT_EQ(history::gate(*s_, base, *s_, other, across).regressions, 0);

  const std::string md = report::render(history::gate_report(r), "md");
  EXPECT_NE(md.find("1 regression(s): slower by more than 5.0%"), std::string::npos) << md;
  EXPECT_NE(md.find("| Gemm N=64 | reference/default |"), std::string::npos) << md;
  const std::string junit = history::gate_junit(r);
  EXPECT_NE(junit.find("<testsuite name=\"d500 gate\" tests=\"1\" failures=\"1\">"),
            std::string::npos)
      << junit;
  EXPECT_NE(junit.find("<failure message=\"reference/default Gemm N=64: "), std::string::npos)
      << junit;
  EXPECT_EQ(history::gate_junit(ok).find("<failure"), std::string::npos);
}

// Issue 31 item 4, series: every series' latest run against the run before it (one store); the
// slowed series fails, the steady one passes, each row names its runs; a store whose series have
// one run each has nothing to gate.
TEST_F(HistoryTest, TheSeriesGateComparesEachSeriesLatestRunWithTheOneBefore) {
  add_run("gemm", "1.0", 1000, false, R"({"N":64})");
  add_run("gemm", "1.0", 2000, false, R"({"N":128})");
  EXPECT_THROW(history::gate_series(*s_, *s_), D500Error);
  add_run("gemm", "1.1", 1100, false, R"({"N":64})");
  const int64_t steady = add_run("gemm", "1.1", 2000, false, R"({"N":128})");
  const auto r = history::gate_series(*s_, *s_);
  EXPECT_TRUE(r.series);
  ASSERT_EQ(r.rows.size(), 2u);
  EXPECT_EQ(r.regressions, 1);
  for (const auto& row : r.rows) {
    if (row.candidate_run == steady) {
      EXPECT_EQ(row.baseline_run, 2);
      EXPECT_NE(row.verdict, "regression");
    } else {
      EXPECT_EQ(row.baseline_run, 1);
      EXPECT_EQ(row.candidate_run, 3);
      EXPECT_EQ(row.verdict, "regression");
      EXPECT_EQ(row.subject, "gemm · Gemm N=64");
    }
  }
  const std::string text = report::render(history::gate_report(r), "text");
  EXPECT_NE(text.find("1 → 3"), std::string::npos) << text;
}

}  // namespace
