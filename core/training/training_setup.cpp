#include "d500/training/training_setup.h"

#include <cstring>
#include <fstream>
#include <tuple>

#include "d500/network/executor_factory.h"
#include "d500/onnx/model.h"
#include "d500/onnx/model_builder.h"
#include "d500/training/dataset_registry.h"
#include "d500/training/sampler_registry.h"

namespace d500::training {

namespace {

const std::string kSec = "$.training";

Result<std::string> model_bytes(const TrainingSpec& t, uint64_t seed) {
  const auto& n = t.network;
  if (n.contains("model")) {
    std::ifstream in(n["model"].get<std::string>(), std::ios::binary);
    if (!in) return Error{"cannot open the model", n["model"].get<std::string>()};
    return std::string(std::istreambuf_iterator<char>(in), {});
  }
  onnx::BuildOptions bo;
  bo.seed = seed;
  bo.batch = t.batch;
  bo.with_loss = true;
  const std::string b = n.value("builder", "mlp");
  DataShape data;
  try {
    data = dataset_of(t).shape(t);  // a plugin's: opened and described, no sample read
  } catch (const D500Error& e) {
    return e.error();
  }
  const Shape& shape = data.sample;
  const int64_t classes = data.classes;
  if (b == "mlp") {
    onnx::MlpSpec m;
    m.inputs = element_count(shape);
    m.hidden = n.value("hidden", std::vector<int64_t>{256});
    m.classes = classes;
    return onnx::build_mlp(m, bo);
  }
  if (shape.size() != 3) return Error{"lenet and resnet need [C, H, W] samples", kSec + ".network"};
  if (b == "lenet") {
    onnx::LenetSpec l;
    std::tie(l.channels, l.height, l.width) = std::make_tuple(shape[0], shape[1], shape[2]);
    l.classes = classes;
    return onnx::build_lenet(l, bo);
  }
  onnx::ResnetSpec r;
  std::tie(r.channels, r.height, r.width) = std::make_tuple(shape[0], shape[1], shape[2]);
  r.stages = n.value("stages", std::vector<int64_t>{16, 32, 64});
  r.classes = classes;
  return onnx::build_resnet(r, bo);
}

}  // namespace

std::vector<std::pair<std::string, std::string>> training_plugins(const TrainingSpec& t) {
  std::vector<std::pair<std::string, std::string>> out;
  if (auto ex = network::executor_plugins(t.executor))
    for (const auto& n : *ex) out.emplace_back(n, kSec + ".executor");
  // The reference as well, as the runner has always loaded it for these levels.
  for (const auto& [name, at] : {std::pair{t.optimizer_plugin, kSec + ".optimizer"},
                                 std::pair{std::string("reference"), kSec}}) {
    bool listed = false;
    for (const auto& [n, a] : out) listed = listed || n == name;
    if (!listed) out.emplace_back(name, at);
  }
  // A plugin's dataset, sampler or metric: "plugin/name".
  auto plugin_of = [&out](const std::string& component, const std::string& at) {
    const auto slash = component.find('/');
    if (slash == std::string::npos) return;
    const std::string name = component.substr(0, slash);
    bool listed = false;
    for (const auto& [n, a] : out) listed = listed || n == name;
    if (!listed) out.emplace_back(name, at);
  };
  plugin_of(t.dataset, kSec + ".dataset");
  plugin_of(t.sampler, kSec + ".sampler");
  for (size_t i = 0; i < t.metrics.size(); ++i)
    plugin_of(t.metrics[i].name, kSec + ".metrics[" + std::to_string(i) + "]");
  return out;
}

Result<std::unique_ptr<network::NetworkExecutor>> build_training_executor(
    const TrainingSpec& t, uint64_t seed, const plugin::PluginManager& pm) {
  register_plugin_datasets(pm);  // the shape of a plugin's dataset sizes the network
  auto bytes = model_bytes(t, seed);
  if (!bytes) return Error{bytes.error().to_string(), kSec + ".network"};
  auto model = onnx::Model::parse(*bytes, "training network");
  if (!model) return Error{model.error().to_string(), kSec + ".network"};
  network::GraphOptions go;
  go.batch = t.batch;
  auto graph = network::Graph::from_model(*model, go);
  if (!graph) return Error{graph.error().to_string(), kSec + ".network"};
  // The trainer reads the loss and the logits only: the executor may free every other value
  // after its last reader, as a framework's own training loop does.
  network::ExecutorOptions eo;
  eo.keep_intermediates = false;
  auto ex = network::make_executor(t.executor, std::move(graph).value(), pm, eo);
  if (!ex)
    return Error{"executor " + t.executor + ": " + ex.error().to_string(), kSec + ".executor"};
  return std::move(ex).value();
}

DatasetSplit load_training_data(const TrainingSpec& t, uint64_t seed) {
  DatasetSplit d = dataset_of(t).make(t, seed);
  // An MLP takes each sample flattened.
  if (t.network.value("builder", "") == "mlp")
    for (Dataset* x : {&d.train, &d.test}) {
      if (x->streamed())
        x->flat = true;
      else if (x->images.shape().size() > 2)
        x->images.reshape({x->size(), x->sample_numel()});
    }
  if (t.normalize) {
    const auto n = compute_normalization(d.train);
    normalize(d.train, n);
    normalize(d.test, n);
  }
  return d;
}

TrainerOptions trainer_options_for(const TrainingSpec& t, uint64_t seed) {
  TrainerOptions o;
  o.batch = t.batch;
  o.epochs = t.epochs;
  o.max_seconds = t.max_seconds;
  o.target_accuracy = t.target_accuracy;
  o.eval_every = t.eval_every;
  o.schedule = t.schedule;
  o.augmentation = t.augment;
  o.seed = seed;
  return o;
}

namespace {

// A plugin's dataset opened and described once: an unknown one, a folder it cannot read, params
// it refuses.
spec::Problems check_plugin_dataset(const TrainingSpec& t, const plugin::PluginManager& pm) {
  spec::Problems out;
  for (auto& why : register_plugin_datasets(pm)) out.push_back({kSec + ".dataset", std::move(why)});
  if (t.dataset.find('/') == std::string::npos) return out;
  try {
    dataset_of(t).shape(t);
  } catch (const D500Error& err) {
    out.push_back({kSec + ".dataset", err.error().message});
  }
  return out;
}

// The section's sampler made once for a one-sample set: an unknown name (a plugin's among them)
// or params it refuses.
spec::Problems check_sampler(const TrainingSpec& t, uint64_t seed,
                             const plugin::PluginManager& pm) {
  spec::Problems out;
  for (auto& why : register_plugin_samplers(pm)) out.push_back({kSec + ".sampler", std::move(why)});
  Dataset one;
  one.num_classes = 1;
  one.images = Tensor(DType::Float32, {1, 1});
  one.labels = Tensor(DType::Int64, {1});
  try {
    make_sampler(t.sampler, one, seed, t.sampler_params)->epoch_indices(0);
  } catch (const D500Error& err) {
    out.push_back({kSec + ".sampler", err.error().message});
  }
  return out;
}

}  // namespace

spec::Problems check_training(const TrainingSpec& t, uint64_t seed, const TrainerOptions& options,
                              const plugin::PluginManager* pm) {
  if (t.dataset == "fashion-mnist" && !fashion_mnist_available(fashion_dir(t)))
    return {{kSec + ".dataset", no_fashion_mnist(fashion_dir(t))}};
  if (!pm) return {};
  if (!pm->find(t.optimizer_plugin) ||
      !plugin::find_optimizer(pm->optimizers(), t.optimizer_plugin, t.optimizer)) {
    std::string known;
    for (const auto& o : pm->optimizers())
      known += (known.empty() ? "" : ", ") + o.plugin + "/" + o.name();
    return {{kSec + ".optimizer", "no optimizer \"" + t.optimizer + "\" in plugin \"" +
                                      t.optimizer_plugin +
                                      "\" (loaded: " + (known.empty() ? "none" : known) + ")"}};
  }
  std::unique_ptr<Optimizer> opt;
  try {
    opt = std::make_unique<Optimizer>(*pm, t.optimizer_plugin, t.optimizer, t.hyper);
  } catch (const D500Error& err) {
    return {{kSec + ".optimizer", err.what()}};  // hyper-parameters it rejects
  }
  if (auto p = check_plugin_dataset(t, *pm); !p.empty()) return p;
  if (auto p = check_sampler(t, seed, *pm); !p.empty()) return p;
  auto ex = build_training_executor(t, seed, *pm);
  if (!ex) return {{ex.error().where, ex.error().message}};
  try {
    Trainer check(**ex, *opt, options);
  } catch (const D500Error& err) {
    return {{kSec + ".network", err.what()}};
  }
  return {};
}

}  // namespace d500::training
