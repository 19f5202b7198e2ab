// Level "distributed", the parts beside the training itself:
//   "fault": {"rank": 1, "step": 5, "kind": "nan_loss" | "error" | "crash"}
//       injected on one rank at one step, to try a job's failure handling where it runs (a
//       cluster's launcher, the store's record): nan_loss makes that rank's loss not finite
//       (one parameter becomes NaN), error throws on that rank, crash kills that rank's process
//       (SIGKILL, no word to anyone).
//   "scaling_baseline": true
//       after the job, rank 0 trains alone (a single-rank communicator, the same scheme, network,
//       per-rank batch and number of steps; the other ranks wait without spinning) and the level
//       stores the speedup and efficiency of the N-rank job against that 1-rank base case. Weak
//       scaling: every rank keeps its batch, so N ranks process N x batch samples per step.
//       throughput(N) = N x batch / (per step, the slowest rank's step time) and throughput(1) =
//       batch / (the base case's step time), medians over steps; speedup = throughput(N) /
//       throughput(1), efficiency = speedup / N. Their interval comes from the two medians'
//       97.5% intervals (Bonferroni), so it covers at least 95%.
#pragma once

#include <cstdint>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "d500/distributed/distributed_optimizers.h"
#include "d500/distributed/distributed_spec.h"
#include "d500/training/dataset.h"
#include "d500/training/training_spec.h"
#include "levels.h"

namespace d500::run {

using distributed::FaultSpec;  // $.distributed.fault (distributed_spec.h)
// The event that injects the fault on this rank; nullptr when it is another rank's or none.
// Failure(kBadInput) when the fault names a rank the job does not have.
std::shared_ptr<training::TrainingEvent> make_fault_event(const FaultSpec& f, int rank, int ranks,
                                                          network::NetworkExecutor& ex);

struct ScalingJob {
  network::NetworkExecutor* ex = nullptr;
  training::Optimizer* opt = nullptr;
  const training::TrainingSpec* t = nullptr;
  const training::Dataset* train = nullptr;
  const training::Dataset* test = nullptr;
  uint64_t seed = 0;
  int64_t steps = 0;  // rank 0's steps in the job
  distributed::SchemeOptions scheme;
  std::vector<double> critical_ns;  // rank 0: per step the slowest rank's step time
  std::string implementation;       // of the job's measurements
};
// Collective: the 1-rank base case and, on rank 0, its step-time measurement, the scaling
// series ("scaling.speedup", "scaling.efficiency", their "_ci_lo" / "_ci_hi", and
// "scaling.throughput_n" / "scaling.throughput_1" in samples/s) and a log line; adds them to
// out.summary and out.reason.
void run_scaling_baseline(distributed::Communicator& comm, LevelContext& ctx, const ScalingJob& job,
                          LevelOutcome& out);

}  // namespace d500::run
