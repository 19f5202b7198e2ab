// Issue #4 benchmark: LeNet-5 (28x28) and the small ResNet (3x32x32), forward + backward at batch
// 64: d500's torch executor (NetworkExecutor -> C ABI -> the plugin's graph of ATen calls, autograd
// backward) against the same network written directly against LibTorch in a bare loop, in the
// same process, with the same parameters, measured interleaved by the same protocol. Both zero the
// gradients and back-propagate the mean cross-entropy loss. Goal: ratio <= 1.03. Prints a table;
// not a pass/fail test.
#include <torch/torch.h>
#include <unistd.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "bare_nets.h"
#include "d500/measure/loop.h"
#include "d500/network/executor_factory.h"
#include "d500/onnx/model.h"
#include "d500/onnx/model_builder.h"
#include "torch_bench_setup.h"

using namespace d500;
using namespace d500::bench;

namespace {

constexpr int64_t kBatch = 64;

class ExecutorSubject : public measure::Subject {
 public:
  explicit ExecutorSubject(network::NetworkExecutor& ex) : ex_(ex) {}
  void run(uint64_t n) override {
    for (uint64_t i = 0; i < n; ++i) ex_.forward_backward("loss");
  }

 private:
  network::NetworkExecutor& ex_;
};

class BareSubject : public measure::Subject {
 public:
  explicit BareSubject(Bare& b) : b_(b) {}
  void run(uint64_t n) override {
    for (uint64_t i = 0; i < n; ++i) b_.step();
  }

 private:
  Bare& b_;
};

}  // namespace

int main(int, char** argv) {
  bench::use_runner_allocator(argv);
  plugin::PluginManager pm({D500_TEST_PLUGIN_DIR});
  if (!bench::load_torch_plugin(pm)) return 1;
  onnx::BuildOptions bo;
  bo.batch = kBatch;
  bo.with_loss = true;
  bo.seed = 3;
  struct Net {
    const char* name;
    Result<std::string> bytes;
    std::function<void(Bare&)> define;
  };
  const onnx::ResnetSpec rs;
  std::vector<Net> nets;
  nets.push_back({"LeNet-5 b64 fwd+bwd", onnx::build_lenet({}, bo), lenet});
  nets.push_back({"ResNet-small b64 fwd+bwd", onnx::build_resnet(rs, bo),
                  [&rs](Bare& b) { resnet(b, rs.stages); }});

  measure::Policy policy;
  policy.target_rel_ci = 0.005;
  policy.min_samples = 30;
  policy.max_samples = 5000;
  policy.max_seconds = 20;
  policy.same_period = true;  // d500 and bare sampled over the same stretch of time
  policy.warmup_calls = 5;
  const auto timer = measure::calibrate_timer();
  std::printf("\n%-28s %14s %14s %9s %8s %s\n", "network", "d500 median", "bare median", "ratio",
              "goal", "loss d500 / bare");
  int met = 0;
  for (auto& net : nets) {
    if (!net.bytes) {
      std::fprintf(stderr, "%s: %s\n", net.name, net.bytes.error().to_string().c_str());
      return 1;
    }
    auto model = onnx::Model::parse(*net.bytes, net.name);
    auto graph = network::Graph::from_model(*model);
    if (!graph) {
      std::fprintf(stderr, "%s: %s\n", net.name, graph.error().to_string().c_str());
      return 1;
    }
    Bare bare;
    copy_parameters(*graph, bare);
    net.define(bare);
    auto ex = network::make_executor("torch", std::move(graph).value(), pm);
    if (!ex) {
      std::fprintf(stderr, "%s: %s\n", net.name, ex.error().to_string().c_str());
      return 1;
    }
    Tensor x(DType::Float32, (*ex)->input_spec("input").shape);
    fill_uniform(x, 11);
    Tensor labels(DType::Int64, {kBatch});
    for (int64_t i = 0; i < kBatch; ++i) labels.set(i, static_cast<double>(i % 10));
    (*ex)->set_input("input", x);
    (*ex)->set_input("labels", labels);
    bare.x = to_torch(x);
    bare.labels = to_torch(labels);
    (*ex)->forward_backward("loss");
    const double loss_d500 = (*ex)->output("loss").at(0);
    const double loss_bare = bare.step().item<double>();

    ExecutorSubject a(**ex);
    BareSubject b(bare);
    std::vector<measure::Subject*> subjects{&a, &b};
    auto ms = measure::measure_interleaved(subjects, policy, 500, timer);
    const double ratio = ms[0].summary.median / ms[1].summary.median;
    met += ratio <= 1.03;
    std::printf("%-28s %11.2f ms %11.2f ms %9.4f %8s %.6f / %.6f (n %zu/%zu)\n", net.name,
                ms[0].summary.median / 1e6, ms[1].summary.median / 1e6, ratio,
                ratio <= 1.03 ? "met" : "MISSED", loss_d500, loss_bare, ms[0].summary.n,
                ms[1].summary.n);
  }
  std::printf("\ngoal ratio <= 1.03: met for %d of %zu networks\n", met, nets.size());
  return 0;
}
