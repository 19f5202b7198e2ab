// The metrics a training or distributed run measured (issue 30: d500/training/metrics.h), as the
// dashboards' side panel and reports show them: one row per metric with its direction, the last
// epoch's value over the seeds or ranks and the median of its per-step points, with its unit. ""
// for a run whose experiment named none.
#pragma once

#include <QString>

#include "d500/store/result_store.h"

namespace d500::studio {

QString metricsHtml(const store::ResultStore& s, const store::RunInfo& run);

}  // namespace d500::studio
