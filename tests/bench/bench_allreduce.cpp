// The allreduce sweep through d500's Communicator against a bare MPI_Allreduce loop on the same
// ranks, in the same run: sizes 4 B .. 64 MiB doubling, the variants' calls interleaved
// (A B A B ...) so that drift hits both alike. The communicator is measured as distributed
// training uses it (each call timed for its counters) and as the collective level uses it (call
// timing off, calls and bytes still counted). Then the collective level's own sweep
// (measure_collective) against a bare OSU-style loop (barrier, a timed block of calls, the
// slowest rank's time) at the same block size and sample count. Goal: every ratio <= 1.03.
// Between them, what a fixed local delay after each bare call costs the 2-rank call (how much
// of a wrapper's per-call work reaches the collective's critical path).
// Prints medians and ratios; asserts nothing about time.
//
//   mpirun -np 2 build/tests/bench/bench_allreduce [effort]      (default 11; calls scale with it)
#include <mpi.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "d500/distributed/collective_benchmark.h"
#include "d500/distributed/communicator.h"
#include "d500/measure/stats.h"

namespace {

using Clock = std::chrono::steady_clock;

using d500::stats::median;

// Times `pairs` blocks of `block` calls of each variant, alternating block by block (A B A B ...),
// so that load from other processes and clock drift hit both alike; each block is timed on its
// own (a block of small calls spans many clock ticks, where one call is a few ticks of this
// machine's clock) and the median per call taken, so a block that lost the CPU to another
// process does not move the result. The ranks' medians differ a little; the slowest rank's is
// reported (a collective ends when its last rank does).
template <class A, class B>
std::pair<double, double> alternating_medians(int pairs, int block, A&& a, B&& b) {
  std::vector<double> ta, tb;
  ta.reserve(static_cast<size_t>(pairs));
  tb.reserve(static_cast<size_t>(pairs));
  MPI_Barrier(MPI_COMM_WORLD);
  for (int i = 0; i < pairs; ++i) {
    auto t0 = Clock::now();
    for (int k = 0; k < block; ++k) a();
    auto t1 = Clock::now();
    for (int k = 0; k < block; ++k) b();
    auto t2 = Clock::now();
    ta.push_back(std::chrono::duration<double, std::nano>(t1 - t0).count() / block);
    tb.push_back(std::chrono::duration<double, std::nano>(t2 - t1).count() / block);
  }
  double m[2] = {median(ta), median(tb)};
  MPI_Allreduce(MPI_IN_PLACE, m, 2, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
  return {m[0], m[1]};
}

// Both orders: a first in the pairs of the first half, b first in the second; each variant's
// mean of its two halves' medians.
template <class A, class B>
std::pair<double, double> both_orders(int pairs, int block, A&& a, B&& b) {
  auto [a1, b1] = alternating_medians(pairs / 2, block, a, b);
  auto [b2, a2] = alternating_medians(pairs - pairs / 2, block, b, a);
  return {(a1 + a2) / 2, (b1 + b2) / 2};
}

// OSU-style: `samples` times a barrier then `block` bare calls, the slowest rank's time per call;
// the median of those.
double osu_median(int samples, uint64_t block, std::vector<float>& buf, size_t count) {
  std::vector<double> t;
  for (int i = 0; i < samples; ++i) {
    MPI_Barrier(MPI_COMM_WORLD);
    auto t0 = Clock::now();
    for (uint64_t k = 0; k < block; ++k)
      MPI_Allreduce(MPI_IN_PLACE, buf.data(), static_cast<int>(count), MPI_FLOAT, MPI_SUM,
                    MPI_COMM_WORLD);
    double dt = std::chrono::duration<double, std::nano>(Clock::now() - t0).count();
    MPI_Allreduce(MPI_IN_PLACE, &dt, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
    t.push_back(dt / static_cast<double>(block));
  }
  return median(t);
}

std::string size_label(size_t b) {
  if (b >= (1u << 20)) return std::to_string(b >> 20) + " MiB";
  if (b >= 1024) return std::to_string(b >> 10) + " KiB";
  return std::to_string(b) + " B";
}

// A local delay of a few nanoseconds that the compiler keeps (one empty asm per iteration).
[[gnu::noinline]] void spin(int iters) {
  for (int i = 0; i < iters; ++i) asm volatile("" ::: "memory");
}

// The iteration count whose spin() takes at least `ns` on this machine, and what it takes (the
// slowest rank's), timed alone over 2^20 calls.
std::pair<int, double> calibrate_spin(double ns) {
  const int n = 1 << 20;
  for (int iters = 1;; iters *= 2) {
    auto t0 = Clock::now();
    for (int k = 0; k < n; ++k) spin(iters);
    double took = std::chrono::duration<double, std::nano>(Clock::now() - t0).count() / n;
    // Every rank has the same maximum, so every rank stops at the same count.
    MPI_Allreduce(MPI_IN_PLACE, &took, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
    if (took >= ns) return {iters, took};
  }
}

}  // namespace

// How much a fixed local delay per call (work a wrapper adds: ~6 ns is the communicator's own on
// one rank) costs a small 2-rank allreduce: the bare call against the bare call followed by the
// delay, alternating. ADDED / DELAY above 1 says each rank's per-call work lands on the
// collective's critical path more than once (the ranks wait for each other's every call).
void delay_sensitivity(std::vector<float>& buf, double target_ns, int effort, bool print) {
  const auto [iters, delay] = calibrate_spin(target_ns);
  if (print)
    std::printf(
        "\na local delay of %.1f ns after each bare call (the work a wrapper adds), "
        "against the bare call\n\n%10s %12s %14s %9s %7s\n",
        delay, "SIZE", "BARE MPI", "BARE + DELAY", "ADDED", "/DELAY");
  std::vector<double> factors;
  for (size_t bytes = 4; bytes <= 2048; bytes *= 8) {
    const int count = static_cast<int>(bytes / sizeof(float));
    auto bare = [&] {
      MPI_Allreduce(MPI_IN_PLACE, buf.data(), count, MPI_FLOAT, MPI_SUM, MPI_COMM_WORLD);
    };
    auto delayed = [&, n = iters] {
      bare();
      spin(n);
    };
    const int pairs = 600 * effort / 11;
    alternating_medians(std::max(3, pairs / 10), 32, bare, delayed);  // warm-up
    const auto [a, b] = both_orders(pairs, 32, bare, delayed);
    factors.push_back((b - a) / delay);
    if (print)
      std::printf("%10s %9.2f us %11.2f us %6.1f ns %7.2f\n", size_label(bytes).c_str(), a / 1e3,
                  b / 1e3, b - a, (b - a) / delay);
  }
  if (print)
    std::printf(
        "\nmedian ADDED / DELAY: %.2f (1: a rank's own per-call work costs the call once)\n",
        median(factors));
}

// The collective level's measurement of each size against an OSU loop with its block size and
// sample count (those of the level's latest measurement), alternating which goes first.
void collective_level_vs_osu(d500::distributed::Communicator& comm, std::vector<float>& buf,
                             int effort, bool print) {
  namespace dd = d500::distributed;
  d500::measure::Policy policy;
  policy.min_samples = 10 * effort;
  policy.max_seconds = 0.2;
  const auto timer = d500::measure::calibrate_timer();
  if (print)
    std::printf(
        "\ncollective level (measure_collective, allreduce float32) vs a bare OSU-style "
        "loop at its block size and sample count; A/A: the OSU loop against itself\n\n"
        "%10s %8s %8s %12s %12s %7s %7s\n",
        "SIZE", "BLOCK", "SAMPLES", "OSU", "LEVEL", "RATIO", "A/A");
  double worst = 0, worst_control = 1;
  for (size_t bytes = 4; bytes <= (1u << 20); bytes *= 4) {
    const size_t count = bytes / sizeof(float);
    // Six pairs, which side goes first alternating; the median of the pairs' ratios (this VM
    // runs the same calls 0.27 or 0.39 us apart from one second to the next).
    // Each pair also times the OSU loop a second time beside the first (A/A, the control), in
    // the order level, OSU, OSU' or OSU', OSU, level.
    std::vector<double> lv_ns, osu_ns, ratios, controls;
    uint64_t block = 0;
    int n = 0;
    for (int pair = 0; pair < 6; ++pair) {
      double lv = 0, osu = 0, again = 0;
      auto level = [&] {
        auto r = dd::measure_collective(comm, dd::Collective::Allreduce, bytes,
                                        d500::DType::Float32, policy, timer);
        lv = r.m.summary.median;
        block = r.m.block_size;
        n = static_cast<int>(r.m.samples_ns.size());
      };
      if (pair % 2 == 0) {
        level();
        osu = osu_median(n, block, buf, count);
        again = osu_median(n, block, buf, count);
      } else {
        // The OSU loops take the block size and sample count of pair 0's level measurement.
        again = osu_median(n, block, buf, count);
        osu = osu_median(n, block, buf, count);
        level();
      }
      lv_ns.push_back(lv), osu_ns.push_back(osu), ratios.push_back(lv / osu);
      controls.push_back(again / osu);
    }
    const double lv = median(lv_ns), osu = median(osu_ns), ratio = median(ratios);
    const double control = median(controls);
    worst = std::max(worst, ratio);
    worst_control = std::max(worst_control, std::max(control, 1 / control));
    if (print)
      std::printf("%10s %8llu %8d %9.2f us %9.2f us %7.3f %7.3f\n", size_label(bytes).c_str(),
                  static_cast<unsigned long long>(block), n, osu / 1e3, lv / 1e3, ratio, control);
  }
  if (print)
    std::printf(
        "\nworst ratio, level vs OSU: %.3f (goal <= 1.030); OSU against itself strays up "
        "to %.3f (the noise floor)\n",
        worst, worst_control);
}

int main(int argc, char** argv) {
  const int effort = argc > 1 ? std::max(1, std::atoi(argv[1])) : 11;
  auto& comm = d500::distributed::Communicator::world();
  if (comm.size() < 2) {
    std::fprintf(stderr,
                 "bench_allreduce: needs 2 ranks; start it as\n  mpirun -np 2 --oversubscribe %s\n"
                 "(as root also with OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1)\n",
                 argv[0]);
    return 2;
  }
  const bool print = comm.rank() == 0;
  if (print)
    std::printf(
        "allreduce (sum, float32, in place) on %d ranks, %s\nper-call medians, calls "
        "alternating bare / communicator (CALLS of each); UNTIMED: call timing off, as the "
        "collective level calls it; A/A: the bare call against itself\n\n%10s %8s %12s %14s %7s "
        "%14s %7s %7s\n",
        comm.size(), comm.library_version().c_str(), "SIZE", "CALLS", "BARE MPI", "COMMUNICATOR",
        "RATIO", "UNTIMED", "RATIO", "A/A");
  std::vector<float> buf((64u << 20) / sizeof(float), 0.0f);
  double worst = 0, worst_untimed = 0, worst_control = 1;
  for (size_t bytes = 4; bytes <= (64u << 20); bytes *= 2) {
    const size_t count = bytes / sizeof(float);
    auto bare = [&] {
      MPI_Allreduce(MPI_IN_PLACE, buf.data(), static_cast<int>(count), MPI_FLOAT, MPI_SUM,
                    MPI_COMM_WORLD);
    };
    auto ours = [&] { comm.allreduce(buf.data(), count, d500::DType::Float32); };
    auto untimed = [&] {
      comm.set_call_timing(false);
      comm.allreduce(buf.data(), count, d500::DType::Float32);
      comm.set_call_timing(true);
    };
    // About 40 MiB per variant and round, at least 31 and at most 20000 calls, in blocks of
    // 32 calls below 1 KiB, fewer up to 32 KiB, single calls above.
    const int block = static_cast<int>(std::clamp<size_t>((32u << 10) / bytes, 1, 32));
    const int calls =
        static_cast<int>(std::clamp<size_t>((40u << 20) / bytes, 31, 20000)) * effort / 11;
    const int pairs = std::max(3, calls / block);
    alternating_medians(std::max(3, pairs / 10), block, bare, ours);  // warm-up at this size
    // Which variant goes first in a pair alternates between two halves (both_orders).
    const auto [ma, mb] = both_orders(pairs, block, bare, ours);
    const auto [mc, mu] = both_orders(pairs, block, bare, untimed);
    // The control, up to 64 KiB: the bare call against itself the same way (A/A), so the
    // run's own noise floor stands beside the ratios.
    double control = 0;
    if (bytes <= (64u << 10)) {
      const auto [x, y] = both_orders(pairs, block, bare, bare);
      control = y / x;
      worst_control = std::max(worst_control, std::max(control, 1 / control));
    }
    const double ratio = mb / ma, uratio = mu / mc;
    worst = std::max(worst, ratio);
    worst_untimed = std::max(worst_untimed, uratio);
    if (print)
      std::printf("%10s %8d %9.2f us %11.2f us %7.3f %11.2f us %7.3f %7s\n",
                  size_label(bytes).c_str(), pairs * block, ma / 1e3, mb / 1e3, ratio, mu / 1e3,
                  uratio, control > 0 ? std::to_string(control).substr(0, 5).c_str() : "-");
  }
  if (print)
    std::printf(
        "\nworst ratio: timed %.3f, untimed %.3f (goal <= 1.030); the bare call against "
        "itself strays up to %.3f (the run's noise floor)\n",
        worst, worst_untimed, worst_control);
  for (double ns : {8.0, 32.0}) delay_sensitivity(buf, ns, effort, print);
  collective_level_vs_osu(comm, buf, effort, print);
  return 0;
}
