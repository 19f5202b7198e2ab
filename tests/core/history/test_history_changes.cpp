// Guards issue #31 items 5 and 6 at the library: the overview sorts a store's series by the size
// of their latest change (a 30% change before a 10% one, series without a change after, those too
// short to test last); a run's report section names the change points up to it; rerun-to-confirm
// judges randomized A/B blocks (a real shift is confirmed, the opposite shift reversed, noise not
// reproduced), stores its verdict with the run after the change, and its reruns stay out of the
// history.
#include <gtest/gtest.h>
#include <sqlite3.h>
#include <unistd.h>

#include <filesystem>
#include <nlohmann/json.hpp>

#include "d500/error.h"
#include "d500/history/confirmation.h"
#include "d500/history/overview.h"
#include "d500/report/reporter.h"
#include "history_fixture.h"
#include "schema.h"  // core/store: a store as schema 1 left it

using namespace d500;

namespace {

using d500::test::HistoryTest;
namespace fs = std::filesystem;

std::string point(int n) {
  return "{\"N\":" + std::to_string(n) + "}";
}

TEST_F(HistoryTest, TheOverviewPutsTheLargestLatestChangeFirst) {
  for (int i = 0; i < 16; ++i) {
    add_run("gemm", "1", i < 8 ? 1000 : 1100, false, point(1));   // +10%
    add_run("gemm", "1", i < 10 ? 1000 : 1300, false, point(2));  // +30%
    if (i < 6) add_run("gemm", "1", 1000, false, point(3));       // none
  }
  add_run("gemm", "1", 1000, false, point(4));  // one run: too short
  const auto all = history::series_of(*s_, {});
  ASSERT_EQ(all.size(), 4u);
  const auto rows = history::overview(*s_, all);
  ASSERT_EQ(rows.size(), 4u);
  std::vector<std::string> order;
  for (const auto& r : rows) order.push_back(all[r.series].point);
  EXPECT_EQ(order, (std::vector<std::string>{point(2), point(1), point(3), point(4)}));
  ASSERT_NE(rows[0].found.latest(), nullptr);
  EXPECT_NEAR(rows[0].found.latest()->change, 0.30, 0.02);
  EXPECT_EQ(rows[0].found.runs_since(all[rows[0].series]), 6u);
  EXPECT_FALSE(rows[3].found.testable);

  const auto j =
      nlohmann::json::parse(report::render(history::overview_report(*s_, all, rows), "json"));
  const auto& table = j["sections"][0]["tables"][0];
  EXPECT_EQ(table["columns"][3], "LAST CHANGE");
  EXPECT_EQ(table["rows"][0][3].get<std::string>().substr(0, 4), "+30.") << table.dump();
  EXPECT_EQ(table["rows"][0][6], "26 → 28") << "the 10th and 11th runs of N=2";
  EXPECT_EQ(table["rows"][2][3], "none");
  EXPECT_EQ(table["rows"][3][3], "too few runs");
}

TEST_F(HistoryTest, ARunsReportNamesTheChangesUpToIt) {
  std::vector<int64_t> ids;
  for (int i = 0; i < 12; ++i)
    ids.push_back(add_run("gemm", i < 6 ? "1.0" : "1.1", i < 6 ? 1000 : 1200));
  report::Document early, late;
  history::changes_section(early, *s_, ids[2]);
  history::changes_section(late, *s_, ids[11]);
  const std::string e = report::render(early, "text"), l = report::render(late, "text");
  EXPECT_NE(e.find("no change point up to this run"), std::string::npos) << e;
  EXPECT_NE(l.find("change between run 6 ("), std::string::npos) << l;
  EXPECT_NE(l.find("median +20."), std::string::npos) << l;
  EXPECT_NE(l.find("environment: plugins.reference.version"), std::string::npos) << l;
}

// Reruns as confirm_change records them: block k is a_runs[k], b_runs[k].
history::Confirmation reruns(HistoryTest& t, int blocks, double a_level, double b_level) {
  history::Confirmation c;
  c.before_run = t.add_run("gemm", "1.0", 1000);
  c.after_run = t.add_run("gemm", "1.1", 1100);
  c.blocks = blocks;
  t.source = history::kConfirmSource;
  for (int b = 0; b < blocks; ++b) {
    c.a_runs.push_back(t.add_run("gemm", "1.0", a_level));
    c.b_runs.push_back(t.add_run("gemm", "1.0", b_level));
  }
  t.source.clear();
  return c;
}

TEST_F(HistoryTest, AShiftThatRepeatsInEveryBlockIsConfirmed) {
  auto c = reruns(*this, 5, 1000, 1100);
  history::judge_reruns(*s_, c);
  ASSERT_EQ(c.rows.size(), 1u);
  EXPECT_EQ(c.rows[0].verdict, "confirmed");
  EXPECT_EQ(c.rows[0].blocks_agreeing, 5);
  EXPECT_NEAR(c.rows[0].block_p, 1.0 / 32, 1e-12);
  EXPECT_NEAR(c.rows[0].change, 0.10, 0.01);
  EXPECT_LT(c.rows[0].ci_lo, c.rows[0].change);
  EXPECT_GT(c.rows[0].ci_hi, c.rows[0].change);
  EXPECT_NEAR(c.rows[0].original_change, 0.10, 1e-9);
}

TEST_F(HistoryTest, TheOppositeShiftIsReversedAndNoShiftIsNotReproduced) {
  auto rev = reruns(*this, 5, 1100, 1000);
  history::judge_reruns(*s_, rev);
  EXPECT_EQ(rev.rows.at(0).verdict, "reversed");
  auto same = reruns(*this, 5, 1000, 1000);
  history::judge_reruns(*s_, same);
  EXPECT_EQ(same.rows.at(0).verdict, "not reproduced");
  auto few = reruns(*this, 4, 1000, 1100);
  history::judge_reruns(*s_, few);
  EXPECT_EQ(few.rows.at(0).verdict, "not reproduced") << "4 blocks cannot reach p 0.05";
  EXPECT_EQ(history::min_blocks(0.05), 5);
}

TEST_F(HistoryTest, AVerdictIsStoredWithTheRunAfterTheChangeAndRerunsStayOutOfTheHistory) {
  auto c = reruns(*this, 5, 1000, 1100);
  history::judge_reruns(*s_, c);
  c.confirmed_at = 5;
  const std::string text = history::to_json(c);
  s_->add_artifact({0, c.after_run, history::kConfirmationArtifact, "application/json",
                    std::vector<uint8_t>(text.begin(), text.end())});
  s_->add_artifact({0, c.after_run, history::kConfirmationArtifact, "application/json",
                    std::vector<uint8_t>{'{', 'x'}});  // damaged: ignored
  const auto got = history::stored_confirmation(*s_, c.before_run, c.after_run);
  ASSERT_TRUE(got.has_value());
  EXPECT_EQ(got->a_runs, c.a_runs);
  ASSERT_NE(got->row("Gemm N=64", "reference/default"), nullptr);
  EXPECT_EQ(got->row("Gemm N=64", "reference/default")->verdict, "confirmed");
  EXPECT_FALSE(history::stored_confirmation(*s_, c.after_run, c.before_run).has_value());
  EXPECT_THROW(history::confirmation_from_json("[]", "here"), D500Error);

  const auto all = history::series_of(*s_, {});
  ASSERT_EQ(all.size(), 1u);
  EXPECT_EQ(all[0].points.size(), 2u) << "the 10 reruns are not points of the history";
}

// Bad input: a measurement of the series in another unit is left out and said, never compared
// with the others; a store of schema 1 (no artifacts, no load records) is read as it is.
TEST_F(HistoryTest, AnotherUnitIsLeftOutAndSaid) {
  for (int i = 0; i < 3; ++i) add_run("gemm", "1.0", 1000);
  const int64_t other = add_run("gemm", "1.0", 1000);
  {
    store::MeasurementRow m;
    m.run_id = other;
    m.subject = "Gemm N=64";
    m.implementation = "reference/default";
    m.point_json = R"({"N":64})";
    m.unit = "img/s";
    m.n = 3;
    m.median = 5;
    s_->add_measurement(m, std::vector<double>{4, 5, 6});
  }
  const auto all = history::series_of(*s_, {});
  ASSERT_EQ(all.size(), 1u);
  EXPECT_EQ(all[0].points.size(), 4u);
  EXPECT_EQ(all[0].skipped_units, 1);
  const std::string text = report::render(history::history_report(*s_, all), "text");
  EXPECT_NE(text.find("1 measurement(s) in another unit than ns left out"), std::string::npos)
      << text;
}

TEST(HistoryOldSchema, AStoreOfSchemaOneIsReadAsItIs) {
  const std::string path =
      (fs::temp_directory_path() / ("d500-history-v1-" + std::to_string(::getpid()))).string();
  fs::remove(path);
  {
    sqlite3* db = nullptr;
    ASSERT_EQ(sqlite3_open(path.c_str(), &db), SQLITE_OK);
    std::string sql = std::string(store::detail::migrations()[0].sql) + "PRAGMA user_version = 1;";
    for (int i = 1; i <= 6; ++i)
      sql +=
          "INSERT INTO runs(name, level, spec_json, status, seed, pid, host) VALUES('old', "
          "'operator', '{}', 'succeeded', 1, 1, 'h');"
          "INSERT INTO measurements(run_id, subject, implementation, n, median) VALUES(" +
          std::to_string(i) + ", 'Gemm', 'reference/default', 2, 42);";
    ASSERT_EQ(sqlite3_exec(db, sql.c_str(), nullptr, nullptr, nullptr), SQLITE_OK)
        << sqlite3_errmsg(db);
    sqlite3_close(db);
  }
  {
    auto s = store::ResultStore::open(path, store::ResultStore::Mode::ReadOnly).value();
    EXPECT_EQ(s->schema_version(), 1);
    const auto all = history::series_of(*s, {});
    ASSERT_EQ(all.size(), 1u);
    EXPECT_EQ(all[0].points.size(), 6u);
    const auto rows = history::overview(*s, all);
    ASSERT_EQ(rows.size(), 1u);
    EXPECT_FALSE(rows[0].found.testable) << "schema 1 runs here have no raw samples";
    EXPECT_EQ(rows[0].found.without_samples, 6u);
    const std::string text = report::render(history::history_report(*s, all), "text");
    EXPECT_NE(text.find("6 run(s) stored without raw samples"), std::string::npos) << text;
    EXPECT_FALSE(history::stored_confirmation(*s, 1, 2).has_value());
  }
  fs::remove(path);
}

}  // namespace
