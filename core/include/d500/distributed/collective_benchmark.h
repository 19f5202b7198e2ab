// The collective benchmark of level "collective": one collective at one message size, timed by
// the measurement loop on rank 0 while every other rank follows it call for call, plus a check
// of the values it delivers. algbw and busbw follow nccl-tests (doc/PERFORMANCE.md there).
#pragma once

#include <atomic>
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

#include "d500/distributed/communicator.h"
#include "d500/measure/loop.h"

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

// Times `c` on `bytes` per rank of `dtype` (float32 or float64; bytes a multiple of its size).
// Collective: every rank calls it. Rank 0 runs measure::measure() with `policy`; the others
// repeat the call until rank 0, once its loop has ended, marks the data of its next call with a
// NaN, which reaches every rank inside that call. So no control message sits in the timed region
// and ranks never disagree on the number of calls. The timed data are zeros (a sum of zeros stays
// zero). Broadcast's root rotates call by call over the ranks, so that each call waits for the
// one before (a fixed root would run ahead of the receivers while messages go eagerly).
// Rank 0 gets the measurement; the others an empty one. `cancel` (rank 0) ends sampling early.
measure::Measurement measure_collective(Communicator& comm, Collective c, size_t bytes,
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
