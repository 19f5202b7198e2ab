// `d500 show` for level "collective": per operation and size the median with its CI, algbw and
// busbw (nccl-tests), the correctness verdict; then each rank's communication counters.
#pragma once

#include "d500/store/result_store.h"

namespace d500::cli {

void print_collective(const store::ResultStore& s, const store::RunInfo& r);

}  // namespace d500::cli
