#include "d500/training/metric_event.h"

#include "d500/error.h"

namespace d500::training {

std::vector<const MetricDescriptor*> resolve_metrics(const std::vector<MetricRequest>& requests,
                                                     std::string_view level) {
  std::vector<const MetricDescriptor*> out;
  for (const MetricRequest& r : requests) {
    const MetricDescriptor* d = metrics().find(r.name);
    if (!d)
      throw D500Error("unknown metric \"" + r.name + "\"; known: " + metrics().names() +
                          " (a plugin's is \"plugin/name\", from a plugin on the search path)",
                      "$.training.metrics");
    if (d->level == "distributed" && level != "distributed")
      throw D500Error("metric \"" + r.name + "\" measures distributed training (level 3) only",
                      "$.training.metrics");
    out.push_back(d);
  }
  return out;
}

spec::Problems check_metrics(const TrainingSpec& t, std::string_view level,
                             const plugin::PluginManager* pm) {
  spec::Problems out;
  const std::string at = "$.training.metrics";
  if (pm)
    for (auto& why : register_plugin_metrics(*pm)) out.push_back({at, std::move(why)});
  for (size_t i = 0; i < t.metrics.size(); ++i) {
    const MetricRequest& r = t.metrics[i];
    if (!pm && r.name.find('/') != std::string::npos) continue;
    try {
      resolve_metrics({r}, level).front()->make(r.params);
    } catch (const D500Error& err) {
      out.push_back({at + "[" + std::to_string(i) + "]", err.error().message});
    }
  }
  return out;
}

MetricEvent::MetricEvent(const std::vector<MetricRequest>& requests, std::string_view level,
                         network::NetworkExecutor& executor, const TrainerOptions& options,
                         SeriesSink* sink)
    : used_(resolve_metrics(requests, level)),
      ex_(executor),
      logits_(options.logits),
      loss_(options.loss),
      sink_(sink) {
  for (size_t i = 0; i < used_.size(); ++i) algos_.push_back(used_[i]->make(requests[i].params));
}

double MetricEvent::since_start() const {
  return std::chrono::duration<double>(Clock::now() - start_).count();
}

void MetricEvent::before_epoch(int64_t epoch) {
  epoch_ = epoch;
  if (started_) return;
  started_ = true;
  start_ = Clock::now();
}

void MetricEvent::emit(size_t i, int64_t step, std::optional<double> value, bool epoch) {
  if (value && sink_)
    sink_->point(metric_series(used_[i]->name, epoch), step, since_start(), *value);
}

void MetricEvent::before_optimizer(int64_t step) {
  if (algos_.empty()) return;
  if (params_.empty())
    for (const std::string& name : ex_.parameter_names()) {
      params_.push_back(ex_.parameter_view(name));
      grads_.push_back(ex_.gradient_view(name));
    }
  const DLTensor logits = ex_.output(logits_).dl();
  const DLTensor labels = labels_ ? labels_->dl() : DLTensor{};
  MetricStep s;
  s.step = step;
  s.epoch = epoch_;
  s.loss = ex_.output(loss_).at(0);
  s.compute_s = std::chrono::duration<double>(Clock::now() - step_start_).count();
  s.logits = &logits;
  s.labels = labels_ ? &labels : nullptr;
  s.params = params_;
  s.grads = grads_;
  for (size_t i = 0; i < algos_.size(); ++i) emit(i, step, algos_[i]->step(s), false);
}

void MetricEvent::after_epoch(const EpochRecord& r) {
  for (size_t i = 0; i < algos_.size(); ++i)
    emit(i, r.epoch + 1, algos_[i]->end_epoch(r.epoch), true);
}

}  // namespace d500::training
