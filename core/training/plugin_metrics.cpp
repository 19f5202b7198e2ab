// Metrics from plugins (ABI 1.4, d500_metric) in the process's metric registry, run like the
// built-in ones: every step's view crosses as a d500_metric_step of the host's DLTensors.
#include <cstring>

#include "d500/error.h"
#include "d500/training/metrics.h"

namespace d500::training {

namespace {

class PluginMetric : public MetricAlgorithm {
 public:
  PluginMetric(plugin::MetricImpl impl, const std::map<std::string, double>& params)
      : impl_(std::move(impl)) {
    const std::vector<d500_attr> hyper = plugin::float_attributes(params);
    d500_error err{};
    check(impl_.metric->create(hyper.data(), hyper.size(), &instance_, &err), err, "create");
  }
  ~PluginMetric() override {
    if (instance_) impl_.metric->destroy(instance_);
  }
  PluginMetric(const PluginMetric&) = delete;
  PluginMetric& operator=(const PluginMetric&) = delete;

  std::optional<double> step(const MetricStep& s) override {
    d500_metric_step in{};
    in.struct_size = sizeof in;
    in.step = s.step;
    in.epoch = s.epoch;
    in.loss = s.loss;
    in.compute_s = s.compute_s;
    in.logits = s.logits;
    in.labels = s.labels;
    in.params = s.params.data();
    in.grads = s.grads.data();
    in.n_params = s.params.size();
    double value = 0;
    int32_t has = 0;
    d500_error err{};
    check(impl_.metric->update_step(instance_, &in, &value, &has, &err), err, "update_step");
    return has ? std::optional<double>(value) : std::nullopt;
  }

  std::optional<double> end_epoch(int64_t epoch) override {
    if (!impl_.metric->end_epoch) return std::nullopt;
    double value = 0;
    int32_t has = 0;
    d500_error err{};
    check(impl_.metric->end_epoch(instance_, epoch, &value, &has, &err), err, "end_epoch");
    return has ? std::optional<double>(value) : std::nullopt;
  }

 private:
  void check(int32_t status, const d500_error& err, const char* what) const {
    plugin::check_plugin_call(status, err, "metric", impl_.plugin, impl_.metric->name, what,
                              "metrics");
  }

  plugin::MetricImpl impl_;
  void* instance_ = nullptr;
};

series::Better better_of(int32_t b) {
  return b == D500_BETTER_LOWER    ? series::Better::Lower
         : b == D500_BETTER_HIGHER ? series::Better::Higher
                                   : series::Better::Neither;
}

}  // namespace

std::vector<std::string> register_plugin_metrics(const plugin::PluginManager& pm) {
  return plugin::register_plugin_components(
      metrics(), pm.metrics(), [](const plugin::MetricImpl& i) { return i.metric->name; },
      [](const plugin::MetricImpl& impl, MetricDescriptor& d) {
        const d500_metric& m = *impl.metric;
        d.summary = m.description;
        d.unit = m.unit;
        d.better = better_of(m.better);
        d.level = m.level;
        d.per_step = (m.flags & D500_METRIC_PER_STEP) != 0;
        d.per_epoch = (m.flags & D500_METRIC_PER_EPOCH) != 0;
        d.parameters = {"params"};
        d.make = [impl](const std::map<std::string, double>& p) {
          return std::make_unique<PluginMetric>(impl, p);
        };
      });
}

}  // namespace d500::training
