// Issue 36, item 6 (first part): the Scaling view of collective runs draws each operation's
// measured medians with its fitted line, and the three schemes projected from the allreduce model
// with a band each and the largest measured scale marked; the crossover is said below; a 1-rank
// run gets its models and a clear "no projection". Offscreen; a screenshot when
// D500_SCREENSHOT_DIR is set.
#include <gtest/gtest.h>

#include <QAreaSeries>
#include <QChart>
#include <QDir>
#include <QLineSeries>
#include <QScatterSeries>
#include <nlohmann/json.hpp>

#include "charts/chart_kind.h"
#include "charts_support.h"
#include "scaling/scaling_tab.h"

using d500::studio::ChartKindRegistry;
using d500::studio::ScalingTab;
using namespace d500::test;

namespace {

// A collective run on `ranks`: allreduce and allgather at 2 us * (ranks - 1) + 0.1 ns/B.
int64_t collectiveRun(const std::string& db, int ranks) {
  auto s = openRw(db);
  d500::store::RunInfo r;
  r.name = "coll";
  r.level = "collective";
  r.id = s->create_run(r);
  for (const char* op : {"allreduce", "allgather"})
    for (double n = 4; n <= 1 << 22; n *= 8) {
      std::vector<double> x;
      for (int k = 0; k < 20; ++k) x.push_back(2000.0 * ranks + 0.1 * n + k);
      addMeasurement(*s, r.id, op, "mpi:" + std::to_string(ranks),
                     nlohmann::json{{"op", op}, {"bytes", n}, {"ranks", ranks}}.dump(), x);
    }
  return r.id;
}

std::unique_ptr<ScalingTab> scalingTab(const std::string& db, QList<qint64> runs) {
  const auto* kind = ChartKindRegistry::studio().find(QStringLiteral("scaling"));
  EXPECT_NE(kind, nullptr);
  EXPECT_TRUE(kind->appliesTo(QStringLiteral("collective")));
  return std::unique_ptr<ScalingTab>(static_cast<ScalingTab*>(kind->create(qs(db), runs)));
}

template <class S>
int count(QChart* c) {
  int n = 0;
  for (auto* s : c->series()) n += qobject_cast<S*>(s) ? 1 : 0;
  return n;
}

}  // namespace

TEST(ScalingView, DrawsTheModelsAndTheProjectionWithBands) {
  TempDir dir;
  const std::string db = dir.file("s.d500db");
  const qint64 run = collectiveRun(db, 2);
  auto tab = scalingTab(db, {run});
  EXPECT_EQ(count<QScatterSeries>(tab->modelChart()), 2);    // allreduce and allgather measured
  EXPECT_EQ(tab->pointCount(), 14);                          // 7 sizes, 4 B to 1 MiB by 8, of each
  EXPECT_EQ(count<QAreaSeries>(tab->projectionChart()), 3);  // a band per scheme
  EXPECT_EQ(count<QLineSeries>(tab->projectionChart()), 3 + 1)
      << "a line per scheme, and the largest measured scale";
  EXPECT_TRUE(tab->statusText().contains(QStringLiteral("Projected from allreduce on 2 ranks")))
      << qPrintable(tab->statusText());
  EXPECT_TRUE(tab->statusText().contains(QStringLiteral("faster")))
      << qPrintable(tab->statusText());
  if (const char* out = std::getenv("D500_SCREENSHOT_DIR")) {
    QDir().mkpath(QString::fromLocal8Bit(out));
    tab->resize(1200, 620);
    tab->show();
    pumpUntil([] { return false; }, 300);
    EXPECT_TRUE(
        tab->grab().save(QString::fromLocal8Bit(out) + QStringLiteral("/scaling_view.png")));
  }
}

TEST(ScalingView, AOneRankRunHasModelsAndNoProjection) {
  TempDir dir;
  const std::string db = dir.file("s.d500db");
  const qint64 run = collectiveRun(db, 1);
  auto tab = scalingTab(db, {run});
  EXPECT_EQ(count<QScatterSeries>(tab->modelChart()), 2);
  EXPECT_TRUE(tab->projectionChart()->series().isEmpty());
  EXPECT_TRUE(tab->statusText().contains(QStringLiteral("No projection")))
      << qPrintable(tab->statusText());
  QString error;
  EXPECT_FALSE(tab->exportCsv(dir.file("p.csv").c_str(), &error));
  EXPECT_FALSE(error.isEmpty());
}
