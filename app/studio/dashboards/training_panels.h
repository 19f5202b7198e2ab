// The training panels both training dashboards draw (per seed, or per rank for the distributed
// level), each one quantity with its own y axis.
#pragma once

#include <vector>

#include "d500/store/result_store.h"
#include "dashboards/dashboard_kind.h"
#include "dashboards/panel_spec.h"

namespace d500::studio {

// Loss per step (raw and its EMA), loss per epoch, accuracy, learning rate, samples/s, step
// time against data wait; `distributed` adds the communication panels (bytes per step; time in
// communication against computation per step), each on its own axis.
std::vector<PanelSpec> trainingPanels(bool distributed);
// One panel per metric the run's experiment named (run::metric_kinds_of_run), in its order: the
// per-step points and the per-epoch values as two lines, on an axis in the metric's unit; id
// "metric:<name>".
void addMetricPanels(DashboardLayout& layout, const store::ResultStore& s, int64_t runId);

}  // namespace d500::studio
