// Level 2 datasets: an in-memory labelled dataset and the readers that fill one.
//
// A Dataset holds every sample in host memory as float32 (images [N, C, H, W] or flat [N, D]) and
// its labels as int64 [N] in [0, num_classes). Readers turn files into Datasets and throw
// D500Error with where = the file and a message that says what is wrong (missing, wrong magic,
// truncated, labels out of range, image/label count mismatch). Nothing here is thread-safe for
// writing; a Dataset that is only read may be shared between threads.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "d500/tensor.h"

namespace d500::training {

// Per-channel mean and standard deviation (one value each for a flat [N, D] dataset).
struct Normalization {
  std::vector<double> mean;
  std::vector<double> stddev;
};

// Reads a streaming dataset's samples on demand (a plugin's dataset, which need not fit in
// memory). Called from one thread at a time: the loader's while an epoch runs, the trainer's for
// the evaluation between epochs.
class SampleReader {
 public:
  virtual ~SampleReader() = default;
  virtual Shape sample_shape() const = 0;  // [D] or [C, H, W]
  // The float32 samples `indices`, one after another, into `out` (indices.size() * its elements).
  // Throws D500Error naming the source when a sample cannot be read.
  virtual void read(std::span<const int64_t> indices, float* out) const = 0;
};

struct Dataset {
  std::string name;  // "fashion-mnist/train", "synthetic", ...
  Tensor images;     // float32, [N, C, H, W] or [N, D]; empty when streamed
  Tensor labels;     // int64, [N]
  int64_t num_classes = 0;
  // A streaming dataset: its samples come from `reader` as they are needed, normalised with
  // `read_normalization` when set, flattened to [D] when `flat`.
  std::shared_ptr<const SampleReader> reader;
  std::optional<Normalization> read_normalization;
  bool flat = false;

  bool streamed() const { return reader != nullptr; }
  int64_t size() const { return labels.shape().empty() ? 0 : labels.shape()[0]; }
  // The shape of one sample: images' shape without N (the reader's when streamed).
  Shape sample_shape() const;
  int64_t sample_numel() const { return element_count(sample_shape()); }
  // Not for a streamed dataset.
  const float* sample(int64_t i) const { return images.data_as<float>() + i * sample_numel(); }
  // The samples `indices`, one after another, into `out` (in memory or read, either way).
  void gather(std::span<const int64_t> indices, float* out) const;
};

// Throws D500Error (where = dataset name) unless images is float32 of rank 2 or 4 (or a reader of
// [D] or [C, H, W] samples streams them), labels is int64 [N] with the same N, N > 0,
// num_classes > 0 and every label in [0, num_classes).
void check_dataset(const Dataset& d);

// --- IDX (the MNIST family), gzip-compressed or not ---

// Reads an IDX file of unsigned bytes (type 0x08) into a uint8 tensor of the file's shape. A
// gzip file is recognised by its content, not by its name.
Tensor read_idx(const std::string& path);

// An IDX image file ([N, H, W] -> float32 [N, 1, H, W] scaled to [0, 1]) and an IDX label file
// ([N], each < num_classes) as one Dataset. The count mismatch error names both files.
Dataset load_idx(const std::string& images_path, const std::string& labels_path,
                 const std::string& name, int64_t num_classes = 10);

struct DatasetSplit {
  Dataset train;
  Dataset test;
};

// Where Fashion-MNIST is looked for: $D500_FASHION_MNIST_DIR when set, else the folder of the
// Debian package dataset-fashion-mnist, /usr/share/datasets/fashion-mnist.
std::string default_fashion_mnist_dir();
// The four files, "<dir>/train-images-idx3-ubyte.gz" etc.; the ".gz" is dropped for a file
// that exists only uncompressed.
struct IdxFiles {
  std::string train_images, train_labels, test_images, test_labels;
};
IdxFiles fashion_mnist_files(const std::string& dir = default_fashion_mnist_dir());
// True when all four files exist (tests skip on false).
bool fashion_mnist_available(const std::string& dir = default_fashion_mnist_dir());
// 60000 training and 10000 test images of 1x28x28, 10 classes, pixels in [0, 1].
DatasetSplit load_fashion_mnist(const std::string& dir = default_fashion_mnist_dir());

// --- CIFAR-10 binary format: records of 1 label byte + 3072 pixel bytes (3x32x32, CHW) ---

// The records of the given files, in order, as float32 [N, 3, 32, 32] in [0, 1].
Dataset load_cifar10(const std::vector<std::string>& files, const std::string& name);
// data_batch_1..5.bin and test_batch.bin of a folder (the "cifar-10-batches-bin" layout).
DatasetSplit load_cifar10_dir(const std::string& dir);

// --- synthetic ---

// Samples of any shape and class count: each class has a random prototype in [-1, 1]^D and a
// sample is its class prototype plus Gaussian noise of `noise` standard deviation, so a model
// can learn it. Labels cycle through the classes in a seeded shuffled order. Same seed, same data.
struct SyntheticSpec {
  int64_t samples = 1000;
  Shape sample_shape = {1, 28, 28};  // [C, H, W] or [D]
  int64_t num_classes = 10;
  double noise = 0.5;
  uint64_t seed = 500;
  std::string name = "synthetic";
};
Dataset make_synthetic(const SyntheticSpec& spec);

// --- normalisation ---

// Measured over the whole dataset (use the training set's for the test set too); a streamed one
// is read through once, in chunks.
Normalization compute_normalization(const Dataset& d);
// x <- (x - mean[c]) / stddev[c], in place (a streamed dataset: as its samples are read). Throws
// D500Error when the channel count differs or a stddev is not positive.
void normalize(Dataset& d, const Normalization& n);

}  // namespace d500::training
