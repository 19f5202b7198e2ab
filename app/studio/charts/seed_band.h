// Across seeds: the training level stores each seed's series as "<name>@seed<k>" ("loss@seed2").
// This folds the seeds of one series into, per step, the median and a distribution-free
// confidence band for it: the order statistics (X(r), X(n+1-r)) of the n seeds at that step,
// with the exact binomial coverage 1 - 2 P(Bin(n, 1/2) <= r - 1). With fewer than 6 seeds no
// pair reaches 95%; the band is then the seeds' range and its (lower) coverage is stated.
// Pure data, no Qt: tested directly.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace d500::studio {

// "loss@seed3" -> {"loss", 3}; nullopt for a name without a seed suffix.
std::optional<std::pair<std::string, int>> splitSeedName(std::string_view name);

struct OrderInterval {
  size_t loRank = 0, hiRank = 0;  // 1-based ranks into the n sorted values
  double coverage = 0;            // exact probability that the median lies between them
};
// The narrowest symmetric pair whose coverage is >= `confidence`, else (1, n). n >= 1.
OrderInterval medianOrderInterval(size_t n, double confidence = 0.95);

struct BandPoint {
  double step = 0;
  size_t seeds = 0;  // how many seeds have a value at this step
  double median = 0, lo = 0, hi = 0;
  double coverage = 0;
};

// One series' values per seed: seed -> (step, value) in any order.
using SeedPoints = std::map<int, std::vector<std::pair<double, double>>>;
// Per step that any seed has (ascending): the median across the seeds there and its band.
std::vector<BandPoint> seedBand(const SeedPoints& seeds, double confidence = 0.95);

}  // namespace d500::studio
