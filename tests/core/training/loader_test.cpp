// Issue 5 (level 2): the batch loader: contents, augmentation, prefetch bound, cancellation,
// timing, and errors from the producer thread.
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <cstring>
#include <thread>

#include "d500/error.h"
#include "d500/training/batch_loader.h"

namespace d500::training {
namespace {

Dataset small(int64_t n = 10) {
  return make_synthetic({.samples = n, .sample_shape = {1, 4, 4}, .num_classes = 3, .seed = 2});
}

// A sampler that gives a fixed order, or an index outside the dataset.
class FixedSampler : public Sampler {
 public:
  explicit FixedSampler(std::vector<int64_t> order) : order_(std::move(order)) {}
  std::vector<int64_t> epoch_indices(int64_t) const override { return order_; }
  std::string describe() const override { return "fixed"; }

 private:
  std::vector<int64_t> order_;
};

class Loader : public ::testing::TestWithParam<bool> {};  // threaded or not

TEST_P(Loader, BatchesGatherTheSamplersOrder) {
  const Dataset d = small();
  const ShuffledSampler s(d.size(), 5);
  BatchLoader loader(d, s, {.batch_size = 4, .threaded = GetParam()});
  EXPECT_EQ(loader.batches_per_epoch(), 3);
  for (int64_t epoch = 0; epoch < 2; ++epoch) {
    loader.start_epoch(epoch);
    const auto order = s.epoch_indices(epoch);
    size_t at = 0;
    int64_t count = 0;
    while (auto b = loader.next()) {
      EXPECT_EQ(b->epoch, epoch);
      EXPECT_EQ(b->index, count++);
      const int64_t size = b->labels.numel();
      EXPECT_EQ(b->images.shape(), (Shape{size, 1, 4, 4}));
      for (int64_t k = 0; k < size; ++k, ++at) {
        const int64_t i = order[at];
        EXPECT_EQ(b->indices[k], i);
        EXPECT_EQ(b->labels.data_as<int64_t>()[k], d.labels.data_as<int64_t>()[i]);
        EXPECT_EQ(0, std::memcmp(b->images.data_as<float>() + k * 16, d.sample(i), 16 * 4));
      }
      EXPECT_GE(b->assemble_ns, 0);
    }
    EXPECT_EQ(at, order.size());
    EXPECT_EQ(count, 3);
    EXPECT_FALSE(loader.next().has_value());  // stays exhausted
  }
  EXPECT_EQ(loader.stats().batches, 6);
  EXPECT_EQ(loader.stats().samples, 20);
  EXPECT_GT(loader.stats().assemble_ns, 0);
}

TEST_P(Loader, DropLastAndAugmentationAreReproducible) {
  const Dataset d = small(9);
  const SequentialSampler s(d.size());
  LoaderOptions o{.batch_size = 4,
                  .drop_last = true,
                  .threaded = GetParam(),
                  .augmentation = {.crop_padding = 1, .horizontal_flip = true},
                  .seed = 11};
  BatchLoader a(d, s, o), b(d, s, o);
  a.start_epoch(0), b.start_epoch(0);
  int batches = 0;
  bool changed = false;
  while (auto x = a.next()) {
    auto y = b.next();
    ASSERT_TRUE(y.has_value());
    EXPECT_EQ(0, std::memcmp(x->images.data(), y->images.data(), x->images.nbytes()));
    changed = changed ||
              std::memcmp(x->images.data(), d.sample(x->indices[0]), x->images.nbytes() / 4) != 0;
    ++batches;
  }
  EXPECT_EQ(batches, 2);  // 9 samples, batch 4, the short last batch dropped
  EXPECT_TRUE(changed);   // augmentation did something
  Dataset flat = make_synthetic({.samples = 4, .sample_shape = {8}, .num_classes = 2});
  EXPECT_THROW(BatchLoader(flat, s, o), D500Error);
}

TEST_P(Loader, BadIndexFromTheSamplerIsAnError) {
  const Dataset d = small();
  const FixedSampler s({0, 1, 99});
  BatchLoader loader(d, s, {.batch_size = 2, .threaded = GetParam()});
  try {
    loader.start_epoch(0);
    FAIL() << "no error";
  } catch (const D500Error& e) {
    EXPECT_NE(std::string(e.what()).find("index 99"), std::string::npos) << e.what();
  }
}

INSTANTIATE_TEST_SUITE_P(ThreadedOrNot, Loader, ::testing::Bool());

TEST(LoaderThread, RunsAheadByAtMostPrefetchBatches) {
  const Dataset d = small(64);
  const SequentialSampler s(d.size());
  BatchLoader loader(d, s, {.batch_size = 2, .prefetch = 3});
  loader.start_epoch(0);
  // Nothing is taken while we look, so the queue only grows: poll until it holds the bound (60 s
  // allows for any machine; only a producer that never gets there fails), then keep looking a
  // while to see that it stops there. The queue is never seen above the bound meanwhile.
  size_t most = 0;
  auto look = [&] {
    const size_t n = loader.queued();
    most = std::max(most, n);
    return n;
  };
  auto fills_and_stays = [&] {
    const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(60);
    while (look() < 3 && std::chrono::steady_clock::now() < until) std::this_thread::yield();
    if (look() != 3) return false;
    for (int i = 0; i < 1000; ++i) {
      if (look() != 3) return false;
      std::this_thread::yield();
    }
    return true;
  };
  EXPECT_TRUE(fills_and_stays()) << "queued " << loader.queued() << ", at most " << most;
  auto first = loader.next();
  ASSERT_TRUE(first.has_value());
  EXPECT_EQ(first->index, 0);
  EXPECT_TRUE(fills_and_stays()) << "one taken, one more made; queued " << loader.queued();
  EXPECT_EQ(most, 3u) << "never more than prefetch batches waiting";
  int rest = 0;
  while (loader.next()) ++rest;
  EXPECT_EQ(rest, 31);
}

TEST(LoaderThread, CancelStopsAndJoinsMidEpoch) {
  const Dataset d = small(200);
  const ShuffledSampler s(d.size(), 1);
  auto loader = std::make_unique<BatchLoader>(d, s, LoaderOptions{.batch_size = 1, .prefetch = 2});
  loader->start_epoch(0);
  ASSERT_TRUE(loader->next().has_value());
  EXPECT_FALSE(loader->cancelled());
  loader->cancel();
  EXPECT_TRUE(loader->cancelled());
  EXPECT_FALSE(loader->next().has_value());
  loader->cancel();        // twice is fine
  loader->start_epoch(1);  // and a new epoch starts again after it
  EXPECT_FALSE(loader->cancelled());
  ASSERT_TRUE(loader->next().has_value());
  loader.reset();  // destroyed mid-epoch: joins without hanging
  SUCCEED();
}

TEST(LoaderOptionsCheck, RejectsBadOptions) {
  const Dataset d = small();
  const SequentialSampler s(d.size());
  EXPECT_THROW(BatchLoader(d, s, {.batch_size = 0}), D500Error);
  EXPECT_THROW(BatchLoader(d, s, {.prefetch = 0}), D500Error);
  EXPECT_THROW(BatchLoader(d, s, {.augmentation = {.crop_padding = 4}}), D500Error);
}

}  // namespace
}  // namespace d500::training
