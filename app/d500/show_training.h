// `d500 show` for a training run (level "training"): time-to-accuracy per seed, the final and
// best test accuracy, the median with its CI and the olympic mean, and the recipe verdict.
#pragma once

#include "d500/store/result_store.h"

namespace d500::cli {

void print_training(const store::ResultStore& s, const store::RunInfo& r);

}  // namespace d500::cli
