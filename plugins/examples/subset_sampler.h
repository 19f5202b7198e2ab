// An example sampler: a fresh random subset of the training set every epoch, a `fraction` of it
// (params.fraction, default 0.5), for quick benchmark runs on large sets. A pure function of
// (seed, epoch), as every sampler must be.
#pragma once

#include <d500/sdk/sampler.h>

#include <cstdint>
#include <vector>

namespace examples {

class Subset : public d500::sdk::Sampler<Subset> {
 public:
  Subset(int64_t n, d500::sdk::BasicTensor<const DLTensor> labels, uint64_t seed,
         const d500::sdk::Attributes& hyper);
  std::vector<int64_t> epoch_indices(int64_t epoch) const;

 private:
  int64_t n_, take_;
  uint64_t seed_;
};

}  // namespace examples
