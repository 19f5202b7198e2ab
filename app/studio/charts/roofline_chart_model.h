// The roofline (measurement.md, "Bounds"): each operator measurement with a known FLOP and byte
// count placed at (FLOP/byte, GFLOP/s) on log-log axes, under the machine's measured peak
// GFLOP/s and bandwidth from the latest probe run (find_roofline). Rates are total work over
// total time: flops per call over the median time per call.
#pragma once

#include <QCoreApplication>
#include <map>
#include <optional>
#include <vector>

#include "charts/chart_model.h"
#include "charts/validation_summary.h"
#include "d500/operators/probe.h"

QT_BEGIN_NAMESPACE
class QScatterSeries;
class QLineSeries;
QT_END_NAMESPACE

namespace d500::studio {

class RooflineChartModel : public ChartModel {
  Q_DECLARE_TR_FUNCTIONS(RooflineChartModel)

 public:
  explicit RooflineChartModel(const RunCatalog& catalog);
  ~RooflineChartModel() override;

  void clear() override;
  bool poll(const store::ResultStore& s, const QList<qint64>& runIds, size_t rowBudget) override;
  qint64 pointCount() const override { return static_cast<qint64>(ops_.size()); }
  void draw(QChart* chart, const ChartOptions& options, int columns, bool rebuild) override;
  void writeCsv(CsvExport& out, const ChartOptions& options) const override;
  QString csvUnits() const override;
  QString note() const override;

 private:
  struct Op {
    qint64 run = 0;
    store::MeasurementRow m;
    double intensity = 0;  // FLOP per byte
    double gflops = 0;     // flops / median_ns
  };
  struct Roof {
    operators::Roofline roof;
    QLineSeries* line = nullptr;  // owned by the chart
  };
  void build(QChart* chart);
  QString tooltip(const Op& op) const;

  std::vector<Op> ops_;
  std::map<qint64, int64_t> lastId_;
  std::map<qint64, std::optional<operators::Roofline>> roofOfRun_;
  std::map<qint64, std::map<int64_t, ValidationSummary>> validation_;
  std::vector<Roof> roofs_;  // distinct probe runs among roofOfRun_
  QList<qint64> runIds_;
  int pollsSinceRoofSearch_ = 0;
  bool shapeChanged_ = true;
};

}  // namespace d500::studio
