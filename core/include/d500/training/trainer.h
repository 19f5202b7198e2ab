// The level-2 training loop: epochs over a sampler's batches (loaded ahead on the loader's
// thread), forward + backward of a scalar loss on a NetworkExecutor, an optimizer step on the
// executor's own parameter memory, a test evaluation after each epoch (and every `eval_every`
// steps), and stop conditions. What it measures goes to a SeriesSink as it happens, so a run's
// curves are stored live; user events run before and after every epoch, step, sampling and
// optimizer step.
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "d500/network/executor.h"
#include "d500/training/batch_loader.h"
#include "d500/training/dataset.h"
#include "d500/training/lr_schedule.h"
#include "d500/training/optimizer.h"
#include "d500/training/sampler.h"
#include "d500/training/step_profile.h"

namespace d500::training {

// Where the trainer's series go (the runner stores them; tests keep them in memory).
class SeriesSink {
 public:
  virtual ~SeriesSink() = default;
  // `step` counts optimizer steps (or epochs for per-epoch series); wall_s is seconds since the
  // training started.
  virtual void point(const std::string& name, int64_t step, double wall_s, double value) = 0;
};

struct TrainerOptions {
  int64_t batch = 64;           // the executor must be built for it
  int64_t epochs = 10;          // at most
  double max_seconds = 0;       // wall-time limit of the training; 0: none
  double target_accuracy = 0;   // stop once test accuracy >= this; 0: none
  int64_t eval_every = 0;       // also evaluate every this many steps (finer time-to-accuracy)
  std::string input = "input";  // the executor's fed inputs and outputs
  std::string labels = "labels";
  std::string logits = "logits";
  std::string loss = "loss";  // a scalar output: mean loss over the batch
  LrSchedule schedule = LrSchedule::constant(1e-3);
  // Batches the loader thread assembles ahead; 0: no loader thread. The thread runs only when
  // batches are augmented (work worth overlapping) or `loader_thread` is set: gathering in-memory
  // batches between steps costs tens of microseconds, as in a bare loop, while a thread that wakes
  // mid-step competes with LibTorch's OpenMP threads for the cores (bench_training_torch prints
  // both).
  size_t prefetch = 4;
  bool loader_thread = false;  // also for plain batches
  Augmentation augmentation;
  uint64_t seed = 0;  // augmentation seed
  // A non-finite loss stops training as Diverged. false: the step goes on and an event judges
  // the loss it gets in after_step (a distributed scheme: all ranks agree, so that none stops
  // alone while the others wait in a collective).
  bool stop_on_divergence = true;
};

enum class StopReason { Invalid = 0, Epochs, TargetReached, TimeLimit, Diverged, Cancelled };
const char* stop_reason_name(StopReason r);  // "epochs", "target reached", "time limit", ...

struct EpochRecord {
  int64_t epoch = 0;
  double train_loss = 0;      // mean over the epoch's steps
  double train_accuracy = 0;  // over the samples seen this epoch
  double test_accuracy = 0, test_loss = 0;
  double wall_s = 0;         // since training started, at the end of the evaluation
  double samples_per_s = 0;  // training samples per second of step time this epoch
  double data_wait_s = 0;    // summed time the loop waited for batches this epoch
  double step_s = 0;         // summed forward + backward + optimizer time this epoch
};

struct TrainResult {
  StopReason stop = StopReason::Invalid;
  std::string stop_detail;  // e.g. "loss nan at step 12"
  bool reached_target = false;
  double time_to_accuracy_s = -1;  // wall time at the first evaluation at or above the target
  int64_t steps = 0;
  double wall_s = 0;
  double best_test_accuracy = 0, final_test_accuracy = 0;
  std::vector<EpochRecord> epochs;
  StepProfile profile;  // where the loop's time went, phase by phase
};

// Hooks users add: each runs on the training thread at the named moment.
class TrainingEvent {
 public:
  virtual ~TrainingEvent() = default;
  virtual void before_epoch(int64_t /*epoch*/) {}
  virtual void after_epoch(const EpochRecord&) {}
  virtual void before_sampling(int64_t /*step*/) {}
  virtual void after_sampling(int64_t /*step*/, const Batch&) {}
  virtual void before_step(int64_t /*step*/) {}
  virtual void after_step(int64_t /*step*/, double /*loss*/) {}
  virtual void before_optimizer(int64_t /*step*/) {}
  virtual void after_optimizer(int64_t /*step*/, double /*lr*/) {}
};

class Trainer {
 public:
  // Checks that the executor fits: `input` fed with [batch, sample shape], `labels` int64
  // [batch], `logits` [batch, classes] and `loss` a scalar output; the dataset's class count must
  // fit the logits. Throws D500Error naming what does not fit.
  Trainer(network::NetworkExecutor& executor, Optimizer& optimizer, TrainerOptions options);

  void add_event(std::shared_ptr<TrainingEvent> e) { events_.push_back(std::move(e)); }
  void set_sink(SeriesSink* sink) { sink_ = sink; }
  void set_cancel(const std::atomic<bool>* cancel) { cancel_ = cancel; }

  // Trains from the executor's current parameters. A loss that is not finite stops with
  // Diverged (a result, not an error); errors of the executor or optimizer throw D500Error.
  TrainResult train(const Dataset& train, const Sampler& sampler, const Dataset& test);

  // Test accuracy and mean loss of the current parameters over `test` (in batches of the
  // executor's size; the last one padded and the padding not counted).
  std::pair<double, double> evaluate(const Dataset& test);

 private:
  void emit(const std::string& name, int64_t step, double wall, double value);
  network::NetworkExecutor& ex_;
  Optimizer& opt_;
  TrainerOptions o_;
  std::vector<std::shared_ptr<TrainingEvent>> events_;
  SeriesSink* sink_ = nullptr;
  const std::atomic<bool>* cancel_ = nullptr;
  std::vector<std::string> params_;
  int64_t classes_ = 0;
};

}  // namespace d500::training
