// One measuring run's dashboard tab (network, collective, operator runs): the kind's panels in a
// grid, each drawn from the run's measurements, validations and series as the store holds them
// (read read-only and live, like RunDashboard), and what the kind says of the run above them.
// Bound to the run's identity (RunIdentity), so a project reopened on another store whose run of
// the same id is another experiment shows none of that run.
// Threading: GUI thread.
#pragma once

#include <QList>
#include <memory>

#include "charts/chart_tab.h"
#include "dashboards/run_measurements.h"

namespace d500::studio {

class MeasurementDashboardKind;
class MeasurementPanel;

class MeasurementDashboard : public ChartTab {
  Q_OBJECT
 public:
  // `kind` outlives the tab. Ownership: parent. The store need not exist yet.
  MeasurementDashboard(const MeasurementDashboardKind& kind, const QString& storePath, qint64 runId,
                       QWidget* parent = nullptr);
  ~MeasurementDashboard() override;

  QList<qint64> runIds() const override;
  QString title() const override;
  QJsonObject settings() const override;
  void applySettings(const QJsonObject& settings) override;
  void refresh() override;
  qint64 pointCount() const override;
  QStringList availableSeries() const override { return {}; }
  bool exportImage(const QString& path, int dpi, QString* error) override;
  // Every measurement of the run, one line each, its numbers exactly as stored.
  bool exportCsv(const QString& path, QString* error) override;
  // The panels (and the line over them, unless `withSummary` is false); not the status line.
  void renderContent(QPainter* painter, QSize size, double scale, bool withSummary) override;
  QString summaryHtml() const override;

  // For tests and exports.
  QList<MeasurementPanel*> panels() const;
  template <class Panel>
  Panel* panel(const QString& id) const {
    return findChild<Panel*>(id);
  }
  QString summaryText() const;      // the text over the panels, as plain text
  QString identityProblem() const;  // why nothing is drawn for this run; "" when it is its own
  const RunMeasurements& measurements() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> d_;
};

}  // namespace d500::studio
