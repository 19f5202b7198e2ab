// Level 3: distributed optimizers, as a training event (trainer.h) that wraps whatever L2
// optimizer the Trainer steps. It works on the executor's own parameter and gradient memory
// (NetworkExecutor::parameter_view / gradient_view, host memory) through a Communicator, and runs
// the algorithm of a registered scheme (scheme_registry.h; the built-in ones are allreduce,
// parameter_server, async_parameter_server, model_averaging and dpsgd, each described in its
// file under core/distributed/schemes/).
//
// Every scheme measures each step: the bytes it sent plus received and the time it spent in
// communicator calls (from CommStats deltas between before_step and after_step), and the rest of
// the step (forward, backward, optimizer) as compute time; they go to the sink as the series
// "comm_bytes", "comm_time_s" and "compute_time_s" (step = optimizer step) and are kept in
// steps(). For the synchronous schemes every rank must run the same number of steps (a
// partitioned sampler with padding); add the event before training.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "d500/distributed/communicator.h"
#include "d500/distributed/scheme_registry.h"
#include "d500/network/executor.h"
#include "d500/training/trainer.h"

namespace d500::distributed {

// One optimizer step as one rank saw it.
struct StepRecord {
  int64_t step = 0;
  int64_t comm_bytes = 0;  // sent + received in communicator calls during the step
  double comm_s = 0;       // time inside communicator calls during the step
  double compute_s = 0;    // the rest of the step: forward, backward, optimizer
};

class DistributedScheme : public training::TrainingEvent {
 public:
  // The executor's parameters must all be float32 or all float64, contiguous host memory, and
  // o.scheme a registered scheme; else D500Error saying which. `comm` and `executor` must outlive
  // the event.
  DistributedScheme(Communicator& comm, network::NetworkExecutor& executor, SchemeOptions o);

  // Series per step go here (optional; wall time counts from the first epoch's start).
  void set_sink(training::SeriesSink* sink) {
    sink_ = sink;
    ctx_.set_sink(sink);
  }
  // Set on every rank at once when any rank's `local_stop` is set or any rank's loss is not
  // finite (checked after each step with one allreduce of 4 (ranks + 1) bytes that is not
  // counted in the step's figures): hand it to Trainer::set_cancel, with the Trainer's
  // stop_on_divergence false, so that all ranks stop at the same step (a signal, a time limit, a
  // rank that diverged) and none waits alone in a collective.
  void set_local_stop(const std::atomic<bool>* local_stop, double max_seconds = 0);
  const std::atomic<bool>* global_stop() const { return &stop_; }
  // Not for an asynchronous scheme, whose ranks stop on their own (hand the Trainer the local
  // flag and time limit there).
  // Whether the time limit (not a signal) made the ranks stop.
  bool stopped_by_time() const { return stopped_by_time_; }
  // Whether a rank's loss was not finite, and which: "loss not finite on rank 1 at step 7".
  bool diverged() const { return !diverged_.empty(); }
  const std::string& diverged_detail() const { return diverged_; }

  // async_parameter_server: the server's optimizer (the one its Trainer steps) and the schedule
  // whose rate at a worker's step applies that worker's gradient; required on the server.
  void set_optimizer(training::Optimizer* opt, training::LrSchedule schedule) {
    ctx_.set_optimizer(opt, std::move(schedule));
  }
  // async_parameter_server, every rank after training: a worker says it is done; the server
  // applies the gradients still coming until every worker has. A no-op for the other schemes.
  void finish();
  // async_parameter_server, on the server: the staleness of every worker gradient applied.
  std::vector<int64_t> staleness() const { return algo_->staleness(); }
  // async_parameter_server: gradients the server applied (its own and the workers').
  int64_t applied() const { return algo_->applied(); }

  // Collective: every rank takes the root's parameters (rank 0 for all but the parameter servers).
  void broadcast_parameters();
  // Collective: averages the parameters over all ranks (e.g. at the end of model averaging).
  void average_parameters();

  void before_epoch(int64_t epoch) override;
  void before_step(int64_t step) override;
  void before_optimizer(int64_t step) override;
  void after_optimizer(int64_t step, double lr) override;
  void after_step(int64_t step, double loss) override;

  const std::vector<StepRecord>& steps() const { return steps_; }
  const SchemeOptions& options() const { return ctx_.options(); }
  const SchemeDescriptor& descriptor() const { return desc_; }

 private:
  using Clock = std::chrono::steady_clock;
  // Whether all ranks go on after `step` (one allreduce outside the step's figures).
  void vote(int64_t step, double loss, double wall);

  SchemeContext ctx_;
  const SchemeDescriptor& desc_;
  std::unique_ptr<SchemeAlgorithm> algo_;
  training::SeriesSink* sink_ = nullptr;
  const std::atomic<bool>* local_stop_ = nullptr;
  double max_seconds_ = 0;
  std::atomic<bool> stop_{false};
  bool stopped_by_time_ = false;
  std::string diverged_;
  std::vector<int32_t> vote_;
  bool started_ = false;
  Clock::time_point t_start_, t_step_;
  CallStats at_step_;
  std::vector<StepRecord> steps_;
};

}  // namespace d500::distributed
