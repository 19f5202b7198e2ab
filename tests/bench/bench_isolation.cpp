// What process isolation of plugin code (issue 15) costs: the same small operator point (the
// reference Relu at N elements, validated) measured in-process and in a child process, rounds
// interleaved so that machine drift hits both alike; medians over the rounds. Also the bare cost
// of one call_in_child round trip (fork, pipe, reply, reap). Not a pass/fail test.
//
//   build/tests/bench/bench_isolation [rounds] [N]     (default 15 rounds, N = 4096)
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

#include "d500/measure/stats.h"
#include "d500/operators/operator_benchmark.h"
#include "d500/plugin/child_call.h"

using namespace d500;
using Clock = std::chrono::steady_clock;

namespace {

using d500::stats::median;

double seconds_since(Clock::time_point t0) {
  return std::chrono::duration<double>(Clock::now() - t0).count();
}

spec::Experiment relu_point(int64_t n) {
  nlohmann::json j{{"d500", 1},
                   {"name", "bench-isolation"},
                   {"level", "operator"},
                   {"seed", 1u},
                   {"operator", {{"op", "Relu"}, {"inputs", {{n}}}}},
                   {"implementations", {"reference"}},
                   {"repetition", {{"min_samples", 30}, {"max_samples", 30}, {"max_seconds", 1}}}};
  return spec::parse_experiment(j, "bench").value();
}

struct PointFigures {
  double wall_s = 0;     // the whole point: create, warm up, sample, validate, store
  double median_ns = 0;  // the operator's median per call
};

PointFigures run_point(const spec::Experiment& e, const plugin::OperatorImpl* impl,
                       store::ResultStore& store, bool isolate) {
  const int64_t run = store.create_run(store::RunInfo{});
  operators::IsolationOptions iso;
  iso.isolate = {isolate};
  const auto t0 = Clock::now();
  auto s = operators::run_operator_experiment(e, {impl}, impl, store, run, {}, iso);
  PointFigures f{seconds_since(t0), 0};
  if (s.failed) std::fprintf(stderr, "bench_isolation: %s\n", s.errors.front().c_str());
  for (const auto& m : store.measurements(run)) f.median_ns = m.median;
  return f;
}

double child_round_trip_s() {
  const auto t0 = Clock::now();
  plugin::ChildOutcome c = plugin::call_in_child([] { return std::string("ok"); }, {});
  if (!c.reported) std::fprintf(stderr, "bench_isolation: child failed: %s\n", c.failure.c_str());
  return seconds_since(t0);
}

}  // namespace

int main(int argc, char** argv) {
  const int rounds = argc > 1 ? std::atoi(argv[1]) : 15;
  const int64_t n = argc > 2 ? std::atoll(argv[2]) : 4096;
  plugin::PluginManager manager({D500_TEST_PLUGIN_DIR});
  manager.load({"reference"});
  const auto* impl = manager.operators().find_impl("Relu", "", "reference");
  if (!impl) {
    std::fprintf(stderr, "bench_isolation: no reference Relu in %s\n", D500_TEST_PLUGIN_DIR);
    return 1;
  }
  const std::string db = (std::filesystem::temp_directory_path() /
                          ("bench_isolation_" + std::to_string(getpid()) + ".d500db"))
                             .string();
  auto store = store::ResultStore::open(db, store::ResultStore::Mode::ReadWrite).value();
  const spec::Experiment e = relu_point(n);

  std::vector<double> wall_in, wall_iso, call_in, call_iso, trip;
  run_point(e, impl, *store, false);  // warm-up: page cache, first allocations
  for (int r = 0; r < rounds; ++r) {
    PointFigures a = run_point(e, impl, *store, false);
    PointFigures b = run_point(e, impl, *store, true);
    wall_in.push_back(a.wall_s);
    wall_iso.push_back(b.wall_s);
    call_in.push_back(a.median_ns);
    call_iso.push_back(b.median_ns);
    trip.push_back(child_round_trip_s());
  }
  store.reset();
  for (const char* suffix : {"", "-wal", "-shm"}) std::filesystem::remove(db + suffix);

  std::printf("reference Relu, N = %lld, 30 samples, validated; medians of %d interleaved rounds\n",
              static_cast<long long>(n), rounds);
  std::printf("%-28s %14s %14s %8s\n", "", "in-process", "isolated", "ratio");
  std::printf("%-28s %11.2f ms %11.2f ms %8.2f\n", "whole point (wall)", 1e3 * median(wall_in),
              1e3 * median(wall_iso), median(wall_iso) / median(wall_in));
  std::printf("%-28s %11.0f ns %11.0f ns %8.2f\n", "median per call", median(call_in),
              median(call_iso), median(call_iso) / median(call_in));
  std::printf("%-28s %14s %11.2f ms\n", "empty child round trip", "-", 1e3 * median(trip));
  std::printf("%-28s %14s %11.2f ms\n", "isolation cost per point", "-",
              1e3 * (median(wall_iso) - median(wall_in)));
  return 0;
}
