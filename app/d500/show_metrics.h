// `d500 show` for a run whose experiment named metrics (training and distributed levels): one
// row per metric with its unit and direction, the seeds' or ranks' last epoch value and the
// median of its per-step points; and the same as JSON for `show --json`.
#pragma once

#include <nlohmann/json.hpp>

#include "d500/store/result_store.h"

namespace d500::cli {

void print_metrics(const store::ResultStore& s, const store::RunInfo& r);
nlohmann::json metrics_json(const store::ResultStore& s, const store::RunInfo& r);

}  // namespace d500::cli
