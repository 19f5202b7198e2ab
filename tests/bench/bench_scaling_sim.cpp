// Benchmark for issue 36 (speed): simulating one step of a 4,096-rank scheme (goal < 1 s): the
// ring allreduce and the parameter server on an ideal network and on an oversubscribed fat tree.
// Baseline measured in the same run: the naive replay, every one of the ring's 2(p-1) steps
// walked message by message (what the simulator avoids by keeping repeated steps once).
// Not a pass/fail test. Run: build/tests/bench/bench_scaling_sim
#include <chrono>
#include <cstdio>

#include "d500/scaling/simulate.h"

using Clock = std::chrono::steady_clock;
using namespace d500::scaling;

namespace {

double seconds(Clock::duration d) {
  return std::chrono::duration<double>(d).count();
}

}  // namespace

int main() {
  const int p = 4096;
  const double n = 100e6;  // a ResNet-50's gradients, float32
  const Network ideal{1500, 0.08, {}};
  const Network tree{1500, 0.08, parse_topology("fat-tree:oversubscription=4,ranks_per_leaf=32")};

  auto t0 = Clock::now();
  double naive = 0;
  const Step step = ring_allreduce(p, n).front().step;
  for (int s = 0; s < 2 * (p - 1); ++s) {
    double busiest = 0;
    for (const auto& m : step)
      busiest = std::max(busiest, ideal.alpha_ns + m.bytes * ideal.ns_per_byte);
    naive += busiest;
  }
  const double baseline = seconds(Clock::now() - t0);

  struct Case {
    const char* name;
    Schedule s;
    const Network* net;
  } cases[] = {{"ring allreduce, ideal", ring_allreduce(p, n), &ideal},
               {"ring allreduce, fat tree 4:1", ring_allreduce(p, n), &tree},
               {"parameter server, ideal", parameter_server(p, n), &ideal},
               {"parameter server, fat tree 4:1", parameter_server(p, n), &tree}};
  std::printf(
      "baseline: naive replay of the ring's %d steps x %d messages: %.3f s (%.3g ms "
      "simulated)\n",
      2 * (p - 1), p, baseline, naive / 1e6);
  for (auto& c : cases) {
    t0 = Clock::now();
    const SimResult r = simulate(c.s, p, *c.net);
    const double took = seconds(Clock::now() - t0);
    std::printf("%-32s %d ranks: %.4f s = %.3fx baseline (goal < 1 s); step %.3g ms, %s\n", c.name,
                p, took, took / baseline, r.time_ns / 1e6, r.bottleneck.c_str());
  }
  return 0;
}
