#include <cstdio>

#include "d500/run/metrics_of_run.h"
#include "d500/run/run_report.h"
#include "sections.h"

namespace d500::run::reports {

namespace {

const char* better_text(series::Better b) {
  return b == series::Better::Lower ? "lower" : b == series::Better::Higher ? "higher" : "-";
}

std::string with_unit(std::optional<double> v, const std::string& unit) {
  if (!v) return "-";
  const std::string u = training::display_unit(unit);
  char text[32];
  std::snprintf(text, sizeof text, "%.4g", *v);
  return text + (u.empty() ? "" : " " + u);
}

}  // namespace

void metrics_report(LineWriter& out, const store::ResultStore& s, const store::RunInfo& r) {
  const auto all = run::metrics_of_run(s, r.id);
  if (all.empty()) return;
  const std::string replicas = r.level == "training" ? "SEEDS" : "RANKS";
  std::vector<std::vector<std::string>> rows{
      {"METRIC", "BETTER", "LAST EPOCH (MEDIAN)", replicas, "PER STEP (MEDIAN)", "POINTS", "FROM"}};
  for (const auto& m : all)
    rows.push_back({m.kind.name, better_text(m.kind.better), with_unit(m.last_epoch, m.kind.unit),
                    std::to_string(m.replicas), with_unit(m.step_median, m.kind.unit),
                    std::to_string(m.step_points), m.kind.origin});
  out.heading("metrics");
  out.table(rows);
}

}  // namespace d500::run::reports

namespace d500::run {

nlohmann::json metrics_json(const store::ResultStore& s, const store::RunInfo& r) {
  nlohmann::json out = nlohmann::json::array();
  for (const auto& m : run::metrics_of_run(s, r.id)) {
    nlohmann::json j = training::metric_kinds_json({&m.kind}).front();
    j["replicas"] = m.replicas;
    j["last_epoch"] = m.last_epoch ? nlohmann::json(*m.last_epoch) : nlohmann::json();
    j["step_points"] = m.step_points;
    j["step_median"] = m.step_median ? nlohmann::json(*m.step_median) : nlohmann::json();
    out.push_back(std::move(j));
  }
  return out;
}

}  // namespace d500::run
