// Across seeds: for each series a training run stores per seed ("test_accuracy@seed0", ...),
// the median across the seeds per step, drawn as a line over a band of its confidence interval
// (charts/seed_band.h: order statistics with the exact coverage, stated in the legend). Several
// runs overlay; the x axis is the step (the seeds' wall times differ).
#pragma once

#include <QCoreApplication>
#include <map>
#include <tuple>
#include <vector>

#include "charts/chart_model.h"
#include "charts/seed_band.h"

namespace d500::studio {

struct DecimateOptions;

class SeedBandChartModel : public ChartModel {
  Q_DECLARE_TR_FUNCTIONS(SeedBandChartModel)

 public:
  explicit SeedBandChartModel(const RunCatalog& catalog) : ChartModel(catalog) {}

  void clear() override;
  bool poll(const store::ResultStore& s, const QList<qint64>& runIds, size_t rowBudget) override;
  qint64 pointCount() const override { return points_; }
  // The series names without their seed ("loss", "test_accuracy", ...).
  QStringList availableSeries() const override { return names_; }
  void draw(QChart* chart, const ChartOptions& options, int columns, bool rebuild) override;
  // One line per run, rank, series and step: seeds, median, band and its coverage.
  void writeCsv(CsvExport& out, const ChartOptions& options) const override;
  QString csvUnits() const override;
  QString note() const override;

  // The bands of one run's series (for tests): empty when there is none.
  std::vector<BandPoint> band(qint64 run, int rank, const QString& name) const;

 private:
  struct Group {
    qint64 run = 0;
    int rank = 0;
    QString name;
    SeedPoints seeds;
    std::vector<BandPoint> band;  // recomputed when `dirty`
    bool dirty = true;
  };
  QStringList shownNames(const ChartOptions& o) const;
  void update(Group& g) const;
  void addGroup(QChart* chart, Group* g, int colour, const DecimateOptions& d, QAbstractAxis* ax,
                QAbstractAxis* ay);

  std::map<std::tuple<qint64, int, std::string>, Group> groups_;
  std::map<qint64, int64_t> lastId_;
  QList<qint64> runIds_;
  QStringList names_;
  qint64 points_ = 0;
  bool shapeChanged_ = true;
};

}  // namespace d500::studio
