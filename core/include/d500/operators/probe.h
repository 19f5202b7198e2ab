// What this machine can do (measurement.md, "Bounds"): peak GFLOP/s from a large GEMM on the
// fastest Gemm implementation loaded, and memory bandwidth from a large copy. Stored as a run of
// level "probe" so that operator results can be placed on the roofline.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "d500/measure/loop.h"
#include "d500/plugin/operator_registry.h"
#include "d500/store/result_store.h"

namespace d500::operators {

struct Roofline {
  double peak_gflops = 0;    // FLOP per ns
  double bandwidth_gbs = 0;  // bytes per ns
  int64_t probe_run_id = 0;
  // The attainable GFLOP/s at arithmetic intensity `flops_per_byte`.
  double bound_gflops(double flops_per_byte) const;
};

struct ProbeOptions {
  double target_call_seconds = 0.05;  // GEMM size chosen so one call takes about this long
  int64_t copy_bytes = int64_t{256} << 20;
  measure::Policy policy;  // max_seconds and friends for both measurements
  uint64_t seed = 1;
};

// Measures both and writes them into run `run_id` as two measurements ("peak_gflops",
// "memory_bandwidth"). Throws D500Error when no Gemm implementation is loaded.
Roofline run_probe(const plugin::OperatorRegistry& registry, store::ResultStore& store,
                   int64_t run_id, const ProbeOptions& options);

// The latest successful probe run in the store made on the machine described by
// `environment_json` (same host and CPU model); nullopt when there is none.
std::optional<Roofline> find_roofline(const store::ResultStore& store,
                                      const std::string& environment_json);

}  // namespace d500::operators
