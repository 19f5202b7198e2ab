// The history of each series as a report: its points, then its change points with what changed
// in the environment across each and the machine's load on both sides.
#include <algorithm>
#include <cctype>
#include <cmath>
#include <nlohmann/json.hpp>

#include "d500/env/environment.h"
#include "d500/env/machine_load.h"
#include "d500/history/history.h"
#include "d500/report/format.h"

namespace d500::history {

namespace {

using nlohmann::json;

std::string value_text(double v, const std::string& unit) {
  if (unit == "ns") return report::format_duration_ns(v);
  char buf[48];
  std::snprintf(buf, sizeof buf, "%.4g %s", v, unit.c_str());
  return buf;
}

std::string percent(double f) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%+.1f%%", 100 * f);
  return buf;
}

json environment_of(const store::ResultStore& s, int64_t id) {
  if (auto e = s.environment(id)) {
    auto j = json::parse(e->json, nullptr, false);
    if (j.is_object()) return j;
  }
  return json::object();
}

std::string load_of(const store::ResultStore& s, int64_t run_id) {
  const auto load = env::stored_load(s, run_id);
  return !load ? "-" : load->busy ? "BUSY" : "quiet";
}

// What changed in the environment from one point to the next: at most three fields, then "...".
std::string changed(const store::ResultStore& s, const SeriesPoint* prev, const SeriesPoint& p) {
  if (!prev || prev->environment_id == p.environment_id) return "";
  const auto d =
      env::diff(environment_of(s, prev->environment_id), environment_of(s, p.environment_id));
  std::string out;
  for (size_t i = 0; i < d.size() && i < 3; ++i) out += (i ? "; " : "") + d[i];
  if (d.size() > 3) out += "; and " + std::to_string(d.size() - 3) + " more";
  return out;
}

void points_table(report::Document& doc, const store::ResultStore& s, const Series& ser) {
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
                    std::to_string(p.n), load_of(s, p.run_id), changed(s, prev, p)});
    prev = &p;
  }
  doc.table(rows);
}

void change_point_lines(report::Document& doc, const store::ResultStore& s, const Series& ser,
                        const measure::ChangePoint& c) {
  const SeriesPoint& before = ser.points[c.index - 1];
  const SeriesPoint& after = ser.points[c.index];
  char p[32];
  std::snprintf(p, sizeof p, "%.3g", c.p_value);
  doc.line("change between run " + std::to_string(before.run_id) + " (" + before.axis +
           ") and run " + std::to_string(after.run_id) + " (" + after.axis + "): median " +
           percent(c.change) + " [" + percent(c.ci_lo) + ", " + percent(c.ci_hi) + "], p = " + p);
  const auto d =
      env::diff(environment_of(s, before.environment_id), environment_of(s, after.environment_id));
  if (d.empty()) doc.line("  environment: the same on both sides");
  for (const auto& line : d) doc.line("  environment: " + line);
  doc.line("  load: before " + load_of(s, before.run_id) + ", after " + load_of(s, after.run_id));
}

void change_points_of(report::Document& doc, const store::ResultStore& s, const Series& ser,
                      const measure::ChangePointOptions& o) {
  if (!measure::series_testable(ser.points.size(), o)) {
    doc.line(std::to_string(ser.points.size()) + " run(s): too few to look for a change (" +
             std::to_string(2 * o.min_segment) + " needed)");
    return;
  }
  std::vector<std::vector<double>> runs;
  for (const auto& p : ser.points) runs.push_back(s.samples(p.measurement_id));
  const auto cps = measure::change_points(runs, o);
  if (cps.empty())
    doc.line("no change point (E-divisive means over the runs' samples, alpha " +
             report::fixed(o.alpha, 2) + ", " + std::to_string(o.permutations) + " permutations)");
  for (const auto& c : cps) change_point_lines(doc, s, ser, c);
}

}  // namespace

report::Document history_report(const store::ResultStore& s, const std::vector<Series>& all,
                                const measure::ChangePointOptions& o) {
  report::Document doc;
  doc.title = "d500 history: " + s.path();
  if (all.empty()) doc.line("no operator or network measurements in " + s.path());
  for (const auto& ser : all) {
    doc.heading(ser.experiment + " · " + ser.implementation + " · " + ser.subject + " · " +
                ser.machine);
    if (ser.skipped_failed)
      doc.line(std::to_string(ser.skipped_failed) +
               " failed measurement(s) of this series left out");
    points_table(doc, s, ser);
    change_points_of(doc, s, ser, o);
  }
  return doc;
}

}  // namespace d500::history
