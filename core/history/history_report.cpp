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

// What the report reads of the store more than once, read once: a run appears in every series of
// its sweep points, and neighbouring points share their environment.
class Lookups {
 public:
  explicit Lookups(const store::ResultStore& s) : s_(s) {}
  const store::ResultStore& store() const { return s_; }

  const json& environment(int64_t id) {
    auto [it, added] = envs_.try_emplace(id, json::object());
    if (added)
      if (auto e = s_.environment(id)) {
        auto j = json::parse(e->json, nullptr, false);
        if (j.is_object()) it->second = std::move(j);
      }
    return it->second;
  }
  const std::string& load(int64_t run_id) {
    auto [it, added] = loads_.try_emplace(run_id, "-");
    if (added)
      if (const auto l = env::stored_load(s_, run_id)) it->second = l->busy ? "BUSY" : "quiet";
    return it->second;
  }
  std::vector<std::string> diff(int64_t env_a, int64_t env_b) {
    return env::diff(environment(env_a), environment(env_b));
  }

 private:
  const store::ResultStore& s_;
  std::map<int64_t, json> envs_;
  std::map<int64_t, std::string> loads_;
};

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

void change_point_lines(report::Document& doc, Lookups& at, const Series& ser,
                        const measure::ChangePoint& c) {
  const SeriesPoint& before = ser.points[c.index - 1];
  const SeriesPoint& after = ser.points[c.index];
  char p[32];
  std::snprintf(p, sizeof p, "%.3g", c.p_value);
  doc.line("change between run " + std::to_string(before.run_id) + " (" + before.axis +
           ") and run " + std::to_string(after.run_id) + " (" + after.axis + "): median " +
           report::signed_percent(c.change) + " [" + report::signed_percent(c.ci_lo) + ", " +
           report::signed_percent(c.ci_hi) + "], p = " + p);
  const auto d = at.diff(before.environment_id, after.environment_id);
  if (d.empty()) doc.line("  environment: the same on both sides");
  for (const auto& line : d) doc.line("  environment: " + line);
  doc.line("  load: before " + at.load(before.run_id) + ", after " + at.load(after.run_id));
}

void change_points_of(report::Document& doc, Lookups& at, const Series& ser,
                      const measure::ChangePointOptions& o) {
  if (!measure::series_testable(ser.points.size(), o)) {
    doc.line(std::to_string(ser.points.size()) + " run(s): too few to look for a change (" +
             std::to_string(2 * o.min_segment) + " needed)");
    return;
  }
  std::vector<std::vector<double>> runs;
  for (const auto& p : ser.points) runs.push_back(at.store().samples(p.measurement_id));
  const auto cps = measure::change_points(runs, o);
  if (cps.empty())
    doc.line("no change point (E-divisive means over the runs' samples, alpha " +
             report::fixed(o.alpha, 2) + ", " + std::to_string(o.permutations) + " permutations)");
  for (const auto& c : cps) change_point_lines(doc, at, ser, c);
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
    points_table(doc, at, ser);
    change_points_of(doc, at, ser, o);
  }
  return doc;
}

}  // namespace d500::history
