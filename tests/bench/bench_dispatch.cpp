// What one operator call through the plugin ABI costs: the reference plugin's empty Noop forward
// through OperatorInstance, against a direct call through a C function pointer to an equally
// empty function in this binary, measured in the same run. Goal: < 100 ns per call.
//
//   build/tests/bench/bench_dispatch [calls]     (default 10^7)
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "d500/plugin/plugin_manager.h"

namespace {

using Clock = std::chrono::steady_clock;

// Same signature as d500_operator::forward; noinline and called through a volatile pointer so the
// baseline pays for a real indirect call, as the plugin call does.
extern "C" __attribute__((noinline)) int32_t empty_forward(void*, const DLTensor*, size_t,
                                                           DLTensor*, size_t, d500_error*) {
  asm volatile("");
  return D500_OK;
}

template <class F>
double ns_per_call(long calls, F&& f) {
  for (long i = 0; i < calls / 100; ++i) f();  // warm-up: caches, branch predictors
  const auto start = Clock::now();
  for (long i = 0; i < calls; ++i) f();
  const auto stop = Clock::now();
  return std::chrono::duration<double, std::nano>(stop - start).count() /
         static_cast<double>(calls);
}

}  // namespace

int main(int argc, char** argv) {
  const long calls = argc > 1 ? std::atol(argv[1]) : 10'000'000L;
  d500::plugin::PluginManager manager({D500_TEST_PLUGIN_DIR});
  manager.load({"reference"});
  const auto* impl = manager.operators().find_impl("Noop", "ai.d500.test", "reference");
  if (!impl) {
    const auto* rec = manager.find("reference");
    std::fprintf(stderr, "bench_dispatch: no reference Noop in %s (%s)\n", D500_TEST_PLUGIN_DIR,
                 rec ? rec->error.c_str() : "plugin not found");
    return 1;
  }
  d500::plugin::OperatorInstance op(*impl, {}, {});
  const std::vector<DLTensor> inputs;
  std::vector<DLTensor> outputs;

  int32_t (*volatile direct)(void*, const DLTensor*, size_t, DLTensor*, size_t, d500_error*) =
      &empty_forward;
  d500_error err;
  err.code = 0;
  err.message[0] = '\0';

  // Interleaved rounds, best of each: the machine drifts, so compare within one round.
  double best_plugin = 1e300, best_direct = 1e300;
  for (int round = 0; round < 3; ++round) {
    double d = ns_per_call(calls, [&] { direct(nullptr, nullptr, 0, nullptr, 0, &err); });
    double p = ns_per_call(calls, [&] { op.forward(inputs, outputs); });
    best_direct = d < best_direct ? d : best_direct;
    best_plugin = p < best_plugin ? p : best_plugin;
  }
  std::printf("calls per round            %ld (best of 3 rounds)\n", calls);
  std::printf("direct C function pointer  %8.2f ns/call\n", best_direct);
  std::printf("OperatorInstance::forward  %8.2f ns/call  (reference Noop through the ABI)\n",
              best_plugin);
  std::printf("ratio plugin / direct      %8.2f\n", best_plugin / best_direct);
  std::printf("goal < 100 ns/call         %s\n", best_plugin < 100.0 ? "met" : "NOT met");
  return 0;
}
