// Level 1 network benchmarks (issue 4): inference latency at batch 1 with percentiles, throughput
// over a batch-size sweep, forward+backward time per batch size, per-node times from the
// executor's node events (so the slowest layers are named), the first call of a fresh executor
// apart from the steady state, and the process's peak memory around that first call. Every
// number comes from the measurement loop (measure/loop.h): warm-up, adaptive repetitions, the CI
// of the median; the executors of one point are measured interleaved in a seeded order.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "d500/measure/loop.h"
#include "d500/network/executor.h"
#include "d500/store/result_store.h"

namespace d500::network {

// A fresh executor built for `batch` (the first dimension of every fed input), with gradient
// buffers when `gradients` (forward+backward) and without for inference; throws D500Error naming
// the executor and what is wrong.
using ExecutorFactory =
    std::function<std::unique_ptr<NetworkExecutor>(int64_t batch, bool gradients)>;

struct ExecutorUnderTest {
  std::string name;  // as the experiment names it ("reference", "torch"); stored as implementation
  ExecutorFactory make;
};

struct NetworkBenchmarkOptions {
  std::vector<int64_t> batch_sizes = {1};  // throughput and forward+backward points
  bool latency = true;                     // forward at batch 1, with p50/p90/p99
  bool throughput = true;                  // forward at each batch size
  bool training = true;                    // forward+backward at each batch size
  bool per_node = true;                    // node times: of the latency pass and the training
                                           // pass at the largest batch
  std::string loss;                        // a scalar graph output; "" = sum of every output
  measure::Policy policy;
  // p99 of fewer samples is the maximum: the latency point takes at least this many.
  int64_t latency_min_samples = 100;
  uint64_t seed = 0;  // inputs and the order of points and executors
};

// One executor at one point.
struct PointResult {
  std::string executor;     // ExecutorUnderTest::name
  std::string description;  // NetworkExecutor::description(), "" when it was not built
  std::string kind;         // "latency", "throughput", "fwd+bwd"
  int64_t batch = 0;
  std::string subject;       // "latency b=1", "throughput b=64", "fwd+bwd b=64"
  measure::Measurement m;    // time per call (one pass over a batch); m.error when it failed
  double build_ns = 0;       // building the executor
  double first_call_ns = 0;  // the very first pass of the fresh executor (lazy initialisation)
  // Growth of the process's peak resident set over building the executor and its first pass;
  // -1 when the platform cannot tell.
  int64_t peak_rss_delta_bytes = -1;
  std::string memory_method;  // how peak_rss_delta_bytes was obtained
  // The executor's own account of its peak (NetworkExecutor::memory(), e.g. device memory); -1
  // when it cannot tell.
  int64_t executor_peak_bytes = -1;
  // Copies between the host and a device in one pass of the steady state (the pass after the
  // first), for an assembled executor with nodes on a device (issue #8); -1 otherwise.
  int64_t h2d_copies = -1, h2d_bytes = -1, d2h_copies = -1, d2h_bytes = -1;
  bool derived = false;  // throughput b=1 taken from the latency measurement (not re-measured)
  // samples/s from the median time per batch and its CI (rates are work over time).
  double samples_per_s = 0, samples_per_s_lo = 0, samples_per_s_hi = 0;
};

// The time of one node in one pass, over the calls of a per-node measurement.
struct NodeTime {
  std::string executor;
  std::string group;  // the pass measured: "fwd b=1", "fwd+bwd b=64"
  int64_t batch = 0;
  size_t node = 0;  // index into the graph's nodes, or NetworkExecutor::kWholePass
  std::string name, op_type;
  Pass pass = Pass::Forward;
  std::string subject;             // "node conv1 (Conv) fwd b=1", "node conv1 (Conv) bwd b=64"
  std::vector<double> samples_ns;  // one per call
  stats::Summary summary;
  double share = 0;  // median / sum of the medians of every node of the group
};

struct NetworkBenchmarkResult {
  std::vector<PointResult> points;
  std::vector<NodeTime> nodes;
  std::vector<std::string> errors;  // one line per failed point
  bool cancelled = false;
};

struct BenchmarkCallbacks {
  // After each measured point (and its node times) with how many of `total` are done.
  std::function<void(size_t done, size_t total, const std::string& subject)> progress;
  // Each point as soon as it is measured, with its node times (a store writes them here, so a
  // run killed later keeps what was measured).
  std::function<void(const std::vector<PointResult>&, const std::vector<NodeTime>&)> on_point;
  const std::atomic<bool>* cancel = nullptr;
};

// The points run_network_benchmark measures for `options` (its progress total).
size_t count_points(const NetworkBenchmarkOptions& options);

// Measures every point of `options` on every executor. A failing executor (its build, a pass)
// is recorded as that point's error and the rest goes on.
NetworkBenchmarkResult run_network_benchmark(const std::vector<ExecutorUnderTest>& executors,
                                             const NetworkBenchmarkOptions& options,
                                             const BenchmarkCallbacks& callbacks = {});

// The `k` slowest nodes of one executor's group by median, slowest first.
std::vector<NodeTime> slowest_nodes(std::span<const NodeTime> nodes, const std::string& executor,
                                    const std::string& group, size_t k = 5);

// Writes points and node times as measurements of `run_id` (time per pass in ns; implementation
// = executor; point = {"kind", "batch", ...}; first_call_ns = the fresh executor's first pass);
// each point's peak memory through add_memory; each executor's description, build time and
// memory method as an info log line.
void store_benchmark_results(store::ResultStore& store, int64_t run_id,
                             const std::vector<PointResult>& points,
                             const std::vector<NodeTime>& nodes, const measure::Policy& policy);

// Peak memory is stored in the run's series (not as a measurement: it is one observation, not a
// time): name "<metric> <of> <executor>", step the batch size (or k for micro-batching),
// value in bytes. <metric> is kRssSeries or kExecutorMemorySeries, <of> the point's kind
// ("latency", "throughput", "fwd+bwd", "micro-batching/B=64"); the executor's name comes last
// and may hold spaces.
inline constexpr const char* kRssSeries = "peak_rss_delta_bytes";
inline constexpr const char* kExecutorMemorySeries = "executor_peak_bytes";
// The copies of a point (PointResult::h2d_copies...) are series of the same form, with these
// metrics and the copies or bytes of one pass as the value.
inline constexpr const char* kTransferSeries[4] = {"h2d_copies_per_pass", "h2d_bytes_per_pass",
                                                   "d2h_copies_per_pass", "d2h_bytes_per_pass"};
void add_memory(store::ResultStore& store, int64_t run_id, const std::string& metric,
                const std::string& of, const std::string& executor, int64_t step, int64_t bytes);

// Seeded values for every input at the executor's shapes: floats uniform in [-1, 1); integers
// (labels) i % C, C the last dimension of the first float output of rank >= 2 (the classes of a
// classifier), else 0.
std::vector<std::pair<std::string, Tensor>> seeded_inputs(const NetworkExecutor& ex, uint64_t seed);
// Sets them.
void fill_inputs(NetworkExecutor& ex, uint64_t seed);

// Peak resident memory of this process around a region (Linux): the peak is reset through
// /proc/self/clear_refs where the kernel allows it, otherwise the delta is of the lifetime peak
// (a lower bound, 0 when the region stays under an earlier peak).
class PeakMemory {
 public:
  PeakMemory();                 // trims the allocator, reads the resident set, resets the peak
  int64_t delta_bytes() const;  // peak since construction - resident set at construction; -1
  const std::string& method() const { return method_; }

 private:
  int64_t base_ = -1;
  std::string method_;
};

}  // namespace d500::network
