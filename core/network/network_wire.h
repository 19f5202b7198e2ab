// What an isolated executor's child sends back (network_isolation.cpp): the points, node times
// and micro-batching results it measured, as JSON, every member of each (the parent stores them
// exactly as an in-process run would).
#pragma once

#include <nlohmann/json.hpp>

#include "d500/measure/loop.h"
#include "d500/measure/stats.h"
#include "d500/network/micro_batching.h"
#include "d500/network/network_benchmark.h"

namespace d500::stats {
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE(Summary, n, median, ci_lo, ci_hi, ci_level, ci_valid, q1, q3,
                                   min, max, p90, p99, p999, mean, sd, cv, n_outliers, shapiro_w,
                                   shapiro_p, shapiro_valid)
}  // namespace d500::stats

namespace d500::measure {
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE(TimerInfo, overhead_ns, resolution_ns)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE(SampleContext, minor_faults, major_faults, voluntary_switches,
                                   involuntary_switches)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE(Measurement, samples_ns, contexts, block_size, warmup_calls,
                                   warmup_ns, first_call_ns, stop, error, sampling_seconds,
                                   minor_faults_per_call, major_faults_per_call,
                                   ctx_switches_per_call, timer, summary)
}  // namespace d500::measure

namespace d500::network {
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE(PointResult, executor, description, kind, batch, subject, m,
                                   build_ns, first_call_ns, peak_rss_delta_bytes, memory_method,
                                   executor_peak_bytes, h2d_copies, h2d_bytes, d2h_copies,
                                   d2h_bytes, derived, samples_per_s, samples_per_s_lo,
                                   samples_per_s_hi)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE(NodeTime, executor, group, batch, node, name, op_type, pass,
                                   subject, samples_ns, summary, share)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE(GradientError, parameter, max_abs_error, max_rel_error, passed)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE(MicroBatchResult, k, micro_batch, gradients, max_abs_error,
                                   max_rel_error, tolerance, passed, m, peak_rss_delta_bytes,
                                   memory_method, error)
}  // namespace d500::network
