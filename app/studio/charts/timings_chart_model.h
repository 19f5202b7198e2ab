// Timing distributions: one box per measurement (subject and implementation) from its raw
// samples, the whisker rule stated in the axis title. Several runs sit side by side per
// measurement when they measured the same things; otherwise each box is labelled with its run.
#pragma once

#include <QCoreApplication>
#include <map>
#include <vector>

#include "charts/box_stats.h"
#include "charts/chart_model.h"

QT_BEGIN_NAMESPACE
class QBarCategoryAxis;
class QBoxPlotSeries;
class QBoxSet;
QT_END_NAMESPACE

namespace d500::studio {

class TimingsChartModel : public ChartModel {
  Q_DECLARE_TR_FUNCTIONS(TimingsChartModel)

 public:
  // Beyond this many measurements per run only the first ones are drawn (a conformance run has
  // hundreds; the CSV still holds them all).
  static constexpr int kMaxBoxesPerRun = 60;
  // Up to this many boxes their labels wrap (as wide as a box's category); beyond, they rotate.
  static constexpr int kUnrotatedLabels = 16;

  explicit TimingsChartModel(const RunCatalog& catalog);
  ~TimingsChartModel() override;

  void clear() override;
  bool poll(const store::ResultStore& s, const QList<qint64>& runIds, size_t rowBudget) override;
  qint64 pointCount() const override { return samples_; }
  void draw(QChart* chart, const ChartOptions& options, int columns, bool rebuild) override;
  void writeCsv(CsvExport& out, const ChartOptions& options) const override;
  QString csvUnits() const override;
  QString note() const override;

 private:
  struct Box {
    qint64 run = 0;
    store::MeasurementRow row;
    std::vector<double> samples;  // as stored, in stored order
    BoxStats stats;               // in ns
    QString label;                // "Gemm N=64 [reference/default]", set when drawn
  };
  // What one build draws: the boxes (the first kMaxBoxesPerRun of each run with samples, in sweep
  // order, then the implementations' stored order), the implementations, and the groups that
  // stand side by side (runs, or one run's implementations).
  struct Layout {
    std::vector<size_t> drawn;
    std::vector<std::string> impls;
    QStringList groups;
    bool byImpl = false;
  };
  void build(QChart* chart, const ChartOptions& o);
  Layout layOut();
  QString groupOf(const Layout& l, size_t i) const;
  // Each drawn box's category label, wrapped to the category's width when few enough to stand.
  // Returns whether the groups stand side by side (every group has every label).
  bool labelBoxes(const Layout& l, QBarCategoryAxis* ax, double plotWidth);
  // The box plot series: one per group side by side, else one series over "label · run"
  // categories.
  QList<QBoxPlotSeries*> makeSeries(const Layout& l, QBarCategoryAxis* ax, double nsPerUnit,
                                    bool sideBySide);
  QString tooltip(const Box& b) const;

  std::vector<Box> boxes_;
  std::map<qint64, int64_t> lastId_;
  QList<qint64> runIds_;
  std::map<QBoxSet*, size_t> boxOfSet_;  // hover lookup, valid until the next build
  qint64 samples_ = 0;
  int hiddenBoxes_ = 0;
  bool shapeChanged_ = true;
  int columns_ = 0;  // the plot's width at the last draw: the labels wrap to it
};

}  // namespace d500::studio
