// MLPerf Training logs as runs (interop.h): the ":::MLLOG {json}" lines that mlperf_logging writes.
#include <algorithm>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>

#include "d500/interop/interop.h"
#include "d500/measure/series_kinds.h"

namespace d500::interop {

using nlohmann::json;

namespace {

struct Log {
  std::vector<json> events;      // in file order
  json config = json::object();  // string- and number-valued keys logged before run_start
  std::string benchmark;
  double start_ms = -1, stop_ms = -1;
  std::string stop_status;
};

Result<Log> read_log(const std::string& path) {
  std::ifstream in(path);
  if (!in) return Error{"cannot read the MLPerf log", path};
  Log log;
  std::string line;
  for (int lineno = 1; std::getline(in, line); ++lineno) {
    const auto at = line.find(":::MLLOG ");
    if (at == std::string::npos) continue;
    json e = json::parse(line.substr(at + 9), nullptr, false);
    if (!e.is_object() || !e.contains("key") || !e["key"].is_string() || !e.contains("time_ms") ||
        !e["time_ms"].is_number())
      return Error{"not an MLLOG event (expected {\"key\", \"time_ms\", \"value\", ...})",
                   path + ":" + std::to_string(lineno)};
    const std::string key = e["key"];
    const double t = e["time_ms"].get<double>();
    const json meta = e.value("metadata", json::object());
    if (key == "run_start")
      log.start_ms = t;
    else if (key == "run_stop") {
      log.stop_ms = t;
      log.stop_status = meta.is_object() ? meta.value("status", "") : "";
    } else if (key == "submission_benchmark" && e["value"].is_string()) {
      log.benchmark = e["value"];
    }
    if (log.start_ms < 0 && e.contains("value") && !e["value"].is_null())
      log.config[key] = e["value"];
    log.events.push_back(std::move(e));
  }
  if (log.events.empty()) return Error{"no :::MLLOG lines", path};
  if (log.start_ms < 0) return Error{"no run_start event", path};
  return log;
}

// The step of a point: its epoch, else its sample count, else its order.
int64_t step_of(const json& meta, int64_t order) {
  if (meta.is_object()) {
    for (const char* k : {"epoch_num", "samples_count", "step_num", "step"})
      if (meta.contains(k) && meta[k].is_number()) return meta[k].get<int64_t>();
  }
  return order;
}

}  // namespace

Result<MllogImport> import_mllog(store::ResultStore& s, const std::string& path) {
  auto parsed = read_log(path);
  if (!parsed) return parsed.error();
  const Log& log = parsed.value();
  MllogImport out;
  out.benchmark = log.benchmark.empty() ? "mlperf" : log.benchmark;
  out.success = log.stop_ms >= 0 && log.stop_status == "success";
  if (out.success) out.time_to_train_s = (log.stop_ms - log.start_ms) / 1000.0;
  try {
    store::RunInfo r;
    r.name = "MLPerf " + out.benchmark;
    r.level = "training";
    r.launcher = "mllog";
    r.spec_path = path;
    r.spec_json = json{{"d500", 1},
                       {"name", r.name},
                       {"level", "training"},
                       {"mllog", {{"file", path}, {"config", log.config}}}}
                      .dump();
    r.created_at = log.start_ms / 1000.0;
    r.environment_id = s.put_environment(json{{"mllog", log.config}}.dump());
    out.run_id = s.create_run(r);
    s.start_run(out.run_id);
    std::vector<store::SeriesPoint> pts;
    std::map<std::string, int64_t> order;
    for (const auto& e : log.events) {
      if (e.value("event_type", "") != "POINT_IN_TIME" || !e.contains("value") ||
          !e["value"].is_number())
        continue;
      const std::string key = e["key"];
      const double t = e["time_ms"].get<double>();
      if (t < log.start_ms) continue;  // configuration, not a curve
      pts.push_back({0, out.run_id, 0, key,
                     step_of(e.value("metadata", json::object()), order[key]++),
                     (t - log.start_ms) / 1000.0, e["value"].get<double>()});
    }
    pts.push_back({0, out.run_id, 0, series::stored(series::kTimeToAccuracy), 0,
                   std::max(0.0, (log.stop_ms - log.start_ms) / 1000.0), out.time_to_train_s});
    s.add_series(pts);
    out.points = static_cast<int64_t>(pts.size()) - 1;
    if (out.success) {
      store::MeasurementRow m;
      m.run_id = out.run_id;
      m.subject = "time-to-train (MLPerf)";
      m.implementation = "mllog";
      m.n = 1;
      m.median = m.min = m.max = out.time_to_train_s * 1e9;
      m.stop_reason = "from the log's run_start and run_stop";
      const double ns = m.median;
      s.add_measurement(m, std::span<const double>(&ns, 1));
    }
    s.add_log(out.run_id, "info", "imported from the MLPerf log " + path);
    s.finish_run(out.run_id, out.success ? store::RunStatus::Succeeded : store::RunStatus::Failed,
                 out.success ? 0 : 1,
                 out.success ? "MLPerf time-to-train " + std::to_string(out.time_to_train_s) + " s"
                 : log.stop_ms < 0 ? "the log has no run_stop"
                                   : "MLPerf run_stop status: " + log.stop_status);
  } catch (const D500Error& e) {
    return e.error();
  }
  return out;
}

}  // namespace d500::interop
