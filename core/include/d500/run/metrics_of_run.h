// What a training or distributed run measured with its experiment's metrics (d500/training/
// metrics.h), read back from the store: the descriptors kept beside the run and their series,
// summarized for `show`, JSON reports and dashboards.
#pragma once

#include <cstdint>
#include <vector>

#include "d500/store/result_store.h"
#include "d500/training/metrics.h"

namespace d500::run {

// The run's metric descriptors (none when its experiment named no metric).
std::vector<training::MetricDescriptor> metric_kinds_of_run(const store::ResultStore& s,
                                                            int64_t run_id);

// One summary per metric, in the experiment's order: the seeds' (level 2) or ranks' (level 3)
// last per-epoch values and the per-step points.
std::vector<training::MetricSummary> metrics_of_run(const store::ResultStore& s, int64_t run_id);

}  // namespace d500::run
