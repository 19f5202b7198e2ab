// `d500 compare RUN_A RUN_B`: the same points and implementations in two runs (a run and its
// rerun, or two machines), each with both medians, the ratio and a Mann-Whitney verdict.
#include <iostream>

#include "commands.h"
#include "d500/env/environment.h"
#include "d500/env/machine_load.h"
#include "d500/operators/compare.h"

namespace d500::cli {

namespace {

// The machine's load during each run: identical environments say nothing about another process
// that ran beside one of them.
void print_load_conditions(const store::ResultStore& sa, const store::RunInfo& a,
                           const store::ResultStore& sb, const store::RunInfo& b) {
  auto la = env::stored_load(sa, a.id);
  auto lb = env::stored_load(sb, b.id);
  if (!la && !lb) return;
  std::cout << "\nmachine load:\n"
            << "  A: " << (la ? la->describe() : "not recorded") << "\n"
            << "  B: " << (lb ? lb->describe() : "not recorded") << "\n";
  if (la && lb && la->busy != lb->busy)
    std::cout << "  the runs' conditions differ: " << (la->busy ? "A" : "B")
              << " ran on a busy machine, so its timings may be inflated\n";
  else if (la && lb && la->busy)
    std::cout << "  both runs ran on a busy machine: neither timing is trustworthy\n";
}

}  // namespace

int cmd_compare(const GlobalOptions& g, const std::string& a_arg, const std::string& b_arg,
                const std::string& db_b, double alpha) {
  auto sa = open_store(g.db, store::ResultStore::Mode::ReadOnly);
  auto sb_owned = db_b.empty() ? nullptr : open_store(db_b, store::ResultStore::Mode::ReadOnly);
  const store::ResultStore& sb = sb_owned ? *sb_owned : *sa;
  store::RunInfo a = require_run(*sa, a_arg), b = require_run(sb, b_arg);
  auto cs = operators::compare_runs(*sa, a.id, sb, b.id, alpha);
  size_t differ = 0;
  for (const auto& c : cs) differ += c.significant;

  std::vector<std::string> env_diff;
  auto ea = sa->environment(a.environment_id), eb = sb.environment(b.environment_id);
  if (ea && eb)
    env_diff = env::diff(nlohmann::json::parse(ea->json), nlohmann::json::parse(eb->json));

  if (g.json) {
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
    std::cout << nlohmann::json{{"run_a", a.id},         {"run_b", b.id},
                                {"alpha", alpha},        {"comparisons", rows},
                                {"significant", differ}, {"environment_diff", env_diff}}
                     .dump(2)
              << "\n";
    return kOk;
  }
  std::cout << "A: run " << a.id << " (" << a.name << ")   B: run " << b.id << " (" << b.name
            << ")\n\n";
  if (cs.empty()) {
    std::cout << "the two runs share no (point, implementation) with samples\n";
    return kOk;
  }
  std::vector<std::vector<std::string>> rows{
      {"POINT", "IMPLEMENTATION", "A MEDIAN [CI]", "B MEDIAN [CI]", "A/B", "p", "B IS", ""}};
  for (const auto& c : cs)
    rows.push_back({c.subject, c.a_impl,
                    format_duration_ns(c.a_median_ns) + " [" + format_duration_ns(c.a_ci_lo) +
                        ", " + format_duration_ns(c.a_ci_hi) + "]",
                    format_duration_ns(c.b_median_ns) + " [" + format_duration_ns(c.b_ci_lo) +
                        ", " + format_duration_ns(c.b_ci_hi) + "]",
                    fixed(c.speedup, 3),
                    c.test.p_value < 0.001 ? "<0.001" : fixed(c.test.p_value, 3),
                    operators::verdict(c), c.significant ? "*" : ""});
  print_table(rows);
  std::cout << "\n"
            << differ << " of " << cs.size()
            << " points differ significantly (Mann-Whitney U, two-sided, alpha " << alpha
            << "; * marks them)\n";
  if (!env_diff.empty()) {
    std::cout << "\nenvironment differences:\n";
    for (const auto& d : env_diff) std::cout << "  " << printable(d) << "\n";
  }
  print_load_conditions(*sa, a, sb, b);
  return kOk;
}

}  // namespace d500::cli
