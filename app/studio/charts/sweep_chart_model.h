// Per-point medians with their confidence intervals as error bars across a sweep, one line per
// run and implementation, runs overlaid. A categorical sweep (a problem list) draws points with
// their bars and no lines, since neighbouring shapes are unrelated; its labels are the shapes,
// wrapped onto lines so that none is elided. A bar whose interval did not reach the target
// precision (a cap was hit) is dashed: measurement.md says such an interval is shown as such, never
// hidden.
#pragma once

#include <QCoreApplication>
#include <map>
#include <vector>

#include "charts/chart_model.h"
#include "charts/sweep_axis.h"
#include "charts/units.h"
#include "charts/validation_summary.h"

QT_BEGIN_NAMESPACE
class QAbstractAxis;
class QLineSeries;
class QXYSeries;
QT_END_NAMESPACE

namespace d500::studio {

class SweepChartModel : public ChartModel {
  Q_DECLARE_TR_FUNCTIONS(SweepChartModel)

 public:
  explicit SweepChartModel(const RunCatalog& catalog);
  ~SweepChartModel() override;

  void clear() override;
  bool poll(const store::ResultStore& s, const QList<qint64>& runIds, size_t rowBudget) override;
  qint64 pointCount() const override { return static_cast<qint64>(rows_.size()); }
  void draw(QChart* chart, const ChartOptions& options, int columns, bool rebuild) override;
  void writeCsv(CsvExport& out, const ChartOptions& options) const override;
  QString csvUnits() const override;
  QString note() const override;

 private:
  struct Row {
    qint64 run = 0;
    store::MeasurementRow m;
  };
  struct Group {  // one line: a run's implementation across the sweep
    qint64 run = 0;
    QString implementation;
    std::vector<size_t> rows;        // sorted by x
    QXYSeries* line = nullptr;       // owned by the chart; points only on a categorical axis
    std::vector<QLineSeries*> bars;  // one per row with a valid CI, else null
  };
  static bool drawable(const store::MeasurementRow& m);
  void build(QChart* chart, const ChartOptions& o);
  // The x axis: numeric (added by build) or one category per point, wrapped to its width (added
  // here, before the labels are measured in its font).
  QAbstractAxis* makeXAxis(QChart* chart, const ChartOptions& o);
  // groups_ anew: each run's implementation, its drawable rows in sweep order.
  void groupRows();
  // Group `gi`'s line (or points) with its hover and its CI bars.
  void addGroup(QChart* chart, size_t gi, QAbstractAxis* ax, QAbstractAxis* ay);
  QString tooltip(const Row& r) const;
  QStringList listedPoints() const;  // the runs' experiments' points, as listed

  std::vector<Row> rows_;
  std::map<qint64, int64_t> lastId_;
  std::map<qint64, std::map<int64_t, ValidationSummary>> validation_;  // by run, measurement
  QList<qint64> runIds_;
  std::vector<Group> groups_;
  SweepAxis axis_;
  DurationUnit unit_;
  bool shapeChanged_ = true;
  int columns_ = 800;  // the plot's width in pixels at the last draw
};

}  // namespace d500::studio
