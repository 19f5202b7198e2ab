#include "d500/spec/components.h"

#include <algorithm>

namespace d500::spec {

namespace {

using Shape = ComponentKind::Shape;
using Ports = std::vector<ComponentPort>;
using Names = std::vector<std::string>;

const Names kTrainingLevels = {"training", "distributed"};

// Built-in values as the section parsers accept them (training_spec.cpp, network_spec.cpp,
// distributed_spec.cpp, LrSchedule).
const Names kBuilders = {"mlp", "lenet", "resnet"};
const Names kBuilderParams = {"mlp:hidden", "resnet:stages"};

// L0: an operator over implementations.
void add_operator_kinds(std::vector<ComponentKind>& k) {
  k.push_back({"sweep",
               "Sweep",
               {"operator"},
               Shape::Fields,
               "",
               {"sweep", "points", "problems"},
               {},
               "Points",
               {},
               false,
               {},
               "",
               "",
               {}});
  k.push_back({"repetition",
               "Repetition",
               {"operator", "network", "collective"},
               Shape::Object,
               "repetition",
               {},
               {"mode"},
               "Policy",
               {},
               false,
               {"default", "publication"},
               "",
               "default",
               {}});
  k.push_back({"operator",
               "Operator",
               {"operator"},
               Shape::Object,
               "operator",
               {},
               {"op"},
               "Operator",
               {{"shapes", "Points", false, {"sweep"}, {}},
                {"policy", "Policy", false, {"repetition"}, {}}},
               true,
               {},
               "operator",
               "",
               {}});
  k.push_back({"implementation",
               "Implementation",
               {"operator"},
               Shape::ListItem,
               "implementations",
               {},
               {},
               "Timings",
               {{"operator", "Operator", true, {"operator"}, {}}},
               true,
               {},
               "operator",
               "reference",
               {}});
}

// L1: a model over executors.
void add_network_kinds(std::vector<ComponentKind>& k) {
  k.push_back({"batch_sizes",
               "Batch sizes",
               {"network"},
               Shape::Fields,
               "network",
               {"batch_sizes", "input_shapes"},
               {},
               "BatchSizes",
               {},
               false,
               {},
               "",
               "",
               {}});
  k.push_back({"measures",
               "Measures",
               {"network"},
               Shape::Fields,
               "network",
               {"latency", "throughput", "training", "per_node", "latency_min_samples", "loss",
                "micro_batching"},
               {},
               "Measures",
               {},
               false,
               {},
               "",
               "",
               {}});
  k.push_back({"model",
               "Model",
               {"network"},
               Shape::Object,
               "network.model",
               {},
               {"builder"},
               "Model",
               {{"batch sizes", "BatchSizes", false, {"batch_sizes"}, {}},
                {"measures", "Measures", false, {"measures"}, {}},
                {"policy", "Policy", false, {"repetition"}, {}}},
               true,
               kBuilders,
               "",
               "mlp",
               {},
               kBuilderParams});
  k.push_back({"executor",
               "Executor",
               {"network"},
               Shape::ListItem,
               "network.executors",
               {},
               {},
               "Timings",
               {{"model", "Model", true, {"model"}, {}}},
               true,
               {"reference"},
               "executor",
               "reference",
               {}});
}

// L2: the data a training reads and its transforms.
void add_data_kinds(std::vector<ComponentKind>& k) {
  k.push_back({"recipe",
               "Recipe",
               kTrainingLevels,
               Shape::Value,
               "training.recipe",
               {},
               {},
               "Recipe",
               {},
               false,
               {},
               "",
               "",
               {}});
  k.push_back({"dataset",
               "Dataset",
               kTrainingLevels,
               Shape::Value,
               "training.dataset",
               {"dataset_dir", "dataset_params", "synthetic", "test_set"},
               {},
               "Dataset",
               {},
               true,
               {},
               "dataset",
               "fashion-mnist",
               {}});
  k.push_back({"transforms",
               "Transforms",
               kTrainingLevels,
               Shape::Fields,
               "training",
               {"normalize", "augment"},
               {},
               "Dataset",
               {{"data", "Dataset", true, {"dataset"}, {}}},
               false,
               {},
               "",
               "",
               {}});
}

// L2: how the data is sampled and loaded, per rank at L3.
void add_sampling_kinds(std::vector<ComponentKind>& k) {
  k.push_back({"sampler",
               "Sampler",
               kTrainingLevels,
               Shape::Value,
               "training.sampler",
               {},
               {},
               "Indices",
               {{"data", "Dataset", true, {"transforms", "dataset"}, {}}},
               false,
               {},
               "sampler",
               "shuffled",
               {}});
  k.push_back({"rank_sampler",
               "Per-rank sampler",
               {"distributed"},
               Shape::Value,
               "distributed.sampler",
               {},
               {},
               "Indices",
               {{"indices", "Indices", false, {"sampler"}, {}}},
               false,
               {"partitioned", "replicated"},
               "",
               "partitioned",
               {}});
  k.push_back({"loader",
               "Loader",
               kTrainingLevels,
               Shape::Fields,
               "training",
               {"batch"},
               {},
               "Batches",
               {{"data", "Dataset", false, {"transforms", "dataset"}, {}},
                {"indices", "Indices", false, {"rank_sampler", "sampler"}, {}}},
               true,
               {},
               "",
               "",
               {"data_wait_s"}});
}

// L2: the network, its loss and the learning-rate schedule.
void add_training_kinds(std::vector<ComponentKind>& k) {
  k.push_back({"network",
               "Network",
               kTrainingLevels,
               Shape::Object,
               "training.network",
               {},
               {"builder"},
               "Network",
               {},
               true,
               kBuilders,
               "",
               "mlp",
               {},
               kBuilderParams});
  k.push_back({"loss",
               "Loss",
               kTrainingLevels,
               Shape::Value,
               "training.loss",
               {},
               {},
               "Loss",
               {},
               false,
               {"cross-entropy"},
               "",
               "cross-entropy",
               {"loss"}});
  k.push_back({"schedule",
               "Schedule",
               kTrainingLevels,
               Shape::Object,
               "training.schedule",
               {},
               {"kind"},
               "Schedule",
               {},
               false,
               {"constant", "step", "cosine"},
               "",
               "constant",
               {},
               {"step:every", "step:gamma", "cosine:total_steps", "cosine:floor"}});
}

// L2: the optimizer, when to stop and the executor that trains.
void add_optimizer_kinds(std::vector<ComponentKind>& k) {
  k.push_back({"optimizer",
               "Optimizer",
               kTrainingLevels,
               Shape::Object,
               "training.optimizer",
               {},
               {"plugin", "name"},
               "Optimizer",
               {{"schedule", "Schedule", false, {"schedule"}, {}}},
               true,
               {},
               "optimizer",
               "reference/adam",
               {"lr"},
               {"adam:beta1", "adam:beta2", "adam:eps", "sgd:momentum", "sgd:nesterov"}});
  k.push_back({"stop",
               "Stop conditions",
               kTrainingLevels,
               Shape::Fields,
               "training",
               {"epochs", "max_seconds", "target_accuracy"},
               {},
               "Stop",
               {},
               false,
               {},
               "",
               "",
               {}});
  // The training executor is the one of `training.executor` (a Value, not the L1 list).
  k.push_back({"train_executor",
               "Executor",
               kTrainingLevels,
               Shape::Value,
               "training.executor",
               {},
               {},
               "Executor",
               {},
               false,
               {"reference"},
               "executor",
               "reference",
               {}});
}

// L3: ranks, their communicator and the scheme.
void add_distributed_kinds(std::vector<ComponentKind>& k) {
  k.push_back({"launcher",
               "Launcher",
               {"distributed", "collective"},
               Shape::Object,
               "launcher",
               {},
               {"kind"},
               "Ranks",
               {},
               true,
               {"local", "mpi", "slurm"},
               "",
               "mpi",
               {}});
  k.push_back({"communicator",
               "Communicator",
               {"distributed", "collective"},
               Shape::Implied,
               "",
               {},
               {},
               "Communicator",
               {{"ranks", "Ranks", true, {"launcher"}, {}}},
               true,
               {"mpi"},
               "",
               "mpi",
               {"comm_bytes", "comm_time_s"}});
  k.push_back({"scheme",
               "Scheme",
               {"distributed"},
               Shape::Value,
               "distributed.scheme",
               {"average_every", "scaling_baseline", "fault", "hook_timeout_s"},
               {},
               "Scheme",
               {{"communicator", "Communicator", true, {"communicator"}, {}},
                {"optimizer", "Optimizer", true, {"optimizer"}, {}}},
               true,
               {},
               "scheme",
               "allreduce",
               {}});
  k.push_back({"collective",
               "Collective",
               {"collective"},
               Shape::ListItem,
               "collective.operations",
               {},
               {},
               "Timings",
               {{"communicator", "Communicator", true, {"communicator"}, {}}},
               true,
               {"allreduce", "allgather", "broadcast"},
               "",
               "allreduce",
               {}});
  // What the trainer measures besides loss and accuracy, at every step or epoch, from the
  // network's outputs and gradients (d500/training/metrics.h): built-in or "plugin/name".
}

// L2 and L3: metrics and the trainer that runs the rest.
void add_run_kinds(std::vector<ComponentKind>& k) {
  k.push_back({"metric",
               "Metric",
               kTrainingLevels,
               Shape::ListItem,
               "training.metrics",
               {},
               {},
               "Series",
               {{"network", "Network", true, {"network"}, {}}},
               false,
               {},
               "metric",
               "ece",
               {}});
  // The trainer last: it reads what the pipeline gives.
  k.push_back({"trainer",
               "Trainer",
               kTrainingLevels,
               Shape::Fields,
               "training",
               {"seeds", "eval_every"},
               {},
               "",
               {{"batches", "Batches", true, {"loader"}, {}},
                {"network", "Network", true, {"network"}, {}},
                {"executor", "Executor", false, {"train_executor"}, {}},
                {"loss", "Loss", false, {"loss"}, {}},
                {"optimizer", "Optimizer", true, {"optimizer"}, {"training"}},
                {"scheme", "Scheme", true, {"scheme"}, {"distributed"}},
                {"stop", "Stop", false, {"stop"}, {}},
                {"recipe", "Recipe", false, {"recipe"}, {}}},
               true,
               {},
               "",
               "",
               {"loss", "step_time_s"}});
  for (auto& c : k)
    c.shows_progress =
        c.kind == "operator" || c.kind == "model" || c.kind == "trainer" || c.kind == "collective";
  const std::pair<const char*, const char*> defaults[] = {
      {"sweep", R"({"sweep": {"N": [64, 128, 256]}})"},
      {"repetition",
       R"({"target_rel_ci": 0.05, "min_samples": 10, "max_samples": 1000, "max_seconds": 1.0})"},
      {"operator", R"({"dtype": "float32"})"},
      {"batch_sizes", R"({"batch_sizes": [1, 16, 64]})"},
      {"measures",
       R"({"latency": true, "throughput": true, "training": true, "per_node": true, "loss": "loss"})"},
      {"model", R"({"seed": 1, "with_loss": true})"},
      {"transforms", R"({"normalize": true})"},
      {"loader", R"({"batch": 64})"},
      {"network", R"({"hidden": [256]})"},
      {"schedule", R"({"warmup": 0})"},
      {"optimizer", R"({"lr": 0.001})"},
      {"stop", R"({"epochs": 5, "target_accuracy": 0.85})"},
      {"trainer", R"({"seeds": 3})"},
      {"launcher", R"({"ranks": 2})"},
      {"collective", ""}};
  for (auto& c : k)
    for (const auto& [kind, params] : defaults)
      if (c.kind == kind) c.default_params = params;
}

std::vector<ComponentKind> build() {
  std::vector<ComponentKind> k;
  add_operator_kinds(k);
  add_network_kinds(k);
  add_data_kinds(k);
  add_sampling_kinds(k);
  add_training_kinds(k);
  add_optimizer_kinds(k);
  add_distributed_kinds(k);
  add_run_kinds(k);
  return k;
}

bool has(const Names& names, const std::string& n) {
  return std::find(names.begin(), names.end(), n) != names.end();
}

}  // namespace

const std::vector<ComponentKind>& component_kinds() {
  static const std::vector<ComponentKind> kinds = build();
  return kinds;
}

const ComponentKind* find_component_kind(const std::string& kind) {
  for (const auto& k : component_kinds())
    if (k.kind == kind) return &k;
  return nullptr;
}

std::vector<const ComponentKind*> component_kinds_of(const std::string& level) {
  std::vector<const ComponentKind*> out;
  for (const auto& k : component_kinds())
    if (has(k.levels, level)) out.push_back(&k);
  return out;
}

std::vector<ComponentPort> component_ports(const ComponentKind& kind, const std::string& level) {
  std::vector<ComponentPort> out;
  for (const auto& p : kind.inputs)
    if (p.levels.empty() || has(p.levels, level)) out.push_back(p);
  return out;
}

bool param_applies(const ComponentKind& kind, const std::string& value, const std::string& param) {
  const std::string v =
      value.substr(value.find('/') == std::string::npos ? 0 : value.find('/') + 1);
  for (const auto& vp : kind.value_params) {
    const auto colon = vp.find(':');
    if (vp.substr(colon + 1) == param) return vp.substr(0, colon) == v;
  }
  return true;
}

std::string connection_refusal(const ComponentKind& from, const ComponentKind& to,
                               const std::string& port, const std::string& level) {
  for (const auto& p : component_ports(to, level)) {
    if (p.name != port) continue;
    if (from.output.empty()) return from.title + " gives nothing to connect";
    if (from.output != p.type)
      return to.title + "'s " + p.name + " takes " + p.type + ", " + from.title + " gives " +
             from.output;
    if (!has(p.from, from.kind))
      return to.title + "'s " + p.name + " does not read a " + from.title;
    return "";
  }
  return to.title + " has no input \"" + port + "\"";
}

}  // namespace d500::spec
