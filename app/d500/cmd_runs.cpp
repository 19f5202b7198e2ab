// `d500 runs` and `d500 show RUN`: read-only views of the store.
#include <algorithm>
#include <cstdio>
#include <iostream>
#include <map>

#include "commands.h"
#include "d500/spec/experiment.h"
#include "run_json.h"

namespace d500::cli {

namespace {

std::string fixed(double v, int digits) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.*f", digits, v);
  return buf;
}

std::string duration_of(const store::RunInfo& r) {
  if (r.started_at <= 0) return "-";
  double end = r.finished_at > 0 ? r.finished_at : r.started_at;
  return fixed(end - r.started_at, 1) + " s";
}

}  // namespace

int cmd_runs(const GlobalOptions& g) {
  auto s = open_store(g.db, store::ResultStore::Mode::ReadOnly);
  auto runs = s->runs();
  if (g.json) {
    nlohmann::json out = nlohmann::json::array();
    for (const auto& r : runs) out.push_back(run_to_json(r));
    std::cout << out.dump(2) << "\n";
    return kOk;
  }
  if (runs.empty()) {
    std::cout << "no runs in " << g.db << "\n";
    return kOk;
  }
  std::vector<std::vector<std::string>> rows{{"ID", "STATUS", "LEVEL", "NAME", "STARTED", "DURATION", "RERUN OF"}};
  for (const auto& r : runs)
    rows.push_back({std::to_string(r.id), std::string(store::run_status_name(r.status)), r.level,
                    r.name, format_time(r.started_at), duration_of(r),
                    r.parent_run_id ? std::to_string(r.parent_run_id) : "-"});
  print_table(rows);
  return kOk;
}

// Measurements in the order of the experiment's sweep (they are stored in the shuffled order in
// which they ran), then by implementation.
void sort_by_sweep(const store::RunInfo& r, std::vector<store::MeasurementRow>& ms) {
  auto spec = spec::parse_experiment(nlohmann::json::parse(r.spec_json, nullptr, false), "");
  if (!spec) return;
  std::map<std::string, size_t> index;
  auto points = spec.value().points();
  for (size_t i = 0; i < points.size(); ++i) index[points[i].to_json().dump()] = i;
  auto key = [&](const store::MeasurementRow& m) {
    auto it = index.find(nlohmann::json::parse(m.point_json, nullptr, false).dump());
    return std::make_pair(it == index.end() ? points.size() : it->second, m.implementation);
  };
  std::stable_sort(ms.begin(), ms.end(),
                   [&](const auto& a, const auto& b) { return key(a) < key(b); });
}

int cmd_show(const GlobalOptions& g, const std::string& run_arg) {
  auto s = open_store(g.db, store::ResultStore::Mode::ReadOnly);
  store::RunInfo r = require_run(*s, run_arg);
  auto ms = s->measurements(r.id);
  sort_by_sweep(r, ms);
  if (g.json) {
    std::cout << run_report_json(*s, r, false).dump(2) << "\n";
    return kOk;
  }
  std::cout << "run " << r.id << ": " << r.name << " (" << r.level << ")\n"
            << "  status    " << store::run_status_name(r.status)
            << (r.status_reason.empty() ? "" : " — " + r.status_reason) << "\n"
            << "  started   " << format_time(r.started_at) << ", took " << duration_of(r) << "\n"
            << "  seed      " << r.seed << ", spec " << r.spec_hash.substr(0, 12)
            << (r.spec_path.empty() ? "" : " (" + r.spec_path + ")") << "\n";
  if (r.parent_run_id) std::cout << "  rerun of  run " << r.parent_run_id << "\n";
  if (auto env = s->environment(r.environment_id)) {
    auto j = nlohmann::json::parse(env->json, nullptr, false);
    if (j.is_object())
      std::cout << "  machine   " << j["cpu"].value("model", "?") << ", "
                << j["cpu"].value("logical_cpus", 0) << " CPUs, governor "
                << j["cpu"].value("governor", "?") << "; environment " << env->hash.substr(0, 12)
                << "\n";
  }
  if (!ms.empty()) {
    std::string level = ms.front().ci_level > 0 ? fixed(100 * ms.front().ci_level, 0) : "95";
    std::vector<std::vector<std::string>> rows{
        {"POINT", "IMPLEMENTATION", "N", "MEDIAN", level + "% CI", "±%", "STOP", "GFLOP/s", "OUTLIERS"}};
    for (const auto& m : ms) {
      if (!m.error.empty()) {
        rows.push_back({m.subject, m.implementation, "0", "-", "-", "-", "error", "-", "-"});
        continue;
      }
      double half = std::max(m.median - m.ci_lo, m.ci_hi - m.median);
      rows.push_back({m.subject, m.implementation, std::to_string(m.n), format_duration_ns(m.median),
                      m.ci_valid ? "[" + format_duration_ns(m.ci_lo) + ", " + format_duration_ns(m.ci_hi) + "]"
                                 : "n too small",
                      m.ci_valid && m.median > 0 ? fixed(100 * half / m.median, 1) : "-",
                      m.stop_reason,
                      m.flops > 0 && m.median > 0 ? fixed(m.flops / m.median, 2) : "-",
                      std::to_string(m.n_outliers)});
    }
    std::cout << "\n";
    print_table(rows);
  } else {
    std::cout << "\n(no measurements)\n";
  }
  for (const auto& m : ms)
    if (!m.error.empty()) std::cout << "\nerror: " << m.subject << " [" << m.implementation << "]: " << m.error;
  std::cout << "\n";
  return kOk;
}

}  // namespace d500::cli
