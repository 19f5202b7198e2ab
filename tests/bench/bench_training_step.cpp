// The cost of the component registries in a training step (issue 30): an epoch of the
// Fashion-MNIST MLP (784 -> 256 -> 10, batch 64, reference executor, synthetic data of the same
// shape) trained by the Trainer with its sampler made through the sampler registry by name
// against the same sampler constructed directly, as the training level did before the registry.
// With no metric named, no metric event is added, so the steps themselves run the same code;
// a third column shows what naming the built-in "ece" costs (work the user asked for). Blocks
// alternate (A B C B ...) so that load hits all alike; a control times B against itself.
// Under mpirun the same epoch is also trained data-parallel: the allreduce scheme found in the
// scheme registry (its hooks behind virtual calls, every step timed, recorded and a stop agreed)
// against the allreduce written out as a plain training event, forward and backward included.
// Goal: both ratios <= 1.01. Prints; asserts nothing.
//
//   build/tests/bench/bench_training_step                 (the sampler; 1 rank)
//   mpirun -np 2 build/tests/bench/bench_training_step    (and the 2-rank allreduce step)
#include <chrono>
#include <cstdio>
#include <vector>

#include "bare_allreduce.h"
#include "d500/distributed/distributed_optimizers.h"
#include "d500/measure/stats.h"
#include "d500/network/executor_factory.h"
#include "d500/onnx/model.h"
#include "d500/onnx/model_builder.h"
#include "d500/training/metric_event.h"
#include "d500/training/sampler_registry.h"
#include "d500/training/trainer.h"

namespace {

using namespace d500;

std::unique_ptr<network::NetworkExecutor> fashion_mlp(const plugin::PluginManager& pm) {
  onnx::BuildOptions bo;
  bo.seed = 1;
  bo.batch = 64;
  bo.with_loss = true;
  auto bytes = onnx::build_mlp({.inputs = 784, .hidden = {256}, .classes = 10}, bo);
  auto model = onnx::Model::parse(bytes.value(), "mlp");
  auto graph = network::Graph::from_model(model.value());
  return network::make_executor("reference", std::move(graph).value(), pm).value();
}

// Microseconds per optimizer step of one epoch, with `events` (a scheme, metrics) added.
double epoch_us(network::NetworkExecutor& ex, training::Optimizer& opt,
                const training::DatasetSplit& data, const training::Sampler& sampler,
                const std::vector<std::shared_ptr<training::TrainingEvent>>& events = {}) {
  training::TrainerOptions o;
  o.batch = 64;
  o.epochs = 1;
  training::Trainer t(ex, opt, o);
  for (const auto& e : events) t.add_event(e);
  const auto r = t.train(data.train, sampler, data.test);
  return 1e6 * (r.wall_s / static_cast<double>(r.steps));
}

}  // namespace

// Medians of rounds of alternating blocks: a, b, c, then b again as the control.
struct Side {
  double a, b, c, control;
};
template <class A, class B, class C>
Side side_by_side(A&& a, B&& b, C&& c, int rounds) {
  for (int w = 0; w < 2; ++w) a(), b(), c();
  std::vector<double> ra, rb, rc, rb2;
  for (int i = 0; i < rounds; ++i) {
    ra.push_back(a());
    rb.push_back(b());
    rc.push_back(c());
    rb2.push_back(b());
  }
  return {stats::median(ra), stats::median(rb), stats::median(rc), stats::median(rb2)};
}

int main() {
  plugin::PluginManager pm({D500_TEST_PLUGIN_DIR});
  pm.load({"reference"});
  auto ex = fashion_mlp(pm);
  training::Optimizer opt(pm, "reference", "sgd", {{"lr", 0.01}});
  training::SyntheticSpec s;
  s.samples = 64 * 40;
  s.sample_shape = {784};
  training::DatasetSplit data;
  data.train = training::make_synthetic(s);
  s.samples = 64;  // evaluation after the epoch stays small
  data.test = training::make_synthetic(s);
  const auto registry = training::make_sampler("shuffled", data.train, 7, {});
  const training::ShuffledSampler direct(data.train.size(), 7);
  auto& comm = distributed::Communicator::world();
  constexpr int kRounds = 15;
  if (comm.size() == 1) {
    const auto ece = std::make_shared<training::MetricEvent>(
        std::vector<training::MetricRequest>{{"ece", {}}}, "training", *ex,
        training::TrainerOptions{}, nullptr);
    const Side r = side_by_side([&] { return epoch_us(*ex, opt, data, *registry); },
                                [&] { return epoch_us(*ex, opt, data, direct); },
                                [&] { return epoch_us(*ex, opt, data, direct, {ece}); }, kRounds);
    std::printf("training step of the Fashion-MNIST MLP (batch 64, reference), median of %d\n",
                kRounds);
    std::printf("  sampler from the registry: %8.1f us   constructed directly: %8.1f us\n", r.a,
                r.b);
    std::printf(
        "  ratio registry / direct: %.4f   control direct / direct: %.4f   (goal <= 1.01)\n",
        r.a / r.b, r.control / r.b);
    std::printf("  with the built-in ece metric named: %8.1f us (%.4f of the step without)\n", r.c,
                r.c / r.b);
    return 0;
  }
  auto scheme =
      std::make_shared<distributed::DistributedScheme>(comm, *ex, distributed::SchemeOptions{});
  auto bare = std::make_shared<bench::BareAllreduce>(comm, *ex);
  auto scheme_epoch = [&] {
    comm.barrier();
    return epoch_us(*ex, opt, data, direct, {scheme});
  };
  auto bare_epoch = [&] {
    comm.barrier();
    return epoch_us(*ex, opt, data, direct, {bare});
  };
  const Side r = side_by_side(scheme_epoch, bare_epoch, bare_epoch, kRounds);
  if (comm.rank() == 0) {
    std::printf("%d-rank allreduce training step of the Fashion-MNIST MLP (batch 64 per rank)\n",
                comm.size());
    std::printf("  through the scheme registry: %8.1f us   written out: %8.1f us\n", r.a, r.b);
    std::printf("  ratio scheme / written out: %.4f   control: %.4f   (goal <= 1.01)\n", r.a / r.b,
                r.control / r.b);
  }
  return 0;
}
