// The Scaling view (issue 36, item 6, first part) of collective runs: each operation's measured
// times over the message size with its fitted latency-and-bandwidth line (scaling::collective_
// models), and the schemes projected to many ranks from the allreduce model (scaling::project):
// a line per scheme with its band, the largest measured scale marked, the crossover said below.
// Threading: GUI thread; reads the store through its own read-only connection, when asked.
#pragma once

#include <QString>

#include "charts/chart_tab.h"
#include "d500/scaling/projection.h"

QT_BEGIN_NAMESPACE
class QChart;
class QLabel;
QT_END_NAMESPACE

namespace d500::studio {

class ScalingTab : public ChartTab {
  Q_OBJECT
 public:
  ScalingTab(const ChartKind& kind, const QString& storePath, const QList<qint64>& runIds,
             QWidget* parent = nullptr);

  QList<qint64> runIds() const override { return runIds_; }
  QString title() const override;
  QJsonObject settings() const override { return {}; }
  void applySettings(const QJsonObject&) override {}
  void refresh() override;
  qint64 pointCount() const override { return points_; }
  QStringList availableSeries() const override { return {}; }
  bool exportImage(const QString& path, int dpi, QString* error) override;
  // The projection: scheme, ranks, time and band (ns), bottleneck, extrapolation.
  bool exportCsv(const QString& path, QString* error) override;

  QChart* modelChart() const { return models_; }
  QChart* projectionChart() const { return projection_; }
  QString statusText() const;

 private:
  void drawModels(const std::vector<scaling::CollectiveModel>& models);
  void drawProjection(const std::vector<scaling::ProjectionPoint>& points, int measuredRanks);

  QString storePath_;
  QList<qint64> runIds_;
  QChart* models_ = nullptr;
  QChart* projection_ = nullptr;
  QLabel* status_ = nullptr;
  std::vector<scaling::ProjectionPoint> projected_;
  qint64 points_ = 0;
};

}  // namespace d500::studio
