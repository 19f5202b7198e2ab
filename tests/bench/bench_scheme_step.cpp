// The cost of the scheme registry and its indirections (issue 30): one allreduce step of the
// Fashion-MNIST MLP (784 -> 256 -> 10, 203,530 float32 parameters) through DistributedScheme (a
// registered scheme found by name, its algorithm behind a virtual call, every step timed and
// recorded) against the same work written out: pack the gradients, allreduce them, unpack. The
// forward and backward passes are left out, so the ratio is the machinery's whole share, not
// diluted by compute. Blocks of steps alternate (A B A B ...) so that load hits both alike; a
// control times the bare loop against itself. Goal: ratio <= 1.01. Prints; asserts nothing.
//
//   build/tests/bench/bench_scheme_step                  (one rank)
//   mpirun -np 2 build/tests/bench/bench_scheme_step     (two ranks)
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <vector>

#include "bare_allreduce.h"
#include "d500/distributed/distributed_optimizers.h"
#include "d500/measure/stats.h"
#include "d500/network/executor_factory.h"
#include "d500/onnx/model.h"
#include "d500/onnx/model_builder.h"
#include "d500/plugin/plugin_manager.h"

namespace {

using namespace d500;
using Clock = std::chrono::steady_clock;

std::unique_ptr<network::NetworkExecutor> fashion_mlp(const plugin::PluginManager& pm) {
  onnx::BuildOptions bo;
  bo.seed = 1;
  bo.batch = 64;
  bo.with_loss = true;
  auto bytes = onnx::build_mlp({.inputs = 784, .hidden = {256}, .classes = 10}, bo);
  auto model = onnx::Model::parse(bytes.value(), "mlp");
  network::GraphOptions go;
  go.batch = 64;
  auto graph = network::Graph::from_model(model.value(), go);
  return network::make_executor("reference", std::move(graph).value(), pm).value();
}

template <class F>
double block_us(F&& f, int steps) {
  const auto t0 = Clock::now();
  for (int i = 0; i < steps; ++i) f();
  return std::chrono::duration<double, std::micro>(Clock::now() - t0).count() / steps;
}

}  // namespace

int main() {
  plugin::PluginManager pm({D500_TEST_PLUGIN_DIR});
  pm.load({"reference"});
  auto ex = fashion_mlp(pm);
  auto& comm = distributed::Communicator::world();
  distributed::DistributedScheme scheme(comm, *ex, {.scheme = "allreduce"});
  bench::BareAllreduce bare(comm, *ex);
  const size_t count = bare.buf.size();
  int64_t s = 0;
  auto via_scheme = [&] {
    scheme.before_step(s);
    scheme.before_optimizer(s);
    scheme.after_optimizer(s, 0.1);
    scheme.after_step(s, 0.5);
    ++s;
  };
  auto bare_step = [&] { bare.step(); };
  constexpr int kPairs = 31, kSteps = 20;
  for (int w = 0; w < 3; ++w) block_us(via_scheme, kSteps), block_us(bare_step, kSteps);
  std::vector<double> a, b, c;
  for (int p = 0; p < kPairs; ++p) {
    comm.barrier();
    a.push_back(block_us(via_scheme, kSteps));
    comm.barrier();
    b.push_back(block_us(bare_step, kSteps));
    comm.barrier();
    c.push_back(block_us(bare_step, kSteps));
  }
  if (comm.rank() == 0) {
    const double ma = stats::median(a), mb = stats::median(b), mc = stats::median(c);
    std::printf("allreduce step of the Fashion-MNIST MLP (%zu parameters) on %d rank(s)\n", count,
                comm.size());
    std::printf("  through DistributedScheme: %9.1f us   bare pack/allreduce/unpack: %9.1f us\n",
                ma, mb);
    std::printf("  ratio scheme / bare: %.4f   control bare / bare: %.4f   (goal <= 1.01)\n",
                ma / mb, mc / mb);
  }
  return 0;
}
