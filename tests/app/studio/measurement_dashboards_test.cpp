// Guards issue 13, item 1 (network, collective and operator levels): a measuring run's dashboard
// over a store the real runner wrote. Panels present, each with its own axes; every legend entry
// in full; the latency box plot's p50/p90/p99 as stored; the per-node table holding every stored
// node measurement, sorted by time share; the collective's bandwidths on log-log axes with one
// line per operation; an operator problem list on a categorical axis labelled with its shapes,
// points not joined. The tab is bound to its run's identity. Skipped without the torch plugin
// (network) or MPI (collective).
#include <gtest/gtest.h>

#include <QComboBox>
#include <QImage>
#include <QTableWidget>
#include <QtCharts/QBarCategoryAxis>
#include <QtCharts/QCategoryAxis>
#include <QtCharts/QChart>
#include <QtCharts/QLineSeries>
#include <QtCharts/QLogValueAxis>
#include <QtCharts/QScatterSeries>
#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <numeric>
#include <set>

#include "charts/chart_kind.h"
#include "charts/sweep_axis.h"
#include "charts_support.h"
#include "d500/measure/tail.h"
#include "dashboards/box_panel.h"
#include "dashboards/curve_panel.h"
#include "dashboards/kernel_table_panel.h"
#include "dashboards/measurement_dashboard.h"
#include "dashboards/model_panel.h"
#include "dashboards/node_table_panel.h"

using namespace d500::test;
using d500::store::ResultStore;
using d500::studio::ChartKindRegistry;
using d500::studio::CurvePanel;
using d500::studio::KernelTablePanel;
using d500::studio::LatencyBoxPanel;
using d500::studio::MeasurementDashboard;
using d500::studio::ModelPanel;
using d500::studio::NodeTablePanel;

namespace {

const std::string kMpirun = D500_TEST_MPIEXEC;  // "" when built without MPI
const std::vector<std::string> kRootEnv = {"OMPI_ALLOW_RUN_AS_ROOT=1",
                                           "OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1"};

bool haveTorch() {
  return std::filesystem::exists(std::string(D500_TEST_PLUGIN_DIR) + "/torch.d500plugin.json");
}

std::unique_ptr<MeasurementDashboard> makeDashboard(const QString& kind, const std::string& db,
                                                    qint64 run) {
  auto* tab = ChartKindRegistry::studio().find(kind)->create(qs(db), {run});
  auto* dash = qobject_cast<MeasurementDashboard*>(tab);
  EXPECT_TRUE(dash) << kind.toStdString();
  dash->resize(1600, 1000);
  dash->show();
  pumpUntil([] { return false; }, 50);  // lay out
  dash->refresh();
  return std::unique_ptr<MeasurementDashboard>(dash);
}

std::vector<d500::store::MeasurementRow> storedMeasurements(const std::string& db) {
  auto s = ResultStore::open(db, ResultStore::Mode::ReadOnly).value();
  return s->measurements(1);
}

nlohmann::json point(const d500::store::MeasurementRow& m) {
  return nlohmann::json::parse(m.point_json);
}

std::pair<double, double> range(QAbstractAxis* a) {
  if (auto* l = qobject_cast<QLogValueAxis*>(a)) return {l->min(), l->max()};
  if (auto* v = qobject_cast<QValueAxis*>(a)) return {v->min(), v->max()};
  return {0, 0};
}

void saveScreenshot(QWidget* w, const char* name) {
  pumpUntil([] { return false; }, 100);  // the layout settles (legends' heights)
  if (const char* dir = std::getenv("D500_SCREENSHOT_DIR"))
    w->grab().save(QString::fromLocal8Bit(dir) + QLatin1Char('/') + QLatin1String(name));
}

}  // namespace

TEST(MeasurementDashboards, KindsAreTheirLevelsDashboards) {
  const auto& r = ChartKindRegistry::studio();
  for (const char* level : {"network", "collective", "operator"}) {
    const auto* k = r.kindForRun(QLatin1String(level));
    ASSERT_TRUE(k) << level;
    EXPECT_EQ(k->name(), QLatin1String(level));
    EXPECT_TRUE(k->oneTabPerRun()) << level;
  }
  EXPECT_TRUE(r.find(QStringLiteral("sweep"))) << "the single sweep chart is still there";
}

TEST(MeasurementDashboards, NetworkDashboardOverARealRun) {
  if (!haveTorch())
    GTEST_SKIP() << "one line per executor needs two: this build has no torch plugin";
  TempDir dir;
  const std::string spec = dir.file("net.json");
  std::ofstream(spec) << R"({"d500": 1, "name": "dashboard-network", "level": "network", "seed": 5,
    "network": {"model": {"builder": "mlp", "seed": 1, "with_loss": true},
                "executors": ["reference", "torch"], "batch_sizes": [1, 4],
                "latency_min_samples": 20, "loss": "loss",
                "micro_batching": {"batch": 8, "k": [1, 2, 4]}},
    "repetition": {"warmup_calls": 1, "min_samples": 5, "max_samples": 40, "max_seconds": 0.05}})";
  const std::string db = dir.file("n.d500db");
  auto r = run({kRunner, "--db", db, "run", spec, "--progress", "none"}, dir.path());
  ASSERT_EQ(r.exit_code, 0) << r.err;
  auto dash = makeDashboard(QStringLiteral("network"), db, 1);
  EXPECT_TRUE(dash->identityProblem().isEmpty());
  const QStringList executors{QStringLiteral("reference"), QStringLiteral("torch")};

  // Every panel drew something, on axes of its own.
  for (const char* id : {"throughput", "fwd_bwd", "first_call", "memory", "micro_time",
                         "micro_memory", "micro_error"}) {
    auto* p = dash->panel<CurvePanel>(QLatin1String(id));
    ASSERT_TRUE(p) << id;
    EXPECT_TRUE(p->hasData()) << id;
  }
  auto* throughput = dash->panel<CurvePanel>(QStringLiteral("throughput"));
  auto* fwdBwd = dash->panel<CurvePanel>(QStringLiteral("fwd_bwd"));
  EXPECT_NE(throughput->yAxis(), fwdBwd->yAxis());
  EXPECT_TRUE(fwdBwd->yAxis()->titleText().contains(QStringLiteral("time per batch")));
  EXPECT_TRUE(throughput->yAxis()->titleText().contains(QStringLiteral("samples/s")));
  EXPECT_NE(range(throughput->yAxis()), range(fwdBwd->yAxis()));
  // One line per executor, named in full, each point inside the axis and at a stored batch.
  EXPECT_EQ(throughput->legendTexts(), executors);
  EXPECT_EQ(fwdBwd->legendTexts(), executors);
  const auto [t0, t1] = range(throughput->yAxis());
  for (const auto& c : throughput->curves()) {
    ASSERT_EQ(c.points.size(), 2u) << c.label.toStdString();
    EXPECT_EQ(c.points[0].x, 1);
    EXPECT_EQ(c.points[1].x, 4);
    for (const auto& p : c.points) {
      EXPECT_GE(p.y, t0);
      EXPECT_LE(p.y, t1);
    }
  }
  EXPECT_EQ(
      dash->panel<CurvePanel>(QStringLiteral("first_call"))->legendTexts(),
      (QStringList{QStringLiteral("reference: steady state (median)"),
                   QStringLiteral("torch: steady state (median)"),
                   QStringLiteral("reference: first call"), QStringLiteral("torch: first call")}));
  EXPECT_EQ(dash->panel<CurvePanel>(QStringLiteral("memory"))->legendTexts(),
            (QStringList{QStringLiteral("reference, inference"), QStringLiteral("torch, inference"),
                         QStringLiteral("reference, forward+backward"),
                         QStringLiteral("torch, forward+backward")}));
  EXPECT_TRUE(dash->panel<CurvePanel>(QStringLiteral("memory"))
                  ->yAxis()
                  ->titleText()
                  .contains(QStringLiteral("B)")));
  const auto micro = dash->panel<CurvePanel>(QStringLiteral("micro_time"))->curves();
  ASSERT_EQ(micro.size(), 2u);
  EXPECT_EQ(micro[0].points.size(), 3u) << "k = 1, 2, 4";
  for (const QString& t : dash->panel<CurvePanel>(QStringLiteral("micro_error"))->legendTexts())
    EXPECT_TRUE(t.contains(QStringLiteral("within the tolerance"))) << t.toStdString();

  // The latency box plot marks the stored percentiles, in order.
  const auto stored = storedMeasurements(db);
  auto* latency = dash->panel<LatencyBoxPanel>(QStringLiteral("latency"));
  ASSERT_TRUE(latency);
  ASSERT_EQ(latency->boxes().size(), 2u);
  for (const auto& b : latency->boxes()) {
    EXPECT_GE(b.p99, b.p90) << b.executor.toStdString();
    EXPECT_GE(b.p90, b.p50) << b.executor.toStdString();
    bool found = false;
    for (const auto& m : stored)
      if (point(m).value("kind", "") == "latency" && m.implementation == b.executor.toStdString()) {
        EXPECT_EQ(b.p50, m.median);
        EXPECT_EQ(b.p90, m.p90);
        EXPECT_EQ(b.p99, m.p99);
        EXPECT_EQ(b.stats.n, static_cast<size_t>(m.n));
        found = true;
      }
    EXPECT_TRUE(found) << b.executor.toStdString();
  }
  EXPECT_EQ(
      latency->legendTexts().mid(2),
      (QStringList{QStringLiteral("p50 (median)"), QStringLiteral("p90"), QStringLiteral("p99"),
                   QStringLiteral("box: quartiles, whiskers: 1.5 IQR (Tukey)")}));
  EXPECT_TRUE(qobject_cast<QLogValueAxis*>(latency->yAxis()));

  // The per-node table: one row per stored node measurement, largest share first.
  size_t nodes = 0;
  for (const auto& m : stored) nodes += point(m).value("kind", "") == "node" && m.error.empty();
  auto* table = dash->panel<NodeTablePanel>(QStringLiteral("nodes"));
  ASSERT_TRUE(table);
  EXPECT_GT(nodes, 0u);
  EXPECT_EQ(static_cast<size_t>(table->table()->rowCount()), nodes);
  auto shares = table->shares();
  EXPECT_TRUE(std::is_sorted(shares.rbegin(), shares.rend()));
  // One pass group: its shares add up to one.
  table->groupFilter()->setCurrentIndex(1);
  shares = table->shares();
  ASSERT_FALSE(shares.isEmpty());
  EXPECT_LT(shares.size(), static_cast<qsizetype>(nodes));
  EXPECT_NEAR(std::accumulate(shares.begin(), shares.end(), 0.0), 1.0, 1e-9);
  EXPECT_TRUE(std::is_sorted(shares.rbegin(), shares.rend()));
  table->groupFilter()->setCurrentIndex(0);
  EXPECT_TRUE(dash->summaryText().contains(QStringLiteral("reference, torch")))
      << dash->summaryText().toStdString();
  saveScreenshot(dash.get(), "dashboard_network.png");

  // Exports, and the tab bound to its run: another store's run 1 shows nothing.
  QString error;
  const QString png = qs(dir.file("n.png"));
  ASSERT_TRUE(dash->exportImage(png, 96, &error)) << error.toStdString();
  // The charts only (issue 35, item 14): the tab's width, without its status line.
  const QSize exported = QImage(png).size();
  EXPECT_EQ(exported.width(), 1600);
  EXPECT_GT(exported.height(), 900);
  EXPECT_LE(exported.height(), 1000);
  const QString csv = qs(dir.file("n.csv"));
  ASSERT_TRUE(dash->exportCsv(csv, &error)) << error.toStdString();
  const std::string text = read_file(csv.toStdString());
  EXPECT_EQ(std::count(text.begin(), text.end(), '\n'), static_cast<long>(stored.size()) + 4)
      << "three comment lines, the header, one line per measurement";
  const QJsonObject settings = dash->settings();
  ASSERT_TRUE(settings.contains(QStringLiteral("run_identity")));
  const std::string other = dir.file("other.d500db");
  {
    auto w = openRw(other);
    const int64_t id = addRun(*w, "stranger");
    addMeasurement(*w, id, "latency b=1", "reference", R"({"batch":1,"kind":"latency"})",
                   {1, 2, 3, 4});
  }
  auto stranger = makeDashboard(QStringLiteral("network"), other, 1);
  stranger->applySettings(settings);
  EXPECT_FALSE(stranger->identityProblem().isEmpty());
  EXPECT_EQ(stranger->pointCount(), 0);
  EXPECT_FALSE(stranger->panel<LatencyBoxPanel>(QStringLiteral("latency"))->hasData());
  auto again = makeDashboard(QStringLiteral("network"), db, 1);
  again->applySettings(settings);
  EXPECT_TRUE(again->identityProblem().isEmpty());
  EXPECT_EQ(again->settings(), settings);
}

// A run that measured latency alone: the other panels say they are not in it, instead of
// showing empty axes.
TEST(MeasurementDashboards, NetworkPanelsSayWhatTheRunDidNotMeasure) {
  TempDir dir;
  const std::string spec = dir.file("lat.json");
  std::ofstream(spec) << R"({"d500": 1, "name": "latency-only", "level": "network", "seed": 5,
    "network": {"model": {"builder": "mlp", "seed": 1}, "executors": ["reference"],
                "latency": true, "throughput": false, "training": false, "per_node": false,
                "latency_min_samples": 10},
    "repetition": {"min_samples": 5, "max_samples": 20, "max_seconds": 0.05}})";
  const std::string db = dir.file("l.d500db");
  auto r = run({kRunner, "--db", db, "run", spec, "--progress", "none"}, dir.path());
  ASSERT_EQ(r.exit_code, 0) << r.err;
  auto dash = makeDashboard(QStringLiteral("network"), db, 1);
  auto* latency = dash->panel<LatencyBoxPanel>(QStringLiteral("latency"));
  ASSERT_TRUE(latency);
  EXPECT_TRUE(latency->hasData());
  EXPECT_FALSE(latency->chart()->title().contains(QStringLiteral("not in this run")));
  for (const char* id : {"fwd_bwd", "micro_time", "micro_error"}) {
    auto* p = dash->panel<CurvePanel>(QLatin1String(id));
    ASSERT_TRUE(p) << id;
    EXPECT_FALSE(p->hasData()) << id;
    EXPECT_TRUE(p->chart()->title().endsWith(QStringLiteral("not in this run"))) << id;
  }
  EXPECT_EQ(dash->panel<NodeTablePanel>(QStringLiteral("nodes"))->table()->rowCount(), 0);
}

// The box's label names what its tail coincides with: preemption seen only above p90 is a
// cause; preemption in the body as well means the CPUs were shared for the whole window.
TEST(MeasurementDashboards, LatencyBoxSaysWhatItsTailCoincidesWith) {
  TempDir dir;
  const std::string db = dir.file("tail.d500db");
  {
    auto w = openRw(db);
    const int64_t id = addRun(*w, "tails");
    // 100 samples of 1 ms; every tenth takes 5 ms and was preempted.
    std::vector<double> ns(100, 1e6);
    std::vector<d500::measure::SampleContext> quiet(100), busy(100, {0, 0, 0, 1});
    for (size_t i = 5; i < 100; i += 10) ns[i] = 5e6, quiet[i] = {0, 0, 0, 1};
    const std::string pt = R"({"batch":1,"kind":"latency"})";
    addMeasurement(*w, id, "latency b=1", "quiet", pt, ns, 0, 0,
                   d500::measure::context_words(quiet));
    addMeasurement(*w, id, "latency b=1", "busy", pt, ns, 0, 0, d500::measure::context_words(busy));
  }
  auto dash = makeDashboard(QStringLiteral("network"), db, 1);
  auto* latency = dash->panel<LatencyBoxPanel>(QStringLiteral("latency"));
  ASSERT_TRUE(latency);
  ASSERT_EQ(latency->boxes().size(), 2u);
  for (const auto& b : latency->boxes()) {
    if (b.executor == QStringLiteral("quiet")) {
      EXPECT_TRUE(b.tailCause.startsWith(QStringLiteral("preemption")))
          << b.tailCause.toStdString();
      EXPECT_FALSE(b.tail.contains(QStringLiteral("every percentile"))) << b.tail.toStdString();
    } else {
      EXPECT_EQ(b.tailCause, QStringLiteral("CPUs shared for the whole window"));
      EXPECT_TRUE(b.tail.contains(QStringLiteral("every percentile is inflated")))
          << b.tail.toStdString();
    }
  }
  EXPECT_TRUE(
      latency->legendTexts().join(QLatin1Char('\n')).contains(QStringLiteral("CPUs shared")))
      << latency->legendTexts().join(QLatin1Char('|')).toStdString();
}

TEST(MeasurementDashboards, CollectiveDashboardOverARealMpiRun) {
  if (kMpirun.empty()) GTEST_SKIP() << "built without MPI: no mpirun to start 2 ranks";
  TempDir dir;
  std::ifstream in(std::string(D500_TEST_SOURCE_DIR) + "/resources/examples/allreduce_sweep.json");
  nlohmann::json j = nlohmann::json::parse(in);
  j["collective"]["max_bytes"] = 4096;
  j["repetition"]["max_seconds"] = 0.05;
  j["repetition"]["max_samples"] = 200;
  const std::string spec = dir.file("coll.json");
  std::ofstream(spec) << j.dump(2);
  const std::string db = dir.file("c.d500db");
  auto r = run({kMpirun, "-np", "2", "--oversubscribe", kRunner, "--db", db, "run", spec,
                "--progress", "none"},
               dir.path(), kRootEnv);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  auto dash = makeDashboard(QStringLiteral("collective"), db, 1);
  // The curves are the critical path; each rank's own times ("of_rank") are stored beside it.
  std::vector<d500::store::MeasurementRow> stored;
  size_t own = 0;
  for (const auto& m : storedMeasurements(db))
    point(m).contains("of_rank") ? ++own : (stored.push_back(m), 0u);
  EXPECT_EQ(own, 2 * stored.size());
  std::set<std::string> ops;
  std::set<double> sizes;
  for (const auto& m : stored) {
    ops.insert(point(m)["op"].get<std::string>());
    sizes.insert(point(m)["bytes"].get<double>());
  }
  ASSERT_EQ(ops.size(), 3u);
  for (const char* id : {"algbw", "busbw", "time"}) {
    auto* p = dash->panel<CurvePanel>(QLatin1String(id));
    ASSERT_TRUE(p) << id;
    EXPECT_TRUE(p->hasData()) << id;
    // Log-log, one line per operation named in full, one point per size with its CI.
    EXPECT_TRUE(qobject_cast<QLogValueAxis*>(p->xAxis())) << id;
    EXPECT_TRUE(qobject_cast<QLogValueAxis*>(p->yAxis())) << id;
    QStringList names;
    for (const std::string& op : {"allreduce", "allgather", "broadcast"})
      if (ops.count(op)) names.append(QString::fromStdString(op));
    QStringList legend = p->legendTexts();
    std::sort(legend.begin(), legend.end());
    std::sort(names.begin(), names.end());
    EXPECT_EQ(legend, names) << id;
    const auto [x0, x1] = range(p->xAxis());
    for (const auto& c : p->curves()) {
      EXPECT_EQ(c.points.size(), sizes.size()) << id << " " << c.label.toStdString();
      for (const auto& pt : c.points) {
        EXPECT_TRUE(sizes.count(pt.x));
        EXPECT_GE(pt.x, x0);
        EXPECT_LE(pt.x, x1);
        if (pt.ci) {
          EXPECT_LE(pt.lo, pt.y);
          EXPECT_GE(pt.hi, pt.y);
        }
      }
    }
  }
  // algbw as `d500 show` computes it: the algbw bytes over the median.
  const auto& algbw = dash->panel<CurvePanel>(QStringLiteral("algbw"))->curves();
  for (const auto& m : stored)
    for (const auto& c : algbw)
      if (c.label.toStdString() == point(m)["op"].get<std::string>())
        for (const auto& pt : c.points)
          if (pt.x == point(m)["bytes"].get<double>()) EXPECT_DOUBLE_EQ(pt.y, m.bytes / m.median);
  EXPECT_TRUE(dash->summaryText().contains(QStringLiteral("2 ranks")))
      << dash->summaryText().toStdString();
  EXPECT_TRUE(dash->summaryText().contains(QStringLiteral("results correct")))
      << dash->summaryText().toStdString();
  saveScreenshot(dash.get(), "dashboard_collective.png");
}

TEST(MeasurementDashboards, OperatorProblemListOnItsShapes) {
  TempDir dir;
  const std::string problems =
      std::string(D500_TEST_SOURCE_DIR) + "/resources/problems/deepbench_gemm_train.json";
  const std::string spec = dir.file("op.json");
  std::ofstream(spec)
      << R"({"d500": 1, "name": "dashboard-operator", "level": "operator", "seed": 2,
    "operator": {"op": "Gemm", "dtype": "float32", "inputs": [["M", "K"], ["K", "N"]]},
    "problems": ")"
      << problems << R"(", "implementations": )"
      << (haveTorch() ? R"(["reference", "torch"])" : R"(["reference"])") << R"(,
    "repetition": {"min_samples": 5, "max_samples": 30, "max_seconds": 0.03}})";
  const std::string db = dir.file("o.d500db");
  auto r = run({kRunner, "--db", db, "run", spec, "--progress", "none"}, dir.path());
  ASSERT_EQ(r.exit_code, 0) << r.err;
  auto dash = makeDashboard(QStringLiteral("operator"), db, 1);
  for (const char* id : {"sweep", "timings", "roofline"}) {
    ASSERT_TRUE(dash->panel<ModelPanel>(QLatin1String(id))) << id;
    EXPECT_TRUE(dash->panel<ModelPanel>(QLatin1String(id))->hasData()) << id;
  }
  // The labels are the problem list's shapes, in its order; none elided, no line between them.
  std::ifstream in(problems);
  const nlohmann::json list = nlohmann::json::parse(in);
  QStringList shapes;
  for (const auto& p : list["points"])
    shapes.append(d500::studio::SweepAxis::shapeLabel(QString::fromStdString(p.dump())));
  ASSERT_EQ(shapes.size(), 11);
  EXPECT_EQ(shapes[0], QStringLiteral("K=440 M=440 N=16"));
  QChart* chart = dash->panel<ModelPanel>(QStringLiteral("sweep"))->chart();
  auto* ax = qobject_cast<QCategoryAxis*>(chart->axes(Qt::Horizontal).value(0));
  ASSERT_TRUE(ax);
  QStringList labels;
  for (QString l : ax->categoriesLabels())
    labels.append(l.replace(QStringLiteral("<br>"), QStringLiteral(" ")).trimmed());
  EXPECT_EQ(labels, shapes);
  int points = 0;
  for (QAbstractSeries* s : chart->series()) {
    if (auto* sc = qobject_cast<QScatterSeries*>(s)) points += static_cast<int>(sc->count());
    if (auto* l = qobject_cast<QLineSeries*>(s))
      EXPECT_LE(l->count(), 6) << "only error bars are lines";
  }
  const QStringList impls = haveTorch() ? QStringList{QStringLiteral("reference/default"),
                                                      QStringLiteral("torch/default")}
                                        : QStringList{QStringLiteral("reference/default")};
  EXPECT_EQ(points, 11 * impls.size());
  EXPECT_EQ(dash->panel<ModelPanel>(QStringLiteral("sweep"))->legendTexts(), impls);
  // The timing distributions on the same shapes; several implementations side by side, each a
  // series of its own.
  QChart* timings = dash->panel<ModelPanel>(QStringLiteral("timings"))->chart();
  auto* boxAxis = qobject_cast<QBarCategoryAxis*>(timings->axes(Qt::Horizontal).value(0));
  ASSERT_TRUE(boxAxis);
  labels.clear();
  for (QString l : boxAxis->categories())
    labels.append(l.replace(QStringLiteral("<br>"), QStringLiteral(" ")));
  EXPECT_EQ(labels, shapes);
  QStringList boxSeries;
  for (QAbstractSeries* s : timings->series()) boxSeries.append(s->name());
  if (impls.size() > 1)
    EXPECT_EQ(boxSeries, impls);
  else
    EXPECT_EQ(boxSeries.size(), 1);
  EXPECT_TRUE(dash->summaryText().contains(QStringLiteral("11 sweep points")))
      << dash->summaryText().toStdString();
  EXPECT_TRUE(dash->panel<ModelPanel>(QStringLiteral("roofline"))
                  ->note()
                  .contains(QStringLiteral("d500 probe")))
      << "no probe in this store: said under the roofline";
  saveScreenshot(dash.get(), "dashboard_operator.png");
}

// Issue 18: the operator dashboard names, per point, the kernel each implementation reported
// (oneDNN's), the reorders timed apart from it, and a point Winograd refused as unsupported with
// oneDNN's reason; an implementation that reports nothing (the reference) reads "–".
TEST(MeasurementDashboards, OperatorKernelPerPointWithReordersAndRefusals) {
  if (!std::filesystem::exists(std::string(D500_TEST_PLUGIN_DIR) + "/onednn.d500plugin.json"))
    GTEST_SKIP() << "the onednn plugin is not built (no libdnnl-dev)";
  TempDir dir;
  const std::string spec = dir.file("conv.json");
  std::ofstream(spec) << R"({"d500": 1, "name": "dashboard-kernels", "level": "operator", "seed": 3,
    "operator": {"op": "Conv", "dtype": "float32", "inputs": [[1, 16, 14, 14], [16, 16, 3, 3]],
                 "attributes": {"pads": [1, 1, 1, 1], "strides": ["$s", "$s"]}},
    "sweep": {"s": [1, 2]}, "validate": {"tolerance": 1e-3},
    "implementations": ["reference", "onednn/convolution_direct", "onednn/convolution_winograd"],
    "repetition": {"min_samples": 5, "max_samples": 20, "max_seconds": 0.05}})";
  const std::string db = dir.file("k.d500db");
  auto r = run({kRunner, "--db", db, "run", spec, "--progress", "none"}, dir.path());
  ASSERT_EQ(r.exit_code, 0) << r.err;
  auto dash = makeDashboard(QStringLiteral("operator"), db, 1);
  auto* panel = dash->panel<KernelTablePanel>(QStringLiteral("kernels"));
  ASSERT_TRUE(panel);
  EXPECT_TRUE(panel->isVisible());
  QTableWidget* t = panel->table();
  ASSERT_EQ(t->rowCount(), 6);  // 2 points x 3 implementations; the reorder rows are columns
  std::map<std::string, int> row;
  for (int i = 0; i < t->rowCount(); ++i)
    row[t->item(i, KernelTablePanel::Point)->text().toStdString() + " " +
        t->item(i, KernelTablePanel::Implementation)->text().toStdString()] = i;
  std::map<std::string, std::string> stored;  // what the runner stored as the kernel
  for (const auto& m : storedMeasurements(db))
    stored[m.subject + " " + m.implementation] = m.kernel;
  for (const char* key :
       {"Conv s=1 onednn/convolution_direct", "Conv s=2 onednn/convolution_direct",
        "Conv s=1 onednn/convolution_winograd"}) {
    ASSERT_TRUE(row.count(key)) << key;
    const QString kernel = t->item(row[key], KernelTablePanel::Kernel)->text();
    EXPECT_TRUE(kernel.contains(QLatin1Char(':'))) << key << ": " << kernel.toStdString();
    EXPECT_EQ(kernel.toStdString(), stored[key]) << key;
    EXPECT_NE(t->item(row[key], KernelTablePanel::Reorder)->text(), QStringLiteral("–")) << key;
  }
  const int refused = row.at("Conv s=2 onednn/convolution_winograd");
  EXPECT_EQ(t->item(refused, KernelTablePanel::Kernel)->text(), QStringLiteral("unsupported"));
  EXPECT_TRUE(
      t->item(refused, KernelTablePanel::Kernel)->toolTip().contains(QStringLiteral("oneDNN")));
  EXPECT_EQ(t->item(refused, KernelTablePanel::Median)->text(), QStringLiteral("–"));
  EXPECT_EQ(t->item(row.at("Conv s=1 reference/default"), KernelTablePanel::Kernel)->text(),
            QStringLiteral("–"));
  EXPECT_TRUE(
      dash->summaryText().contains(QStringLiteral("unsupported by their implementation: 1")))
      << dash->summaryText().toStdString();
  EXPECT_FALSE(dash->summaryText().contains(QStringLiteral("failed measurements")))
      << dash->summaryText().toStdString();
  saveScreenshot(dash.get(), "dashboard_operator_kernels.png");
}
