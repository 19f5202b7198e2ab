// `d500 show` for level "distributed": per rank the final test accuracy, the step time's median
// and CI, the communication volume and time, and the compute / communication split; the critical
// path (per step the slowest rank); the Kruskal-Wallis verdict on whether the ranks' step times
// differ; each rank's communicator counters.
#pragma once

#include "d500/store/result_store.h"

namespace d500::cli {

void print_distributed(const store::ResultStore& s, const store::RunInfo& r);

}  // namespace d500::cli
