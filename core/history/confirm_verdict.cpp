// The verdict of rerun-to-confirm: the reruns of the run before a change (A) and after it (B),
// in randomized blocks, compared benchmark by benchmark. The samples of one run share the
// machine's state, so the blocks are the unit of the test: an exact sign test over the blocks'
// B/A ratios, beside Mann-Whitney on the pooled samples; both must agree for a verdict.
#include <algorithm>
#include <cmath>
#include <map>
#include <random>

#include "d500/error.h"
#include "d500/history/confirmation.h"
#include "d500/measure/stats.h"
#include "d500/report/format.h"

namespace d500::history {

namespace {

using Samples = std::vector<double>;
using Key = std::pair<std::string, std::string>;  // subject, implementation

std::map<Key, const store::MeasurementRow*> by_key(const std::vector<store::MeasurementRow>& ms) {
  std::map<Key, const store::MeasurementRow*> out;
  for (const auto& m : ms)
    if (m.error.empty() && m.n > 0) out[{m.subject, m.implementation}] = &m;
  return out;
}

// The samples of benchmark `k` in each of `runs`, one vector per run.
std::vector<Samples> samples_of(const store::ResultStore& s, const std::vector<int64_t>& runs,
                                const Key& k) {
  std::vector<Samples> out;
  for (int64_t id : runs) {
    if (!s.run(id)) throw D500Error("rerun " + std::to_string(id) + " is not in " + s.path());
    Samples x;
    for (const auto& m : s.measurements(id))
      if (m.subject == k.first && m.implementation == k.second && m.error.empty()) {
        x = s.samples(m.id);
        break;
      }
    out.push_back(std::move(x));
  }
  return out;
}

// P(X >= k) for X ~ Binomial(n, 1/2): the one-sided sign test.
double sign_test(int k, int n) {
  double p = 0;
  for (int i = k; i <= n; ++i)
    p += std::exp(std::lgamma(n + 1.0) - std::lgamma(i + 1.0) - std::lgamma(n - i + 1.0) -
                  n * std::log(2.0));
  return std::min(1.0, p);
}

Samples pooled(const std::vector<Samples>& runs, const std::vector<size_t>& pick) {
  Samples out;
  for (size_t i : pick) out.insert(out.end(), runs[i].begin(), runs[i].end());
  return out;
}

double ratio(const Samples& a, const Samples& b) {
  return stats::median(b) / stats::median(a) - 1;
}

ConfirmationRow judge_one(const store::ResultStore& s, const Confirmation& c, const Key& k,
                          double original, double alpha, std::mt19937_64& rng) {
  const auto a = samples_of(s, c.a_runs, k), b = samples_of(s, c.b_runs, k);
  ConfirmationRow row;
  row.subject = k.first;
  row.implementation = k.second;
  row.original_change = original;
  const size_t blocks = std::min(a.size(), b.size());
  std::vector<size_t> all;
  for (size_t i = 0; i < blocks; ++i)
    if (!a[i].empty() && !b[i].empty()) all.push_back(i);
  if (all.empty()) {
    row.verdict = "not measured";
    return row;
  }
  const Samples pa = pooled(a, all), pb = pooled(b, all);
  row.change = ratio(pa, pb);
  row.p_value = stats::mann_whitney(pa, pb).p_value;
  int up = 0, down = 0;
  for (size_t i : all) (ratio(a[i], b[i]) > 0 ? up : down) += 1;
  const int n = static_cast<int>(all.size());
  const bool slower = original >= 0;
  row.blocks_agreeing = slower ? up : down;
  row.block_p = sign_test(row.blocks_agreeing, n);
  std::vector<double> boot;
  std::uniform_int_distribution<size_t> pick(0, all.size() - 1);
  for (int r = 0; r < 1000; ++r) {
    std::vector<size_t> sample;
    for (size_t i = 0; i < all.size(); ++i) sample.push_back(all[pick(rng)]);
    boot.push_back(ratio(pooled(a, sample), pooled(b, sample)));
  }
  std::sort(boot.begin(), boot.end());
  row.ci_lo = stats::quantile_sorted(boot, 0.025);
  row.ci_hi = stats::quantile_sorted(boot, 0.975);
  const bool mw = row.p_value <= alpha;
  if (mw && row.block_p <= alpha && (row.change > 0) == slower)
    row.verdict = "confirmed";
  else if (mw && sign_test(n - row.blocks_agreeing, n) <= alpha && (row.change > 0) != slower)
    row.verdict = "reversed";
  else
    row.verdict = "not reproduced";
  return row;
}

}  // namespace

int min_blocks(double alpha) {
  int n = 1;
  while (std::pow(0.5, n) > alpha && n < 64) ++n;
  return n;
}

void judge_reruns(const store::ResultStore& s, Confirmation& c, double alpha, uint64_t seed) {
  std::mt19937_64 rng(seed);
  const auto before = s.measurements(c.before_run), after = s.measurements(c.after_run);
  const auto b_by = by_key(after);
  c.rows.clear();
  for (const auto& [k, m] : by_key(before)) {
    const auto it = b_by.find(k);
    if (it == b_by.end()) continue;
    ConfirmationRow row = judge_one(s, c, k, it->second->median / m->median - 1, alpha, rng);
    row.point = m->point_json;
    c.rows.push_back(std::move(row));
  }
}

report::Document confirmation_report(const Confirmation& c) {
  report::Document doc;
  doc.title = "d500 confirm: the change between run " + std::to_string(c.before_run) + " and run " +
              std::to_string(c.after_run);
  report::Rows rows{{"BENCHMARK", "IMPLEMENTATION", "STORED CHANGE", "RERUN CHANGE", "95% CI",
                     "BLOCKS AGREEING", "P (BLOCKS)", "P (SAMPLES)", "VERDICT"}};
  char pb[32], ps[32];
  for (const auto& r : c.rows) {
    std::snprintf(pb, sizeof pb, "%.3g", r.block_p);
    std::snprintf(ps, sizeof ps, "%.3g", r.p_value);
    rows.push_back(
        {r.subject, r.implementation, report::signed_percent(r.original_change),
         report::signed_percent(r.change),
         "[" + report::signed_percent(r.ci_lo) + ", " + report::signed_percent(r.ci_hi) + "]",
         std::to_string(r.blocks_agreeing) + "/" + std::to_string(c.blocks), pb, ps, r.verdict});
  }
  doc.table(rows);
  doc.line(std::to_string(c.blocks) + " randomized blocks on " + c.machine + ", in the order " +
           c.order + " (A = run " + std::to_string(c.before_run) + "'s experiment, B = run " +
           std::to_string(c.after_run) + "'s)");
  doc.line(
      "\"not reproduced\": the change did not repeat with both experiments on one machine; "
      "the environment across it (`d500 history`) or noise made it");
  return doc;
}

}  // namespace d500::history
