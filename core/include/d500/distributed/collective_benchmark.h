// The collective benchmark of level "collective": one collective at one message size, timed on
// every rank after a barrier (collective_timing.cpp), plus a check of the values it delivers.
// algbw and busbw follow nccl-tests (doc/PERFORMANCE.md there).
#pragma once

#include <atomic>
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "d500/distributed/communicator.h"
#include "d500/measure/loop.h"
#include "d500/measure/stats.h"

namespace d500::distributed {

enum class Collective { Allreduce, Allgather, Broadcast };
std::string_view collective_name(Collective c);  // "allreduce", "allgather", "broadcast"
std::optional<Collective> collective_from_name(std::string_view name);

// nccl-tests' bus bandwidth factor: allreduce 2(n-1)/n, allgather (n-1)/n, broadcast 1; 0 with
// one rank (nothing crosses).
double busbw_factor(Collective c, int ranks);
// The bytes algbw is computed from: `bytes` per rank, except allgather, whose result is all
// ranks' blocks (nccl-tests' size), ranks * bytes.
double algbw_bytes(Collective c, size_t bytes, int ranks);

// What timing a collective on every rank gives.
struct CollectiveMeasurement {
  // The sample of a call is the slowest rank's time (the critical path): each sample is a block
  // of calls that every rank starts after a barrier and times on its own; the sample is the
  // maximum over ranks divided by the block size. Every rank holds the same measurement.
  measure::Measurement m;
  // On rank 0: rank r's own time per call in each of those samples, at index r. Elsewhere empty.
  std::vector<std::vector<double>> rank_samples;
  // On rank 0 with more than one rank: whether the ranks' own times differ (Kruskal-Wallis).
  stats::KruskalWallis ranks_differ;
};

// A sample's window lasts at least this many barriers: ranks leave a barrier up to about one
// barrier's time apart, and the first call of the window absorbs that skew, which would be most
// of a single small call (nccl-tests and OSU time many calls per sample for the same reason).
inline constexpr double kWindowBarriers = 50;
// The block of calls a sample times: `block` (the stop rule's, from the timer) grown tenfold
// until `block` calls of `call_ns` last kWindowBarriers barriers of `barrier_ns` (or the block
// reaches measure::kMaxBlockSize).
uint64_t window_block(uint64_t block, double call_ns, double barrier_ns);

// Times `c` on `bytes` per rank of `dtype` (float32 or float64; bytes a multiple of its size).
// Collective: every rank calls it with the same arguments. The warm-up, the block size and the
// stop rule (measurement.md) see the agreed samples, so every rank makes the same number of
// calls; rank 0's `cancel` reaches the others with the next sample. The timed data are zeros (a
// sum of zeros stays zero). Broadcast's root rotates call by call over the ranks, so that each
// call waits for the one before (a fixed root would run ahead of the receivers while messages
// go eagerly).
CollectiveMeasurement measure_collective(Communicator& comm, Collective c, size_t bytes,
                                         DType dtype, const measure::Policy& policy,
                                         const measure::TimerInfo& timer,
                                         const std::atomic<bool>* cancel = nullptr);

struct CollectiveCheck {
  double max_abs_error = 0;  // over every element of every rank
  bool passed = false;       // exact: the values are small integers, exact in float32
  std::string detail;        // "1024 elements on 2 ranks" or where the first error was
};
// Collective: runs `c` once on values that differ per rank and element and checks the result on
// every rank; every rank gets the verdict over all ranks.
CollectiveCheck check_collective(Communicator& comm, Collective c, size_t bytes, DType dtype);

}  // namespace d500::distributed
