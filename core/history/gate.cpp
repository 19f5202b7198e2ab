// The CI gate: a candidate against a baseline, benchmark by benchmark, with its verdicts as a
// report and as JUnit XML.
#include "d500/history/gate.h"

#include <cstdio>
#include <map>

#include "d500/error.h"
#include "d500/history/history.h"
#include "d500/measure/stats.h"
#include "d500/operators/compare.h"
#include "d500/report/format.h"
#include "d500/report/printable.h"

namespace d500::history {

namespace {

std::string machine_of(const store::ResultStore& s, int64_t run_id) {
  const auto run = s.run(run_id);
  if (!run) throw D500Error("no run " + std::to_string(run_id) + " in " + s.path(), "gate");
  return machine_class(ranking::system_of(s, *run, {}));
}

std::string verdict_of(bool significant, double change, const GateOptions& o) {
  if (!significant) return "no significant change";
  if (change > o.threshold) return "regression";
  if (change < -o.threshold) return "improvement";
  return "within threshold";
}

std::string p_text(double p) {
  char buf[32];
  std::snprintf(buf, sizeof buf, p < 0.001 ? "<0.001" : "%.3f", p);
  return buf;
}

std::string row_message(const GateRow& r) {
  return r.implementation + " " + r.subject + ": " + report::format_duration_ns(r.baseline_ns) +
         " -> " + report::format_duration_ns(r.candidate_ns) + " (" +
         report::signed_percent(r.change) + ", p " + p_text(r.p_value) + "): " + r.verdict;
}

}  // namespace

GateResult gate(const store::ResultStore& sb, int64_t baseline_run, const store::ResultStore& sc,
                int64_t candidate_run, const GateOptions& o) {
  GateResult r;
  r.baseline_run = baseline_run;
  r.candidate_run = candidate_run;
  r.options = o;
  r.baseline_machine = machine_of(sb, baseline_run);
  r.candidate_machine = machine_of(sc, candidate_run);
  if (r.baseline_machine != r.candidate_machine && !o.across_machines)
    throw D500Error("the baseline ran on " + r.baseline_machine + ", the candidate on " +
                        r.candidate_machine +
                        "; a difference would be the machines' (--across-machines compares "
                        "them anyway)",
                    "gate");
  for (const auto& c : operators::compare_runs(sb, baseline_run, sc, candidate_run, o.alpha)) {
    GateRow row{c.subject,
                c.a_impl,
                0,
                0,
                c.a_median_ns,
                c.b_median_ns,
                c.b_median_ns / c.a_median_ns - 1,
                c.test.p_value,
                ""};
    row.baseline_run = baseline_run;
    row.candidate_run = candidate_run;
    row.verdict = verdict_of(c.significant, row.change, o);
    r.regressions += row.verdict == "regression";
    r.rows.push_back(std::move(row));
  }
  if (r.rows.empty())
    throw D500Error("runs " + std::to_string(baseline_run) + " and " +
                        std::to_string(candidate_run) +
                        " share no benchmark (point and implementation) with samples",
                    "gate");
  return r;
}

namespace {

std::string series_key(const Series& s, bool with_machine) {
  return s.experiment + '\n' + s.implementation + '\n' + s.point +
         (with_machine ? '\n' + s.machine : std::string());
}

GateRow compare_points(const store::ResultStore& sb, const SeriesPoint& b,
                       const store::ResultStore& sc, const SeriesPoint& c, const Series& ser,
                       const GateOptions& o) {
  const auto xb = sb.samples(b.measurement_id), xc = sc.samples(c.measurement_id);
  GateRow row{ser.experiment + " · " + ser.subject,
              ser.implementation,
              b.run_id,
              c.run_id,
              b.median,
              c.median,
              c.median / b.median - 1,
              stats::mann_whitney(xb, xc).p_value,
              ""};
  row.verdict = verdict_of(row.p_value <= o.alpha, row.change, o);
  return row;
}

}  // namespace

GateResult gate_series(const store::ResultStore& sb, const store::ResultStore& sc,
                       const GateOptions& o) {
  GateResult r;
  r.series = true;
  r.options = o;
  const bool one_store = &sb == &sc || sb.path() == sc.path();
  std::map<std::string, Series> base;
  if (!one_store)
    for (auto& s : series_of(sb, {})) base.emplace(series_key(s, !o.across_machines), std::move(s));
  for (const auto& s : series_of(sc, {})) {
    if (s.points.empty()) continue;
    const SeriesPoint& cand = s.points.back();
    if (one_store) {
      if (s.points.size() < 2) continue;
      r.rows.push_back(compare_points(sc, s.points[s.points.size() - 2], sc, cand, s, o));
    } else {
      const auto it = base.find(series_key(s, !o.across_machines));
      if (it == base.end() || it->second.points.empty()) continue;
      r.rows.push_back(compare_points(sb, it->second.points.back(), sc, cand, s, o));
    }
    r.regressions += r.rows.back().verdict == "regression";
  }
  if (r.rows.empty())
    throw D500Error(one_store ? "no series of " + sc.path() + " has two runs to compare"
                              : "no series of " + sc.path() + " has a run in " + sb.path() +
                                    (o.across_machines ? "" : " on the same machine class"),
                    "gate");
  return r;
}

report::Document gate_report(const GateResult& r) {
  report::Document doc;
  doc.title = r.series ? std::string("d500 gate: the latest run of each series")
                       : "d500 gate: run " + std::to_string(r.candidate_run) + " against run " +
                             std::to_string(r.baseline_run);
  doc.line(r.regressions ? std::to_string(r.regressions) + " regression(s): slower by more than " +
                               report::signed_percent(r.options.threshold).substr(1) +
                               ", significant at alpha " + report::fixed(r.options.alpha, 2)
                         : "no regression: nothing slower by more than " +
                               report::signed_percent(r.options.threshold).substr(1) +
                               " and significant at alpha " + report::fixed(r.options.alpha, 2));
  if (!r.series) {
    doc.field("baseline", "run " + std::to_string(r.baseline_run) + " on " + r.baseline_machine);
    doc.field("candidate", "run " + std::to_string(r.candidate_run) + " on " + r.candidate_machine);
  }
  report::Rows rows{
      {"BENCHMARK", "IMPLEMENTATION", "RUNS", "BASELINE", "CANDIDATE", "CHANGE", "p", "VERDICT"}};
  for (const auto& g : r.rows)
    rows.push_back({g.subject, g.implementation,
                    std::to_string(g.baseline_run) + " → " + std::to_string(g.candidate_run),
                    report::format_duration_ns(g.baseline_ns),
                    report::format_duration_ns(g.candidate_ns), report::signed_percent(g.change),
                    p_text(g.p_value), g.verdict});
  doc.heading("benchmarks");
  doc.table(rows);
  return doc;
}

std::string gate_junit(const GateResult& r) {
  std::string out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites>\n";
  out += "  <testsuite name=\"d500 gate\" tests=\"" + std::to_string(r.rows.size()) +
         "\" failures=\"" + std::to_string(r.regressions) + "\">\n";
  for (const auto& g : r.rows) {
    out += "    <testcase classname=\"" + report::markup_escape(g.implementation) + "\" name=\"" +
           report::markup_escape(g.subject) + "\"";
    if (g.verdict != "regression") {
      out += "/>\n";
      continue;
    }
    out += ">\n      <failure message=\"" + report::markup_escape(row_message(g)) +
           "\"/>\n    </testcase>\n";
  }
  return out + "  </testsuite>\n</testsuites>\n";
}

}  // namespace d500::history
