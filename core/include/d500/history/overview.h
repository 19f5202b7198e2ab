// The morning view of a store (issue 31, item 5): every benchmark series with its change points,
// sorted by the largest recent change, so a performance engineer sees first what moved most
// lately. The studio's History view, `d500 history --changes` and the reports' "changes"
// sections read it.
#pragma once

#include <optional>
#include <vector>

#include "d500/history/history.h"
#include "d500/measure/change_points.h"
#include "d500/report/document.h"
#include "d500/store/result_store.h"

namespace d500::history {

// One series' change points, found on its runs' raw samples.
struct SeriesChanges {
  bool testable = false;  // enough runs to look for a change (measure::series_testable)
  // Runs stored with summaries only (imported, or an old store): change points need every run's
  // raw samples, so such a series is not tested.
  size_t without_samples = 0;
  std::vector<measure::ChangePoint> changes;
  // The last change (the most recent one along the axis), if any, and how many runs followed it.
  const measure::ChangePoint* latest() const { return changes.empty() ? nullptr : &changes.back(); }
  size_t runs_since(const Series& s) const {
    return changes.empty() ? 0 : s.points.size() - changes.back().index;
  }
};

SeriesChanges changes_of(const store::ResultStore& s, const Series& ser,
                         const measure::ChangePointOptions& o = {});

struct OverviewRow {
  size_t series = 0;  // index into the series given
  SeriesChanges found;
};

// The series with their change points, the largest latest change first (by its size, then by how
// recent it is); then series without a change, then those too short to test.
std::vector<OverviewRow> overview(const store::ResultStore& s, const std::vector<Series>& all,
                                  const measure::ChangePointOptions& o = {});

// The overview as a table: series, runs, last change with its CI and p, the runs around it, runs
// since; a line for a store without series.
report::Document overview_report(const store::ResultStore& s, const std::vector<Series>& all,
                                 const std::vector<OverviewRow>& rows);

// What the reports' "changes" section says about one run: the change points of the series it is
// a point of (its experiment, implementation, point, machine) that lie at or before it, most
// recent first, each with its environment diff. Nothing for a run of another level.
void changes_section(report::Document& doc, const store::ResultStore& s, int64_t run_id,
                     const measure::ChangePointOptions& o = {});

}  // namespace d500::history
