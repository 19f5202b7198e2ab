#include "d500/training/training_setup.h"

#include <cstring>
#include <fstream>
#include <tuple>

#include "d500/network/executor_factory.h"
#include "d500/onnx/model.h"
#include "d500/onnx/model_builder.h"
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
  const Shape shape = t.dataset == "synthetic"
                          ? Shape(t.synthetic_shape.begin(), t.synthetic_shape.end())
                      : t.dataset == "cifar10" ? Shape{3, 32, 32}
                                               : Shape{1, 28, 28};
  const int64_t classes = t.dataset == "synthetic" ? t.synthetic_classes : 10;
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

// A synthetic set's samples [from, from + n) as a dataset of its own.
Dataset part_of(const Dataset& all, int64_t from, int64_t n, const char* name) {
  Dataset x;
  x.name = std::string("synthetic/") + name;
  x.num_classes = all.num_classes;
  Shape is = all.images.shape();
  is[0] = n;
  x.images = Tensor(DType::Float32, is);
  x.labels = Tensor(DType::Int64, {n});
  const int64_t per = all.sample_numel();
  std::memcpy(x.images.data(), all.images.data_as<float>() + from * per, n * per * sizeof(float));
  std::memcpy(x.labels.data(), all.labels.data_as<int64_t>() + from, n * sizeof(int64_t));
  return x;
}

std::string fashion_dir(const TrainingSpec& t) {
  return t.dataset_dir.empty() ? default_fashion_mnist_dir() : t.dataset_dir;
}

std::string no_fashion_mnist(const std::string& dir) {
  return "Fashion-MNIST not found in " + dir +
         " (install the Debian package dataset-fashion-mnist, or set $.training.dataset_dir)";
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
  // A plugin's sampler or metric: "plugin/name".
  auto plugin_of = [&out](const std::string& component, const std::string& at) {
    const auto slash = component.find('/');
    if (slash == std::string::npos) return;
    const std::string name = component.substr(0, slash);
    bool listed = false;
    for (const auto& [n, a] : out) listed = listed || n == name;
    if (!listed) out.emplace_back(name, at);
  };
  plugin_of(t.sampler, kSec + ".sampler");
  for (size_t i = 0; i < t.metrics.size(); ++i)
    plugin_of(t.metrics[i].name, kSec + ".metrics[" + std::to_string(i) + "]");
  return out;
}

Result<std::unique_ptr<network::NetworkExecutor>> build_training_executor(
    const TrainingSpec& t, uint64_t seed, const plugin::PluginManager& pm) {
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
  DatasetSplit d;
  if (t.dataset == "fashion-mnist") {
    const std::string dir = fashion_dir(t);
    if (!fashion_mnist_available(dir)) throw D500Error(no_fashion_mnist(dir));
    d = load_fashion_mnist(dir);
  } else if (t.dataset == "cifar10") {
    d = load_cifar10_dir(t.dataset_dir);
  } else {
    SyntheticSpec s;
    s.sample_shape = Shape(t.synthetic_shape.begin(), t.synthetic_shape.end());
    s.num_classes = t.synthetic_classes;
    s.noise = t.synthetic_noise;
    s.seed = seed;
    s.samples = t.synthetic_samples + t.synthetic_test_samples;
    const Dataset all = make_synthetic(s);
    d.train = part_of(all, 0, t.synthetic_samples, "train");
    d.test = part_of(all, t.synthetic_samples, t.synthetic_test_samples, "test");
  }
  // An MLP takes each sample flattened.
  if (t.network.value("builder", "") == "mlp")
    for (Dataset* x : {&d.train, &d.test})
      if (x->images.shape().size() > 2) x->images.reshape({x->size(), x->sample_numel()});
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
