#include "training_setup.h"

#include <cstring>
#include <filesystem>
#include <fstream>
#include <tuple>

#include "cli.h"
#include "d500/network/executor_factory.h"
#include "d500/onnx/model.h"
#include "d500/onnx/model_builder.h"
#include "d500/training/trainer.h"

namespace d500::cli {

using training::TrainingSpec;

std::set<std::string> training_section_plugins(const spec::Experiment& e) {
  const auto& s = e.sections.value("training", nlohmann::json::object());
  std::set<std::string> names{"reference"};
  if (auto ex = network::executor_plugins(s.value("executor", std::string("reference"))))
    names.insert(ex->begin(), ex->end());
  if (s.contains("optimizer") && s["optimizer"].is_object())
    names.insert(s["optimizer"].value("plugin", std::string("reference")));
  return names;
}

TrainingSpec parse_training_section(const spec::Experiment& e, const std::string& spec_path) {
  const std::string dir =
      spec_path.empty() ? "" : std::filesystem::path(spec_path).parent_path().string();
  auto t = training::parse_training(e.sections.value("training", nlohmann::json::object()),
                                    spec_path, dir);
  if (!t) throw CliError{kBadInput, t.error().to_string()};
  return std::move(t).value();
}

namespace {

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
  if (shape.size() != 3)
    return Error{"lenet and resnet need [C, H, W] samples", "$.training.network"};
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

std::unique_ptr<network::NetworkExecutor> build_training_executor(const TrainingSpec& t,
                                                                  uint64_t seed,
                                                                  plugin::PluginManager& pm) {
  auto bytes = model_bytes(t, seed);
  if (!bytes) throw CliError{kBadInput, bytes.error().to_string()};
  auto model = onnx::Model::parse(*bytes, "training network");
  if (!model) throw CliError{kBadInput, model.error().to_string()};
  network::GraphOptions go;
  go.batch = t.batch;
  auto graph = network::Graph::from_model(*model, go);
  if (!graph) throw CliError{kBadInput, graph.error().to_string()};
  auto ex = network::make_executor(t.executor, std::move(graph).value(), pm);
  if (!ex) throw CliError{kBadInput, "executor " + t.executor + ": " + ex.error().to_string()};
  return std::move(ex).value();
}

training::DatasetSplit load_training_data(const TrainingSpec& t, uint64_t seed) {
  training::DatasetSplit d;
  if (t.dataset == "fashion-mnist") {
    const std::string dir =
        t.dataset_dir.empty() ? training::default_fashion_mnist_dir() : t.dataset_dir;
    if (!training::fashion_mnist_available(dir))
      throw CliError{kBadInput, "Fashion-MNIST not found in " + dir +
                                    " (install the Debian package dataset-fashion-mnist, or set "
                                    "$.training.dataset_dir)"};
    d = training::load_fashion_mnist(dir);
  } else if (t.dataset == "cifar10") {
    d = training::load_cifar10_dir(t.dataset_dir);
  } else {
    training::SyntheticSpec s;
    s.sample_shape = Shape(t.synthetic_shape.begin(), t.synthetic_shape.end());
    s.num_classes = t.synthetic_classes;
    s.noise = t.synthetic_noise;
    s.seed = seed;
    s.samples = t.synthetic_samples + t.synthetic_test_samples;
    training::Dataset all = training::make_synthetic(s);
    auto part = [&](int64_t from, int64_t n, const char* name) {
      training::Dataset x;
      x.name = std::string("synthetic/") + name;
      x.num_classes = all.num_classes;
      Shape is = all.images.shape();
      is[0] = n;
      x.images = Tensor(DType::Float32, is);
      x.labels = Tensor(DType::Int64, {n});
      const int64_t per = all.sample_numel();
      std::memcpy(x.images.data(), all.images.data_as<float>() + from * per,
                  n * per * sizeof(float));
      std::memcpy(x.labels.data(), all.labels.data_as<int64_t>() + from, n * sizeof(int64_t));
      return x;
    };
    d.train = part(0, t.synthetic_samples, "train");
    d.test = part(t.synthetic_samples, t.synthetic_test_samples, "test");
  }
  // An MLP takes each sample flattened.
  if (t.network.value("builder", "") == "mlp")
    for (training::Dataset* x : {&d.train, &d.test})
      if (x->images.shape().size() > 2) x->images.reshape({x->size(), x->sample_numel()});
  if (t.normalize) {
    const auto n = training::compute_normalization(d.train);
    training::normalize(d.train, n);
    training::normalize(d.test, n);
  }
  return d;
}

training::TrainerOptions trainer_options_for(const training::TrainingSpec& t, uint64_t seed) {
  training::TrainerOptions o;
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

std::string store_recipe_verdict(store::ResultStore& store, int64_t run_id,
                                 const training::TrainingSpec& t, const std::string& missed,
                                 bool* compliant) {
  if (t.recipe_path.empty()) return "";
  std::vector<std::string> why = t.recipe_violations;
  if (!missed.empty()) why.push_back(missed);
  store::ValidationRow v;
  v.run_id = run_id;
  v.subject = "recipe " + t.recipe_path;
  v.metric = "compliance";
  v.passed = why.empty();
  v.value = v.passed ? 1 : 0;
  v.tolerance = 1;
  for (const auto& w : why) v.detail += (v.detail.empty() ? "" : "; ") + w;
  store.add_validation(v);
  *compliant = v.passed;
  return v.passed ? "recipe: compliant" : "recipe: NOT compliant: " + v.detail;
}

}  // namespace d500::cli
