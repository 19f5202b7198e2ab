#include <map>

#include "d500/measure/series_kinds.h"
#include "d500/measure/stats.h"
#include "d500/training/step_profile.h"
#include "d500/training/time_to_accuracy.h"
#include "sections.h"

namespace d500::run::reports {

namespace {

using Profiles = std::map<std::string, std::vector<double>>;  // phase -> us per step, per seed

// Where a step's time went: each phase's median over the seeds, its share of the loop, and what
// the loop itself adds (the phases that are neither the framework's work nor waiting for data).
void print_step_profile(LineWriter& out, const Profiles& phases) {
  if (phases.empty()) return;
  double total = 0, overhead = 0;
  std::vector<std::pair<int, double>> medians;
  for (int p = 0; p < training::StepProfile::kPhases; ++p) {
    auto it = phases.find(training::StepProfile::name(p));
    if (it == phases.end()) continue;
    const double m = stats::summarize(it->second).median;
    medians.push_back({p, m});
    total += m;
    if (training::StepProfile::is_overhead(p)) overhead += m;
  }
  std::vector<std::vector<std::string>> rows{{"PHASE", "US PER STEP", "SHARE", "KIND"}};
  for (const auto& [p, m] : medians)
    rows.push_back({training::StepProfile::name(p), fixed(m, 1),
                    total > 0 ? fixed(100 * m / total, 1) + "%" : "-",
                    training::StepProfile::is_overhead(p)  ? "loop overhead"
                    : p == training::StepProfile::DataWait ? "waiting for data"
                                                           : "framework / evaluation"});
  out << "\nwhere a step's time goes (median over seeds):\n";
  out.table(rows);
  out << "loop overhead: " << fixed(overhead, 1) << " us per step ("
      << (total > 0 ? fixed(100 * overhead / total, 1) : "0") << "% of the loop)\n";
}

}  // namespace

void training_report(LineWriter& out, const store::ResultStore& s, const store::RunInfo& r) {
  std::map<int64_t, double> tta, final_acc;
  Profiles profile;
  const std::string prefix = training::kStepProfilePrefix;
  int64_t last = 0;
  while (true) {
    auto pts = s.series_after(r.id, last, 100000);
    if (pts.empty()) break;
    for (const auto& p : pts) {
      last = p.id;
      if (series::is(p.name, series::kTimeToAccuracy)) tta[p.step] = p.value;
      if (series::is(p.name, series::kFinalTestAccuracy)) final_acc[p.step] = p.value;
      if (p.name.rfind(prefix, 0) == 0) profile[p.name.substr(prefix.size())].push_back(p.value);
    }
  }
  std::vector<std::vector<std::string>> rows{
      {"SEED", "TIME-TO-ACCURACY", "BEST TEST ACC", "FINAL TEST ACC", "TARGET", "HOW IT STOPPED"}};
  std::vector<double> seconds;
  const auto vals = s.validations(r.id);
  const store::ValidationRow* recipe = nullptr;
  for (const auto& v : vals) {
    if (v.metric == "compliance") {
      recipe = &v;
      continue;
    }
    if (v.metric != series::kTestAccuracy.name) continue;
    const int64_t k = std::stoll(v.subject.substr(v.subject.find(' ') + 1));
    const double t = tta.count(k) ? tta[k] : -1;
    seconds.push_back(t);
    rows.push_back({std::to_string(k), t >= 0 ? fixed(t, 2) + " s" : "not reached",
                    fixed(100 * v.value, 2) + "%",
                    final_acc.count(k) ? fixed(100 * final_acc[k], 2) + "%" : "-",
                    v.tolerance > 0 ? fixed(100 * v.tolerance, 1) + "%" : "-", v.detail});
  }
  out.heading("seeds");
  if (rows.size() == 1) {
    out << "(no seed finished)\n";
    return;
  }
  out.table(rows);
  const auto sum = training::summarize_tta(seconds);
  out << "\ntime-to-accuracy: " << sum.describe() << "\n";
  if (sum.reached > 0)
    out << "  median " << fixed(sum.median, 3) << " s"
        << (sum.ci_valid ? ", 95% CI [" + fixed(sum.ci_lo, 3) + ", " + fixed(sum.ci_hi, 3) + "] s"
                         : ", CI: too few seeds for a 95% interval")
        << "; olympic mean "
        << (sum.olympic_valid ? fixed(sum.olympic_mean, 3) + " s"
                              : "- (needs >= 3 seeds, all reaching)")
        << "; never reached: " << sum.not_reached << "\n";
  print_step_profile(out, profile);
  if (recipe)
    out << "recipe " << printable(recipe->subject.substr(7)) << ": "
        << (recipe->passed ? "COMPLIANT" : "NOT COMPLIANT: " + printable(recipe->detail)) << "\n";
}

}  // namespace d500::run::reports
