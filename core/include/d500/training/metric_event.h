// The training event that runs an experiment's metrics (metrics.h): it gives each metric every
// step's logits, labels, loss, forward + backward time, parameters and gradients (after backward,
// before the optimizer), and writes their values to the trainer's series sink under the metric's
// name, per step and per epoch.
#pragma once

#include <chrono>
#include <memory>
#include <string_view>
#include <vector>

#include "d500/spec/problem.h"
#include "d500/training/metrics.h"
#include "d500/training/trainer.h"

namespace d500::training {

// The registered metrics `requests` name, in order. Throws D500Error (where
// "$.training.metrics") for an unknown name, listing the known ones, or for a metric of level
// "distributed" outside level 3 (`level` is "training" or "distributed").
std::vector<const MetricDescriptor*> resolve_metrics(const std::vector<MetricRequest>& requests,
                                                     std::string_view level);

// What a run of `t` at `level` would refuse of its metrics, one problem per metric at
// "$.training.metrics[i]": an unknown name, a level-3 metric at level 2, params it rejects. With
// `pm` (the metrics' plugins loaded in it) the plugins' metrics are registered first; without,
// a plugin's metric is not judged.
spec::Problems check_metrics(const TrainingSpec& t, std::string_view level,
                             const plugin::PluginManager* pm);

class MetricEvent : public TrainingEvent {
 public:
  // One instance of each requested metric (resolve_metrics' errors, and a metric's own refusal
  // of its params, are thrown). `executor` and `options` are the Trainer's; points go to `sink`.
  MetricEvent(const std::vector<MetricRequest>& requests, std::string_view level,
              network::NetworkExecutor& executor, const TrainerOptions& options, SeriesSink* sink);

  void before_epoch(int64_t epoch) override;
  void after_sampling(int64_t, const Batch& batch) override { labels_ = &batch.labels; }
  void before_step(int64_t) override { step_start_ = Clock::now(); }
  void before_optimizer(int64_t step) override;
  void after_epoch(const EpochRecord& r) override;

  const std::vector<const MetricDescriptor*>& used() const { return used_; }

 private:
  using Clock = std::chrono::steady_clock;
  double since_start() const;
  void emit(size_t i, int64_t step, std::optional<double> value, bool epoch);

  std::vector<const MetricDescriptor*> used_;
  std::vector<std::unique_ptr<MetricAlgorithm>> algos_;
  network::NetworkExecutor& ex_;
  std::string logits_, loss_;
  SeriesSink* sink_;
  std::vector<DLTensor> params_, grads_;
  const Tensor* labels_ = nullptr;
  int64_t epoch_ = 0;
  bool started_ = false;
  Clock::time_point start_, step_start_;
};

}  // namespace d500::training
