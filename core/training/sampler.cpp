#include "d500/training/sampler.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>

#include "d500/error.h"
#include "random.h"

namespace d500::training {
namespace {

void need_size(int64_t n, const char* sampler) {
  if (n < 1)
    throw D500Error("dataset size must be >= 1, is " + std::to_string(n), std::string(sampler));
}

std::vector<int64_t> iota(int64_t n) {
  std::vector<int64_t> v(static_cast<size_t>(n));
  std::iota(v.begin(), v.end(), int64_t{0});
  return v;
}

}  // namespace

std::vector<int64_t> seeded_permutation(int64_t n, uint64_t seed, int64_t epoch) {
  std::vector<int64_t> v = iota(n);
  detail::Rng rng(detail::mix(seed, static_cast<uint64_t>(epoch), 0x5a3b1e));
  detail::shuffle(v, rng);
  return v;
}

SequentialSampler::SequentialSampler(int64_t n) : n_(n) {
  need_size(n, "sequential sampler");
}
std::vector<int64_t> SequentialSampler::epoch_indices(int64_t) const {
  return iota(n_);
}
std::string SequentialSampler::describe() const {
  return "sequential";
}

ShuffledSampler::ShuffledSampler(int64_t n, uint64_t seed) : n_(n), seed_(seed) {
  need_size(n, "shuffled sampler");
}
std::vector<int64_t> ShuffledSampler::epoch_indices(int64_t epoch) const {
  return seeded_permutation(n_, seed_, epoch);
}
std::string ShuffledSampler::describe() const {
  return "shuffled(seed " + std::to_string(seed_) + ")";
}

ClassBalancedSampler::ClassBalancedSampler(const Tensor& labels, int64_t num_classes, uint64_t seed,
                                           int64_t samples_per_epoch)
    : seed_(seed) {
  const std::string where = "class-balanced sampler";
  if (labels.dtype() != DType::Int64 || labels.shape().size() != 1)
    throw D500Error("labels must be int64 [N]", where);
  if (num_classes < 1) throw D500Error("num_classes must be >= 1", where);
  need_size(labels.numel(), "class-balanced sampler");
  by_class_.resize(static_cast<size_t>(num_classes));
  const int64_t* l = labels.data_as<int64_t>();
  for (int64_t i = 0; i < labels.numel(); ++i) {
    if (l[i] < 0 || l[i] >= num_classes)
      throw D500Error("label " + std::to_string(l[i]) + " of sample " + std::to_string(i) +
                          " is outside [0, " + std::to_string(num_classes) + ")",
                      where);
    by_class_[static_cast<size_t>(l[i])].push_back(i);
  }
  for (size_t c = 0; c < by_class_.size(); ++c)
    if (by_class_[c].empty())
      throw D500Error("class " + std::to_string(c) + " has no samples to draw from", where);
  per_epoch_ = samples_per_epoch > 0 ? samples_per_epoch : labels.numel();
}

std::vector<int64_t> ClassBalancedSampler::epoch_indices(int64_t epoch) const {
  const int64_t classes = static_cast<int64_t>(by_class_.size());
  detail::Rng rng(detail::mix(seed_, static_cast<uint64_t>(epoch), 0xba1a));
  std::vector<int64_t> quota(by_class_.size(), per_epoch_ / classes);
  std::vector<int64_t> order = iota(classes);
  detail::shuffle(order, rng);
  for (int64_t k = 0; k < per_epoch_ % classes; ++k) ++quota[static_cast<size_t>(order[k])];
  std::vector<int64_t> out;
  out.reserve(static_cast<size_t>(per_epoch_));
  for (size_t c = 0; c < by_class_.size(); ++c) {
    std::vector<int64_t> cycle = by_class_[c];
    for (int64_t taken = 0; taken < quota[c];) {
      detail::shuffle(cycle, rng);
      for (size_t k = 0; k < cycle.size() && taken < quota[c]; ++k, ++taken)
        out.push_back(cycle[k]);
    }
  }
  detail::shuffle(out, rng);
  return out;
}

std::string ClassBalancedSampler::describe() const {
  return "class-balanced(" + std::to_string(by_class_.size()) + " classes, " +
         std::to_string(per_epoch_) + " per epoch, seed " + std::to_string(seed_) + ")";
}

PartitionedSampler::PartitionedSampler(int64_t n, int rank, int world, uint64_t seed, bool shuffle,
                                       bool pad_to_equal)
    : n_(n), rank_(rank), world_(world), seed_(seed), shuffle_(shuffle), pad_(pad_to_equal) {
  need_size(n, "partitioned sampler");
  if (world < 1 || rank < 0 || rank >= world)
    throw D500Error(
        "rank " + std::to_string(rank) + " of " + std::to_string(world) + " is not in [0, world)",
        "partitioned sampler");
}

std::vector<int64_t> PartitionedSampler::epoch_indices(int64_t epoch) const {
  const std::vector<int64_t> global = shuffle_ ? seeded_permutation(n_, seed_, epoch) : iota(n_);
  const int64_t shard = pad_ ? (n_ + world_ - 1) / world_ : 0;
  std::vector<int64_t> out;
  if (pad_) {
    for (int64_t k = 0; k < shard; ++k) out.push_back(global[(rank_ + k * world_) % n_]);
  } else {
    for (int64_t i = rank_; i < n_; i += world_) out.push_back(global[static_cast<size_t>(i)]);
  }
  return out;
}

std::string PartitionedSampler::describe() const {
  return "partitioned(rank " + std::to_string(rank_) + " of " + std::to_string(world_) +
         (shuffle_ ? ", seed " + std::to_string(seed_) : std::string(", sequential")) +
         (pad_ ? ", padded" : "") + ")";
}

ShardedSampler::ShardedSampler(std::unique_ptr<Sampler> inner, int rank, int world,
                               bool pad_to_equal)
    : inner_(std::move(inner)), rank_(rank), world_(world), pad_(pad_to_equal) {
  if (!inner_ || world < 1 || rank < 0 || rank >= world)
    throw D500Error("sharded sampler: rank " + std::to_string(rank) + " of " +
                    std::to_string(world) + " is not a shard");
}

std::vector<int64_t> ShardedSampler::epoch_indices(int64_t epoch) const {
  const std::vector<int64_t> all = inner_->epoch_indices(epoch);
  const auto m = static_cast<int64_t>(all.size());
  std::vector<int64_t> out;
  if (m == 0) return out;
  if (pad_) {
    for (int64_t k = 0; k < (m + world_ - 1) / world_; ++k)
      out.push_back(all[static_cast<size_t>((rank_ + k * world_) % m)]);
  } else {
    for (int64_t i = rank_; i < m; i += world_) out.push_back(all[static_cast<size_t>(i)]);
  }
  return out;
}

std::string ShardedSampler::describe() const {
  return "sharded(rank " + std::to_string(rank_) + " of " + std::to_string(world_) + " of " +
         inner_->describe() + (pad_ ? ", padded" : "") + ")";
}

ReplicatedSampler::ReplicatedSampler(int64_t n, uint64_t seed, bool shuffle)
    : n_(n), seed_(seed), shuffle_(shuffle) {
  need_size(n, "replicated sampler");
}
std::vector<int64_t> ReplicatedSampler::epoch_indices(int64_t epoch) const {
  return shuffle_ ? seeded_permutation(n_, seed_, epoch) : iota(n_);
}
std::string ReplicatedSampler::describe() const {
  return shuffle_ ? "replicated(seed " + std::to_string(seed_) + ")"
                  : std::string("replicated(sequential)");
}

ClassHistogram::ClassHistogram(int64_t num_classes) {
  if (num_classes < 1) throw D500Error("num_classes must be >= 1", "class histogram");
  counts_.assign(static_cast<size_t>(num_classes), 0);
}

void ClassHistogram::add_label(int64_t label) {
  if (label < 0 || label >= static_cast<int64_t>(counts_.size()))
    throw D500Error("label " + std::to_string(label) + " is outside [0, " +
                        std::to_string(counts_.size()) + ")",
                    "class histogram");
  ++counts_[static_cast<size_t>(label)];
  ++total_;
}

void ClassHistogram::add(std::span<const int64_t> indices, const Tensor& labels) {
  if (labels.dtype() != DType::Int64 || labels.shape().size() != 1)
    throw D500Error("labels must be int64 [N]", "class histogram");
  const int64_t* l = labels.data_as<int64_t>();
  for (int64_t i : indices) {
    if (i < 0 || i >= labels.numel())
      throw D500Error("index " + std::to_string(i) + " is outside the " +
                          std::to_string(labels.numel()) + " labels",
                      "class histogram");
    add_label(l[i]);
  }
}

double ClassHistogram::max_min_ratio() const {
  const auto [lo, hi] = std::minmax_element(counts_.begin(), counts_.end());
  if (*lo == 0) return *hi == 0 ? 1.0 : std::numeric_limits<double>::infinity();
  return static_cast<double>(*hi) / static_cast<double>(*lo);
}

double ClassHistogram::max_share_deviation() const {
  if (total_ == 0) return 0.0;
  const double fair = 1.0 / static_cast<double>(counts_.size());
  double worst = 0.0;
  for (int64_t c : counts_)
    worst = std::max(worst, std::abs(static_cast<double>(c) / static_cast<double>(total_) - fair));
  return worst;
}

}  // namespace d500::training
