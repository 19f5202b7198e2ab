// Performance over time (issue 31): every measurement of a store as a point of a benchmark
// series, and each series' change points with what changed across them.
// A series is a key: the experiment (the run's name and level), the implementation, the sweep
// point and the machine class (CPU model and count, GPU; the host only when asked). Runs from
// merged stores join their series. Points are ordered along the axis the user picks: the run's
// start (the default) or any environment field ("plugins.torch.version", "build.d500_version").
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "d500/measure/change_points.h"
#include "d500/ranking/ranking.h"
#include "d500/report/document.h"
#include "d500/store/result_store.h"

namespace d500::history {

struct SeriesOptions {
  std::string experiment;   // only runs of this name; "" for all
  std::string by = "time";  // "time", or a dotted environment field
  bool per_host = false;    // the host is part of the machine class
};

struct SeriesPoint {
  int64_t run_id = 0, measurement_id = 0, environment_id = 0;
  double started_at = 0;
  std::string axis;  // the point's place along the axis, as shown ("2026-12-07 19:52", "2.1.0")
  double median = 0, ci_lo = 0, ci_hi = 0;
  bool ci_valid = false;
  int64_t n = 0;
};

struct Series {
  std::string experiment, level, implementation, point, subject, machine, unit;
  std::string axis = "started";     // what the points are ordered by: "started", or the field
  std::vector<SeriesPoint> points;  // along the axis
  int64_t skipped_failed = 0;       // measurements of the series that failed (left out)
  int64_t skipped_units = 0;  // measurements in another unit than the series' first (left out)
};

// "AMD EPYC, 2 CPUs" (+ ", GPU ..." + " on host" with per_host) of a run's system
// (ranking::system_of): the machine class a series and the gate compare within.
std::string machine_class(const ranking::SystemInfo& system, bool per_host = false);

// The store's series of operator and network measurements. Throws D500Error when `by` names no
// field of any run's environment.
std::vector<Series> series_of(const store::ResultStore& s, const SeriesOptions& o);

// Each series: its points (run, axis, median with CI, n, the machine's load, the environment
// fields that changed since the previous point), then its change points (measure::change_points
// over the raw samples) with the last run before and the first after, the change with its CI,
// the p-value, the environment diff across it and both sides' load; a series too short to test
// says so.
report::Document history_report(const store::ResultStore& s, const std::vector<Series>& all,
                                const measure::ChangePointOptions& o = {});

}  // namespace d500::history
