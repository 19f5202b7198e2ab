#include "run_json.h"

namespace d500::cli {

using nlohmann::json;

json run_to_json(const store::RunInfo& r) {
  return {{"id", r.id},
          {"name", r.name},
          {"level", r.level},
          {"status", std::string(store::run_status_name(r.status))},
          {"status_reason", r.status_reason},
          {"exit_code", r.exit_code},
          {"created_at", r.created_at},
          {"started_at", r.started_at},
          {"finished_at", r.finished_at},
          {"seed", r.seed},
          {"launcher", r.launcher},
          {"spec_hash", r.spec_hash},
          {"spec_path", r.spec_path},
          {"environment_id", r.environment_id},
          {"parent_run_id", r.parent_run_id},
          {"host", r.host},
          {"pid", r.pid}};
}

json measurement_to_json(const store::MeasurementRow& m) {
  json j{{"id", m.id},
         {"subject", m.subject},
         {"implementation", m.implementation},
         {"point", json::parse(m.point_json.empty() ? "{}" : m.point_json, nullptr, false)},
         {"rank", m.rank},
         {"unit", m.unit},
         {"stop_reason", m.stop_reason},
         {"error", m.error},
         {"kernel", m.kernel},
         {"n", m.n},
         {"median", m.median},
         {"ci_lo", m.ci_lo},
         {"ci_hi", m.ci_hi},
         {"ci_level", m.ci_level},
         {"ci_valid", m.ci_valid},
         {"q1", m.q1},
         {"q3", m.q3},
         {"min", m.min},
         {"max", m.max},
         {"p90", m.p90},
         {"p99", m.p99},
         {"p999", m.p999},
         {"mean", m.mean},
         {"sd", m.sd},
         {"cv", m.cv},
         {"n_outliers", m.n_outliers},
         {"shapiro_w", m.shapiro_w},
         {"shapiro_p", m.shapiro_p},
         {"block_size", m.block_size},
         {"warmup_calls", m.warmup_calls},
         {"warmup_ns", m.warmup_ns},
         {"first_call_ns", m.first_call_ns},
         {"timer_overhead_ns", m.timer_overhead_ns},
         {"timer_resolution_ns", m.timer_resolution_ns},
         {"minor_faults_per_call", m.minor_faults_per_call},
         {"major_faults_per_call", m.major_faults_per_call},
         {"ctx_switches_per_call", m.ctx_switches_per_call},
         {"flops", m.flops},
         {"bytes", m.bytes},
         {"gflops", m.flops > 0 && m.median > 0 ? m.flops / m.median : 0.0}};
  return j;
}

json run_report_json(const store::ResultStore& s, const store::RunInfo& r, bool samples) {
  json j = run_to_json(r);
  j["experiment"] = json::parse(r.spec_json.empty() ? "null" : r.spec_json, nullptr, false);
  if (auto env = s.environment(r.environment_id)) {
    j["environment"] = json::parse(env->json, nullptr, false);
    j["environment_hash"] = env->hash;
  }
  json ms = json::array();
  for (const auto& m : s.measurements(r.id)) {
    json mj = measurement_to_json(m);
    if (samples) mj["samples_ns"] = s.samples(m.id);
    ms.push_back(mj);
  }
  j["measurements"] = ms;
  return j;
}

}  // namespace d500::cli
