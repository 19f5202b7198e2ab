// Guards issue 35, items 10, 12 and 13 (charts that read right): no axis title, unit or sweep
// label is cut short, the legend keeps clear of the x axis title, an empty chart draws no stray
// axis title, log axes fit the data with both ends labelled, tight boxes keep their colour, the
// panels of a dashboard share one x range, an axis writes its numbers one way, and a rebuild
// never leaves a second set of axes drawn. Over synthetic stores with the DeepBench conv shapes.
#include <gtest/gtest.h>

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtCharts/QBarCategoryAxis>
#include <QtCharts/QBoxPlotSeries>
#include <QtCharts/QBoxSet>
#include <QtCharts/QLogValueAxis>
#include <QtCharts/QValueAxis>
#include <cmath>

#include "charts/chart_kind.h"
#include "charts/chart_model.h"
#include "charts/chart_panel.h"
#include "charts/legend_list.h"
#include "charts/units.h"
#include "charts_scene.h"
#include "charts_support.h"
#include "dashboards/curve_panel.h"
#include "dashboards/measurement_dashboard.h"

using namespace d500::test;
using d500::studio::ChartKindRegistry;
using d500::studio::ChartModel;
using d500::studio::ChartPanel;
using d500::studio::CurvePanel;
using d500::studio::LegendList;
using d500::studio::MeasurementDashboard;

namespace {

std::vector<double> samples(double median, double spread, int n = 40) {
  std::vector<double> v;
  for (int i = 0; i < n; ++i) v.push_back(median * (1 + spread * ((i * 7) % 13 - 6) / 6.0));
  return v;
}

// An operator run over the DeepBench-style conv shapes (a problem list: one category per shape,
// labels like "C=1 H=40 K=32 N=2 R=5 S=10 W=176 pad=0 stride=2"), four implementations.
struct ConvStore {
  TempDir dir;
  std::string db = dir.file("conv.d500db");
  int64_t run = 0;
  ConvStore() {
    QFile f(QStringLiteral(D500_TEST_SOURCE_DIR "/resources/problems/deepbench_conv_train.json"));
    EXPECT_TRUE(f.open(QIODevice::ReadOnly));
    const QJsonArray points =
        QJsonDocument::fromJson(f.readAll()).object()[QStringLiteral("points")].toArray();
    QJsonObject spec{{QStringLiteral("d500"), 1},
                     {QStringLiteral("name"), QStringLiteral("conv-sweep")},
                     {QStringLiteral("points"), points}};
    auto w = openRw(db);
    run =
        addRun(*w, "conv-sweep", QJsonDocument(spec).toJson(QJsonDocument::Compact).toStdString());
    int i = 0;
    for (const auto& p : points) {
      const std::string json =
          QJsonDocument(p.toObject()).toJson(QJsonDocument::Compact).toStdString();
      int k = 0;
      for (const char* impl :
           {"reference/default", "torch/default", "examples/direct", "examples/im2col"})
        addMeasurement(*w, run, "Conv", impl, json, samples(2e6 * (1 + i) * (1 + k++), 0.05));
      ++i;
    }
  }
};

// A sweep over one variable, N in {1, 4, 8}.
struct NStore {
  TempDir dir;
  std::string db = dir.file("n.d500db");
  int64_t run = 0;
  NStore() {
    auto w = openRw(db);
    run = addRun(*w, "n-sweep");
    for (int n : {1, 4, 8})
      addMeasurement(*w, run, "Gemm", "reference/default", "{\"N\":" + std::to_string(n) + "}",
                     samples(1000.0 * n, 0.1));
  }
};

// What is wrong with what `w`'s charts draw: texts cut short, and a LegendList under a chart
// that covers the chart's x axis title.
std::vector<std::string> readingProblems(QWidget* w) {
  std::vector<std::string> out;
  for (QChart* c : chartsIn(w)) {
    for (const QString& t : elidedTexts(c)) out.push_back("elided: " + t.toStdString());
    for (QAbstractAxis* a : c->axes())
      if (!a->titleText().isEmpty() && a->isVisible() && titleItems(c, a).isEmpty())
        out.push_back("axis title not drawn whole: " + a->titleText().toStdString());
    QAbstractAxis* ax = c->axes(Qt::Horizontal).value(0);
    QGraphicsView* view = c->scene()->views().value(0);
    if (!ax || !view) continue;
    for (QGraphicsTextItem* t : titleItems(c, ax)) {
      const QRect inView = view->mapFromScene(t->sceneBoundingRect()).boundingRect();
      const QRect inTab(view->mapTo(w, inView.topLeft()), inView.size());
      if (!view->rect().contains(inView))
        out.push_back("x axis title outside its view: " + ax->titleText().toStdString());
      for (LegendList* l : w->findChildren<LegendList*>())
        if (l->isVisible() && QRect(l->mapTo(w, QPoint(0, 0)), l->size()).intersects(inTab))
          out.push_back("legend over the x axis title: " + ax->titleText().toStdString());
    }
  }
  return out;
}

}  // namespace

// Item 10: at the default window's chart area, the operator dashboard's sweep, timings and
// roofline keep every axis title, unit and shape label whole; so does a single sweep chart.
TEST(ChartsReadable, TitlesUnitsAndSweepLabelsAreNeverElided) {
  ConvStore st;
  std::unique_ptr<d500::studio::ChartTab> dash(
      ChartKindRegistry::studio().find(QStringLiteral("operator"))->create(qs(st.db), {st.run}));
  // The default 1400 x 900 window, less its menu, toolbar and status bar.
  showAndRefresh(*dash, 1400, 820, 400);
  for (const std::string& p : readingProblems(dash.get())) ADD_FAILURE() << p;
  ChartPanel sweep(QStringLiteral("sweep"), qs(st.db), {st.run});
  showAndRefresh(sweep, 1400, 820, 400);
  for (const std::string& p : readingProblems(&sweep)) ADD_FAILURE() << "sweep chart: " << p;
  if (const char* out = std::getenv("D500_SCREENSHOT_DIR")) {
    dash->grab().save(QString::fromLocal8Bit(out) + QStringLiteral("/readable_operator.png"));
    sweep.grab().save(QString::fromLocal8Bit(out) + QStringLiteral("/readable_sweep.png"));
  }
}

// Item 10: the training dashboard of a three-seed run at the default window: every title and
// unit whole, no panel's legend over its x axis title.
TEST(ChartsReadable, TheTrainingDashboardReadsWholeAtTheDefaultWindow) {
  TempDir dir;
  const std::string db = dir.file("train.d500db");
  int64_t run;
  {
    auto w = openRw(db);
    run = addRun(*w, "three-seeds");
    std::vector<d500::store::SeriesPoint> pts;
    for (int seed = 0; seed < 3; ++seed) {
      const std::string at = "@seed" + std::to_string(seed);
      for (int s = 0; s < 300; ++s) {
        const double wall = 0.02 * s + 0.001 * seed;
        pts.push_back({0, run, 0, "loss" + at, s, wall, 2.3 / (1 + 0.01 * s) + 0.01 * seed});
        pts.push_back({0, run, 0, "lr" + at, s, wall, 0.05 * (1 - s / 400.0)});
        pts.push_back({0, run, 0, "step_time_s" + at, s, wall, 0.004 + 1e-5 * (s % 7)});
        pts.push_back({0, run, 0, "data_wait_s" + at, s, wall, 0.0004 + 1e-6 * (s % 5)});
        if (s % 100 == 99)
          for (const char* n :
               {"test_accuracy", "train_accuracy", "test_loss", "train_loss", "samples_per_s"})
            pts.push_back({0, run, 0, n + at, s / 100 + 1, wall + 0.0001,
                           n[0] == 's' ? 12000.0 + s : 0.5 + s / 1000.0});
      }
    }
    std::sort(pts.begin(), pts.end(), [](auto& a, auto& b) { return a.wall_time < b.wall_time; });
    w->add_series(pts);
  }
  std::unique_ptr<d500::studio::ChartTab> dash(
      ChartKindRegistry::studio().find(QStringLiteral("training"))->create(qs(db), {run}));
  showAndRefresh(*dash, 1400, 820, 400);
  for (const std::string& p : readingProblems(dash.get())) ADD_FAILURE() << p;
  if (const char* out = std::getenv("D500_SCREENSHOT_DIR")) {
    dash->grab().save(QString::fromLocal8Bit(out) + QStringLiteral("/readable_training.png"));
    QString error;
    EXPECT_TRUE(dash->exportImage(
        QString::fromLocal8Bit(out) + QStringLiteral("/export_training.png"), 96, &error));
  }
}

// Item 12: a chart with nothing to draw yet shows no axis title floating outside its plot.
TEST(ChartsReadable, AnEmptyChartDrawsNoStrayAxisTitle) {
  TempDir dir;
  const std::string db = dir.file("empty.d500db");
  int64_t run;
  {
    auto w = openRw(db);
    run = addRun(*w, "nothing-yet");
  }
  for (const char* kind : {"sweep", "timings", "convergence"}) {
    ChartPanel panel(QLatin1String(kind), qs(db), {run});
    showAndRefresh(panel, 900, 560);
    QChart* c = chartsIn(&panel).value(0);
    ASSERT_TRUE(c);
    for (QAbstractAxis* a : c->axes())
      for (QGraphicsTextItem* t : titleItems(c, a))
        EXPECT_TRUE(c->plotArea().adjusted(-200, -200, 200, 200).contains(t->sceneBoundingRect()) &&
                    c->series().size() > 0)
            << kind << ": the axis title \"" << a->titleText().toStdString() << "\" is drawn at "
            << t->sceneBoundingRect().x() << "," << t->sceneBoundingRect().y() << " with no data";
  }
}

// Item 12: N in {1, 4, 8} on a log axis spans those values, not 0.1 to 10, with a label at or
// beyond each end of the data.
TEST(ChartsReadable, LogAxesFitTheDataAndLabelBothEnds) {
  NStore st;
  ChartPanel panel(QStringLiteral("sweep"), qs(st.db), {st.run});
  QJsonObject o = panel.settings();
  o[QStringLiteral("log_x")] = true;
  o[QStringLiteral("log_y")] = true;
  panel.applySettings(o);
  panel.refresh();
  QChart* c = chartsIn(&panel).value(0);
  auto* ax = qobject_cast<QLogValueAxis*>(c->axes(Qt::Horizontal).value(0));
  ASSERT_TRUE(ax);
  EXPECT_GE(ax->min(), 0.5);
  EXPECT_LE(ax->max(), 16);
  EXPECT_LT(ax->max() / ax->min(), 20)
      << "a decade without data: " << ax->min() << " to " << ax->max();
  for (auto* a : {qobject_cast<QLogValueAxis*>(c->axes(Qt::Horizontal).value(0)),
                  qobject_cast<QLogValueAxis*>(c->axes(Qt::Vertical).value(0))}) {
    ASSERT_TRUE(a);
    // The labelled ticks are the powers of the base inside the range; one must sit near each end.
    std::vector<double> ticks;
    for (int k = -40; k <= 40; ++k) {
      const double t = std::pow(a->base(), k);
      if (t >= a->min() && t <= a->max()) ticks.push_back(t);
    }
    ASSERT_GE(ticks.size(), 2u) << a->min() << " to " << a->max() << " base " << a->base();
    EXPECT_LE(ticks.front() / a->min(), std::sqrt(a->base()) + 1e-9) << "bottom unlabelled";
    EXPECT_LE(a->max() / ticks.back(), std::sqrt(a->base()) + 1e-9) << "top unlabelled";
  }
}

// Item 12: boxes whose quartiles nearly meet still show their implementation's colour.
TEST(ChartsReadable, TightBoxesKeepTheirColour) {
  TempDir dir;
  const std::string db = dir.file("tight.d500db");
  int64_t run;
  {
    auto w = openRw(db);
    run = addRun(*w, "tight");
    for (int n : {8, 16})
      for (const char* impl : {"reference/default", "torch/default"})
        addMeasurement(*w, run, "Gemm", impl, "{\"N\":" + std::to_string(n) + "}",
                       samples(1e5 * n, 1e-4));
  }
  ChartPanel panel(QStringLiteral("timings"), qs(db), {run});
  panel.refresh();
  int sets = 0;
  for (QAbstractSeries* s : chartsIn(&panel).value(0)->series())
    if (auto* box = qobject_cast<QBoxPlotSeries*>(s))
      for (QBoxSet* set : box->boxSets()) {
        ++sets;
        const QColor fill = set->brush().color(), outline = set->pen().color();
        EXPECT_GT(outline.hslSaturation(), 60)
            << "a box's outline is grey: a tight box shows no colour";
        EXPECT_NEAR(outline.hslHue(), fill.hslHue(), 12);
      }
  EXPECT_EQ(sets, 4);
}

// Two runs of a 6-point sweep stand side by side in 6 categories: each label has a sixth of the
// plot, not a twelfth (it was wrapped as if every box had its own category: "N=1-" over "6").
TEST(ChartsReadable, SideBySideTimingsLabelsAreWrappedToTheirCategory) {
  TempDir dir;
  const std::string db = dir.file("sides.d500db");
  QList<qint64> runs;
  {
    auto w = openRw(db);
    for (const char* name : {"a", "b"}) {
      runs << addRun(*w, name);
      for (int n = 8; n <= 256; n *= 2)
        addMeasurement(*w, runs.back(), "Gemm", "reference/default",
                       "{\"N\":" + std::to_string(n) + "}", samples(1e3 * n, 1e-2));
    }
  }
  ChartPanel panel(QStringLiteral("timings"), qs(db), runs);
  showAndRefresh(panel, 900, 560, 300);
  QBarCategoryAxis* x = nullptr;
  for (QAbstractAxis* a : chartsIn(&panel).value(0)->axes(Qt::Horizontal))
    if (auto* c = qobject_cast<QBarCategoryAxis*>(a)) x = c;
  ASSERT_NE(x, nullptr);
  ASSERT_EQ(x->count(), 6);
  for (const QString& label : x->categories())
    EXPECT_FALSE(label.contains(QLatin1Char('\n')) || label.contains(QStringLiteral("<br>")))
        << qPrintable(label);
  EXPECT_EQ(x->categories().value(1), QStringLiteral("N=16"));
}

// Item 12: the network dashboard's panels over batch size share one x range, though each has
// data at other batch sizes.
TEST(ChartsReadable, PanelsOfADashboardShareTheirXRange) {
  TempDir dir;
  const std::string db = dir.file("net.d500db");
  int64_t run;
  {
    auto w = openRw(db);
    run = addRun(*w, "net");
    for (int b : {1, 2, 4, 8, 16, 32})
      addMeasurement(*w, run, "mlp", "reference",
                     "{\"kind\":\"throughput\",\"batch\":" + std::to_string(b) + "}",
                     samples(1e5 * b, 0.05));
    for (int b : {4, 8})
      addMeasurement(*w, run, "mlp", "reference",
                     "{\"kind\":\"fwd+bwd\",\"batch\":" + std::to_string(b) + "}",
                     samples(3e5 * b, 0.05));
  }
  std::unique_ptr<d500::studio::ChartTab> dash(
      ChartKindRegistry::studio().find(QStringLiteral("network"))->create(qs(db), {run}));
  dash->resize(1400, 820);
  dash->show();
  dash->refresh();
  auto* md = qobject_cast<MeasurementDashboard*>(dash.get());
  ASSERT_TRUE(md);
  auto* throughput = md->panel<CurvePanel>(QStringLiteral("throughput"));
  auto* fwdBwd = md->panel<CurvePanel>(QStringLiteral("fwd_bwd"));
  ASSERT_TRUE(throughput && fwdBwd);
  ASSERT_TRUE(throughput->hasData() && fwdBwd->hasData());
  EXPECT_EQ(ChartModel::axisRange(throughput->xAxis()), ChartModel::axisRange(fwdBwd->xAxis()));
}

// Item 12: one axis writes its numbers one way: not 1e+06 beside 500000, nor 1.73e+04 beside 103.
TEST(ChartsReadable, AnAxisWritesItsNumbersOneWay) {
  auto notation = [](const QString& label) { return label.contains(QLatin1Char('e')); };
  for (auto [lo, hi] : {std::pair{0.0, 1.73e6}, std::pair{0.0, 2.4e7}, std::pair{1e-5, 3e-4},
                        std::pair{0.0, 103.0}}) {
    QValueAxis v;
    ChartModel::setAutoRange(&v, lo, hi);
    QStringList labels;
    for (int i = 0; i < v.tickCount(); ++i)
      labels.append(QString::asprintf(v.labelFormat().toLatin1().constData(),
                                      v.min() + i * (v.max() - v.min()) / (v.tickCount() - 1)));
    for (const QString& l : labels)
      EXPECT_EQ(notation(l), notation(labels.back()))
          << labels.join(QStringLiteral(", ")).toStdString();
    EXPECT_EQ(labels.removeDuplicates(), 0) << labels.join(QStringLiteral(", ")).toStdString();
  }
  for (auto [lo, hi] : {std::pair{0.5, 3e7}, std::pair{2e-6, 40.0}}) {
    QLogValueAxis l;
    l.setBase(10);
    ChartModel::setAutoRange(&l, lo, hi);
    QStringList labels;
    for (int k = -20; k <= 20; ++k)
      if (std::pow(l.base(), k) >= l.min() && std::pow(l.base(), k) <= l.max())
        labels.append(
            QString::asprintf(l.labelFormat().toLatin1().constData(), std::pow(l.base(), k)));
    ASSERT_FALSE(labels.isEmpty());
    for (const QString& s : labels)
      EXPECT_EQ(notation(s), notation(labels.back()))
          << labels.join(QStringLiteral(", ")).toStdString();
  }
  // The figures in legends and notes: 17300 and 103, each in plain digits.
  EXPECT_EQ(d500::studio::formatNumber(17300), QStringLiteral("17300"));
  EXPECT_EQ(d500::studio::formatNumber(17349), QStringLiteral("17300"));
  EXPECT_EQ(d500::studio::formatNumber(103), QStringLiteral("103"));
  EXPECT_EQ(d500::studio::formatNumber(2.514), QStringLiteral("2.51"));
  EXPECT_EQ(d500::studio::formatNumber(0.0123456), QStringLiteral("0.0123"));
}

// Item 13: refreshes, new runs and restored settings rebuild a chart's axes; the old ones must
// neither stay attached nor stay drawn. Qt Charts deletes a removed axis's items later, and
// deletions asked for outside any event loop (here, as in the headless screenshot, which calls
// refresh() before grabbing) wait for one: processEvents() lays the charts out, deletes nothing.
TEST(ChartsReadable, RebuildsNeverLeaveASecondSetOfAxes) {
  ConvStore st;
  for (const char* kind : {"sweep", "timings", "roofline", "convergence"}) {
    ChartPanel panel(QLatin1String(kind), qs(st.db), {st.run});
    panel.resize(900, 560);
    panel.show();
    QChart* c = chartsIn(&panel).value(0);
    auto check = [&](const char* step) {
      pumpUntil([] { return false; }, 30);
      EXPECT_EQ(c->axes(Qt::Horizontal).size(), 1) << kind << " after " << step;
      EXPECT_EQ(c->axes(Qt::Vertical).size(), 1) << kind << " after " << step;
      for (QAbstractAxis* a : c->axes())
        EXPECT_LE(titleItems(c, a).size(), 1) << kind << " after " << step << ": \""
                                              << a->titleText().toStdString() << "\" drawn twice";
      int titles = 0;
      for (QGraphicsTextItem* t : visibleTexts(c))
        titles += t->toPlainText() != c->title() && t->rotation() == 270;
      EXPECT_LE(titles, 1) << kind << " after " << step << ": two y axis titles";
    };
    for (int i = 0; i < 4; ++i) {
      panel.refresh();
      check("a refresh");
    }
    panel.setRunIds({st.run, st.run + 1});
    check("new runs");
    panel.setRunIds({st.run});
    panel.applySettings(panel.settings());
    check("restored settings");
    panel.redraw();
    check("a redraw");
  }
}
