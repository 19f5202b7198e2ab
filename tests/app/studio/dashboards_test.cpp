// Guards issue 13, item 1 (training and distributed levels): a run's dashboard. Small multiples,
// one per quantity with its own y axis (the loss axis does not span the accuracy's range; the
// communication volume has a panel of its own), legends that name every line and every seed or
// rank in full, per-epoch series placed at the step where their epoch ended (and at the epoch,
// and at their wall time, on the other axes), the time-to-accuracy and the verdicts beside the
// curves, and the tab bound to its run's identity. Over stores the real runner wrote (the
// distributed run under mpirun, skipped without MPI).
#include <gtest/gtest.h>

#include <QComboBox>
#include <QImage>
#include <QtCharts/QAreaSeries>
#include <QtCharts/QChart>
#include <QtCharts/QLineSeries>
#include <cmath>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>

#include "charts/chart_kind.h"
#include "charts/legend_list.h"
#include "charts/series_picker.h"
#include "charts/units.h"
#include "charts_support.h"
#include "dashboards/dashboard_panel.h"
#include "dashboards/run_dashboard.h"

using namespace d500::test;
using d500::store::ResultStore;
using d500::studio::ChartKindRegistry;
using d500::studio::DashboardPanel;
using d500::studio::RunDashboard;
using d500::studio::RunSeries;

namespace {

const std::string kMpirun = D500_TEST_MPIEXEC;  // "" when built without MPI

RunDashboard* makeDashboard(const QString& kind, const std::string& db, qint64 run) {
  auto* tab = ChartKindRegistry::studio().find(kind)->create(qs(db), {run});
  auto* dash = qobject_cast<RunDashboard*>(tab);
  EXPECT_TRUE(dash) << kind.toStdString();
  dash->resize(1600, 1000);
  dash->show();
  pumpUntil([] { return false; }, 50);  // lay out
  dash->refresh();
  return dash;
}

// The points of the lines of `panel` named `label`, in the order the groups are drawn.
QList<QList<QPointF>> linePoints(DashboardPanel* panel, const QString& label) {
  QList<QList<QPointF>> out;
  for (auto* s : panel->chart()->series())
    if (s->name() == label) out.append(static_cast<QLineSeries*>(s)->points());
  return out;
}

// The stored values of `name` (as stored, for every seed or rank).
std::vector<double> stored(const std::string& db, const std::string& name) {
  std::vector<double> v;
  auto s = ResultStore::open(db, ResultStore::Mode::ReadOnly).value();
  for (const auto& p : s->series_after(1, 0, 10000000)) {
    const std::string n = p.name.substr(0, p.name.find('@'));
    if (n == name) v.push_back(p.value);
  }
  return v;
}

void saveScreenshot(QWidget* w, const char* name) {
  pumpUntil([] { return false; }, 100);  // the layout settles (legends' heights)
  if (const char* dir = std::getenv("D500_SCREENSHOT_DIR"))
    w->grab().save(QString::fromLocal8Bit(dir) + QLatin1Char('/') + QLatin1String(name));
}

}  // namespace

TEST(Dashboards, KindsAreRegisteredByNameAndOpenedForTheirLevel) {
  const auto& r = ChartKindRegistry::studio();
  for (const char* name : {"convergence", "throughput", "timings", "sweep", "roofline", "seeds",
                           "training", "distributed", "network", "collective", "operator"})
    EXPECT_TRUE(r.find(QLatin1String(name))) << name;
  EXPECT_EQ(r.kindForRun(QStringLiteral("training"))->name(), QStringLiteral("training"));
  EXPECT_EQ(r.kindForRun(QStringLiteral("distributed"))->name(), QStringLiteral("distributed"));
  EXPECT_EQ(r.kindForRun(QStringLiteral("operator"))->name(), QStringLiteral("operator"));
  EXPECT_FALSE(r.find(QStringLiteral("no-such-chart")));
}

// Epochs end where the stored step series say: the last loss step before the epoch's row.
TEST(Dashboards, PerEpochSeriesLandWhereTheirEpochEnded) {
  TempDir dir;
  const std::string db = dir.file("e.d500db");
  auto w = openRw(db);
  const int64_t run = addRun(*w, "epochs");
  std::vector<d500::store::SeriesPoint> rows;
  for (int step = 0; step < 20; ++step)
    rows.push_back({0, run, 0, "loss@seed0", step, 0.1 * (step + 1), 2.0 - 0.05 * step});
  rows.push_back({0, run, 0, "test_accuracy@seed0", 1, 1.05, 0.5});
  rows.push_back({0, run, 0, "test_accuracy@seed0", 2, 2.05, 0.7});
  rows.push_back({0, run, 0, "tta_s", 0, 2.1, -1});
  // Steps 0-9 before the first epoch's row (wall 1.05), 10-19 before the second's.
  std::sort(rows.begin(), rows.end(), [](auto& a, auto& b) { return a.wall_time < b.wall_time; });
  w->add_series(rows);
  RunSeries s(RunSeries::GroupBy::Seed);
  auto r = ResultStore::open(db, ResultStore::Mode::ReadOnly).value();
  ASSERT_TRUE(s.poll(*r, run, 0));
  EXPECT_EQ(s.groups(), std::vector<int>{0});
  EXPECT_EQ(s.epochEndStep(0, 1), 9);
  EXPECT_EQ(s.epochEndStep(0, 2), 19);
  const auto* acc = s.curve(0, "test_accuracy");
  ASSERT_TRUE(acc && acc->perEpoch);
  EXPECT_EQ(s.x(0, *acc, acc->points[0], RunSeries::XAxis::Step), 9);
  EXPECT_EQ(s.x(0, *acc, acc->points[1], RunSeries::XAxis::Step), 19);
  EXPECT_EQ(s.x(0, *acc, acc->points[1], RunSeries::XAxis::Epoch), 2);
  EXPECT_DOUBLE_EQ(s.x(0, *acc, acc->points[1], RunSeries::XAxis::WallTime), 2.05);
  const auto* loss = s.curve(0, "loss");
  EXPECT_DOUBLE_EQ(s.x(0, *loss, loss->points[14], RunSeries::XAxis::Epoch), 1.5);
  EXPECT_DOUBLE_EQ(s.x(0, *loss, loss->points[9], RunSeries::XAxis::Epoch), 1.0);
  EXPECT_EQ(s.extras("tta_s").at(0), -1);
}

TEST(Dashboards, SeriesPickerHasSearchAllAndNone) {
  d500::studio::SeriesPicker p(QStringLiteral("Series"));
  p.setItems(
      {QStringLiteral("loss@seed0"), QStringLiteral("loss@seed1"), QStringLiteral("lr@seed0")});
  QStringList last;
  QObject::connect(&p, &d500::studio::SeriesPicker::checkedChanged,
                   [&](const QStringList& on) { last = on; });
  p.checkAll(false);
  EXPECT_TRUE(last.isEmpty());
  p.setFilter(QStringLiteral("LOSS"));
  EXPECT_EQ(p.visibleItems(),
            (QStringList{QStringLiteral("loss@seed0"), QStringLiteral("loss@seed1")}));
  p.checkAll(true);  // the visible ones only
  EXPECT_EQ(last, (QStringList{QStringLiteral("loss@seed0"), QStringLiteral("loss@seed1")}));
  p.showPopup();
  EXPECT_TRUE(p.popup()->isVisible());
  EXPECT_TRUE(p.popup()->windowFlags() & Qt::Popup) << "stays open while boxes are ticked";
}

TEST(Dashboards, TrainingDashboardOverARealRun) {
  TempDir dir;
  const std::string spec = dir.file("train.json");
  std::ofstream(spec)
      << R"({"d500": 1, "name": "dashboard-training", "level": "training", "seed": 11,
    "training": {"dataset": "synthetic",
                 "synthetic": {"samples": 1024, "test_samples": 256, "shape": [1, 8, 8], "classes": 4, "noise": 1.0},
                 "network": {"builder": "mlp", "hidden": [32]}, "executor": "reference",
                 "optimizer": {"plugin": "reference", "name": "sgd", "lr": 0.05},
                 "batch": 32, "epochs": 3, "seeds": 3, "eval_every": 16, "target_accuracy": 0.99}})";
  const std::string db = dir.file("t.d500db");
  auto r = run({kRunner, "--db", db, "run", spec, "--progress", "none"}, dir.path());
  ASSERT_EQ(r.exit_code, 0) << r.err;

  std::unique_ptr<RunDashboard> dash(makeDashboard(QStringLiteral("training"), db, 1));
  EXPECT_TRUE(dash->identityProblem().isEmpty());
  for (const char* id : {"loss", "epoch_loss", "accuracy", "lr", "samples_per_s", "step_time"}) {
    ASSERT_TRUE(dash->panel(QLatin1String(id))) << id;
    EXPECT_TRUE(dash->panel(QLatin1String(id))->hasData()) << id;
  }
  // Each quantity on its own axis: the loss axis covers the losses, not the accuracy (percent).
  DashboardPanel* loss = dash->panel(QStringLiteral("loss"));
  DashboardPanel* acc = dash->panel(QStringLiteral("accuracy"));
  const auto losses = stored(db, "loss");
  const auto accs = stored(db, "test_accuracy");
  EXPECT_LE(loss->yMin(), *std::min_element(losses.begin(), losses.end()));
  EXPECT_GE(loss->yMax(), *std::max_element(losses.begin(), losses.end()));
  EXPECT_LE(acc->yMin(), 100 * *std::min_element(accs.begin(), accs.end()));
  EXPECT_GE(acc->yMax(), 100 * *std::max_element(accs.begin(), accs.end()));
  EXPECT_LE(acc->yMax(), 110);
  EXPECT_FALSE(loss->yMin() <= acc->yMin() && loss->yMax() >= acc->yMax())
      << "loss axis [" << loss->yMin() << ", " << loss->yMax() << "] spans the accuracy's";
  EXPECT_NE(acc->chart()->axes(Qt::Vertical).value(0), loss->chart()->axes(Qt::Vertical).value(0));
  // Legends in full: the panel's line styles and the seeds beside the panels.
  EXPECT_EQ(acc->legend()->texts(),
            (QStringList{QStringLiteral("test accuracy (per epoch)"),
                         QStringLiteral("train accuracy (per epoch)"),
                         QStringLiteral("test accuracy (every eval_every steps)"),
                         QStringLiteral("target 99% (time-to-accuracy)")}));
  // The target the time-to-accuracy is measured against, across the panel, inside its axis.
  const auto target = linePoints(acc, QStringLiteral("target"));
  ASSERT_EQ(target.size(), 1);
  EXPECT_DOUBLE_EQ(target[0].front().y(), 99);
  EXPECT_GE(acc->yMax(), 99);
  for (const QString& t : acc->legend()->texts())
    EXPECT_TRUE(acc->legend()->text().contains(t.toHtmlEscaped()));
  EXPECT_EQ(dash->keyTexts(), (QStringList{QStringLiteral("seed 0"), QStringLiteral("seed 1"),
                                           QStringLiteral("seed 2")}));
  // Per-epoch points at the step where their epoch ended (32 steps an epoch), at the epoch on
  // the epoch axis, at the stored wall time on the wall-time axis.
  const QString testAcc = QStringLiteral("test accuracy (per epoch)");
  auto pts = linePoints(acc, testAcc);
  ASSERT_EQ(pts.size(), 3);  // one line per seed
  ASSERT_EQ(pts[0].size(), 3);
  for (int e = 0; e < 3; ++e) {
    EXPECT_EQ(pts[0][e].x(), 32 * (e + 1) - 1) << "epoch " << e + 1;
    EXPECT_EQ(dash->series().epochEndStep(1, e + 1), 32 * (e + 1) - 1);
  }
  dash->setXAxis(RunSeries::XAxis::Epoch);
  pts = linePoints(acc, testAcc);
  for (int e = 0; e < 3; ++e) EXPECT_EQ(pts[0][e].x(), e + 1);
  const auto lossPts = linePoints(loss, QStringLiteral("loss, EMA"));
  ASSERT_FALSE(lossPts.isEmpty());
  EXPECT_GT(lossPts[0].first().x(), 0);
  EXPECT_LE(lossPts[0].last().x(), 3.0 + 1e-9) << "steps placed within their epochs";
  dash->setXAxis(RunSeries::XAxis::WallTime);
  pts = linePoints(acc, testAcc);
  const auto* c = dash->series().curve(0, "test_accuracy");
  ASSERT_TRUE(c);
  for (int e = 0; e < 3; ++e) EXPECT_DOUBLE_EQ(pts[0][e].x(), c->points[e].wall);
  dash->setXAxis(RunSeries::XAxis::Step);
  // Seeds chosen by name; beside the curves, the time-to-accuracy per seed and the verdict.
  dash->setShownGroups({QStringLiteral("seed 1")});
  EXPECT_EQ(dash->keyTexts(), QStringList{QStringLiteral("seed 1")});
  EXPECT_EQ(linePoints(acc, testAcc).size(), 1);
  dash->setShownGroups(
      {QStringLiteral("seed 0"), QStringLiteral("seed 1"), QStringLiteral("seed 2")});
  const QString summary = dash->summaryText();
  EXPECT_TRUE(summary.contains(QStringLiteral("Time to accuracy"))) << summary.toStdString();
  EXPECT_TRUE(summary.contains(QStringLiteral("not reached"))) << summary.toStdString();
  EXPECT_TRUE(summary.contains(QStringLiteral("99% test accuracy"))) << summary.toStdString();
  EXPECT_TRUE(summary.contains(QStringLiteral("No recipe"))) << summary.toStdString();
  // Where a step's time goes, from the profile the runner stored per seed.
  for (const char* s :
       {"Where a step's time goes", "forward_backward", "optimizer", "Loop overhead"})
    EXPECT_TRUE(summary.contains(QLatin1String(s))) << s << "\n" << summary.toStdString();
  saveScreenshot(dash.get(), "dashboard_training.png");

  // Seeds as their median with the CI band of it: one line per quantity, at the median of the
  // seeds' stored values, inside its band; said so in the legends.
  auto* seedView = dash->findChild<QComboBox*>(QStringLiteral("seedView"));
  ASSERT_TRUE(seedView);
  seedView->setCurrentIndex(1);
  EXPECT_EQ(dash->settings().value(QStringLiteral("seeds")).toString(), QStringLiteral("band"));
  const auto medians = linePoints(acc, testAcc);
  ASSERT_EQ(medians.size(), 1) << "one median line instead of one line per seed";
  ASSERT_EQ(medians[0].size(), 3);
  for (int e = 0; e < 3; ++e) {
    std::vector<double> atEpoch;
    for (int seed = 0; seed < 3; ++seed)
      atEpoch.push_back(100 * dash->series().curve(seed, "test_accuracy")->points[e].value);
    std::sort(atEpoch.begin(), atEpoch.end());
    EXPECT_NEAR(medians[0][e].y(), atEpoch[1], 1e-9) << "epoch " << e + 1;
    EXPECT_EQ(medians[0][e].x(), 32 * (e + 1) - 1);
  }
  int bands = 0;
  for (auto* s : acc->chart()->series()) bands += s->type() == QAbstractSeries::SeriesTypeArea;
  EXPECT_GE(bands, 1);
  const QStringList accLegend = acc->legend()->texts();
  ASSERT_EQ(accLegend.size(), 5) << accLegend.join(QLatin1Char('|')).toStdString();
  EXPECT_EQ(accLegend.front(), testAcc);
  EXPECT_TRUE(accLegend.back().startsWith(QStringLiteral("shaded: CI of the median (")))
      << accLegend.back().toStdString();
  EXPECT_EQ(dash->keyTexts(), QStringList{QStringLiteral("median of seeds 0, 1, 2")});
  EXPECT_TRUE(linePoints(loss, QStringLiteral("loss per step (raw)")).isEmpty());
  saveScreenshot(dash.get(), "dashboard_training_band.png");
  seedView->setCurrentIndex(0);
  EXPECT_EQ(linePoints(acc, testAcc).size(), 3);

  // Exports: the dashboard's charts as an image (as wide as shown, without the toolbar and the
  // status line: issue 35, item 14), its stored values as CSV.
  QString error;
  const QString png = qs(dir.file("d.png"));
  ASSERT_TRUE(dash->exportImage(png, 96, &error)) << error.toStdString();
  EXPECT_EQ(QImage(png).width(), 1600);
  EXPECT_GT(QImage(png).height(), 900);
  EXPECT_LT(QImage(png).height(), 1000);
  ASSERT_TRUE(dash->exportCsv(qs(dir.file("d.csv")), &error)) << error.toStdString();
  EXPECT_NE(read_file(dir.file("d.csv")).find("run_id,seed,series,step,wall_time,value"),
            std::string::npos);

  // Bound to its run: the same settings on a store whose run 1 is another experiment show none
  // of it; on its own store they restore the view.
  const QJsonObject settings = dash->settings();
  ASSERT_TRUE(settings.contains(QStringLiteral("run_identity")));
  const std::string other = dir.file("other.d500db");
  {
    auto w = openRw(other);
    const int64_t id = addRun(*w, "stranger");
    const std::vector<d500::store::SeriesPoint> rows{{0, id, 0, "loss@seed0", 0, 0.1, 1.0}};
    w->add_series(rows);
  }
  std::unique_ptr<RunDashboard> stranger(makeDashboard(QStringLiteral("training"), other, 1));
  stranger->applySettings(settings);
  EXPECT_FALSE(stranger->identityProblem().isEmpty());
  EXPECT_EQ(stranger->pointCount(), 0);
  EXPECT_FALSE(stranger->panel(QStringLiteral("loss"))->hasData());
  std::unique_ptr<RunDashboard> again(makeDashboard(QStringLiteral("training"), db, 1));
  again->applySettings(settings);
  EXPECT_TRUE(again->identityProblem().isEmpty());
  EXPECT_EQ(again->pointCount(), dash->pointCount());
  EXPECT_EQ(again->settings(), settings);
}

// Issue 30: the metrics a training experiment named (the built-in calibration error and the
// examples plugin's gradient norm) are in the dashboard's side panel with their values, as
// `d500 show` prints them; a run without metrics has no such section.
TEST(Dashboards, TrainingDashboardShowsTheRunsMetrics) {
  TempDir dir;
  const std::string spec = dir.file("metrics.json");
  std::ofstream(spec)
      << R"({"d500": 1, "name": "dashboard-metrics", "level": "training", "seed": 11,
    "training": {"dataset": "synthetic",
                 "synthetic": {"samples": 256, "test_samples": 64, "shape": [16], "classes": 4},
                 "network": {"builder": "mlp", "hidden": [16]}, "executor": "reference",
                 "batch": 32, "epochs": 2, "seeds": 2,
                 "metrics": ["ece", {"name": "examples/grad_norm", "params": {"every": 2}}]}})";
  const std::string db = dir.file("m.d500db");
  auto r = run({kRunner, "--db", db, "run", spec, "--progress", "none"}, dir.path());
  ASSERT_EQ(r.exit_code, 0) << r.err;
  std::unique_ptr<RunDashboard> dash(makeDashboard(QStringLiteral("training"), db, 1));
  const QString summary = dash->summaryText();
  EXPECT_TRUE(summary.contains(QStringLiteral("Metrics"))) << summary.toStdString();
  EXPECT_TRUE(summary.contains(QStringLiteral("ece"))) << summary.toStdString();
  EXPECT_TRUE(summary.contains(QStringLiteral("examples/grad_norm"))) << summary.toStdString();
  EXPECT_TRUE(summary.contains(QStringLiteral("lower is better"))) << summary.toStdString();
  // The ECE row's last-epoch value is the median over the seeds of what was stored last.
  std::map<std::string, double> last;
  auto st = ResultStore::open(db, ResultStore::Mode::ReadOnly).value();
  for (const auto& p : st->series_after(1, 0, 100000)) last[p.name] = p.value;
  ASSERT_TRUE(last.count("ece.epoch@seed0") && last.count("ece.epoch@seed1"));
  const QString median =
      d500::studio::formatNumber((last["ece.epoch@seed0"] + last["ece.epoch@seed1"]) / 2, 4);
  EXPECT_TRUE(summary.contains(median)) << median.toStdString() << " in " << summary.toStdString();
  // Each metric has a panel of its own after the training panels: ECE per epoch, the gradient
  // norm per step (every 2nd), each seed's line holding exactly its stored points.
  DashboardPanel* ece = dash->panel(QStringLiteral("metric:ece"));
  DashboardPanel* norm = dash->panel(QStringLiteral("metric:examples/grad_norm"));
  ASSERT_TRUE(ece && norm);
  EXPECT_TRUE(ece->hasData());
  EXPECT_TRUE(norm->hasData());
  const auto epochs = linePoints(ece, QStringLiteral("ece per epoch"));
  ASSERT_FALSE(epochs.isEmpty());
  size_t stored_epochs = 0;
  for (const auto& p : st->series_after(1, 0, 100000)) stored_epochs += p.name == "ece.epoch@seed0";
  EXPECT_EQ(static_cast<size_t>(epochs.front().size()), stored_epochs);
  saveScreenshot(dash.get(), "dashboard_training_metrics.png");
}

TEST(Dashboards, DistributedDashboardOverARealMpiRun) {
  if (kMpirun.empty()) GTEST_SKIP() << "built without MPI: no mpirun to start 2 ranks";
  TempDir dir;
  std::ifstream in(std::string(D500_TEST_SOURCE_DIR) + "/resources/examples/distributed_mlp.json");
  nlohmann::json j = nlohmann::json::parse(in);
  j["training"]["epochs"] = 2;
  j["training"]["synthetic"]["samples"] = 1024;
  j["distributed"] = {
      {"scheme", "allreduce"}, {"sampler", "partitioned"}, {"scaling_baseline", true}};
  const std::string spec = dir.file("dist.json");
  std::ofstream(spec) << j.dump(2);
  const std::string db = dir.file("d.d500db");
  auto r = run({kMpirun, "-np", "2", "--oversubscribe", kRunner, "run", spec, "--db", db},
               dir.path(), {"OMPI_ALLOW_RUN_AS_ROOT=1", "OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1"});
  ASSERT_EQ(r.exit_code, 0) << r.err;

  std::unique_ptr<RunDashboard> dash(makeDashboard(QStringLiteral("distributed"), db, 1));
  for (const char* id : {"loss", "accuracy", "step_time", "comm_bytes", "comm_time"}) {
    ASSERT_TRUE(dash->panel(QLatin1String(id))) << id;
    EXPECT_TRUE(dash->panel(QLatin1String(id))->hasData()) << id;
  }
  // Communication on panels of its own, never on the loss axis.
  DashboardPanel* loss = dash->panel(QStringLiteral("loss"));
  DashboardPanel* bytes = dash->panel(QStringLiteral("comm_bytes"));
  EXPECT_TRUE(linePoints(loss, QStringLiteral("bytes sent + received per step")).isEmpty());
  EXPECT_LT(loss->yMax(), 20);
  const auto comm = stored(db, "comm_bytes");
  ASSERT_FALSE(comm.empty());
  EXPECT_GT(*std::max_element(comm.begin(), comm.end()), 1000) << "allreduce moves the gradients";
  EXPECT_GT(bytes->yMax(), 0);
  EXPECT_TRUE(
      bytes->chart()->axes(Qt::Vertical).value(0)->titleText().contains(QStringLiteral("B)")));
  // Every rank overlaid and named; the rank picker shows one.
  EXPECT_EQ(dash->keyTexts(), (QStringList{QStringLiteral("rank 0"), QStringLiteral("rank 1")}));
  EXPECT_EQ(linePoints(bytes, QStringLiteral("bytes sent + received per step")).size(), 2);
  auto* picker = dash->findChild<QComboBox*>(QStringLiteral("rankPicker"));
  ASSERT_TRUE(picker);
  picker->setCurrentIndex(picker->findData(1));
  EXPECT_EQ(dash->keyTexts(), QStringList{QStringLiteral("rank 1")});
  EXPECT_EQ(linePoints(bytes, QStringLiteral("bytes sent + received per step")).size(), 1);
  // Rank 1's epochs end after its 16 steps (1024 samples over 2 ranks, batch 32).
  const auto pts = linePoints(dash->panel(QStringLiteral("accuracy")),
                              QStringLiteral("test accuracy (per epoch)"));
  ASSERT_EQ(pts.size(), 1);
  ASSERT_EQ(pts[0].size(), 2);
  EXPECT_EQ(pts[0][0].x(), 15);
  EXPECT_EQ(pts[0][1].x(), 31);
  picker->setCurrentIndex(0);
  const QString summary = dash->summaryText();
  EXPECT_TRUE(summary.contains(QStringLiteral("Kruskal-Wallis"))) << summary.toStdString();
  EXPECT_FALSE(summary.contains(QStringLiteral("No Kruskal-Wallis test stored")))
      << summary.toStdString();
  EXPECT_TRUE(summary.contains(QStringLiteral("Speedup"))) << summary.toStdString();
  EXPECT_TRUE(summary.contains(QStringLiteral("Per rank"))) << summary.toStdString();
  saveScreenshot(dash.get(), "dashboard_distributed.png");
}
