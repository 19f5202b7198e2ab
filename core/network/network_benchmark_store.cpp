// The network benchmark's helpers: storing results, seeded inputs, peak memory.
#include <malloc.h>

#include <chrono>
#include <cstdio>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>

#include "d500/measure/tail.h"
#include "d500/network/network_benchmark.h"
#include "d500/operators/operator_benchmark.h"
#include "d500/spec/experiment.h"

namespace d500::network {

namespace {

using nlohmann::json;

// A field of /proc/self/status in bytes ("VmRSS", "VmHWM"); -1 when unreadable.
int64_t status_kb_field(const std::string& key) {
  std::ifstream in("/proc/self/status");
  std::string line;
  while (std::getline(in, line))
    if (line.rfind(key + ":", 0) == 0) return std::stoll(line.substr(key.size() + 1)) * 1024;
  return -1;
}

}  // namespace

void add_memory(store::ResultStore& store, int64_t run_id, const std::string& metric,
                const std::string& of, const std::string& executor, int64_t step, int64_t bytes) {
  store::SeriesPoint p;
  p.run_id = run_id;
  p.name = metric + " " + of + " " + executor;
  p.step = step;
  p.value = static_cast<double>(bytes);
  if (auto run = store.run(run_id); run && run->started_at > 0)
    p.wall_time =
        std::chrono::duration<double>(std::chrono::system_clock::now().time_since_epoch()).count() -
        run->started_at;
  store.add_series(std::span<const store::SeriesPoint>(&p, 1));
}

PeakMemory::PeakMemory() {
  // Memory freed by what ran before goes back to the system first, or the allocator would hand
  // it out again unseen.
  malloc_trim(0);
  base_ = status_kb_field("VmRSS");
  std::ofstream clear("/proc/self/clear_refs");
  clear << "5";  // resets VmHWM to the current resident set (Linux >= 4.0)
  clear.flush();
  // Reset, the peak is the resident set now (the first reads of /proc page in some code: the
  // resident set may have grown a little since base_).
  const int64_t now = status_kb_field("VmRSS");
  const bool reset = clear.good() && status_kb_field("VmHWM") <= now + 64 * 1024;
  method_ = reset ? "process peak RSS (VmHWM, reset via /proc/self/clear_refs) minus RSS before"
                  : "process lifetime peak RSS (VmHWM) minus RSS before: a lower bound";
}

int64_t PeakMemory::delta_bytes() const {
  const int64_t peak = status_kb_field("VmHWM");
  if (base_ < 0 || peak < 0) return -1;
  return std::max<int64_t>(0, peak - base_);
}

std::vector<std::pair<std::string, Tensor>> seeded_inputs(const NetworkExecutor& ex,
                                                          uint64_t seed) {
  int64_t classes = 0;
  for (const auto& name : ex.output_names()) {
    TensorSpec s = ex.output_spec(name);
    if ((s.dtype == DType::Float32 || s.dtype == DType::Float64) && s.shape.size() >= 2) {
      classes = s.shape.back();
      break;
    }
  }
  std::vector<std::pair<std::string, Tensor>> out;
  const auto& names = ex.input_names();
  for (size_t i = 0; i < names.size(); ++i) {
    TensorSpec s = ex.input_spec(names[i]);
    Tensor t(s.dtype, s.shape);
    if (s.dtype == DType::Float32 || s.dtype == DType::Float64)
      fill_uniform(t, seed + i);
    else if (classes > 0)
      for (int64_t j = 0; j < t.numel(); ++j) t.set(j, static_cast<double>(j % classes));
    out.emplace_back(names[i], std::move(t));
  }
  return out;
}

void fill_inputs(NetworkExecutor& ex, uint64_t seed) {
  for (const auto& [name, t] : seeded_inputs(ex, seed)) ex.set_input(name, t);
}

void store_benchmark_results(store::ResultStore& store, int64_t run_id,
                             const std::vector<PointResult>& points,
                             const std::vector<NodeTime>& nodes, const measure::Policy& policy) {
  const std::string policy_json = spec::policy_to_json(policy).dump();
  for (const auto& p : points) {
    store::MeasurementRow row = operators::measurement_row(p.m);
    row.run_id = run_id;
    row.subject = p.subject;
    row.implementation = p.executor;
    json point{{"kind", p.kind}, {"batch", p.batch}};
    if (p.derived) point["from"] = "latency";
    row.point_json = point.dump();
    row.policy_json = policy_json;
    store.add_measurement(row, p.m.samples_ns, measure::context_words(p.m.contexts));
    // Memory once per executor and point measured (not again for the derived row).
    if (p.derived) continue;
    char built[64];
    std::snprintf(built, sizeof built, "%.3f ms", p.build_ns / 1e6);
    if (!p.description.empty())
      store.add_log(run_id, "info",
                    p.executor + " at " + p.subject + ": " + p.description + ", built in " + built +
                        "; memory: " + (p.peak_rss_delta_bytes < 0 ? "unknown" : p.memory_method));
    if (p.peak_rss_delta_bytes >= 0)
      add_memory(store, run_id, kRssSeries, p.kind, p.executor, p.batch, p.peak_rss_delta_bytes);
    if (p.executor_peak_bytes >= 0)
      add_memory(store, run_id, kExecutorMemorySeries, p.kind, p.executor, p.batch,
                 p.executor_peak_bytes);
    if (p.h2d_copies >= 0) {
      const int64_t transfers[4] = {p.h2d_copies, p.h2d_bytes, p.d2h_copies, p.d2h_bytes};
      for (int k = 0; k < 4; ++k)
        add_memory(store, run_id, kTransferSeries[k], p.kind, p.executor, p.batch, transfers[k]);
    }
  }
  for (const auto& t : nodes) {
    measure::Measurement m;
    m.samples_ns = t.samples_ns;
    m.summary = t.summary;
    store::MeasurementRow row = operators::measurement_row(m);
    row.stop_reason = "";  // the pass's measurement decided when to stop
    row.run_id = run_id;
    row.subject = t.subject;
    row.implementation = t.executor;
    row.point_json = json{{"kind", "node"},       {"group", t.group},
                          {"batch", t.batch},     {"node", t.name},
                          {"op_type", t.op_type}, {"pass", t.pass == Pass::Forward ? "fwd" : "bwd"}}
                         .dump();
    row.policy_json = policy_json;
    store.add_measurement(row, t.samples_ns);
  }
}

}  // namespace d500::network
