// One run's report: its header, then the sections of its level (sections.h), each said once.
#include "d500/run/run_report.h"

#include <nlohmann/json.hpp>

#include "d500/env/machine_load.h"
#include "d500/history/overview.h"
#include "sections.h"

namespace d500::run {

namespace {

using reports::LineWriter;

// (The title is "run N: name (level)".) Status, time, seed and spec, the run it reruns, the machine
// and its load. Every string from the store is escaped by the reporters: names, reasons and paths
// came from users and plugins.
void header(LineWriter& out, const store::ResultStore& s, const store::RunInfo& r) {
  out.field("status", std::string(store::run_status_name(r.status)) +
                          (r.status_reason.empty() ? "" : " — " + r.status_reason));
  out.field("started", report::format_time(r.started_at) + ", took " + run_duration(r));
  out.field("seed", std::to_string(r.seed) + ", spec " + r.spec_hash.substr(0, 12) +
                        (r.spec_path.empty() ? "" : " (" + r.spec_path + ")"));
  if (r.parent_run_id) out.field("rerun of", "run " + std::to_string(r.parent_run_id));
  if (auto env = s.environment(r.environment_id)) {
    auto j = nlohmann::json::parse(env->json, nullptr, false);
    if (j.is_object() && j.contains("cpu") && j["cpu"].is_object())
      out.field("machine", j["cpu"].value("model", "?") + ", " +
                               std::to_string(j["cpu"].value("logical_cpus", 0)) +
                               " CPUs, governor " + j["cpu"].value("governor", "?") +
                               "; environment " + env->hash.substr(0, 12));
  }
  if (auto load = env::stored_load(s, r.id)) out.field("load", load->describe());
}

// The sections of each level, in the order they are read.
void level_sections(LineWriter& out, const store::ResultStore& s, const store::RunInfo& r) {
  if (r.level == "conformance") return reports::conformance_report(out, s, r);
  if (r.level == "network") return reports::network_report(out, s, r);
  if (r.level == "model-validation") return reports::model_validation_report(out, s, r);
  if (r.level == "training") reports::training_report(out, s, r);
  if (r.level == "collective") reports::collective_report(out, s, r);
  if (r.level == "distributed") reports::distributed_report(out, s, r);
  if (r.level == "training" || r.level == "collective" || r.level == "distributed")
    return reports::metrics_report(out, s, r);
  reports::operator_report(out, s, r);
}

}  // namespace

std::string run_duration(const store::RunInfo& r) {
  if (r.started_at <= 0) return "-";
  double end = r.finished_at > 0 ? r.finished_at : r.started_at;
  return report::fixed(end - r.started_at, 1) + " s";
}

report::Document run_report(const store::ResultStore& s, const store::RunInfo& r) {
  report::Document doc;
  doc.title = "run " + std::to_string(r.id) + ": " + r.name + " (" + r.level + ")";
  {
    LineWriter out(doc);
    header(out, s, r);
    level_sections(out, s, r);
  }
  // Where this benchmark's history changed, up to this run (operator and network runs).
  history::changes_section(doc, s, r.id);
  return doc;
}

}  // namespace d500::run
