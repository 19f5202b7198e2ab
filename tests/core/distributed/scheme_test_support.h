// What the scheme tests share: the world communicator, a seeded MLP on the reference executor
// fed the same global batches on every rank, and one optimizer step driven through a scheme's
// hooks as the Trainer calls them.
#pragma once

#include <algorithm>
#include <cmath>
#include <memory>
#include <string>
#include <vector>

#include "d500/distributed/distributed_optimizers.h"
#include "d500/network/executor_factory.h"
#include "d500/onnx/model.h"
#include "d500/onnx/model_builder.h"
#include "d500/plugin/plugin_manager.h"
#include "d500/training/optimizer.h"

namespace d500::test {

using distributed::Communicator;
using distributed::DistributedScheme;

inline Communicator& W() {
  return Communicator::world();
}

constexpr int64_t kFeatures = 6, kClasses = 3, kPerRank = 4;

inline const plugin::PluginManager& plugins() {
  static const auto pm = [] {
    auto p =
        std::make_unique<plugin::PluginManager>(std::vector<std::string>{D500_TEST_PLUGIN_DIR});
    p->load({"reference"});
    return p;
  }();
  return *pm;
}

// The same seeded MLP (6 -> 5 -> 3, with loss) on every rank, for `batch` samples.
inline std::unique_ptr<network::NetworkExecutor> mlp(int64_t batch) {
  onnx::BuildOptions bo;
  bo.seed = 7;
  bo.batch = batch;
  bo.with_loss = true;
  auto bytes = onnx::build_mlp({.inputs = kFeatures, .hidden = {5}, .classes = kClasses}, bo);
  if (!bytes) throw D500Error(bytes.error());
  auto model = onnx::Model::parse(*bytes, "mlp");
  if (!model) throw D500Error(model.error());
  network::GraphOptions go;
  go.batch = batch;
  auto graph = network::Graph::from_model(*model, go);
  if (!graph) throw D500Error(graph.error());
  auto ex = network::make_executor("reference", std::move(graph).value(), plugins());
  if (!ex) throw D500Error(ex.error());
  return std::move(ex).value();
}

// Sample i of step s of the global batch (the same on every rank).
inline double feature(int64_t s, int64_t i, int64_t f) {
  return std::sin(0.37 * static_cast<double>(s * 131 + i * 17 + f * 5) + 0.1);
}
inline int64_t label(int64_t s, int64_t i) {
  return (s * 7 + i * 3) % kClasses;
}

// Feeds rows [first, first + batch) of step s's global batch.
inline void feed(network::NetworkExecutor& ex, int64_t s, int64_t first, int64_t batch) {
  Tensor x(DType::Float32, {batch, kFeatures}), y(DType::Int64, {batch});
  for (int64_t i = 0; i < batch; ++i) {
    for (int64_t f = 0; f < kFeatures; ++f) x.set(i * kFeatures + f, feature(s, first + i, f));
    y.set(i, static_cast<double>(label(s, first + i)));
  }
  ex.set_input("input", x);
  ex.set_input("labels", y);
}

inline std::vector<DLTensor> views(network::NetworkExecutor& ex, bool grads) {
  std::vector<DLTensor> v;
  for (const auto& p : ex.parameter_names())
    v.push_back(grads ? ex.gradient_view(p) : ex.parameter_view(p));
  return v;
}

inline std::vector<float> flat_params(network::NetworkExecutor& ex) {
  std::vector<float> out;
  for (const auto& p : ex.parameter_names()) {
    const Tensor& t = ex.parameter(p);
    for (int64_t i = 0; i < t.numel(); ++i) out.push_back(static_cast<float>(t.at(i)));
  }
  return out;
}

// Every rank's flat parameters, rank after rank.
inline std::vector<std::vector<float>> all_params(network::NetworkExecutor& ex) {
  const auto mine = flat_params(ex);
  std::vector<float> all(mine.size() * W().size());
  W().allgather(mine.data(), mine.size() * sizeof(float), all.data());
  std::vector<std::vector<float>> out;
  for (int r = 0; r < W().size(); ++r)
    out.emplace_back(all.begin() + r * mine.size(), all.begin() + (r + 1) * mine.size());
  return out;
}

inline double max_abs_diff(const std::vector<float>& a, const std::vector<float>& b) {
  double m = a.size() == b.size() ? 0 : 1e300;
  for (size_t i = 0; i < a.size() && i < b.size(); ++i)
    m = std::max(m, static_cast<double>(std::abs(a[i] - b[i])));
  return m;
}

// One optimizer step driven through the scheme's hooks, as the Trainer calls them. `pre` gets
// the parameters right after the local optimizer step (before after_optimizer).
inline void step(DistributedScheme& scheme, network::NetworkExecutor& ex, training::Optimizer& opt,
                 int64_t s, int64_t first, double lr, std::vector<float>* pre = nullptr) {
  scheme.before_step(s);
  feed(ex, s, first, kPerRank);
  ex.forward_backward("loss");
  scheme.before_optimizer(s);
  opt.step(views(ex, false), views(ex, true), lr);
  if (pre) *pre = flat_params(ex);
  scheme.after_optimizer(s, lr);
  scheme.after_step(s, ex.output("loss").at(0));
}

}  // namespace d500::test
