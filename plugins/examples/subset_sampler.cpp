#include "subset_sampler.h"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <random>
#include <stdexcept>
#include <string>

namespace examples {

Subset::Subset(int64_t n, d500::sdk::BasicTensor<const DLTensor>, uint64_t seed,
               const d500::sdk::Attributes& hyper)
    : n_(n), seed_(seed) {
  hyper.expect_only({"fraction"});
  const double fraction = hyper.get_float("fraction", 0.5);
  if (!(fraction > 0 && fraction <= 1))
    throw std::invalid_argument("params.fraction must lie in (0, 1], got " +
                                std::to_string(fraction));
  take_ = std::max<int64_t>(1, static_cast<int64_t>(std::llround(fraction * double(n))));
}

std::vector<int64_t> Subset::epoch_indices(int64_t epoch) const {
  std::vector<int64_t> all(static_cast<size_t>(n_));
  std::iota(all.begin(), all.end(), int64_t{0});
  std::mt19937_64 rng(seed_ * 0x9E3779B97F4A7C15ull + static_cast<uint64_t>(epoch));
  std::shuffle(all.begin(), all.end(), rng);
  all.resize(static_cast<size_t>(std::min(take_, n_)));
  return all;
}

}  // namespace examples
