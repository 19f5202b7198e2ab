#include "d500/operators/probe.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <memory>
#include <nlohmann/json.hpp>

#include "d500/error.h"
#include "d500/operators/operator_benchmark.h"
#include "d500/plugin.h"

namespace d500::operators {

namespace {

class GemmSubject : public measure::Subject {
 public:
  GemmSubject(const plugin::OperatorImpl& impl, int64_t n, uint64_t seed)
      : a_(DType::Float32, {n, n}), b_(DType::Float32, {n, n}), c_(DType::Float32, {n, n}) {
    fill_uniform(a_, seed);
    fill_uniform(b_, seed + 1);
    auto info = plugin::tensor_info(DType::Float32, {n, n});
    inst_ = std::make_unique<plugin::OperatorInstance>(impl, std::vector<plugin::Attribute>{},
                                                       std::vector<d500_tensor_info>{info, info});
    in_ = {a_.dl(), b_.dl()};
    out_ = {c_.dl()};
  }
  void run(uint64_t n) override {
    for (uint64_t i = 0; i < n; ++i) inst_->forward(in_, out_);
  }

 private:
  Tensor a_, b_, c_;
  std::unique_ptr<plugin::OperatorInstance> inst_;
  std::vector<DLTensor> in_, out_;
};

class CopySubject : public measure::Subject {
 public:
  explicit CopySubject(int64_t bytes) : src_(DType::UInt8, {bytes}), dst_(DType::UInt8, {bytes}) {
    std::memset(src_.data(), 1, static_cast<size_t>(bytes));  // touch every page once
  }
  void run(uint64_t n) override {
    for (uint64_t i = 0; i < n; ++i) std::memcpy(dst_.data(), src_.data(), src_.nbytes());
  }

 private:
  Tensor src_, dst_;
};

}  // namespace

double Roofline::bound_gflops(double flops_per_byte) const {
  return std::min(peak_gflops, flops_per_byte * bandwidth_gbs);
}

Roofline run_probe(const plugin::OperatorRegistry& registry, store::ResultStore& store,
                   int64_t run_id, const ProbeOptions& o) {
  std::vector<const plugin::OperatorImpl*> gemms;
  for (const auto* impl : registry.find("Gemm", "", kDLCPU)) gemms.push_back(impl);
  if (gemms.empty())
    throw D500Error("no CPU Gemm implementation is loaded; `d500 plugins` lists what is");
  const measure::TimerInfo timer = measure::calibrate_timer();

  // A quick look at N=256 picks the fastest implementation and sizes the real GEMM.
  measure::Policy quick = o.policy;
  quick.min_samples = 3;
  quick.max_samples = 5;
  quick.max_seconds = 1;
  quick.warmup_calls = 1;
  const plugin::OperatorImpl* best = nullptr;
  double best_gflops = 0;
  for (const auto* impl : gemms) {
    GemmSubject s(*impl, 256, o.seed);
    auto m = measure::measure(s, quick, timer);
    if (m.stop == measure::StopReason::Error || m.summary.median <= 0) continue;
    double gflops = 2.0 * 256 * 256 * 256 / m.summary.median;
    if (gflops > best_gflops) {
      best_gflops = gflops;
      best = impl;
    }
  }
  if (!best) throw D500Error("every Gemm implementation failed at N=256");
  double flops_target = o.target_call_seconds * 1e9 * best_gflops;
  int64_t n = static_cast<int64_t>(std::cbrt(flops_target / 2.0));
  n = std::clamp<int64_t>((n + 63) / 64 * 64, 256, 8192);

  Roofline roof;
  roof.probe_run_id = run_id;
  {
    GemmSubject s(*best, n, o.seed);
    auto m = measure::measure(s, o.policy, timer);
    auto r = measurement_row(m);
    r.run_id = run_id;
    r.subject = "peak_gflops Gemm N=" + std::to_string(n);
    r.implementation = best->id();
    r.point_json = nlohmann::json{{"N", n}}.dump();
    r.flops = 2.0 * n * n * n;
    r.bytes = 3.0 * n * n * 4;
    store.add_measurement(r, m.samples_ns);
    if (!m.error.empty()) throw D500Error("probe GEMM failed: " + m.error);
    roof.peak_gflops = r.flops / m.summary.median;
  }
  {
    CopySubject s(o.copy_bytes);
    auto m = measure::measure(s, o.policy, timer);
    auto r = measurement_row(m);
    r.run_id = run_id;
    r.subject = "memory_bandwidth copy " + std::to_string(o.copy_bytes >> 20) + " MiB";
    r.implementation = "memcpy";
    r.point_json = nlohmann::json{{"bytes", o.copy_bytes}}.dump();
    r.bytes = 2.0 * static_cast<double>(o.copy_bytes);  // read plus write
    store.add_measurement(r, m.samples_ns);
    roof.bandwidth_gbs = r.bytes / m.summary.median;
  }
  return roof;
}

std::optional<Roofline> find_roofline(const store::ResultStore& store,
                                      const std::string& environment_json) {
  auto want = nlohmann::json::parse(environment_json, nullptr, false);
  if (!want.is_object()) return std::nullopt;
  auto runs = store.runs();
  for (auto it = runs.rbegin(); it != runs.rend(); ++it) {
    if (it->level != "probe" || it->status != store::RunStatus::Succeeded) continue;
    auto env = store.environment(it->environment_id);
    if (!env) continue;
    auto got = nlohmann::json::parse(env->json, nullptr, false);
    if (!got.is_object() || got.value("host", "") != want.value("host", "") ||
        got["cpu"].value("model", "") != want["cpu"].value("model", ""))
      continue;
    Roofline roof;
    roof.probe_run_id = it->id;
    for (const auto& m : store.measurements(it->id)) {
      if (m.median <= 0) continue;
      if (m.subject.rfind("peak_gflops", 0) == 0) roof.peak_gflops = m.flops / m.median;
      if (m.subject.rfind("memory_bandwidth", 0) == 0) roof.bandwidth_gbs = m.bytes / m.median;
    }
    if (roof.peak_gflops > 0 && roof.bandwidth_gbs > 0) return roof;
  }
  return std::nullopt;
}

}  // namespace d500::operators
