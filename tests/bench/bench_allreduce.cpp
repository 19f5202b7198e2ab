// The allreduce sweep through d500's Communicator against a bare MPI_Allreduce loop on the same
// ranks, in the same run: sizes 4 B .. 64 MiB doubling, the two variants' calls interleaved
// (A B A B ...) so that drift hits both alike. Goal: the communicator within 3% of bare MPI at
// every size >= 64 KiB. Prints medians and ratios; asserts nothing about time.
//
//   mpirun -np 2 build/tests/bench/bench_allreduce [effort]      (default 11; calls scale with it)
#include <mpi.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "d500/distributed/communicator.h"

namespace {

using Clock = std::chrono::steady_clock;

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  const size_t n = v.size();
  return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

// Times `pairs` calls of each variant, alternating call by call (A B A B ...), so that load from
// other processes and clock drift hit both alike; each call is timed on its own and the median
// taken, so a call that lost the CPU to another process does not move the result. The ranks'
// medians differ a little; the slowest rank's is reported (a collective ends when its last rank
// does).
template <class A, class B>
std::pair<double, double> alternating_medians(int pairs, A&& a, B&& b) {
  std::vector<double> ta, tb;
  ta.reserve(static_cast<size_t>(pairs));
  tb.reserve(static_cast<size_t>(pairs));
  MPI_Barrier(MPI_COMM_WORLD);
  for (int i = 0; i < pairs; ++i) {
    auto t0 = Clock::now();
    a();
    auto t1 = Clock::now();
    b();
    auto t2 = Clock::now();
    ta.push_back(std::chrono::duration<double, std::nano>(t1 - t0).count());
    tb.push_back(std::chrono::duration<double, std::nano>(t2 - t1).count());
  }
  double m[2] = {median(ta), median(tb)};
  MPI_Allreduce(MPI_IN_PLACE, m, 2, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
  return {m[0], m[1]};
}

std::string size_label(size_t b) {
  if (b >= (1u << 20)) return std::to_string(b >> 20) + " MiB";
  if (b >= 1024) return std::to_string(b >> 10) + " KiB";
  return std::to_string(b) + " B";
}

}  // namespace

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
    std::printf("allreduce (sum, float32, in place) on %d ranks, %s\nper-call medians, calls "
                "alternating bare / communicator (CALLS of each)\n\n%10s %8s %14s %14s %8s\n",
                comm.size(), comm.library_version().c_str(), "SIZE", "CALLS", "BARE MPI",
                "COMMUNICATOR", "RATIO");
  std::vector<float> buf((64u << 20) / sizeof(float), 0.0f);
  double worst_large = 0;
  for (size_t bytes = 4; bytes <= (64u << 20); bytes *= 2) {
    const size_t count = bytes / sizeof(float);
    auto bare = [&] {
      MPI_Allreduce(MPI_IN_PLACE, buf.data(), static_cast<int>(count), MPI_FLOAT, MPI_SUM,
                    MPI_COMM_WORLD);
    };
    auto ours = [&] { comm.allreduce(buf.data(), count, d500::DType::Float32); };
    // About 40 MiB per variant and round, at least 31 and at most 20000 calls.
    const int pairs = static_cast<int>(std::clamp<size_t>((40u << 20) / bytes, 31, 20000)) * effort / 11;
    alternating_medians(std::max(3, pairs / 10), bare, ours);  // warm-up at this size
    // Which variant goes first in a pair alternates between two halves.
    auto [a1, b1] = alternating_medians(pairs / 2, bare, ours);
    auto [b2, a2] = alternating_medians(pairs - pairs / 2, ours, bare);
    const double ma = (a1 + a2) / 2, mb = (b1 + b2) / 2, ratio = mb / ma;
    if (bytes >= (64u << 10)) worst_large = std::max(worst_large, ratio);
    if (print)
      std::printf("%10s %8d %11.2f us %11.2f us %8.3f\n", size_label(bytes).c_str(), pairs,
                  ma / 1e3, mb / 1e3, ratio);
  }
  if (print)
    std::printf("\nworst ratio at >= 64 KiB: %.3f (goal <= 1.030: %s)\n", worst_large,
                worst_large <= 1.03 ? "met" : "not met");
  return 0;
}
