// Datasets from plugins (ABI 1.4, d500_dataset) in the process's dataset registry, streamed: the
// training and test sets hold their labels and read samples through the plugin as the loader and
// the evaluation ask for them. One opened instance serves both splits; its calls are serialised.
#include <cstring>
#include <mutex>

#include "d500/error.h"
#include "d500/training/dataset_registry.h"

namespace d500::training {

namespace {

constexpr const char* kWhere = "$.training.dataset";

class PluginDataSource {
 public:
  PluginDataSource(plugin::DatasetImpl impl, const TrainingSpec& t) : impl_(std::move(impl)) {
    const std::vector<d500_attr> hyper = plugin::float_attributes(t.dataset_params);
    d500_error err{};
    check(impl_.dataset->open(t.dataset_dir.c_str(), hyper.data(), hyper.size(), &instance_, &err),
          err, "open");
  }
  ~PluginDataSource() {
    if (instance_) impl_.dataset->close(instance_);
  }
  PluginDataSource(const PluginDataSource&) = delete;
  PluginDataSource& operator=(const PluginDataSource&) = delete;

  std::string id() const { return impl_.plugin + "/" + impl_.dataset->name; }

  // The split's size, sample shape and classes, checked.
  std::pair<int64_t, DataShape> describe(int32_t split) const {
    int64_t samples = 0, classes = 0, dims[D500_MAX_DIMS] = {};
    int32_t ndim = 0;
    d500_error err{};
    std::lock_guard<std::mutex> lock(mu_);
    check(impl_.dataset->describe(instance_, split, &samples, dims, &ndim, &classes, &err), err,
          "describe");
    const char* which = split == D500_SPLIT_TRAIN ? "training set" : "test set";
    if (samples < 1) fail("describe", std::string("its ") + which + " has no samples");
    if (ndim != 1 && ndim != 3)
      fail("describe", "a sample has " + std::to_string(ndim) + " dimensions; [D] or [C, H, W]");
    Shape shape(dims, dims + ndim);
    for (int64_t d : shape)
      if (d < 1 || d > (int64_t{1} << 24))
        fail("describe", "a sample dimension is " + std::to_string(d));
    if (classes < 1) fail("describe", "it has " + std::to_string(classes) + " classes");
    return {samples, DataShape{shape, classes}};
  }

  Tensor labels(int32_t split, int64_t samples) const {
    Tensor out(DType::Int64, {samples});
    d500_error err{};
    std::lock_guard<std::mutex> lock(mu_);
    check(impl_.dataset->labels(instance_, split, out.data_as<int64_t>(), &err), err, "labels");
    return out;
  }

  void read(int32_t split, std::span<const int64_t> indices, const Shape& sample,
            float* out) const {
    Shape shape{static_cast<int64_t>(indices.size())};
    shape.insert(shape.end(), sample.begin(), sample.end());
    DLTensor images{};
    images.data = out;
    images.device = {kDLCPU, 0};
    images.ndim = static_cast<int32_t>(shape.size());
    images.dtype = {kDLFloat, 32, 1};
    images.shape = shape.data();
    d500_error err{};
    std::lock_guard<std::mutex> lock(mu_);
    check(impl_.dataset->read(instance_, split, indices.data(), indices.size(), &images, &err), err,
          "read");
  }

 private:
  [[noreturn]] void fail(const char* what, const std::string& why) const {
    throw D500Error(
        "dataset \"" + id() + "\" (plugin " + impl_.plugin + ") " + what + " failed: " + why,
        kWhere);
  }
  void check(int32_t status, const d500_error& err, const char* what) const {
    plugin::check_plugin_call(status, err, "dataset", impl_.plugin, impl_.dataset->name, what,
                              kWhere);
  }

  plugin::DatasetImpl impl_;
  void* instance_ = nullptr;
  mutable std::mutex mu_;
};

class PluginReader : public SampleReader {
 public:
  PluginReader(std::shared_ptr<const PluginDataSource> source, int32_t split, Shape shape)
      : source_(std::move(source)), split_(split), shape_(std::move(shape)) {}
  Shape sample_shape() const override { return shape_; }
  void read(std::span<const int64_t> indices, float* out) const override {
    source_->read(split_, indices, shape_, out);
  }

 private:
  std::shared_ptr<const PluginDataSource> source_;
  int32_t split_;
  Shape shape_;
};

// Both splits, streamed through one opened instance.
DatasetSplit make_split(const plugin::DatasetImpl& impl, const TrainingSpec& t) {
  auto source = std::make_shared<const PluginDataSource>(impl, t);
  DatasetSplit out;
  DataShape first;
  for (int32_t split : {D500_SPLIT_TRAIN, D500_SPLIT_TEST}) {
    const auto [samples, shape] = source->describe(split);
    if (split == D500_SPLIT_TRAIN) first = shape;
    if (shape.sample != first.sample || shape.classes != first.classes)
      throw D500Error("dataset \"" + source->id() + "\": its test set's samples are " +
                          shape_to_string(shape.sample) + " of " + std::to_string(shape.classes) +
                          " classes, its training set's " + shape_to_string(first.sample) + " of " +
                          std::to_string(first.classes),
                      kWhere);
    Dataset& d = split == D500_SPLIT_TRAIN ? out.train : out.test;
    d.name = source->id() + (split == D500_SPLIT_TRAIN ? "/train" : "/test");
    d.num_classes = shape.classes;
    d.labels = source->labels(split, samples);
    d.reader = std::make_shared<PluginReader>(source, split, shape.sample);
    check_dataset(d);
  }
  return out;
}

}  // namespace

std::vector<std::string> register_plugin_datasets(const plugin::PluginManager& pm) {
  return plugin::register_plugin_components(
      datasets(), pm.datasets(), [](const plugin::DatasetImpl& i) { return i.dataset->name; },
      [](const plugin::DatasetImpl& impl, DatasetDescriptor& d) {
        d.summary = impl.dataset->description;
        d.parameters = {"dataset_dir", "dataset_params"};
        d.shape = [impl](const TrainingSpec& t) {
          return PluginDataSource(impl, t).describe(D500_SPLIT_TRAIN).second;
        };
        d.make = [impl](const TrainingSpec& t, uint64_t) { return make_split(impl, t); };
      });
}

}  // namespace d500::training
