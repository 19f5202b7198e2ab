// Issue #5 benchmarks, on real Fashion-MNIST (skipped with the reason when the Debian package
// dataset-fashion-mnist is missing):
// 1. Training throughput of the LeNet-5 recipe through d500 (Trainer, torch executor, torch Adam,
//    the prefetching loader) against the same loop written directly against LibTorch
//    (torch::optim::Adam, batches sliced from the same tensors), same process, same threads and
//    batch, alternated round by round. Goal: ratio (d500 samples/s / bare) >= 0.98. Then where
//    d500's step goes, phase by phase (the trainer's StepProfile), beside the bare step.
// 2. Time-to-accuracy of the MLP recipe (784-256-10, Adam 1e-3, batch 64, evaluation every 200
//    steps) on the torch stack over 5 seeds, dataset load excluded. Goal: median < 1.5 s.
// Prints the figures; not a pass/fail test.
#include <torch/torch.h>

#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>

#include "bare_nets.h"
#include "torch_bench_setup.h"
#include "d500/network/executor_factory.h"
#include "d500/onnx/model.h"
#include "d500/onnx/model_builder.h"
#include "d500/training/time_to_accuracy.h"
#include "d500/training/trainer.h"

using namespace d500;
using namespace d500::bench;
using Clock = std::chrono::steady_clock;

namespace {

constexpr int64_t kBatch = 64;

training::Dataset head(const training::Dataset& d, int64_t n) {
  training::Dataset x;
  x.name = d.name + "[:" + std::to_string(n) + "]";
  x.num_classes = d.num_classes;
  Shape s = d.images.shape();
  s[0] = n;
  x.images = Tensor(DType::Float32, s);
  x.labels = Tensor(DType::Int64, {n});
  std::memcpy(x.images.data(), d.images.data(), x.images.nbytes());
  std::memcpy(x.labels.data(), d.labels.data(), x.labels.nbytes());
  return x;
}

network::Graph graph_of(const Result<std::string>& bytes) {
  auto model = onnx::Model::parse(bytes.value(), "bench");
  return std::move(network::Graph::from_model(*model)).value();
}

// Where d500's LeNet step goes, phase by phase, beside the bare loop's whole step (its narrow,
// zero_grad, forward/backward and Adam step): what the loop adds is the rows marked overhead.
void print_profile(const training::StepProfile& p, double bare_us_per_step) {
  std::printf("\n  d500 step, phase by phase (us per step, %lld steps):\n",
              static_cast<long long>(p.steps));
  double total = 0;
  for (int i = 0; i < training::StepProfile::kPhases; ++i) {
    if (i == training::StepProfile::Evaluation) continue;  // the bare loop does not evaluate
    total += p.us_per_step(i);
    std::printf("    %-17s %9.1f%s\n", training::StepProfile::name(i), p.us_per_step(i),
                training::StepProfile::is_overhead(i) ? "  (loop overhead)" : "");
  }
  std::printf("    %-17s %9.1f\n    bare LibTorch     %9.1f\n", "total", total, bare_us_per_step);
  std::printf("  loop overhead %.1f us per step (%.2f%% of the d500 step)\n",
              p.overhead_us_per_step(), total > 0 ? 100 * p.overhead_us_per_step() / total : 0.0);
}

}  // namespace

int main(int, char** argv) {
  bench::use_runner_allocator(argv);
  if (!training::fashion_mnist_available()) {
    std::printf("skipped: Fashion-MNIST not found in %s (Debian package dataset-fashion-mnist)\n",
                training::default_fashion_mnist_dir().c_str());
    return 0;
  }
  plugin::PluginManager pm({D500_TEST_PLUGIN_DIR});
  if (!bench::load_torch_plugin(pm)) return 1;
  auto data = training::load_fashion_mnist();

  // 1. LeNet-5 throughput over 40 batches per round, d500 and bare alternated, 5 rounds.
  const training::Dataset part = head(data.train, 40 * kBatch);
  onnx::BuildOptions bo;
  bo.batch = kBatch;
  bo.with_loss = true;
  network::Graph g = graph_of(onnx::build_lenet({}, bo));
  Bare bare;
  copy_parameters(g, bare);
  lenet(bare);
  std::vector<at::Tensor> params;
  for (auto& [n, t] : bare.p) params.push_back(t);
  torch::optim::Adam bare_adam(params, torch::optim::AdamOptions(1e-3));
  auto ex = network::make_executor("torch", std::move(g), pm).value();
  training::Optimizer adam(pm, "torch", "adam", {{"lr", 1e-3}});
  training::TrainerOptions o;
  o.batch = kBatch;
  o.epochs = 1;
  training::Trainer trainer(*ex, adam, o);
  training::TrainerOptions o_thread = o;
  o_thread.loader_thread = true;  // the prefetching thread, for comparison
  training::Trainer thread_trainer(*ex, adam, o_thread);
  const at::Tensor images = to_torch(part.images), labels = to_torch(part.labels);
  std::vector<double> d500_rate, thread_rate, bare_rate;
  training::StepProfile profile;  // the d500 rounds' phases, summed
  double bare_s = 0;
  for (int round = 0; round < 5; ++round) {
    training::SequentialSampler seq(part.size());
    const auto t0 = Clock::now();
    profile += trainer.train(part, seq, head(data.test, kBatch)).profile;
    const double d500_s = std::chrono::duration<double>(Clock::now() - t0).count();
    // Only the training steps count for d500 too: subtract its one-batch evaluation, measured.
    const auto e0 = Clock::now();
    trainer.evaluate(head(data.test, kBatch));
    const double eval_s = std::chrono::duration<double>(Clock::now() - e0).count();
    d500_rate.push_back(static_cast<double>(part.size()) / (d500_s - eval_s));
    training::SequentialSampler seq_thread(part.size());
    const auto s0 = Clock::now();
    thread_trainer.train(part, seq_thread, head(data.test, kBatch));
    const double thread_s = std::chrono::duration<double>(Clock::now() - s0).count();
    thread_rate.push_back(static_cast<double>(part.size()) / (thread_s - eval_s));
    const auto b0 = Clock::now();
    for (int64_t i = 0; i < part.size(); i += kBatch) {
      bare.x = images.narrow(0, i, kBatch);
      bare.labels = labels.narrow(0, i, kBatch);
      bare_adam.zero_grad();
      bare.step();
      bare_adam.step();
    }
    const double round_s = std::chrono::duration<double>(Clock::now() - b0).count();
    bare_s += round_s;
    bare_rate.push_back(static_cast<double>(part.size()) / round_s);
  }
  std::sort(d500_rate.begin(), d500_rate.end());
  std::sort(bare_rate.begin(), bare_rate.end());
  std::sort(thread_rate.begin(), thread_rate.end());
  const double ratio = d500_rate[2] / bare_rate[2];
  std::printf("\nLeNet-5 training, batch %lld, 5 rounds of %lld samples (median)\n",
              static_cast<long long>(kBatch), static_cast<long long>(part.size()));
  std::printf("  d500 (torch executor + torch Adam): %8.1f samples/s\n", d500_rate[2]);
  std::printf("  bare LibTorch loop:                  %8.1f samples/s\n", bare_rate[2]);
  std::printf("  d500 with a loader thread:          %8.1f samples/s\n", thread_rate[2]);
  std::printf("  ratio %.4f  goal >= 0.98: %s\n", ratio, ratio >= 0.98 ? "met" : "MISSED");
  std::printf("  ratio with a loader thread %.4f\n", thread_rate[2] / bare_rate[2]);
  print_profile(profile, bare_s * 1e6 / static_cast<double>(profile.steps));

  // 2. Time-to-accuracy of the MLP recipe.
  std::vector<double> tta;
  const training::Dataset train = [&] {
    training::Dataset x = head(data.train, data.train.size());
    x.images.reshape({x.size(), 784});
    return x;
  }();
  training::Dataset test = head(data.test, data.test.size());
  test.images.reshape({test.size(), 784});
  for (uint64_t seed = 1; seed <= 5; ++seed) {
    onnx::BuildOptions mb;
    mb.batch = kBatch;
    mb.with_loss = true;
    mb.seed = seed;
    auto mlp = network::make_executor("torch", graph_of(onnx::build_mlp({}, mb)), pm).value();
    training::Optimizer madam(pm, "torch", "adam", {{"lr", 1e-3}});
    training::TrainerOptions mo;
    mo.batch = kBatch;
    mo.epochs = 5;
    mo.target_accuracy = 0.85;
    mo.eval_every = 200;
    training::Trainer t(*mlp, madam, mo);
    training::ShuffledSampler sampler(train.size(), seed);
    const auto r = t.train(train, sampler, test);
    tta.push_back(r.reached_target ? r.time_to_accuracy_s : -1);
    std::printf("  seed %llu: %s\n", static_cast<unsigned long long>(seed),
                r.reached_target ? (std::to_string(r.time_to_accuracy_s) + " s").c_str() : "not reached");
  }
  const auto s = training::summarize_tta(tta);
  std::printf("\nMLP recipe time-to-accuracy (85%%): %s\n  goal median < 1.5 s: %s\n",
              s.describe().c_str(), s.reached > 0 && s.median < 1.5 ? "met" : "MISSED");
  return 0;
}
