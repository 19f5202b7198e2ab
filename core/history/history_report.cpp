// The history of each series as a report: its points, then its change points with what changed
// in the environment across each and the machine's load on both sides.
#include <algorithm>
#include <cctype>
#include <cmath>
#include <map>
#include <nlohmann/json.hpp>

#include "d500/env/environment.h"
#include "d500/env/machine_load.h"
#include "d500/history/history.h"
#include "d500/history/overview.h"
#include "d500/report/format.h"
#include "lookups.h"

namespace d500::history {

namespace {

using detail::Lookups;
using detail::value_text;

// What changed in the environment from one point to the next: at most three fields, then "...".
std::string changed(Lookups& at, const SeriesPoint* prev, const SeriesPoint& p) {
  if (!prev || prev->environment_id == p.environment_id) return "";
  const auto d = at.diff(prev->environment_id, p.environment_id);
  std::string out;
  for (size_t i = 0; i < d.size() && i < 3; ++i) out += (i ? "; " : "") + d[i];
  if (d.size() > 3) out += "; and " + std::to_string(d.size() - 3) + " more";
  return out;
}

void points_table(report::Document& doc, Lookups& at, const Series& ser) {
  std::string axis = ser.axis;
  std::transform(axis.begin(), axis.end(), axis.begin(),
                 [](unsigned char c) { return static_cast<char>(std::toupper(c)); });
  report::Rows rows{{"RUN", axis, "MEDIAN", "95% CI", "N", "LOAD", "CHANGED SINCE THE PREVIOUS"}};
  const SeriesPoint* prev = nullptr;
  for (const auto& p : ser.points) {
    rows.push_back({std::to_string(p.run_id), p.axis, value_text(p.median, ser.unit),
                    p.ci_valid ? "[" + value_text(p.ci_lo, ser.unit) + ", " +
                                     value_text(p.ci_hi, ser.unit) + "]"
                               : "n too small",
                    std::to_string(p.n), at.load(p.run_id), changed(at, prev, p)});
    prev = &p;
  }
  doc.table(rows);
}

void change_points_of(report::Document& doc, Lookups& at, const Series& ser,
                      const measure::ChangePointOptions& o) {
  if (!measure::series_testable(ser.points.size(), o)) {
    doc.line(std::to_string(ser.points.size()) + " run(s): too few to look for a change (" +
             std::to_string(2 * o.min_segment) + " needed)");
    return;
  }
  const auto found = changes_of(at.store(), ser, o);
  if (found.without_samples) {
    doc.line(std::to_string(found.without_samples) +
             " run(s) stored without raw samples: change points need every run's samples");
    return;
  }
  const auto& cps = found.changes;
  if (cps.empty())
    doc.line("no change point (E-divisive means over the runs' samples, alpha " +
             report::fixed(o.alpha, 2) + ", " + std::to_string(o.permutations) + " permutations)");
  for (const auto& c : cps) detail::describe_change(doc, at, ser, c);
}

}  // namespace

report::Document history_report(const store::ResultStore& s, const std::vector<Series>& all,
                                const measure::ChangePointOptions& o) {
  report::Document doc;
  Lookups at(s);
  doc.title = "d500 history: " + s.path();
  if (all.empty()) doc.line("no operator or network measurements in " + s.path());
  for (const auto& ser : all) {
    doc.heading(ser.experiment + " · " + ser.implementation + " · " + ser.subject + " · " +
                ser.machine);
    if (ser.skipped_failed)
      doc.line(std::to_string(ser.skipped_failed) +
               " failed measurement(s) of this series left out");
    if (ser.skipped_units)
      doc.line(std::to_string(ser.skipped_units) + " measurement(s) in another unit than " +
               ser.unit + " left out");
    points_table(doc, at, ser);
    change_points_of(doc, at, ser, o);
  }
  return doc;
}

}  // namespace d500::history
