// Helpers for the tests of the training loop and its events: the reference plugin (and the
// examples plugin when asked), a small MLP on the reference executor, synthetic data and a sink
// that keeps every point.
#pragma once

#include <cstring>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "d500/network/executor_factory.h"
#include "d500/onnx/model.h"
#include "d500/onnx/model_builder.h"
#include "d500/training/dataset.h"
#include "d500/training/trainer.h"

namespace d500::test {

using namespace d500::training;

inline plugin::PluginManager& plugins() {
  static plugin::PluginManager pm({D500_TEST_PLUGIN_DIR});
  static const bool loaded = (pm.load({"reference", "examples"}), true);
  (void)loaded;
  return pm;
}

inline std::unique_ptr<network::NetworkExecutor> mlp(int64_t batch, int64_t inputs, int64_t classes,
                                                     uint64_t seed = 1) {
  onnx::MlpSpec m;
  m.inputs = inputs;
  m.hidden = {16};
  m.classes = classes;
  onnx::BuildOptions bo;
  bo.batch = batch;
  bo.with_loss = true;
  bo.seed = seed;
  auto model = onnx::Model::parse(onnx::build_mlp(m, bo).value(), "mlp");
  auto g = network::Graph::from_model(*model);
  auto ex = network::make_executor("reference", std::move(g).value(), plugins());
  if (!ex) throw D500Error(ex.error());
  return std::move(ex).value();
}

// 640 training and 200 test samples of one synthetic draw (the same class prototypes).
inline Dataset slice(const Dataset& all, int64_t from, int64_t n, const char* name) {
  Dataset x;
  x.name = name;
  x.num_classes = all.num_classes;
  Shape shape = all.images.shape();
  shape[0] = n;
  x.images = Tensor(DType::Float32, shape);
  x.labels = Tensor(DType::Int64, {n});
  const int64_t per = all.sample_numel();
  std::memcpy(x.images.data(), all.sample(from), n * per * sizeof(float));
  std::memcpy(x.labels.data(), all.labels.data_as<int64_t>() + from, n * sizeof(int64_t));
  return x;
}

inline DatasetSplit synthetic(int64_t dims, int64_t classes, double noise = 0.3) {
  SyntheticSpec s;
  s.samples = 840;
  s.sample_shape = {dims};
  s.num_classes = classes;
  s.noise = noise;
  const Dataset all = make_synthetic(s);
  return {slice(all, 0, 640, "synthetic/train"), slice(all, 640, 200, "synthetic/test")};
}

struct MemorySink : SeriesSink {
  std::map<std::string, std::vector<std::pair<int64_t, double>>> points;
  void point(const std::string& n, int64_t step, double, double v) override {
    points[n].push_back({step, v});
  }
};

}  // namespace d500::test
