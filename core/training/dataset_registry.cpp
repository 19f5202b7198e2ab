#include "d500/training/dataset_registry.h"

#include <cstring>

#include "d500/error.h"

namespace d500::training {

namespace {

// A synthetic set's samples [from, from + n) as a dataset of its own.
Dataset part_of(const Dataset& all, int64_t from, int64_t n, const char* name) {
  Dataset x;
  x.name = std::string("synthetic/") + name;
  x.num_classes = all.num_classes;
  Shape is = all.images.shape();
  is[0] = n;
  x.images = Tensor(DType::Float32, is);
  x.labels = Tensor(DType::Int64, {n});
  const int64_t per = all.sample_numel();
  std::memcpy(x.images.data(), all.images.data_as<float>() + from * per, n * per * sizeof(float));
  std::memcpy(x.labels.data(), all.labels.data_as<int64_t>() + from, n * sizeof(int64_t));
  return x;
}

DatasetDescriptor fashion_mnist() {
  DatasetDescriptor d;
  d.name = "fashion-mnist";
  d.summary = "Fashion-MNIST: 60000 training and 10000 test images of 1x28x28, 10 classes";
  d.parameters = {"dataset_dir"};
  d.shape = [](const TrainingSpec&) { return DataShape{{1, 28, 28}, 10}; };
  d.make = [](const TrainingSpec& t, uint64_t) {
    const std::string dir = fashion_dir(t);
    if (!fashion_mnist_available(dir)) throw D500Error(no_fashion_mnist(dir));
    return load_fashion_mnist(dir);
  };
  return d;
}

DatasetDescriptor cifar10() {
  DatasetDescriptor d;
  d.name = "cifar10";
  d.summary = "CIFAR-10 binary batches: 50000 training and 10000 test images of 3x32x32";
  d.parameters = {"dataset_dir"};
  d.shape = [](const TrainingSpec&) { return DataShape{{3, 32, 32}, 10}; };
  d.make = [](const TrainingSpec& t, uint64_t) { return load_cifar10_dir(t.dataset_dir); };
  return d;
}

DatasetDescriptor synthetic() {
  DatasetDescriptor d;
  d.name = "synthetic";
  d.summary = "class prototypes plus Gaussian noise, of any shape and class count, from the seed";
  d.parameters = {"synthetic"};
  d.shape = [](const TrainingSpec& t) {
    return DataShape{Shape(t.synthetic_shape.begin(), t.synthetic_shape.end()),
                     t.synthetic_classes};
  };
  d.make = [](const TrainingSpec& t, uint64_t seed) {
    SyntheticSpec s;
    s.sample_shape = Shape(t.synthetic_shape.begin(), t.synthetic_shape.end());
    s.num_classes = t.synthetic_classes;
    s.noise = t.synthetic_noise;
    s.seed = seed;
    s.samples = t.synthetic_samples + t.synthetic_test_samples;
    const Dataset all = make_synthetic(s);
    DatasetSplit out;
    out.train = part_of(all, 0, t.synthetic_samples, "train");
    out.test = part_of(all, t.synthetic_samples, t.synthetic_test_samples, "test");
    return out;
  };
  return d;
}

}  // namespace

std::string fashion_dir(const TrainingSpec& t) {
  return t.dataset_dir.empty() ? default_fashion_mnist_dir() : t.dataset_dir;
}

std::string no_fashion_mnist(const std::string& dir) {
  return "Fashion-MNIST not found in " + dir +
         " (install the Debian package dataset-fashion-mnist, or set $.training.dataset_dir)";
}

DatasetRegistry& datasets() {
  static DatasetRegistry* reg = [] {
    auto* r = new DatasetRegistry;
    for (auto d : {fashion_mnist(), cifar10(), synthetic()}) r->add(std::move(d));
    return r;
  }();
  return *reg;
}

const DatasetDescriptor& dataset_of(const TrainingSpec& t) {
  const DatasetDescriptor* d = datasets().find(t.dataset);
  if (!d)
    throw D500Error("unknown dataset \"" + t.dataset + "\"; known: " + datasets().names() +
                        " (a plugin's is \"plugin/name\", from a plugin on the search path)",
                    "$.training.dataset");
  return *d;
}

}  // namespace d500::training
