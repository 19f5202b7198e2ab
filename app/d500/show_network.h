// `d500 show` for the runs of level 1: a network benchmark (level "network") and a stored model
// validation (`d500 validate-model --db`, level "model-validation").
#pragma once

#include "d500/store/result_store.h"

namespace d500::cli {

// Latency percentiles, throughput and forward+backward per batch size, first call against the
// steady state, peak memory, the five slowest nodes per executor, micro-batching.
void print_network(const store::ResultStore& s, const store::RunInfo& r);
// Every stored comparison with its verdict.
void print_model_validation(const store::ResultStore& s, const store::RunInfo& r);

}  // namespace d500::cli
