#include "d500/run/model_validation_run.h"

#include <cmath>
#include <cstdio>
#include <filesystem>

#include "d500/env/environment.h"
#include "d500/run/run.h"

namespace d500::run {

namespace {

std::string g3(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.3g", v);
  return buf;
}

store::ValidationRow row_of(const std::string& subject, const operators::Comparison& c,
                            const operators::Tolerance& tol) {
  store::ValidationRow r;
  r.subject = subject;
  r.metric = "allclose_max_rel";
  r.value = std::isfinite(c.max_rel_error) ? c.max_rel_error : 1e308;
  r.tolerance = tol.rtol;
  r.passed = c.passed;
  r.detail = c.passed ? "max abs err " + g3(c.max_abs_error) : c.message;
  return r;
}

}  // namespace

ModelValidationRecord record_of(const network::ModelValidation& r,
                                const network::AssemblyPolicy& policy,
                                const operators::Tolerance& tol) {
  ModelValidationRecord out;
  out.name = "validate-model " + r.test;
  for (const auto& c : r.checks)
    out.rows.push_back(row_of(r.test + ":" + c.data_set + ":" + c.output, c.comparison, tol));
  out.spec = {{"d500", 1},        {"level", "model-validation"},
              {"model", r.model}, {"policy", policy.to_string()},
              {"rtol", tol.rtol}, {"atol", tol.atol}};
  out.passed = r.outcome == network::ModelOutcome::Passed;
  out.reason = r.reason;
  return out;
}

ModelValidationRecord record_of(const network::ExecutorComparison& c, const std::string& model,
                                const std::string& a, const std::string& b, uint64_t seed,
                                const operators::Tolerance& tol) {
  ModelValidationRecord out;
  out.name = "validate-model " + std::filesystem::path(model).filename().string() + " A/B";
  for (const auto& d : c.outputs)
    out.rows.push_back(row_of("output:" + d.value, d.comparison, tol));
  for (const auto& d : c.gradients)
    out.rows.push_back(row_of("gradient:" + d.value, d.comparison, tol));
  out.spec = {{"d500", 1},        {"level", "model-validation"},
              {"model", model},   {"a", a},
              {"b", b},           {"seed", seed},
              {"rtol", tol.rtol}, {"atol", tol.atol}};
  out.passed = c.passed();
  out.reason = out.passed ? "" : "differs from B; first at " + c.first_diverging_node;
  return out;
}

int64_t store_model_validation(store::ResultStore& st, const plugin::PluginManager& pm,
                               const ModelValidationRecord& record) {
  env::CaptureOptions copt;
  for (const auto& rec : pm.plugins())
    if (rec.state == plugin::PluginState::Loaded)
      copt.plugins.push_back({rec.name, rec.version, rec.wraps});
  store::RunInfo run;
  run.name = record.name;
  run.level = "model-validation";
  run.spec_json = record.spec.dump();
  run.spec_hash = store::sha256_hex(run.spec_json);
  run.spec_path = record.spec.value("model", "");
  run.launcher = "local";
  run.environment_id = st.put_environment(env::capture(copt).dump());
  run.id = st.create_run(run);
  st.start_run(run.id);
  for (auto row : record.rows) {
    row.run_id = run.id;
    st.add_validation(row);
  }
  st.finish_run(run.id, record.passed ? store::RunStatus::Succeeded : store::RunStatus::Failed,
                record.passed ? kOk : kRunFailed, record.reason);
  return run.id;
}

}  // namespace d500::run
