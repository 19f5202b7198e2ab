#include "dashboards/dashboard_kind.h"

#include "dashboards/run_dashboard.h"

namespace d500::studio {

ChartTab* DashboardKind::create(const QString& storePath, const QList<qint64>& runIds) const {
  return new RunDashboard(*this, storePath, runIds.value(0));
}

DashboardLayout DashboardKind::layoutOf(const store::ResultStore&, int64_t) const {
  return layout();
}

}  // namespace d500::studio
