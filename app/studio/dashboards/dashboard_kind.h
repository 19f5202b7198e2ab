// A run's dashboard as a chart kind: the level it is for, its small multiples, how its runs'
// series are grouped (seeds or ranks), and what it shows beside the curves. One RunDashboard tab
// per run draws it.
#pragma once

#include <QString>
#include <vector>

#include "charts/chart_kind.h"
#include "d500/store/result_store.h"
#include "dashboards/panel_spec.h"
#include "dashboards/run_series.h"

namespace d500::studio {

struct DashboardLayout {
  RunSeries::GroupBy groupBy = RunSeries::GroupBy::Seed;
  int columns = 2;  // panels per row
  std::vector<PanelSpec> panels;
};

class DashboardKind : public ChartKind {
 public:
  virtual QString level() const = 0;  // "training", "distributed"
  virtual DashboardLayout layout() const = 0;
  // The layout for one run: layout(), and what that run adds (the training kinds: a panel per
  // metric its experiment named).
  virtual DashboardLayout layoutOf(const store::ResultStore& s, int64_t runId) const;
  // What the store holds of the run beyond its curves (time-to-accuracy, verdicts), as rich
  // text for the side of the dashboard. May read the store; throws what it throws.
  virtual QString summaryHtml(const store::ResultStore& s, const store::RunInfo& run,
                              const RunSeries& series) const = 0;

  bool appliesTo(const QString& level) const override { return level == this->level(); }
  bool isDashboardFor(const QString& level) const override { return appliesTo(level); }
  bool oneTabPerRun() const override { return true; }
  // The dashboard of the first of `runIds` (a dashboard shows one run).
  ChartTab* create(const QString& storePath, const QList<qint64>& runIds) const override;
};

}  // namespace d500::studio
