// Level 2 samplers: the order in which a dataset's samples are visited, epoch by epoch, and a
// dataset-bias metric over what a sampler delivered.
//
// A sampler is a pure function of (its seed, the epoch): epoch_indices(e) returns the same list
// every time it is asked, so a run can be repeated and a rank can compute its shard alone. The
// samplers for distributed training (Partitioned, Replicated) derive the global order from the
// seed only, identically on every rank. Samplers are not thread-safe; the loader calls them on
// the caller's thread.
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "d500/tensor.h"

namespace d500::training {

class Sampler {
 public:
  virtual ~Sampler() = default;
  // Dataset indices in delivery order for epoch `epoch` (0-based).
  virtual std::vector<int64_t> epoch_indices(int64_t epoch) const = 0;
  // "sequential", "shuffled(seed 5)", "partitioned(rank 1 of 4, seed 5)", ...
  virtual std::string describe() const = 0;
};

// 0, 1, ..., n-1 every epoch.
class SequentialSampler : public Sampler {
 public:
  explicit SequentialSampler(int64_t n);
  std::vector<int64_t> epoch_indices(int64_t epoch) const override;
  std::string describe() const override;

 private:
  int64_t n_;
};

// A permutation of 0..n-1 drawn from (seed, epoch): reproducible, different per epoch.
class ShuffledSampler : public Sampler {
 public:
  ShuffledSampler(int64_t n, uint64_t seed);
  std::vector<int64_t> epoch_indices(int64_t epoch) const override;
  std::string describe() const override;

 private:
  int64_t n_;
  uint64_t seed_;
};

// Every class equally often: an epoch of `samples_per_epoch` (default: the dataset size) draws
// samples_per_epoch / C from each class (the remainder from randomly chosen classes), walking a
// shuffled cycle through each class's samples (small classes repeat, large ones are cut), and
// then shuffles the whole epoch. Labels are int64 [N] in [0, num_classes); a class without
// samples is an error (D500Error).
class ClassBalancedSampler : public Sampler {
 public:
  ClassBalancedSampler(const Tensor& labels, int64_t num_classes, uint64_t seed,
                       int64_t samples_per_epoch = 0);
  std::vector<int64_t> epoch_indices(int64_t epoch) const override;
  std::string describe() const override;

 private:
  std::vector<std::vector<int64_t>> by_class_;
  uint64_t seed_;
  int64_t per_epoch_;
};

// Rank `rank` of `world`: the epoch's global order (shuffled from (seed, epoch), or sequential
// when shuffle is false) dealt out round-robin, so the shards of all ranks are disjoint and
// together cover the dataset exactly once. Shard sizes then differ by at most one; with
// pad_to_equal every shard has ceil(n / world) indices, the short ones wrapping around to the
// start of the global order (PyTorch's DistributedSampler), so a few samples are seen twice.
class PartitionedSampler : public Sampler {
 public:
  PartitionedSampler(int64_t n, int rank, int world, uint64_t seed, bool shuffle = true,
                     bool pad_to_equal = false);
  std::vector<int64_t> epoch_indices(int64_t epoch) const override;
  std::string describe() const override;

 private:
  int64_t n_;
  int rank_, world_;
  uint64_t seed_;
  bool shuffle_, pad_;
};

// Level 3's shard of any sampler (a balanced one, a plugin's): every rank draws the same epoch
// order from `inner` (built with the same seed on every rank) and takes every world-th index from
// its rank on; with pad_to_equal every rank gets ceil(m / world) of an epoch's m indices (the
// last ranks wrap around), so synchronous ranks step the same number of times.
class ShardedSampler : public Sampler {
 public:
  ShardedSampler(std::unique_ptr<Sampler> inner, int rank, int world, bool pad_to_equal = true);
  std::vector<int64_t> epoch_indices(int64_t epoch) const override;
  std::string describe() const override;

 private:
  std::unique_ptr<Sampler> inner_;
  int rank_, world_;
  bool pad_;
};

// Every rank sees the whole dataset in the same order (shuffled from (seed, epoch) or
// sequential): for replicated data-parallel schemes and model averaging.
class ReplicatedSampler : public Sampler {
 public:
  ReplicatedSampler(int64_t n, uint64_t seed, bool shuffle = true);
  std::vector<int64_t> epoch_indices(int64_t epoch) const override;
  std::string describe() const override;

 private:
  int64_t n_;
  uint64_t seed_;
  bool shuffle_;
};

// The permutation of 0..n-1 that ShuffledSampler uses for (seed, epoch).
std::vector<int64_t> seeded_permutation(int64_t n, uint64_t seed, int64_t epoch);

// The dataset-bias metric: how often each class was delivered.
class ClassHistogram {
 public:
  explicit ClassHistogram(int64_t num_classes);
  // Counts the labels of the given dataset indices. Throws D500Error for an index outside
  // labels or a label outside [0, num_classes).
  void add(std::span<const int64_t> indices, const Tensor& labels);
  void add_label(int64_t label);

  const std::vector<int64_t>& counts() const { return counts_; }
  int64_t total() const { return total_; }
  // Largest count over smallest; infinity when a class was never delivered, 1.0 when balanced.
  double max_min_ratio() const;
  // Largest |share - 1/C| over the classes (0 when balanced).
  double max_share_deviation() const;

 private:
  std::vector<int64_t> counts_;
  int64_t total_ = 0;
};

}  // namespace d500::training
