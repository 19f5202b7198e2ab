// `d500 compare RUN_A RUN_B`: the same points and implementations in two runs (a run and its
// rerun, or two machines), each with both medians, the ratio and a Mann-Whitney verdict.
#include <iostream>

#include "commands.h"
#include "d500/env/environment.h"
#include "d500/env/machine_load.h"
#include "d500/operators/compare.h"
#include "d500/report/line_writer.h"

namespace d500::cli {

namespace {

// The machine's load during each run: identical environments say nothing about another process
// that ran beside one of them.
void load_conditions(report::LineWriter& out, const store::ResultStore& sa, const store::RunInfo& a,
                     const store::ResultStore& sb, const store::RunInfo& b) {
  auto la = env::stored_load(sa, a.id);
  auto lb = env::stored_load(sb, b.id);
  if (!la && !lb) return;
  out.heading("machine load");
  out << "  A: " << (la ? la->describe() : "not recorded") << "\n"
      << "  B: " << (lb ? lb->describe() : "not recorded") << "\n";
  if (la && lb && la->busy != lb->busy)
    out << "  the runs' conditions differ: " << (la->busy ? "A" : "B")
        << " ran on a busy machine, so its timings may be inflated\n";
  else if (la && lb && la->busy)
    out << "  both runs ran on a busy machine: neither timing is trustworthy\n";
}

nlohmann::json comparison_json(const std::vector<operators::Comparison>& cs) {
  nlohmann::json rows = nlohmann::json::array();
  for (const auto& c : cs)
    rows.push_back({{"subject", c.subject},
                    {"implementation", c.a_impl},
                    {"a_median_ns", c.a_median_ns},
                    {"b_median_ns", c.b_median_ns},
                    {"a_ci", {c.a_ci_lo, c.a_ci_hi}},
                    {"b_ci", {c.b_ci_lo, c.b_ci_hi}},
                    {"speedup", c.speedup},
                    {"p_value", c.test.p_value},
                    {"effect_r", c.test.effect_r},
                    {"significant", c.significant},
                    {"verdict", operators::verdict(c)}});
  return rows;
}

std::string median_ci(double median, double lo, double hi) {
  return format_duration_ns(median) + " [" + format_duration_ns(lo) + ", " +
         format_duration_ns(hi) + "]";
}

// The comparison table, the count of significant differences, the environments' differences.
void comparison_report(report::LineWriter& out, const std::vector<operators::Comparison>& cs,
                       double alpha, const std::vector<std::string>& env_diff) {
  if (cs.empty()) {
    out << "the two runs share no (point, implementation) with samples\n";
    return;
  }
  size_t differ = 0;
  report::Rows rows{
      {"POINT", "IMPLEMENTATION", "A MEDIAN [CI]", "B MEDIAN [CI]", "A/B", "p", "B IS", ""}};
  for (const auto& c : cs) {
    differ += c.significant;
    rows.push_back({c.subject, c.a_impl, median_ci(c.a_median_ns, c.a_ci_lo, c.a_ci_hi),
                    median_ci(c.b_median_ns, c.b_ci_lo, c.b_ci_hi), fixed(c.speedup, 3),
                    c.test.p_value < 0.001 ? "<0.001" : fixed(c.test.p_value, 3),
                    operators::verdict(c), c.significant ? "*" : ""});
  }
  out.table(rows);
  out << "\n"
      << differ << " of " << cs.size()
      << " points differ significantly (Mann-Whitney U, two-sided, alpha " << alpha
      << "; * marks them)\n";
  if (env_diff.empty()) return;
  out.heading("environment differences");
  for (const auto& d : env_diff) out << "  " << d << "\n";
}

}  // namespace

int cmd_compare(const GlobalOptions& g, const std::string& a_arg, const std::string& b_arg,
                const std::string& db_b, double alpha, const ReportOutput& o) {
  auto sa = open_store(g.db, store::ResultStore::Mode::ReadOnly);
  auto sb_owned = db_b.empty() ? nullptr : open_store(db_b, store::ResultStore::Mode::ReadOnly);
  const store::ResultStore& sb = sb_owned ? *sb_owned : *sa;
  store::RunInfo a = require_run(*sa, a_arg), b = require_run(sb, b_arg);
  auto cs = operators::compare_runs(*sa, a.id, sb, b.id, alpha);
  std::vector<std::string> env_diff;
  auto ea = sa->environment(a.environment_id), eb = sb.environment(b.environment_id);
  if (ea && eb)
    env_diff = env::diff(nlohmann::json::parse(ea->json), nlohmann::json::parse(eb->json));
  if (g.json) {
    if (!o.format.empty())
      throw CliError{kUsage, "compare: --json and --format exclude each other"};
    size_t differ = 0;
    for (const auto& c : cs) differ += c.significant;
    std::cout << nlohmann::json{{"run_a", a.id},         {"run_b", b.id},
                                {"alpha", alpha},        {"comparisons", comparison_json(cs)},
                                {"significant", differ}, {"environment_diff", env_diff}}
                     .dump(2)
              << "\n";
    return kOk;
  }
  report::Document doc;
  doc.title = "A: run " + std::to_string(a.id) + " (" + a.name + ")   B: run " +
              std::to_string(b.id) + " (" + b.name + ")";
  {
    report::LineWriter out(doc);
    out << "\n";
    comparison_report(out, cs, alpha, env_diff);
    load_conditions(out, *sa, a, sb, b);
  }
  write_report(doc, o);
  return kOk;
}

}  // namespace d500::cli
