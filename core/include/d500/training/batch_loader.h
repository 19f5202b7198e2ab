// Batches for the training loop, assembled ahead of time on the loader's own thread.
//
//   BatchLoader loader(train, sampler, {.batch_size = 64, .prefetch = 4});
//   for (int64_t epoch = 0; epoch < epochs; ++epoch) {
//     loader.start_epoch(epoch);
//     while (auto batch = loader.next()) { ... batch->images, batch->labels ... }
//   }
//
// start_epoch() asks the sampler for the epoch's order (on the caller's thread) and starts a
// producer thread that gathers each batch's samples into one contiguous tensor, augments them,
// and queues it; at most `prefetch` finished batches wait in the queue, so loading runs ahead of
// training by a bounded amount. next() hands the batches out in order and returns nullopt at the
// end of the epoch. A failure on the producer thread is rethrown by next(). cancel() (and the
// destructor, and a new start_epoch()) stops the producer and joins it.
//
// Threading: one consumer thread calls start_epoch/next/stats; cancel() may also come from
// another thread (a stop condition, a signal watcher): a next() blocked at that moment returns
// nullopt. The Dataset and the Sampler must outlive the loader and not change while it runs.
#pragma once

#include <condition_variable>
#include <cstdint>
#include <deque>
#include <exception>
#include <mutex>
#include <optional>
#include <thread>
#include <vector>

#include "d500/tensor.h"
#include "d500/training/augmentation.h"
#include "d500/training/dataset.h"
#include "d500/training/sampler.h"

namespace d500::training {

struct LoaderOptions {
  int64_t batch_size = 64;
  bool drop_last = false;     // drop the epoch's last batch when it is short
  size_t prefetch = 2;        // finished batches that may wait; >= 1
  bool threaded = true;       // false: assemble inside next() (for comparison and debugging)
  Augmentation augmentation;  // images [N, C, H, W] only
  uint64_t seed = 0;          // of the augmentation
};

struct Batch {
  Tensor images;                 // float32 [B, sample shape...]
  Tensor labels;                 // int64 [B]
  std::vector<int64_t> indices;  // dataset indices, in batch order
  int64_t epoch = 0;
  int64_t index = 0;        // batch number inside the epoch
  int64_t assemble_ns = 0;  // gather + augment time on the producer thread
  int64_t wait_ns = 0;      // how long next() blocked for it (the loop's data-loading time)
};

struct LoaderStats {
  int64_t batches = 0;
  int64_t samples = 0;
  int64_t assemble_ns = 0;  // summed over batches
  int64_t wait_ns = 0;      // summed over batches
};

class BatchLoader {
 public:
  // Throws D500Error for a dataset that fails check_dataset, batch_size < 1, prefetch < 1, or
  // augmentation on a dataset that is not [N, C, H, W].
  BatchLoader(const Dataset& data, const Sampler& sampler, LoaderOptions options);
  ~BatchLoader();
  BatchLoader(const BatchLoader&) = delete;
  BatchLoader& operator=(const BatchLoader&) = delete;

  // Starts delivering epoch `epoch`; a previous epoch still running is cancelled first.
  void start_epoch(int64_t epoch);
  // The next batch of the current epoch, or nullopt when it is exhausted or cancelled.
  std::optional<Batch> next();
  // Stops the producer and joins it; next() then returns nullopt. Safe to call twice.
  void cancel();
  // True after cancel() until the next start_epoch(): tells a cancelled epoch from a finished one.
  bool cancelled() const;

  // Batches in an epoch of the sampler's current length (the last epoch started, else epoch 0).
  int64_t batches_per_epoch() const;
  const LoaderStats& stats() const { return stats_; }
  // Finished batches waiting in the queue now (<= prefetch); for monitoring and tests.
  size_t queued() const;
  const LoaderOptions& options() const { return options_; }

 private:
  Batch assemble(int64_t batch_index) const;
  void produce();

  const Dataset& data_;
  const Sampler& sampler_;
  LoaderOptions options_;
  LoaderStats stats_;

  int64_t epoch_ = -1;
  std::vector<int64_t> order_;
  int64_t n_batches_ = 0;
  int64_t next_batch_ = 0;  // the consumer's position (threaded = false)

  mutable std::mutex mutex_;
  std::condition_variable changed_;
  std::deque<Batch> queue_;
  bool stop_ = false;
  bool done_ = false;  // the producer finished the epoch (or failed)
  std::exception_ptr failure_;
  std::mutex join_mutex_;  // guards producer_ itself
  std::thread producer_;
};

}  // namespace d500::training
