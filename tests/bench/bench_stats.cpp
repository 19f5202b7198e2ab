// summarize() over 10^6 samples against the cost it cannot avoid: sorting them. Prints both and
// their ratio; the absolute times depend on the machine, the ratio much less.
// Run: build/tests/bench/bench_stats
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <random>
#include <vector>

#include "d500/measure/stats.h"

namespace {

using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point t0) {
  return std::chrono::duration<double>(Clock::now() - t0).count();
}

double median_of(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

}  // namespace

int main() {
  constexpr size_t kSamples = 1'000'000;
  constexpr int kRepeats = 7;
  // Timing-like data: log-normal around 10 us with a few slow outliers, in ns.
  std::mt19937_64 rng(2024);
  std::lognormal_distribution<double> body(std::log(10'000.0), 0.1);
  std::uniform_real_distribution<double> u(0.0, 1.0);
  std::vector<double> samples(kSamples);
  for (double& x : samples) x = body(rng) * (u(rng) < 0.001 ? 20.0 : 1.0);

  std::vector<double> summarize_s, sort_s;
  double checksum = 0;
  // Alternate the two so that drift in the machine's state affects both alike.
  for (int r = 0; r < kRepeats; ++r) {
    auto t0 = Clock::now();
    const auto s = d500::stats::summarize(samples);
    summarize_s.push_back(seconds_since(t0));
    checksum += s.median + s.ci_hi;

    std::vector<double> copy = samples;  // the copy is not timed
    t0 = Clock::now();
    std::sort(copy.begin(), copy.end());
    sort_s.push_back(seconds_since(t0));
    checksum += copy[kSamples / 2];
  }
  const double t_summarize = median_of(summarize_s), t_sort = median_of(sort_s);
  std::printf("bench_stats: %zu samples, median of %d runs\n", kSamples, kRepeats);
  std::printf("  summarize()      %8.2f ms\n", t_summarize * 1e3);
  std::printf("  std::sort (base) %8.2f ms\n", t_sort * 1e3);
  std::printf("  ratio summarize / sort: %.2f\n", t_summarize / t_sort);
  std::printf("  (checksum %.6g)\n", checksum);
  return 0;
}
