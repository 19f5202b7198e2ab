// Guards issue 6, item 6: "pick runs, see a table of measurements side by side with speedups,
// Mann-Whitney verdicts and validation verdicts; an environment diff of the runs".
#include "views/compare_view.h"

#include <gtest/gtest.h>

#include <QTableWidget>

#include "charts_support.h"
#include "d500/env/machine_load.h"

using d500::studio::CompareView;
using namespace d500::test;

namespace {

std::vector<double> around(double center, int n, int spread) {
  std::vector<double> v;
  for (int i = 0; i < n; ++i) v.push_back(center + (i * 37) % spread);
  return v;
}

QString cellText(const QTableWidget* t, int row, int col) {
  const auto* it = t->item(row, col);
  return it ? it->text() : QString();
}

int column(const QTableWidget* t, const QString& contains) {
  for (int c = 0; c < t->columnCount(); ++c)
    if (t->horizontalHeaderItem(c)->text().contains(contains)) return c;
  return -1;
}

}  // namespace

TEST(CompareView, TwoRunsSideBySideWithSpeedupVerdictAndEnvironmentDiff) {
  TempDir dir;
  const std::string db = dir.file("c.d500db");
  int64_t a, b;
  {
    auto w = openRw(db);
    a = addRun(*w, "before", R"({"d500":1})",
               R"({"cpu":{"model":"X","governor":"powersave"},"threads":{"omp":1}})");
    b = addRun(*w, "after", R"({"d500":1})",
               R"({"cpu":{"model":"X","governor":"performance"},"threads":{"omp":1}})");
    addMeasurement(*w, a, "Gemm N=64", "reference/default", R"({"N":64})", around(2000, 50, 40));
    addMeasurement(*w, b, "Gemm N=64", "reference/default", R"({"N":64})", around(1000, 50, 40));
    addMeasurement(*w, a, "Gemm N=128", "reference/default", R"({"N":128})", around(900, 50, 40));
    addMeasurement(*w, b, "Gemm N=128", "reference/default", R"({"N":128})", around(900, 50, 40));
  }
  CompareView view(qs(db), {a, b});
  const QTableWidget* t = view.measurementsTable();
  ASSERT_EQ(t->rowCount(), 2);
  const int speedup = column(t, QStringLiteral("speedup"));
  const int verdict = column(t, QStringLiteral("Mann-Whitney"));
  ASSERT_GE(speedup, 0);
  ASSERT_GE(verdict, 0);
  // Both absolute medians are beside the speedup.
  EXPECT_TRUE(cellText(t, 0, 2).contains(QStringLiteral("µs"))) << cellText(t, 0, 2).toStdString();
  EXPECT_NEAR(cellText(t, 0, speedup).chopped(1).toDouble(), 2.0, 0.05)
      << cellText(t, 0, speedup).toStdString();
  EXPECT_TRUE(cellText(t, 0, verdict).startsWith(QStringLiteral("faster")));
  EXPECT_TRUE(cellText(t, 1, verdict).startsWith(QStringLiteral("same")));
  // The environment diff names what changed, and only that.
  const QTableWidget* env = view.environmentTable();
  ASSERT_EQ(env->rowCount(), 1);
  EXPECT_EQ(cellText(env, 0, 1), QStringLiteral("cpu.governor"));
  EXPECT_TRUE(cellText(env, 0, 2).contains(QStringLiteral("powersave")));
  EXPECT_TRUE(cellText(env, 0, 3).contains(QStringLiteral("performance")));

  // Swapping the baseline turns the verdict around.
  view.setRunIds({b, a});
  EXPECT_TRUE(cellText(view.measurementsTable(), 0, verdict).startsWith(QStringLiteral("slower")));
}

// Issue 35, item 16: two runs of the same recipe, executor and optimizer (1 seed and 5) pair in
// one row with a ratio and a verdict, instead of two rows each with "-" in the other column.
TEST(CompareView, RunsOfOneRecipeWithOtherSeedCountsShareARow) {
  TempDir dir;
  const std::string db = dir.file("c.d500db");
  int64_t a, b;
  {
    auto w = openRw(db);
    a = addRun(*w, "first run");
    b = addRun(*w, "five seeds");
    const std::string impl = "torch + torch/adam", subject = "time-to-accuracy 85.0%";
    addMeasurement(*w, a, subject, impl, R"({"batch":64,"seeds":1})", {2.0e9});
    addMeasurement(*w, b, subject, impl, R"({"batch":64,"seeds":5})", around(1.0e9, 5, 1000));
  }
  CompareView view(qs(db), {a, b});
  const QTableWidget* t = view.measurementsTable();
  ASSERT_EQ(t->rowCount(), 1);
  const int speedup = column(t, QStringLiteral("speedup"));
  ASSERT_GE(speedup, 0);
  EXPECT_NEAR(cellText(t, 0, speedup).chopped(1).toDouble(), 2.0, 0.01)
      << cellText(t, 0, speedup).toStdString();
  for (int c = 0; c < t->columnCount(); ++c)
    EXPECT_NE(cellText(t, 0, c), QStringLiteral("-")) << "column " << c;
}

TEST(CompareView, OneRunComparesImplementationsWithValidation) {
  TempDir dir;
  const std::string db = dir.file("one.d500db");
  int64_t run;
  {
    auto w = openRw(db);
    run = addRun(*w, "impls", R"({"d500":1,"baseline":"reference"})");
    const int64_t ref =
        addMeasurement(*w, run, "Conv", "reference/default", R"({"N":1})", around(5000, 40, 100));
    const int64_t mine =
        addMeasurement(*w, run, "Conv", "examples/im2col", R"({"N":1})", around(1000, 40, 100));
    d500::store::ValidationRow v;
    v.run_id = run;
    v.measurement_id = mine;
    v.metric = "forward_rel_l2[0]";
    v.passed = false;
    w->add_validation(v);
    v.measurement_id = ref;
    v.passed = true;
    w->add_validation(v);
  }
  CompareView view(qs(db), {run});
  const QTableWidget* t = view.measurementsTable();
  ASSERT_EQ(t->rowCount(), 1);
  EXPECT_TRUE(t->horizontalHeaderItem(1)->text().startsWith(QStringLiteral("reference/default")));
  const int speedup = column(t, QStringLiteral("speedup"));
  ASSERT_GE(speedup, 0);
  EXPECT_NEAR(cellText(t, 0, speedup).chopped(1).toDouble(), 4.8, 0.2)
      << cellText(t, 0, speedup).toStdString();
  const int validation = t->columnCount() - 1;
  EXPECT_TRUE(cellText(t, 0, validation).contains(QStringLiteral("FAILED")));
  // Choosing the other implementation as the baseline.
  view.setBaselineImplementation(QStringLiteral("examples/im2col"));
  EXPECT_TRUE(t->horizontalHeaderItem(1)->text().startsWith(QStringLiteral("examples/im2col")));
}

TEST(CompareView, RunsOfARealRunnerAndItsRerun) {
  TempDir dir;
  const std::string db = dir.file("real.d500db");
  const std::string exp = gemmSweep(dir, 2, 0.05);
  for (int i = 0; i < 2; ++i) {
    auto r = run({kRunner, "--db", db, "run", exp, "--progress", "none"}, dir.path());
    ASSERT_EQ(r.exit_code, 0) << r.err;
  }
  CompareView view(qs(db), {1, 2});
  EXPECT_EQ(view.measurementsTable()->rowCount(), 2);
  EXPECT_GE(column(view.measurementsTable(), QStringLiteral("Mann-Whitney")), 0);
  // Same machine, same build: the environment is identical, unless another process kept the
  // machine busy during one of the runs (the tests run in parallel), which is then said instead.
  const QString env = cellText(view.environmentTable(), 0, 1);
  EXPECT_TRUE(env.contains(QStringLiteral("identical")) ||
              env.startsWith(QStringLiteral("machine load")))
      << env.toStdString();
  QString error;
  EXPECT_TRUE(view.exportHtml(qs(dir.file("cmp.html")), &error)) << error.toStdString();
}

// Guards issue 13 item 6: two runs on identical machines, one measured while another process kept
// the machine busy: the comparison says the conditions differ instead of "identical environment".
TEST(CompareView, ABusyMachineDuringOneRunIsShownBesideIdenticalEnvironments) {
  TempDir dir;
  const std::string db = dir.file("load.d500db");
  int64_t a, b;
  const char* env = R"({"cpu":{"model":"X","logical_cpus":2}})";
  {
    auto w = openRw(db);
    a = addRun(*w, "quiet", R"({"d500":1})", env);
    b = addRun(*w, "busy", R"({"d500":1})", env);
    addMeasurement(*w, a, "Gemm N=64", "reference/default", R"({"N":64})", around(1000, 50, 40));
    addMeasurement(*w, b, "Gemm N=64", "reference/default", R"({"N":64})", around(3000, 50, 40));
    d500::env::store_load(*w, a, {{0.5, 1.0, 0.02, 0, 10}, {1.0, 1.0, 0.03, 0, 10}});
    d500::env::store_load(*w, b, {{0.5, 2.9, 1.80, 0, 900}, {1.0, 3.1, 1.90, 0, 950}});
  }
  CompareView view(qs(db), {a, b});
  const QTableWidget* t = view.environmentTable();
  ASSERT_EQ(t->rowCount(), 1);
  EXPECT_TRUE(cellText(t, 0, 1).startsWith(QStringLiteral("machine load")))
      << cellText(t, 0, 1).toStdString();
  EXPECT_TRUE(cellText(t, 0, 2).startsWith(QStringLiteral("quiet")))
      << cellText(t, 0, 2).toStdString();
  EXPECT_TRUE(cellText(t, 0, 3).startsWith(QStringLiteral("BUSY")))
      << cellText(t, 0, 3).toStdString();
  // Both quiet: identical as before.
  view.setRunIds({a, a});
  EXPECT_TRUE(cellText(view.environmentTable(), 0, 1).contains(QStringLiteral("identical")));
}
