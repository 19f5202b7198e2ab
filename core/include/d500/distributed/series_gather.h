// One writer: only rank 0 writes the store, so the other ranks ship their rows to it. Series
// points travel in a compact binary form (name, step, wall time, value, rank).
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "d500/distributed/communicator.h"
#include "d500/store/result_store.h"

namespace d500::distributed {

std::vector<uint8_t> encode_series(std::span<const store::SeriesPoint> points);
// Throws D500Error when the bytes are not what encode_series wrote.
std::vector<store::SeriesPoint> decode_series(std::span<const uint8_t> bytes);

// Collective: every rank's points arrive on `root`, rank 0's first, each with `rank` set to the
// rank that sent it (run_id is kept as sent). Other ranks get an empty vector.
std::vector<store::SeriesPoint> gather_series(Communicator& comm,
                                              std::span<const store::SeriesPoint> points,
                                              int root = 0);

}  // namespace d500::distributed
