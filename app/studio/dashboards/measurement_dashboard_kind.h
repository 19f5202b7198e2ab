// A measuring run's dashboard as a chart kind (network, collective, operator): the level it is
// for, its grid of panels (charts and tables drawn from the run's measurements, not from series
// over steps as the training dashboards are), and what it says above them. One
// MeasurementDashboard tab per run draws it. A new one is a subclass in its own file plus its
// line in charts/chart_kinds.cpp.
#pragma once

#include <QString>
#include <vector>

#include "charts/chart_kind.h"
#include "dashboards/measurement_panel.h"

namespace d500::studio {

class MeasurementDashboardKind : public ChartKind {
 public:
  virtual QString level() const = 0;
  virtual int columns() const { return 2; }  // grid columns the cells fill, row by row
  virtual std::vector<DashboardCell> cells() const = 0;
  // What the run holds beyond its panels, as rich text over them ("" for nothing). May read the
  // store; throws what it throws.
  virtual QString summaryHtml(const DashboardData& /*data*/) const { return {}; }

  bool appliesTo(const QString& level) const override { return level == this->level(); }
  bool isDashboardFor(const QString& level) const override { return appliesTo(level); }
  bool oneTabPerRun() const override { return true; }
  // The dashboard of the first of `runIds` (a dashboard shows one run).
  ChartTab* create(const QString& storePath, const QList<qint64>& runIds) const override;
};

}  // namespace d500::studio
