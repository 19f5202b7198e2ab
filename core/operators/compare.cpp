#include "d500/operators/compare.h"

#include <map>
#include <nlohmann/json.hpp>

namespace d500::operators {

namespace {

Comparison make(const store::ResultStore& sa, const store::MeasurementRow& a,
                const store::ResultStore& sb, const store::MeasurementRow& b, double alpha) {
  Comparison c;
  c.point_json = a.point_json;
  c.subject = a.subject;
  c.a_impl = a.implementation;
  c.b_impl = b.implementation;
  c.a_median_ns = a.median;
  c.b_median_ns = b.median;
  c.a_ci_lo = a.ci_lo;
  c.a_ci_hi = a.ci_hi;
  c.b_ci_lo = b.ci_lo;
  c.b_ci_hi = b.ci_hi;
  c.a_n = a.n;
  c.b_n = b.n;
  c.speedup = b.median > 0 ? a.median / b.median : 0;
  c.ci_overlap = !(a.ci_hi < b.ci_lo || b.ci_hi < a.ci_lo);
  std::vector<double> xa = sa.samples(a.id), xb = sb.samples(b.id);
  if (!xa.empty() && !xb.empty()) {
    c.test = stats::mann_whitney(xa, xb);
    c.significant = c.test.p_value < alpha;
  }
  return c;
}

bool usable(const store::MeasurementRow& m) {
  return m.error.empty() && m.n > 0;
}

}  // namespace

std::string point_identity(const std::string& point_json) {
  auto j = nlohmann::json::parse(point_json.empty() ? "{}" : point_json, nullptr, false);
  if (j.is_discarded()) return point_json;
  if (j.is_object()) j.erase("seeds");
  return j.dump();
}

std::vector<Comparison> compare_to_baseline(const store::ResultStore& s, int64_t run_id,
                                            const std::string& baseline, double alpha) {
  auto ms = s.measurements(run_id);
  std::map<std::string, const store::MeasurementRow*> base;
  for (const auto& m : ms)
    if (m.implementation == baseline && usable(m)) base[point_identity(m.point_json)] = &m;
  std::vector<Comparison> out;
  for (const auto& m : ms) {
    if (m.implementation == baseline || !usable(m)) continue;
    auto it = base.find(point_identity(m.point_json));
    if (it != base.end()) out.push_back(make(s, *it->second, s, m, alpha));
  }
  return out;
}

std::vector<Comparison> compare_runs(const store::ResultStore& sa, int64_t run_a,
                                     const store::ResultStore& sb, int64_t run_b, double alpha) {
  std::map<std::pair<std::string, std::string>, store::MeasurementRow> in_b;
  for (const auto& m : sb.measurements(run_b))
    if (usable(m)) in_b[{point_identity(m.point_json), m.implementation}] = m;
  std::vector<Comparison> out;
  for (const auto& m : sa.measurements(run_a)) {
    if (!usable(m)) continue;
    auto it = in_b.find({point_identity(m.point_json), m.implementation});
    if (it != in_b.end()) out.push_back(make(sa, m, sb, it->second, alpha));
  }
  return out;
}

std::string verdict(const Comparison& c) {
  if (!c.significant) return "same";
  return c.b_median_ns < c.a_median_ns ? "faster" : "slower";
}

}  // namespace d500::operators
