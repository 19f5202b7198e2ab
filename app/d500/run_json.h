// JSON views of stored runs, shared by `show --json` and `export --json`.
#pragma once

#include <nlohmann/json.hpp>

#include "d500/store/result_store.h"

namespace d500::cli {

nlohmann::json run_to_json(const store::RunInfo& r);
nlohmann::json measurement_to_json(const store::MeasurementRow& m);
// The run, its environment, experiment and measurements (with raw samples when asked).
nlohmann::json run_report_json(const store::ResultStore& s, const store::RunInfo& r, bool samples);

}  // namespace d500::cli
