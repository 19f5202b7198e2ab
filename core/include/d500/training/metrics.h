// Metrics of training as registered components (issue 30). A metric is a descriptor (its name,
// summary, unit, better direction, level and cadence) and an algorithm that sees every training
// step (logits, labels, loss, compute time, parameters and gradients) and gives a value per step
// and/or per epoch. The built-in metrics (core/training/metrics/, one file each) go through the
// same registry as a plugin's (ABI 1.4, d500_metric): adding a metric is one file plus one
// MetricRegistry::add.
//
// An experiment names them in its training section:
//   "metrics": ["ece", {"name": "examples/grad_norm", "params": {"every": 10}}]
// and the training levels store each as series (metric_series), per seed or rank, with
// the descriptor kept beside the run (metric_kinds_json) so `show`, dashboards and reports read
// its unit and direction without the plugin.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "d500/measure/series_kinds.h"
#include "d500/plugin/component_registry.h"
#include "d500/plugin/plugin_manager.h"
#include "d500/tensor.h"
#include "d500/training/training_spec.h"

namespace d500::training {

// What a metric sees of one step, after backward and before the optimizer.
struct MetricStep {
  int64_t step = 0, epoch = 0;
  double loss = 0;
  double compute_s = 0;                     // forward + backward of this step
  const DLTensor* logits = nullptr;         // [batch, classes] float32
  const DLTensor* labels = nullptr;         // [batch] int64
  std::span<const DLTensor> params, grads;  // host, contiguous
};

class MetricAlgorithm {
 public:
  virtual ~MetricAlgorithm() = default;
  // Every step; a value for a per-step metric's point (or none for this step).
  virtual std::optional<double> step(const MetricStep&) = 0;
  // After each epoch; the epoch's value for a per-epoch metric.
  virtual std::optional<double> end_epoch(int64_t /*epoch*/) { return std::nullopt; }
};

struct MetricDescriptor {
  std::string name;     // "ece"; a plugin's: "plugin/name"
  std::string summary;  // one line
  std::string unit;     // required: "s", "B", "1" for a plain number or a fraction
  series::Better better = series::Better::Neither;
  std::string level = "training";  // "training" (levels 2 and 3) or "distributed" (3 only)
  bool per_step = false, per_epoch = false;  // at least one
  std::string origin = "built-in";           // or "plugin <name>"
  std::vector<std::string> parameters;       // the "params" keys it reads (documentation)
  // A new instance with the experiment's "params"; throws D500Error for one it does not know.
  std::function<std::unique_ptr<MetricAlgorithm>(const std::map<std::string, double>&)> make;
};

class MetricRegistry : public plugin::ComponentRegistry<MetricDescriptor> {
 public:
  MetricRegistry() : ComponentRegistry("metric") {}
  // Adds `d`, or says why not: a malformed or taken name, no summary, no unit, no cadence, an
  // unknown level, no make.
  std::string add(MetricDescriptor d);
};

// The process's metrics: the built-in ones are registered on first use.
MetricRegistry& metrics();

// Registers every metric the loaded plugins offer that is not registered yet, as "plugin/name";
// returns one refusal per metric not registered, naming the plugin and why. `pm` must outlive
// every instance made of them.
std::vector<std::string> register_plugin_metrics(const plugin::PluginManager& pm);

// The series a metric's points are stored in: its name for the per-step points, and
// "<name>.epoch" for the per-epoch ones ('.' is in no component's name); at level 2 with the
// seed's suffix ("ece.epoch@seed0").
inline constexpr const char* kEpochSuffix = ".epoch";
std::string metric_series(const std::string& metric, bool epoch);

// A metric's stored point, as a reader collects them: `replica` is the seed (level 2) or the rank
// (level 3).
struct MetricPoint {
  std::string series;  // without the seed suffix: "examples/grad_norm" or "ece.epoch"
  int64_t replica = 0;
  int64_t step = 0;
  double value = 0;
};

// What `show` and reports print of one metric: the last epoch's value per replica (their
// median), and the median of all per-step points.
struct MetricSummary {
  MetricDescriptor kind;
  size_t replicas = 0;               // with a per-epoch value
  std::optional<double> last_epoch;  // median over replicas of the last epoch's value
  size_t step_points = 0;
  std::optional<double> step_median;
};
std::vector<MetricSummary> summarize_metrics(const std::vector<MetricDescriptor>& kinds,
                                             const std::vector<MetricPoint>& points);

// The descriptors of `names` as JSON (name, title, unit, better, cadence, level, origin), kept
// beside a run as its artifact kMetricKindsArtifact; and read back (skipping malformed entries).
inline constexpr const char* kMetricKindsArtifact = "metric-kinds.json";
nlohmann::json metric_kinds_json(const std::vector<const MetricDescriptor*>& used);
std::vector<MetricDescriptor> parse_metric_kinds(const std::string& json_text);

// The unit as a reader writes it beside a value: "" for "1".
inline std::string display_unit(const std::string& unit) {
  return unit == "1" ? "" : unit;
}

}  // namespace d500::training
