#include "d500/training/batch_loader.h"

#include <chrono>
#include <cstring>

#include "d500/clock.h"
#include "d500/error.h"

namespace d500::training {

BatchLoader::BatchLoader(const Dataset& data, const Sampler& sampler, LoaderOptions options)
    : data_(data), sampler_(sampler), options_(std::move(options)) {
  check_dataset(data_);
  const std::string where = "batch loader for " + data_.name;
  if (options_.batch_size < 1)
    throw D500Error("batch_size must be >= 1, is " + std::to_string(options_.batch_size), where);
  if (options_.prefetch < 1) throw D500Error("prefetch must be >= 1", where);
  if (options_.augmentation.enabled()) {
    const Shape s = data_.sample_shape();
    if (s.size() != 3)
      throw D500Error(
          "augmentation needs images [N, C, H, W], the dataset's samples are " + shape_to_string(s),
          where);
    const int64_t pad = options_.augmentation.crop_padding;
    if (pad < 0 || pad >= s[1] || pad >= s[2])
      throw D500Error("crop padding " + std::to_string(pad) + " must be in [0, min(H, W))", where);
  }
}

BatchLoader::~BatchLoader() {
  cancel();
}

int64_t BatchLoader::batches_per_epoch() const {
  const int64_t n = epoch_ >= 0 ? static_cast<int64_t>(order_.size())
                                : static_cast<int64_t>(sampler_.epoch_indices(0).size());
  const int64_t b = options_.batch_size;
  return options_.drop_last ? n / b : (n + b - 1) / b;
}

bool BatchLoader::cancelled() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return stop_;
}

size_t BatchLoader::queued() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return queue_.size();
}

void BatchLoader::cancel() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    stop_ = true;
  }
  changed_.notify_all();
  {
    std::lock_guard<std::mutex> joining(join_mutex_);  // cancel() may race with start_epoch()
    if (producer_.joinable()) producer_.join();
  }
  std::lock_guard<std::mutex> lock(mutex_);
  queue_.clear();
  done_ = true;
}

void BatchLoader::start_epoch(int64_t epoch) {
  cancel();
  order_ = sampler_.epoch_indices(epoch);
  for (int64_t i : order_)
    if (i < 0 || i >= data_.size())
      throw D500Error("sampler " + sampler_.describe() + " gave index " + std::to_string(i) +
                          " outside the dataset's " + std::to_string(data_.size()) + " samples",
                      "batch loader for " + data_.name);
  epoch_ = epoch;
  const int64_t n = static_cast<int64_t>(order_.size()), b = options_.batch_size;
  n_batches_ = options_.drop_last ? n / b : (n + b - 1) / b;
  next_batch_ = 0;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    stop_ = false;
    done_ = false;
    failure_ = nullptr;
    queue_.clear();
  }
  if (options_.threaded) {
    std::lock_guard<std::mutex> joining(join_mutex_);
    producer_ = std::thread([this] { produce(); });
  }
}

Batch BatchLoader::assemble(int64_t batch_index) const {
  const int64_t t0 = now_ns();
  const int64_t b = options_.batch_size;
  const int64_t first = batch_index * b;
  const int64_t count = std::min<int64_t>(b, static_cast<int64_t>(order_.size()) - first);
  Batch batch;
  batch.epoch = epoch_;
  batch.index = batch_index;
  batch.indices.assign(order_.begin() + first, order_.begin() + first + count);
  Shape shape{count};
  const Shape sample = data_.sample_shape();
  shape.insert(shape.end(), sample.begin(), sample.end());
  batch.images = Tensor(DType::Float32, shape);
  batch.labels = Tensor(DType::Int64, {count});
  const int64_t numel = data_.sample_numel();
  float* dst = batch.images.data_as<float>();
  int64_t* labels = batch.labels.data_as<int64_t>();
  const int64_t* src_labels = data_.labels.data_as<int64_t>();
  const Augmentation& aug = options_.augmentation;
  for (int64_t k = 0; k < count; ++k) labels[k] = src_labels[batch.indices[static_cast<size_t>(k)]];
  if (!aug.enabled()) {
    data_.gather(batch.indices, dst);
  } else {
    // The samples as stored (or read), then each augmented into the batch.
    std::vector<float> raw(static_cast<size_t>(count * numel));
    data_.gather(batch.indices, raw.data());
    for (int64_t k = 0; k < count; ++k)
      augment_image(raw.data() + k * numel, dst + k * numel, sample[0], sample[1], sample[2], aug,
                    augmentation_seed(options_.seed, epoch_, first + k));
  }
  batch.assemble_ns = now_ns() - t0;
  return batch;
}

void BatchLoader::produce() {
  try {
    for (int64_t i = 0; i < n_batches_; ++i) {
      {
        std::unique_lock<std::mutex> lock(mutex_);
        changed_.wait(lock, [&] { return stop_ || queue_.size() < options_.prefetch; });
        if (stop_) return;
      }
      Batch batch = assemble(i);
      {
        std::lock_guard<std::mutex> lock(mutex_);
        if (stop_) return;
        queue_.push_back(std::move(batch));
      }
      changed_.notify_all();
    }
  } catch (...) {
    std::lock_guard<std::mutex> lock(mutex_);
    failure_ = std::current_exception();
  }
  {
    std::lock_guard<std::mutex> lock(mutex_);
    done_ = true;
  }
  changed_.notify_all();
}

std::optional<Batch> BatchLoader::next() {
  if (epoch_ < 0) return std::nullopt;
  const int64_t t0 = now_ns();
  Batch batch;
  if (!options_.threaded) {
    if (stop_ || next_batch_ >= n_batches_) return std::nullopt;
    batch = assemble(next_batch_++);
  } else {
    std::unique_lock<std::mutex> lock(mutex_);
    changed_.wait(lock, [&] { return stop_ || !queue_.empty() || done_; });
    if (stop_) return std::nullopt;  // cancelled, perhaps from another thread
    if (!queue_.empty()) {
      batch = std::move(queue_.front());
      queue_.pop_front();
    } else if (failure_) {
      std::exception_ptr f = failure_;
      failure_ = nullptr;
      std::rethrow_exception(f);
    } else {
      return std::nullopt;  // the epoch is exhausted, or cancelled
    }
    lock.unlock();
    changed_.notify_all();
  }
  batch.wait_ns = now_ns() - t0;
  ++stats_.batches;
  stats_.samples += batch.labels.numel();
  stats_.assemble_ns += batch.assemble_ns;
  stats_.wait_ns += batch.wait_ns;
  return batch;
}

}  // namespace d500::training
