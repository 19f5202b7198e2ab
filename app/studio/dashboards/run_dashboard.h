// One run's dashboard tab: small multiples (one DashboardPanel per quantity, each with its own y
// axis), the x axis switchable between step, epoch and wall time, the run's seeds or ranks
// overlaid in their own colours (a picker chooses which) and named in a key beside the panels,
// and what the store holds beyond the curves (time-to-accuracy, verdicts) next to them. It reads
// the store read-only and live, like ChartPanel. The tab is bound to the run's identity (spec
// hash and creation time), so a project reopened on another store whose run of the same id is
// another experiment shows that instead of a stranger's curves.
// Threading: GUI thread.
#pragma once

#include <QList>
#include <memory>
#include <vector>

#include "charts/chart_tab.h"
#include "dashboards/run_series.h"

namespace d500::studio {

class DashboardKind;
class DashboardPanel;

class RunDashboard : public ChartTab {
  Q_OBJECT
 public:
  // `kind` outlives the tab. Ownership: parent. The store need not exist yet.
  RunDashboard(const DashboardKind& kind, const QString& storePath, qint64 runId,
               QWidget* parent = nullptr);
  ~RunDashboard() override;

  QList<qint64> runIds() const override;
  QString title() const override;
  QJsonObject settings() const override;
  void applySettings(const QJsonObject& settings) override;
  void refresh() override;
  qint64 pointCount() const override;
  QStringList availableSeries() const override;
  bool exportImage(const QString& path, int dpi, QString* error) override;
  bool exportCsv(const QString& path, QString* error) override;
  void renderContent(QPainter* painter, QSize size, double scale, bool withSummary) override;
  QString summaryHtml() const override;

  // For tests and exports.
  QList<DashboardPanel*> panels() const;
  DashboardPanel* panel(const QString& id) const;  // nullptr when the layout has none
  void setXAxis(RunSeries::XAxis x);
  RunSeries::XAxis xAxis() const;
  // The seeds or ranks drawn ("seed 0", "rank 1"); all of them by default.
  QStringList groupNames() const;
  void setShownGroups(const QStringList& names);
  QStringList keyTexts() const;     // the colour key beside the panels, in full
  QString summaryText() const;      // the side panel's text, as plain text
  QString identityProblem() const;  // why nothing is drawn for this run; "" when it is its own
  const RunSeries& series() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> d_;
};

}  // namespace d500::studio
