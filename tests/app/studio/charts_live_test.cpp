// Guards issue 6, item 5: "Live charts from the store ... New points appear within 250 ms of
// being committed", with the chart models over a store being written by a real runner process
// (and, for training-like series, by a writer on another connection).
#include <gtest/gtest.h>

#include <QElapsedTimer>
#include <QJsonArray>
#include <QToolTip>
#include <QWheelEvent>
#include <QtCharts/QChart>
#include <QtCharts/QLineSeries>
#include <atomic>
#include <chrono>
#include <thread>

#include "charts/chart_controls.h"
#include "charts/chart_panel.h"
#include "charts/chart_view.h"
#include "charts_support.h"

using d500::studio::ChartPanel;
using namespace d500::test;
using d500::store::ResultStore;
using d500::store::SeriesPoint;

namespace {

int64_t storedSamples(const std::string& path, int64_t run) {
  auto s = ResultStore::open(path, ResultStore::Mode::ReadOnly);
  int64_t n = 0;
  for (const auto& m : s.value()->measurements(run))
    n += static_cast<int64_t>(s.value()->samples(m.id).size());
  return n;
}

}  // namespace

TEST(ChartsLive, PointsFromARealRunnerArriveWhileItRuns) {
  TempDir dir;
  const std::string exp = gemmSweep(dir, 5, 0.3);
  const std::string db = dir.file("live.d500db");
  // The panels exist before the store does: the runner creates it; run 1 is its first run.
  ChartPanel sweep(ChartPanel::Kind::Sweep, qs(db), {1});
  ChartPanel timings(ChartPanel::Kind::Timings, qs(db), {1});
  EXPECT_EQ(sweep.pointCount(), 0);

  Process runner({kRunner, "--db", db, "run", exp, "--progress", "json"}, dir.path());
  qint64 seenWhileRunning = 0;
  int updates = 0;
  QObject::connect(&sweep, &ChartPanel::pointsAdded, [&](qint64) { ++updates; });
  const bool finished = pumpUntil(
      [&] {
        const bool done = runner.stdout_so_far().find("run_finished") != std::string::npos;
        if (!done) seenWhileRunning = std::max(seenWhileRunning, sweep.pointCount());
        return done;
      },
      120000);
  const auto result = runner.wait();
  ASSERT_TRUE(finished) << result.err;
  ASSERT_EQ(result.exit_code, 0) << result.err;
  // Points came in while the runner was still measuring, not only at the end.
  EXPECT_GE(seenWhileRunning, 1);
  EXPECT_LT(seenWhileRunning, 5);
  EXPECT_GE(updates, 2);

  sweep.refresh();
  timings.refresh();
  EXPECT_EQ(sweep.pointCount(), 5);
  EXPECT_EQ(timings.pointCount(), storedSamples(db, 1));
  EXPECT_TRUE(sweep.title().contains(QStringLiteral("live-sweep"))) << sweep.title().toStdString();
}

TEST(ChartsLive, SeriesCommittedOnAnotherConnectionAreInTheBufferWithin250ms) {
  TempDir dir;
  const std::string db = dir.file("series.d500db");
  auto writer = openRw(db);
  const int64_t run = addRun(*writer, "training-like");
  ChartPanel panel(ChartPanel::Kind::Convergence, qs(db), {run});
  panel.resize(900, 500);
  panel.show();

  std::atomic<int> committed{0};
  std::atomic<int64_t> committedAtNs[20];
  std::thread t([&] {
    for (int i = 0; i < 20; ++i) {
      std::this_thread::sleep_for(std::chrono::milliseconds(60 + 17 * (i % 5)));
      std::vector<SeriesPoint> batch;
      for (int k = 0; k < 50; ++k) {
        const int step = i * 50 + k;
        batch.push_back({0, run, 0, "loss", step, step * 0.01, 2.0 / (1 + step)});
        batch.push_back({0, run, 0, "accuracy", step, step * 0.01, 1.0 - 1.0 / (1 + step)});
      }
      writer->add_series(batch);
      committedAtNs[i] = std::chrono::steady_clock::now().time_since_epoch().count();
      committed = i + 1;
    }
  });
  std::vector<double> latenciesMs;
  int seenBatches = 0;
  QObject::connect(&panel, &ChartPanel::pointsAdded, [&](qint64 total) {
    const int64_t now = std::chrono::steady_clock::now().time_since_epoch().count();
    while (seenBatches < committed && total >= (seenBatches + 1) * 100) {
      latenciesMs.push_back((now - committedAtNs[seenBatches]) / 1e6);
      ++seenBatches;
    }
  });
  const bool all = pumpUntil([&] { return seenBatches == 20; }, 20000);
  t.join();
  ASSERT_TRUE(all) << "saw " << seenBatches << " of 20 batches";
  std::sort(latenciesMs.begin(), latenciesMs.end());
  const double median = latenciesMs[latenciesMs.size() / 2];
  std::cout << "commit to chart buffer: median " << median << " ms, max " << latenciesMs.back()
            << " ms\n";
  // The goal is 250 ms; a loaded 2-core test machine gets slack on the worst case only.
  EXPECT_LT(median, 250);
  EXPECT_LT(latenciesMs.back(), 1000);
  EXPECT_EQ(panel.pointCount(), 2000);
  EXPECT_EQ(panel.availableSeries(),
            (QStringList{QStringLiteral("loss"), QStringLiteral("accuracy")}));
}

TEST(ChartsLive, SettingsReproduceTheView) {
  TempDir dir;
  const std::string db = dir.file("s.d500db");
  auto writer = openRw(db);
  const int64_t a = addRun(*writer, "a"), b = addRun(*writer, "b");
  std::vector<SeriesPoint> pts;
  for (int i = 0; i < 1000; ++i) {
    pts.push_back({0, a, 0, "loss", i, i * 0.1, 1.0 / (1 + i)});
    pts.push_back({0, b, 0, "loss", i, i * 0.1, 2.0 / (1 + i)});
    pts.push_back({0, b, 0, "samples_per_s", i, i * 0.1, 1000.0 + i});
  }
  writer->add_series(pts);
  ChartPanel panel(ChartPanel::Kind::Convergence, qs(db), {a, b});
  panel.refresh();
  EXPECT_EQ(panel.pointCount(), 3000);
  QJsonObject s = panel.settings();
  EXPECT_EQ(s[QStringLiteral("kind")].toString(), QStringLiteral("convergence"));
  s[QStringLiteral("log_y")] = true;
  s[QStringLiteral("x")] = QStringLiteral("wall_time");
  s[QStringLiteral("smoothing")] = 0.3;
  s[QStringLiteral("series")] = QJsonArray{QStringLiteral("loss")};
  s[QStringLiteral("zoom")] = QJsonObject{{QStringLiteral("x"), QJsonArray{10.0, 50.0}},
                                          {QStringLiteral("y"), QJsonArray{0.01, 0.5}}};
  panel.applySettings(s);
  EXPECT_EQ(panel.settings(), s);

  // Another panel given the same settings shows the same view.
  ChartPanel again(ChartPanel::Kind::Convergence, qs(db), {});
  again.applySettings(s);
  again.refresh();
  EXPECT_EQ(again.settings(), s);
  EXPECT_EQ(again.runIds(), (QList<qint64>{a, b}));
  EXPECT_EQ(again.pointCount(), 3000);

  // The throughput chart picks the rate series by default.
  ChartPanel rates(ChartPanel::Kind::Throughput, qs(db), {b});
  rates.refresh();
  EXPECT_TRUE(rates.settings()[QStringLiteral("series")].toArray().isEmpty());
  EXPECT_TRUE(ChartPanel::kindFromName(QStringLiteral("roofline"), nullptr));
  ChartPanel::Kind k;
  ASSERT_TRUE(ChartPanel::kindFromName(ChartPanel::kindName(ChartPanel::Kind::Timings), &k));
  EXPECT_EQ(k, ChartPanel::Kind::Timings);
}

TEST(ChartsLive, AMissingStoreIsWaitedForNotAnError) {
  TempDir dir;
  ChartPanel panel(ChartPanel::Kind::Convergence, qs(dir.file("nope.d500db")), {1});
  panel.refresh();
  EXPECT_EQ(panel.pointCount(), 0);
  QString error;
  EXPECT_FALSE(panel.exportCsv(qs(dir.file("x.csv")), &error));
  EXPECT_TRUE(error.contains(QStringLiteral("nope.d500db"))) << error.toStdString();
}

TEST(ChartsLive, ControlsZoomAndHoverWork) {
  TempDir dir;
  const std::string db = dir.file("ui.d500db");
  auto writer = openRw(db);
  const int64_t run = addRun(*writer, "ui");
  std::vector<SeriesPoint> pts;
  for (int i = 0; i < 5000; ++i) pts.push_back({0, run, 0, "loss", i, i * 0.01, 3.0 / (1 + i)});
  writer->add_series(pts);
  ChartPanel panel(ChartPanel::Kind::Convergence, qs(db), {run});
  panel.resize(800, 500);
  panel.show();
  panel.refresh();
  pumpUntil([] { return false; }, 100);

  // The toolbar edits the settings.
  auto* controls = panel.findChild<d500::studio::ChartControls*>();
  ASSERT_NE(controls, nullptr);
  QAction* logY = nullptr;
  for (QAction* a : controls->actions())
    if (a->text() == QStringLiteral("Log Y")) logY = a;
  ASSERT_NE(logY, nullptr);
  logY->trigger();
  EXPECT_TRUE(panel.settings()[QStringLiteral("log_y")].toBool());

  // Wheel over the plot zooms, and the zoom is part of the settings.
  auto* view = panel.findChild<d500::studio::ChartView*>();
  ASSERT_NE(view, nullptr);
  const QPointF at(view->viewport()->width() / 2.0, view->viewport()->height() / 2.0);
  QWheelEvent wheel(at, view->viewport()->mapToGlobal(at), QPoint(), QPoint(0, 240), Qt::NoButton,
                    Qt::NoModifier, Qt::NoScrollPhase, false);
  QCoreApplication::sendEvent(view->viewport(), &wheel);
  const QJsonObject zoom = panel.settings()[QStringLiteral("zoom")].toObject();
  ASSERT_FALSE(zoom.isEmpty());
  const QJsonArray x = zoom[QStringLiteral("x")].toArray();
  EXPECT_GT(x[0].toDouble(), 0);
  EXPECT_LT(x[1].toDouble(), 4999);

  // Hovering a line shows the stored values of the nearest point.
  auto* series = view->chart()->series().value(0);
  auto* line = qobject_cast<QLineSeries*>(series);
  ASSERT_NE(line, nullptr);
  Q_EMIT line->hovered(QPointF(1000.2, 0.5), true);
  EXPECT_TRUE(QToolTip::text().contains(QStringLiteral("step 1000")))
      << QToolTip::text().toStdString();
}
