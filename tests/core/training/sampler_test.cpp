// Issue 5 (level 2): samplers and the dataset-bias metric.
#include "d500/training/sampler.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <numeric>
#include <set>

#include "d500/error.h"

namespace d500::training {
namespace {

bool is_permutation_of_range(std::vector<int64_t> v, int64_t n) {
  if (static_cast<int64_t>(v.size()) != n) return false;
  std::sort(v.begin(), v.end());
  for (int64_t i = 0; i < n; ++i)
    if (v[i] != i) return false;
  return true;
}

Tensor labels_of(const std::vector<int64_t>& l) {
  Tensor t(DType::Int64, {static_cast<int64_t>(l.size())});
  std::copy(l.begin(), l.end(), t.data_as<int64_t>());
  return t;
}

TEST(Samplers, SequentialIsTheIdentity) {
  const SequentialSampler s(5);
  EXPECT_EQ(s.epoch_indices(3), (std::vector<int64_t>{0, 1, 2, 3, 4}));
  EXPECT_THROW(SequentialSampler(0), D500Error);
}

TEST(Samplers, ShuffledIsAReproduciblePermutationThatChangesPerEpoch) {
  const ShuffledSampler a(1000, 42), b(1000, 42), c(1000, 43);
  const auto e0 = a.epoch_indices(0), e1 = a.epoch_indices(1);
  EXPECT_TRUE(is_permutation_of_range(e0, 1000));
  EXPECT_TRUE(is_permutation_of_range(e1, 1000));
  EXPECT_EQ(e0, b.epoch_indices(0));  // same seed, same order
  EXPECT_EQ(e1, a.epoch_indices(1));  // asking twice gives the same epoch
  EXPECT_NE(e0, e1);                  // reshuffled per epoch
  EXPECT_NE(e0, c.epoch_indices(0));  // another seed, another order
  std::vector<int64_t> ident(1000);
  std::iota(ident.begin(), ident.end(), 0);
  EXPECT_NE(e0, ident);
  // Positions move a lot: fewer than 1% of samples stay where they were (expected ~1 of 1000).
  int fixed = 0;
  for (int64_t i = 0; i < 1000; ++i) fixed += e0[i] == i;
  EXPECT_LT(fixed, 10);
}

TEST(Samplers, ClassBalancedEqualisesAnImbalancedDataset) {
  // 900 of class 0, 90 of class 1, 10 of class 2.
  std::vector<int64_t> l(900, 0);
  l.insert(l.end(), 90, 1);
  l.insert(l.end(), 10, 2);
  const Tensor labels = labels_of(l);

  ClassHistogram natural(3);
  natural.add(ShuffledSampler(1000, 1).epoch_indices(0), labels);
  EXPECT_DOUBLE_EQ(natural.max_min_ratio(), 90.0);
  EXPECT_GT(natural.max_share_deviation(), 0.5);

  const ClassBalancedSampler s(labels, 3, 7, 999);
  const auto e0 = s.epoch_indices(0);
  EXPECT_EQ(e0.size(), 999u);
  ClassHistogram h(3);
  h.add(e0, labels);
  EXPECT_EQ(h.counts(), (std::vector<int64_t>{333, 333, 333}));
  EXPECT_DOUBLE_EQ(h.max_min_ratio(), 1.0);
  EXPECT_DOUBLE_EQ(h.max_share_deviation(), 0.0);
  // The small class is cycled through completely before repeating: all 10 appear.
  std::set<int64_t> rare;
  for (int64_t i : e0)
    if (l[i] == 2) rare.insert(i);
  EXPECT_EQ(rare.size(), 10u);
  EXPECT_EQ(e0, s.epoch_indices(0));
  EXPECT_NE(e0, s.epoch_indices(1));

  EXPECT_THROW(ClassBalancedSampler(labels, 4, 1), D500Error);  // class 3 has no samples
}

TEST(Samplers, PartitionedShardsAreDisjointAndCoverOncePerEpoch) {
  const int64_t n = 103;
  const int world = 4;
  for (int64_t epoch = 0; epoch < 3; ++epoch) {
    std::vector<int64_t> all;
    for (int r = 0; r < world; ++r) {
      const auto shard = PartitionedSampler(n, r, world, 9).epoch_indices(epoch);
      EXPECT_GE(shard.size(), 25u);
      EXPECT_LE(shard.size(), 26u);
      all.insert(all.end(), shard.begin(), shard.end());
    }
    EXPECT_TRUE(is_permutation_of_range(all, n)) << "epoch " << epoch;
  }
  // The global order is a function of the seed: a rank computes its shard alone, reproducibly.
  EXPECT_EQ(PartitionedSampler(n, 2, world, 9).epoch_indices(1),
            PartitionedSampler(n, 2, world, 9).epoch_indices(1));
  EXPECT_NE(PartitionedSampler(n, 2, world, 9).epoch_indices(0),
            PartitionedSampler(n, 2, world, 9).epoch_indices(1));
  // Padded: equal shards of ceil(n / world), every sample at least once.
  std::set<int64_t> seen;
  for (int r = 0; r < world; ++r) {
    const auto shard = PartitionedSampler(n, r, world, 9, true, true).epoch_indices(0);
    EXPECT_EQ(shard.size(), 26u);
    seen.insert(shard.begin(), shard.end());
  }
  EXPECT_EQ(seen.size(), static_cast<size_t>(n));
  EXPECT_THROW(PartitionedSampler(n, 4, 4, 0), D500Error);
}

// Level 3's shard of any sampler (issue 30: a plugin's sampler at level 3): the ranks' shards
// of one order are disjoint and cover it (unpadded), or are equal in length and cover it
// (padded), in the order the inner sampler gave.
TEST(Samplers, ShardedSplitsAnySamplersOrderOverTheRanks) {
  const int world = 3;
  const std::vector<int64_t> order = ReplicatedSampler(10, 4).epoch_indices(1);
  std::vector<int64_t> all;
  std::set<int64_t> seen;
  for (int r = 0; r < world; ++r) {
    const auto part = ShardedSampler(std::make_unique<ReplicatedSampler>(10, 4), r, world, false)
                          .epoch_indices(1);
    EXPECT_EQ(part.front(), order[static_cast<size_t>(r)]) << "every world-th from its rank on";
    all.insert(all.end(), part.begin(), part.end());
    const auto padded =
        ShardedSampler(std::make_unique<ReplicatedSampler>(10, 4), r, world).epoch_indices(1);
    EXPECT_EQ(padded.size(), 4u) << "ceil(10 / 3) on every rank";
    seen.insert(padded.begin(), padded.end());
  }
  EXPECT_TRUE(is_permutation_of_range(all, 10));
  EXPECT_EQ(seen.size(), 10u);
  EXPECT_THROW(ShardedSampler(std::make_unique<SequentialSampler>(5), 3, 3), D500Error);
  EXPECT_EQ(ShardedSampler(std::make_unique<SequentialSampler>(5), 1, 2).describe(),
            "sharded(rank 1 of 2 of sequential, padded)");
}

TEST(Samplers, ReplicatedGivesEveryRankTheSameOrder) {
  const ReplicatedSampler a(50, 3), b(50, 3);
  EXPECT_EQ(a.epoch_indices(2), b.epoch_indices(2));
  EXPECT_TRUE(is_permutation_of_range(a.epoch_indices(2), 50));
  EXPECT_EQ(ReplicatedSampler(5, 3, false).epoch_indices(4), (std::vector<int64_t>{0, 1, 2, 3, 4}));
}

TEST(ClassHistogramTest, CountsAndRejectsBadInput) {
  const Tensor labels = labels_of({0, 1, 1, 2});
  ClassHistogram h(4);
  const std::vector<int64_t> idx{0, 1, 2, 2};
  h.add(idx, labels);
  EXPECT_EQ(h.counts(), (std::vector<int64_t>{1, 3, 0, 0}));
  EXPECT_EQ(h.total(), 4);
  EXPECT_TRUE(std::isinf(h.max_min_ratio()));
  const std::vector<int64_t> bad{7};
  EXPECT_THROW(h.add(bad, labels), D500Error);
  EXPECT_THROW(h.add_label(4), D500Error);
}

}  // namespace
}  // namespace d500::training
