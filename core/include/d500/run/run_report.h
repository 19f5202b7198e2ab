// The report of one stored run, as `d500 show` prints it and `--format` writes it: the run's
// header (status, time, seed, machine, load), then its level's sections, once, as a Document that
// every reporter (d500/report/reporter.h) formats. And the metrics as JSON for `show --json`.
#pragma once

#include <nlohmann/json.hpp>

#include "d500/report/document.h"
#include "d500/store/result_store.h"

namespace d500::run {

report::Document run_report(const store::ResultStore& s, const store::RunInfo& r);

// "5.6 s" from the run's start to its end, "-" when it did not start.
std::string run_duration(const store::RunInfo& r);

// The metrics an experiment named, with their kinds and summaries (an empty array for none).
nlohmann::json metrics_json(const store::ResultStore& s, const store::RunInfo& r);

}  // namespace d500::run
