// The operator level's report (and the ONNX conformance run's): every measurement with its CI,
// validation verdict, speedup against the baseline and place on the roofline.
#include <algorithm>
#include <cstdio>
#include <map>
#include <tuple>

#include "d500/env/machine_load.h"
#include "d500/operators/compare.h"
#include "d500/operators/operator_benchmark.h"
#include "d500/operators/probe.h"
#include "d500/spec/experiment.h"
#include "sections.h"

namespace d500::run::reports {

namespace {

using nlohmann::json;

std::optional<spec::Experiment> experiment_of(const store::RunInfo& r) {
  auto j = json::parse(r.spec_json, nullptr, false);
  if (j.is_discarded()) return std::nullopt;
  auto e = spec::parse_experiment(j, "");
  if (!e) return std::nullopt;
  return std::move(e).value();
}

// Measurements in the order of the experiment's sweep (they are stored in the shuffled order in
// which they ran), then by implementation; a quantity timed beside a measurement (a copy, the
// reorders) right under it.
void sort_by_sweep(const std::optional<spec::Experiment>& e,
                   std::vector<store::MeasurementRow>& ms) {
  if (!e) return;
  std::map<std::string, size_t> index;
  auto points = e->points();
  for (size_t i = 0; i < points.size(); ++i) index[points[i].to_json().dump()] = i;
  auto key = [&](const store::MeasurementRow& m) {
    json p = json::parse(m.point_json, nullptr, false);
    const bool beside = p.is_object() && p.contains("transfer");
    if (beside) p.erase("transfer");
    auto it = index.find(p.dump());
    return std::make_tuple(it == index.end() ? points.size() : it->second, m.implementation,
                           beside);
  };
  std::stable_sort(ms.begin(), ms.end(),
                   [&](const auto& a, const auto& b) { return key(a) < key(b); });
}

// "ok", "FAIL" or "-" per measurement id, and the failed checks' lines.
std::map<int64_t, std::string> validation_verdicts(const std::vector<store::ValidationRow>& vs,
                                                   std::vector<std::string>& failures) {
  // FAIL over ok over skipped: a check that was skipped (stored as passed, with its reason) must
  // not read as validated when nothing else was checked.
  std::map<int64_t, std::string> out;
  for (const auto& v : vs) {
    auto& verdict = out[v.measurement_id];
    const bool skipped = v.detail.rfind("skipped", 0) == 0;
    if (!v.passed) {
      verdict = "FAIL";
      char buf[96];
      std::snprintf(buf, sizeof buf, " = %.3g (tolerance %.3g): ", v.value, v.tolerance);
      failures.push_back(v.subject + " " + v.metric + buf + v.detail);
    } else if (!skipped && verdict != "FAIL") {
      verdict = "ok";
    } else if (skipped && verdict.empty()) {
      verdict = "skipped";
    }
  }
  return out;
}

// The largest forward relative L2 error of each measurement against the reference (what an
// approximate algorithm, Winograd or a low precision, costs in accuracy), as text; "-" when none.
std::map<int64_t, std::string> forward_errors(const std::vector<store::ValidationRow>& vs) {
  std::map<int64_t, double> worst;
  for (const auto& v : vs)
    if (v.metric.rfind("forward_rel_l2", 0) == 0)
      worst[v.measurement_id] = std::max(worst[v.measurement_id], v.value);
  std::map<int64_t, std::string> out;
  for (const auto& [id, e] : worst) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.1e", e);
    out[id] = buf;
  }
  return out;
}

// A copy timed once beside an operator's calls (operators/outcome_store.cpp): an output the
// implementation allocated, copied out for validation ("owned"), or the inputs or outputs copied
// between host and device ("h2d", "d2h"). One sample and no CI: as a row of its own it read like
// a failed measurement (issue 35), so its cost is a column of its operator's row. What is timed
// with every call (reorders) stays a row.
using PointImpl = std::pair<std::string, std::string>;  // point (no "transfer"), implementation

std::map<PointImpl, std::string> take_copies_timed_once(std::vector<store::MeasurementRow>& ms) {
  std::map<PointImpl, std::string> copies;
  std::erase_if(ms, [&](const store::MeasurementRow& m) {
    json p = json::parse(m.point_json, nullptr, false);
    if (m.stop_reason != "once" || !p.is_object() || !p.contains("transfer")) return false;
    const std::string what = p["transfer"].is_string() ? p["transfer"].get<std::string>() : "copy";
    p.erase("transfer");
    std::string& cell = copies[{p.dump(), m.implementation}];
    cell += (cell.empty() ? "" : ", ") + what + " " + format_duration_ns(m.median);
    return true;
  });
  return copies;
}

const char* kCopiedOnceNote =
    "COPIED ONCE: an output the implementation allocated, copied out for validation (owned), or\n"
    "a copy between host and device (h2d, d2h); timed once, beside the calls, not in MEDIAN.";

// "1.23x faster (p<0.001)" against the baseline, "(baseline)", or "-".
std::string versus_baseline(const store::MeasurementRow& m, const std::string& baseline,
                            const std::map<PointImpl, operators::Comparison>& vs_base) {
  if (m.implementation == baseline && vs_base.size()) return "(baseline)";
  auto it = vs_base.find({json::parse(m.point_json, nullptr, false).dump(), m.implementation});
  if (it == vs_base.end()) return "-";
  const auto& c = it->second;
  return fixed(c.speedup, 2) + "x " + operators::verdict(c) + " (p" +
         (c.test.p_value < 0.001 ? std::string("<0.001") : "=" + fixed(c.test.p_value, 3)) + ")";
}

// The comparisons against the experiment's baseline, by point and implementation; `baseline`
// becomes the implementation that served as one ("plugin" in the experiment, "plugin/variant"
// in the measurements).
std::map<PointImpl, operators::Comparison> baseline_comparisons(
    const store::ResultStore& s, const store::RunInfo& r, const std::optional<spec::Experiment>& e,
    const std::vector<store::MeasurementRow>& ms, std::string& baseline) {
  std::map<PointImpl, operators::Comparison> vs_base;
  if (!e) return vs_base;
  for (const auto& m : ms)
    if (m.implementation == e->baseline || m.implementation.rfind(e->baseline + "/", 0) == 0) {
      baseline = m.implementation;
      break;
    }
  if (e->implementations.size() > 1)
    for (auto& c : operators::compare_to_baseline(s, r.id, baseline))
      vs_base[{json::parse(c.point_json, nullptr, false).dump(), c.b_impl}] = c;
  return vs_base;
}

// The operator table: one row per measurement, each with its CI, throughput, place on the
// roofline, verdict against the baseline and validation; failed checks go to `failures`.
void print_measurements(LineWriter& out, const store::ResultStore& s, const store::RunInfo& r,
                        const std::optional<spec::Experiment>& e,
                        const std::optional<operators::Roofline>& roof,
                        std::vector<store::MeasurementRow> ms, std::vector<std::string>& failures) {
  const auto checks = s.validations(r.id);
  auto valid = validation_verdicts(checks, failures);
  auto fwd_err = forward_errors(checks);
  std::string baseline;
  const auto vs_base = baseline_comparisons(s, r, e, ms, baseline);
  const auto copies = take_copies_timed_once(ms);
  std::string level = ms.front().ci_level > 0 ? fixed(100 * ms.front().ci_level, 0) : "95";
  std::vector<std::vector<std::string>> rows{{"POINT", "IMPLEMENTATION", "N", "MEDIAN",
                                              level + "% CI", "±%", "STOP", "GFLOP/s", "ROOF%",
                                              "VS BASELINE", "VALID", "FWD ERR"}};
  // The kernel each implementation reported running, when any did (plugin_report.h).
  const bool kernels =
      std::any_of(ms.begin(), ms.end(), [](const auto& m) { return !m.kernel.empty(); });
  if (kernels) rows.front().push_back("KERNEL");
  if (!copies.empty()) rows.front().push_back("COPIED ONCE");
  auto extra_columns = [&](const store::MeasurementRow& m, std::vector<std::string> row) {
    if (kernels) row.push_back(m.kernel.empty() ? "-" : printable(m.kernel));
    if (!copies.empty()) {
      auto it = copies.find({json::parse(m.point_json, nullptr, false).dump(), m.implementation});
      row.push_back(it == copies.end() ? "-" : it->second);
    }
    return row;
  };
  for (const auto& m : ms) {
    std::string v = valid.count(m.id) ? valid[m.id] : "-";
    const std::string err = fwd_err.count(m.id) ? fwd_err[m.id] : "-";
    if (!m.error.empty()) {
      const std::string stop = operators::is_unsupported_row(m) ? "unsupported" : "error";
      rows.push_back(extra_columns(
          m, {m.subject, m.implementation, "0", "-", "-", "-", stop, "-", "-", "-", v, err}));
      continue;
    }
    double half = std::max(m.median - m.ci_lo, m.ci_hi - m.median);
    double gflops = m.flops > 0 && m.median > 0 ? m.flops / m.median : 0;
    std::string roof_pct = "-";
    if (roof && gflops > 0 && m.bytes > 0)
      roof_pct = fixed(100 * gflops / roof->bound_gflops(m.flops / m.bytes), 1);
    rows.push_back(extra_columns(
        m,
        {m.subject, m.implementation, std::to_string(m.n), format_duration_ns(m.median),
         m.ci_valid ? "[" + format_duration_ns(m.ci_lo) + ", " + format_duration_ns(m.ci_hi) + "]"
                    : "n too small",
         m.ci_valid && m.median > 0 ? fixed(100 * half / m.median, 1) : "-", m.stop_reason,
         gflops > 0 ? fixed(gflops, 2) : "-", roof_pct, versus_baseline(m, baseline, vs_base), v,
         err}));
  }
  out.heading("measurements");
  out.table(rows);
  if (!copies.empty()) out << kCopiedOnceNote << "\n";
}

}  // namespace

// A conformance run: one validation row per ONNX node test; detail starts with the outcome.
void conformance_report(LineWriter& out, const store::ResultStore& s, const store::RunInfo& r) {
  std::map<std::string, int> count;
  std::vector<std::string> bad;
  for (const auto& v : s.validations(r.id)) {
    std::string outcome = v.detail.substr(0, v.detail.find(':'));
    ++count[outcome];
    if (outcome == "failed" || outcome == "error") bad.push_back(v.subject + ": " + v.detail);
  }
  out << "\nONNX node tests: " << count["passed"] << " passed, " << count["failed"] << " failed, "
      << count["unsupported"] << " unsupported, " << count["error"] << " errors\n";
  for (const auto& b : bad) out << "  " << printable(b) << "\n";
}

void operator_report(LineWriter& out, const store::ResultStore& s, const store::RunInfo& r) {
  auto e = experiment_of(r);
  auto ms = s.measurements(r.id);
  sort_by_sweep(e, ms);
  std::optional<operators::Roofline> roof;
  if (auto env = s.environment(r.environment_id)) roof = operators::find_roofline(s, env->json);
  std::vector<std::string> failures;
  if (ms.empty())
    out << "\n(no measurements)\n";
  else
    print_measurements(out, s, r, e, roof, ms, failures);
  if (roof)
    out << "\nroofline: peak " << fixed(roof->peak_gflops, 1) << " GFLOP/s, memory "
        << fixed(roof->bandwidth_gbs, 1) << " GB/s (probe run " << roof->probe_run_id << ")\n";
  else if (r.level == "operator")
    out << "\nroofline: no probe of this machine in the store (run `d500 probe`)\n";
  // A refusal is said as such, with the plugin's reason: the point is not one this
  // implementation offers, which is no failure of the run.
  for (const auto& m : ms)
    if (!m.error.empty())
      out << "\n"
          << (operators::is_unsupported_row(m) ? "unsupported: " : "error: ")
          << printable(m.subject) << " [" << printable(m.implementation)
          << "]: " << printable(m.error);
  for (const auto& f : failures) out << "\nvalidation failed: " << printable(f);
  out << "\n";
}

}  // namespace d500::run::reports
