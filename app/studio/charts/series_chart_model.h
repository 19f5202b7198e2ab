// Convergence and throughput charts: series rows (loss, accuracy, learning rate, samples/s ...)
// against step or wall time, several runs overlaid, an EMA drawn over a faint raw line.
// Every stored point is kept (SeriesBuffer); Qt Charts gets about two points per pixel column.
#pragma once

#include <QCoreApplication>
#include <map>
#include <memory>
#include <tuple>
#include <vector>

#include "charts/chart_model.h"
#include "charts/series_buffer.h"

QT_BEGIN_NAMESPACE
class QLineSeries;
QT_END_NAMESPACE

namespace d500::studio {

class SeriesChartModel : public ChartModel {
  Q_DECLARE_TR_FUNCTIONS(SeriesChartModel)

 public:
  // `throughput`: by default show the rate series (names with "throughput", "per_s", "/s");
  // otherwise every other series.
  SeriesChartModel(const RunCatalog& catalog, bool throughput);
  ~SeriesChartModel() override;

  void clear() override;
  bool poll(const store::ResultStore& s, const QList<qint64>& runIds, size_t rowBudget) override;
  qint64 pointCount() const override { return points_; }
  QStringList availableSeries() const override { return names_; }
  void draw(QChart* chart, const ChartOptions& options, int columns, bool rebuild) override;
  void writeCsv(CsvExport& out, const ChartOptions& options) const override;
  QString csvUnits() const override;

  // Whether a series name is a rate (drawn by the throughput chart by default).
  static bool isRateName(const QString& name);

 private:
  struct Curve {
    qint64 run = 0;
    int rank = 0;
    QString name;
    std::string storedName;  // as in the store, to match rows without converting each one
    SeriesBuffer buffer;
    QLineSeries* raw = nullptr;  // owned by the chart; null while not shown
    QLineSeries* smooth = nullptr;
  };
  QStringList shownNames(const ChartOptions& o) const;
  void build(QChart* chart, const ChartOptions& o);
  QString label(const Curve& c) const;

  bool throughput_;
  std::vector<std::unique_ptr<Curve>> curves_;  // in order of first appearance
  std::map<std::tuple<qint64, int, std::string>, Curve*> byKey_;
  std::map<qint64, int64_t> lastId_;  // per run: the newest series row read
  QList<qint64> runIds_;
  QStringList names_;
  qint64 points_ = 0;
  bool shapeChanged_ = true;  // a curve appeared since the last build
};

}  // namespace d500::studio
