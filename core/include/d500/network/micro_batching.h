// The micro-batching transformation (the Deep500 paper's level-1 example): a minibatch of B
// samples runs as k micro-batches of B/k on executors built for B/k, their gradients accumulated,
// and the result is checked against the full-batch gradients parameter by parameter; each k's
// step time and peak memory are measured.
//
// Loss convention: the minibatch loss is a mean over its samples. A named loss must be a scalar
// mean over the batch (SoftmaxCrossEntropyLoss with reduction "mean", as the model builder writes
// it); without one, the loss is the sum of every output element divided by the batch size. Then
// with g_j the gradient of micro-batch j's own mean loss, the full-batch gradient is
// (1/k) sum_j g_j: each micro-batch's gradient is accumulated scaled by (B/k)/B = 1/k.
#pragma once

#include <atomic>
#include <cstdint>
#include <string>
#include <vector>

#include "d500/measure/loop.h"
#include "d500/network/network_benchmark.h"
#include "d500/store/result_store.h"

namespace d500::network {

struct MicroBatchOptions {
  int64_t batch = 64;                   // B
  std::vector<int64_t> ks = {1, 2, 4};  // each must divide B
  std::string loss;                     // see the loss convention above
  // Pass/fail bound of each parameter's normwise relative error max|a - e| / max|e|; 0 = 1e-4
  // for float32 (sums in another order), 1e-10 for float64.
  double tolerance = 0;
  // false accumulates the micro-batch gradients unscaled (k times the right one): wrong on
  // purpose, to show that the check catches a wrong accumulation.
  bool scale = true;
  bool measure_time = true;  // time one minibatch step per k with `policy`
  measure::Policy policy;
  uint64_t seed = 0;  // the minibatch's inputs (fill_inputs)
};

struct GradientError {
  std::string parameter;
  double max_abs_error = 0;
  double max_rel_error = 0;  // normwise: max|a - e| / max|e|
  bool passed = false;
};

struct MicroBatchResult {
  int64_t k = 1;
  int64_t micro_batch = 0;                      // B / k
  std::vector<GradientError> gradients;         // one per parameter, in model order
  double max_abs_error = 0, max_rel_error = 0;  // worst over the parameters
  double tolerance = 0;
  bool passed = false;     // every parameter within the tolerance
  measure::Measurement m;  // one minibatch step: k micro-batch passes and the accumulation
  int64_t peak_rss_delta_bytes = -1;  // building the B/k executor and its first step
  std::string memory_method;
  std::string error;  // the executor could not be built or run: nothing else is set
};

// One result per k, in the order of options.ks. Errors (thrown as D500Error): B < 1, a k that
// does not divide B, the full-batch executor failing to build or run. A failure at one k is
// recorded in its result.
std::vector<MicroBatchResult> run_micro_batching(const ExecutorFactory& make,
                                                 const MicroBatchOptions& options,
                                                 const std::atomic<bool>* cancel = nullptr);

// Stores each k as a measurement ("micro-batching k=2 B=64", implementation `executor`, time per
// minibatch step), its peak memory in the series (add_memory: of "micro-batching/B=64", step k),
// and the gradient check as validation rows tied to the time (metric "grad_max_rel", subject
// "... all parameters" overall, then one per parameter).
void store_micro_batching(store::ResultStore& store, int64_t run_id, const std::string& executor,
                          const MicroBatchOptions& options,
                          const std::vector<MicroBatchResult>& results);

}  // namespace d500::network
