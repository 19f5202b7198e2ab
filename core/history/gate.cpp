// The CI gate: a candidate against a baseline, benchmark by benchmark, with its verdicts as a
// report and as JUnit XML.
#include "d500/history/gate.h"

#include <cstdio>

#include "d500/error.h"
#include "d500/history/history.h"
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

std::string verdict_of(const operators::Comparison& c, double change, const GateOptions& o) {
  if (!c.significant) return "no significant change";
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
    GateRow row{
        c.subject,      c.a_impl, c.a_median_ns, c.b_median_ns, c.b_median_ns / c.a_median_ns - 1,
        c.test.p_value, ""};
    row.verdict = verdict_of(c, row.change, o);
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

report::Document gate_report(const GateResult& r) {
  report::Document doc;
  doc.title = "d500 gate: run " + std::to_string(r.candidate_run) + " against run " +
              std::to_string(r.baseline_run);
  doc.line(r.regressions ? std::to_string(r.regressions) + " regression(s): slower by more than " +
                               report::signed_percent(r.options.threshold).substr(1) +
                               ", significant at alpha " + report::fixed(r.options.alpha, 2)
                         : "no regression: nothing slower by more than " +
                               report::signed_percent(r.options.threshold).substr(1) +
                               " and significant at alpha " + report::fixed(r.options.alpha, 2));
  doc.field("baseline", "run " + std::to_string(r.baseline_run) + " on " + r.baseline_machine);
  doc.field("candidate", "run " + std::to_string(r.candidate_run) + " on " + r.candidate_machine);
  report::Rows rows{
      {"BENCHMARK", "IMPLEMENTATION", "BASELINE", "CANDIDATE", "CHANGE", "p", "VERDICT"}};
  for (const auto& g : r.rows)
    rows.push_back({g.subject, g.implementation, report::format_duration_ns(g.baseline_ns),
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
