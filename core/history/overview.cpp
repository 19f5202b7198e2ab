// Every series with its change points, the largest recent change first; and one run's "changes".
#include "d500/history/overview.h"

#include <algorithm>
#include <cmath>

#include "d500/history/confirmation.h"
#include "d500/report/format.h"
#include "lookups.h"

namespace d500::history {

namespace {

// Before a series without a change (and those before one too short to test): the largest change,
// then the most recent one.
bool before(const Series& sa, const OverviewRow& a, const Series& sb, const OverviewRow& b) {
  const auto* la = a.found.latest();
  const auto* lb = b.found.latest();
  if (la && lb) {
    if (std::fabs(la->change) != std::fabs(lb->change))
      return std::fabs(la->change) > std::fabs(lb->change);
    return a.found.runs_since(sa) < b.found.runs_since(sb);
  }
  if (la || lb) return la != nullptr;
  return a.found.testable && !b.found.testable;
}

std::string p_text(double p) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.3g", p);
  return buf;
}

std::string verdict_of(const store::ResultStore& s, const Series& ser,
                       const measure::ChangePoint& c) {
  const auto conf =
      stored_confirmation(s, ser.points[c.index - 1].run_id, ser.points[c.index].run_id);
  if (!conf) return "-";
  const auto* row = conf->row(ser.subject, ser.implementation);
  return row ? row->verdict : "-";
}

std::vector<std::string> overview_line(const store::ResultStore& s, const Series& ser,
                                       const OverviewRow& r) {
  std::vector<std::string> row{ser.experiment + " · " + ser.implementation + " · " + ser.subject,
                               ser.machine, std::to_string(ser.points.size())};
  const auto* c = r.found.latest();
  if (!c) {
    row.push_back(r.found.testable          ? "none"
                  : r.found.without_samples ? "runs without samples"
                                            : "too few runs");
    row.insert(row.end(), {"", "", "", "", ""});
    return row;
  }
  row.push_back(report::signed_percent(c->change));
  row.push_back("[" + report::signed_percent(c->ci_lo) + ", " + report::signed_percent(c->ci_hi) +
                "]");
  row.push_back(p_text(c->p_value));
  row.push_back(std::to_string(ser.points[c->index - 1].run_id) + " → " +
                std::to_string(ser.points[c->index].run_id));
  row.push_back(std::to_string(r.found.runs_since(ser)));
  row.push_back(verdict_of(s, ser, *c));
  return row;
}

}  // namespace

SeriesChanges changes_of(const store::ResultStore& s, const Series& ser,
                         const measure::ChangePointOptions& o) {
  SeriesChanges out;
  out.testable = measure::series_testable(ser.points.size(), o);
  if (!out.testable) return out;
  std::vector<std::vector<double>> runs;
  runs.reserve(ser.points.size());
  for (const auto& p : ser.points) {
    runs.push_back(s.samples(p.measurement_id));
    out.without_samples += runs.back().empty() ? 1 : 0;
  }
  if (out.without_samples) {
    out.testable = false;
    return out;
  }
  out.changes = measure::change_points(runs, o);
  return out;
}

std::vector<OverviewRow> overview(const store::ResultStore& s, const std::vector<Series>& all,
                                  const measure::ChangePointOptions& o) {
  std::vector<OverviewRow> rows;
  rows.reserve(all.size());
  for (size_t i = 0; i < all.size(); ++i) rows.push_back({i, changes_of(s, all[i], o)});
  std::stable_sort(rows.begin(), rows.end(), [&](const OverviewRow& a, const OverviewRow& b) {
    return before(all[a.series], a, all[b.series], b);
  });
  return rows;
}

report::Document overview_report(const store::ResultStore& s, const std::vector<Series>& all,
                                 const std::vector<OverviewRow>& rows) {
  report::Document doc;
  doc.title = "d500 history --changes: " + s.path();
  if (rows.empty()) {
    doc.line("no operator or network measurements in " + s.path());
    return doc;
  }
  report::Rows table{{"SERIES", "MACHINE", "RUNS", "LAST CHANGE", "95% CI", "P", "BETWEEN RUNS",
                      "RUNS SINCE", "CONFIRMED"}};
  for (const auto& r : rows) table.push_back(overview_line(s, all[r.series], r));
  doc.heading("changes");
  doc.table(table);
  return doc;
}

void changes_section(report::Document& doc, const store::ResultStore& s, int64_t run_id,
                     const measure::ChangePointOptions& o) {
  const auto run = s.run(run_id);
  if (!run || (run->level != "operator" && run->level != "network")) return;
  doc.heading("changes");
  SeriesOptions so;
  so.experiment = run->name;
  detail::Lookups at(s);
  int shown = 0;
  for (const auto& ser : series_of(s, so)) {
    const auto self = std::find_if(ser.points.begin(), ser.points.end(),
                                   [&](const SeriesPoint& p) { return p.run_id == run_id; });
    if (self == ser.points.end()) continue;
    const size_t position = static_cast<size_t>(self - ser.points.begin());
    const auto found = changes_of(s, ser, o);
    for (auto c = found.changes.rbegin(); c != found.changes.rend(); ++c) {
      if (c->index > position) continue;
      doc.line(ser.implementation + " · " + ser.subject + ":");
      detail::describe_change(doc, at, ser, *c);
      ++shown;
    }
  }
  if (shown == 0)
    doc.line("no change point up to this run in the history of \"" + run->name +
             "\" on its machine class (`d500 history --experiment NAME` shows it)");
}

}  // namespace d500::history
