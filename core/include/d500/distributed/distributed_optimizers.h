// Level 3: distributed optimizers, as training events (trainer.h) that wrap whatever L2 optimizer
// the Trainer steps. Each works on the executor's own parameter and gradient memory
// (NetworkExecutor::parameter_view / gradient_view, host memory) through a Communicator:
//
//   allreduce         synchronous allreduce SGD (consistent decentralized): before every
//                     optimizer step the gradients are averaged over all ranks (one allreduce per
//                     step); every rank then takes the same step, so replicas stay identical.
//   parameter_server  synchronous parameter server, rank `root` the server: the gradients are
//                     reduced (summed) to the root, which divides by the number of ranks and
//                     steps its optimizer; after the step the root broadcasts its parameters and
//                     every worker overwrites its own. A worker's optimizer still runs on its
//                     local gradient, but its result is discarded by the broadcast (its optimizer
//                     state is never used); the model is the server's.
//   model_averaging   local SGD: every rank steps on its own gradients; after every
//                     `average_every`-th step the parameters are averaged over all ranks.
//   dpsgd             D-PSGD on a ring: after every step each rank exchanges its parameters with
//                     its left and right neighbours (sendrecv) and keeps the mean of itself and
//                     its distinct neighbours (three with >= 3 ranks, two with 2, itself alone).
//   async_parameter_server
//                     asynchronous parameter server, rank `root` the server (it trains too): a
//                     worker sends its gradient with the version of the parameters it computed it
//                     on and waits for the server's reply, the current parameters and their
//                     version, which replace its own (no barrier between workers). The server
//                     applies each gradient when it arrives (checked after each of its own steps)
//                     with its optimizer at the learning rate of the worker's step (set_optimizer
//                     gives both); the staleness
//                     (server version minus the gradient's version) is recorded per gradient as
//                     the server's series "staleness". No collective may run during training:
//                     the level stops ranks independently and calls finish() on every rank, which
//                     serves the workers until each has said it is done.
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
#include "d500/network/executor.h"
#include "d500/training/trainer.h"

namespace d500::distributed {

enum class Scheme : uint8_t {
  Allreduce,
  ParameterServer,
  ModelAveraging,
  Dpsgd,
  AsyncParameterServer
};
// "allreduce", "parameter_server", "model_averaging", "dpsgd", "async_parameter_server".
std::string_view scheme_name(Scheme s);
std::optional<Scheme> scheme_from_name(std::string_view name);
inline constexpr const char* kSchemeNames =
    "allreduce, parameter_server, model_averaging, dpsgd, async_parameter_server";

struct SchemeOptions {
  Scheme scheme = Scheme::Allreduce;
  int64_t average_every = 4;  // model_averaging: average after every k-th step (k >= 1)
  int root = 0;               // parameter_server, async_parameter_server: the server rank
};

// One optimizer step as one rank saw it.
struct StepRecord {
  int64_t step = 0;
  int64_t comm_bytes = 0;  // sent + received in communicator calls during the step
  double comm_s = 0;       // time inside communicator calls during the step
  double compute_s = 0;    // the rest of the step: forward, backward, optimizer
};

class DistributedScheme : public training::TrainingEvent {
 public:
  // The executor's parameters must all be float32 or all float64, contiguous host memory; else
  // D500Error naming the parameter. `comm` and `executor` must outlive the event.
  DistributedScheme(Communicator& comm, network::NetworkExecutor& executor, SchemeOptions o);

  // Series per step go here (optional; wall time counts from the first epoch's start).
  void set_sink(training::SeriesSink* sink) { sink_ = sink; }
  // Set on every rank at once when any rank's `local_stop` is set or any rank's loss is not
  // finite (checked after each step with one allreduce of 4 (ranks + 1) bytes that is not
  // counted in the step's figures): hand it to Trainer::set_cancel, with the Trainer's
  // stop_on_divergence false, so that all ranks stop at the same step (a signal, a time limit, a
  // rank that diverged) and none waits alone in a collective.
  void set_local_stop(const std::atomic<bool>* local_stop, double max_seconds = 0);
  const std::atomic<bool>* global_stop() const { return &stop_; }
  // Not for async_parameter_server, whose ranks stop on their own (hand the Trainer the local
  // flag and time limit there).
  // Whether the time limit (not a signal) made the ranks stop.
  bool stopped_by_time() const { return stopped_by_time_; }
  // Whether a rank's loss was not finite, and which: "loss not finite on rank 1 at step 7".
  bool diverged() const { return !diverged_.empty(); }
  const std::string& diverged_detail() const { return diverged_; }

  // async_parameter_server: the server's optimizer (the one its Trainer steps) and the schedule
  // whose rate at a worker's step applies that worker's gradient; required on the server.
  void set_optimizer(training::Optimizer* opt, training::LrSchedule schedule) {
    opt_ = opt;
    schedule_ = std::move(schedule);
  }
  // async_parameter_server, every rank after training: a worker says it is done; the server
  // applies the gradients still coming until every worker has. A no-op for the other schemes.
  void finish();
  // async_parameter_server, on the server: the staleness of every worker gradient applied.
  const std::vector<int64_t>& staleness() const { return staleness_; }
  // async_parameter_server: gradients the server applied (its own and the workers').
  int64_t applied() const { return applied_; }

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
  const SchemeOptions& options() const { return o_; }

 private:
  using Clock = std::chrono::steady_clock;
  // Copies the views into one buffer / back.
  void pack(const std::vector<DLTensor>& views);
  void unpack(const std::vector<DLTensor>& views);
  void dpsgd_mix();
  // Async server: applies one worker message ([version][step][gradient]); replies to `source`.
  void apply_worker_gradient(const uint8_t* msg, size_t bytes, int source);
  bool is_server() const;

  Communicator& comm_;
  SchemeOptions o_;
  std::vector<DLTensor> params_, grads_;
  DType dtype_ = DType::Float32;
  size_t count_ = 0;  // elements over all parameters
  std::vector<uint8_t> buf_, left_, right_;
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
  // async_parameter_server
  training::Optimizer* opt_ = nullptr;
  training::LrSchedule schedule_;
  int64_t version_ = 0;
  std::vector<uint8_t> msg_;
  std::vector<int64_t> staleness_;
  int64_t applied_ = 0;
  bool finished_ = false;
};

}  // namespace d500::distributed
