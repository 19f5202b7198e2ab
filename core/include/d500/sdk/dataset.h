// d500 SDK: write a dataset (ABI 1.4) as an ordinary C++ class; the CRTP base generates its C
// table. A dataset is read as the training asks for it, so it may stream from files and never
// hold the whole set.
//
//   class Folder : public d500::sdk::Dataset<Folder> {
//    public:
//     Folder(const std::string& path, const d500::sdk::Attributes& hyper);   // open
//     d500::sdk::Split describe(int split) const;       // D500_SPLIT_TRAIN or D500_SPLIT_TEST
//     void labels(int split, int64_t* out) const;       // describe(split).samples of them
//     void read(int split, d500::sdk::Span<const int64_t> indices, float* out) const;
//   };
//   static const d500_dataset kFolder = Folder::define({"folder", "images in class folders"});
//   static const d500_dataset* const kDatasets[] = {&kFolder};
//   ... PluginMeta(...).datasets(kDatasets, 1)   (sdk/plugin.h)
//
// Experiments name it "plugin/name" ("training": {"dataset": "myplugin/folder", "dataset_dir":
// "...", "dataset_params": {...}}). read() writes indices.size() samples of describe()'s shape,
// float32, one after another. Every exception is caught at the boundary (sdk/status.h).
// Header-only, C++17.
#ifndef D500_SDK_DATASET_H
#define D500_SDK_DATASET_H

#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "d500/plugin.h"
#include "d500/sdk/attributes.h"
#include "d500/sdk/status.h"
#include "d500/sdk/tensor_view.h"

namespace d500 {
namespace sdk {

// One split as describe() gives it.
struct Split {
  int64_t samples = 0;
  std::vector<int64_t> shape;  // one sample: [D] or [C, H, W]
  int64_t classes = 0;
};

// How a dataset is listed. Strings must have static storage (string literals).
struct DatasetSpec {
  const char* name;         // [a-z0-9_]+, unique within the plugin
  const char* description;  // one line, required
};

template <class Derived>
class Dataset {
 public:
  // The C table entry for Derived. Keep it in static storage.
  static d500_dataset define(const DatasetSpec& spec) {
    d500_dataset d{};  // members of later ABI versions stay zero
    d.struct_size = sizeof(d500_dataset);
    d.name = spec.name;
    d.description = spec.description;
    d.open = &open_;
    d.close = &close_;
    d.describe = &describe_;
    d.labels = &labels_;
    d.read = &read_;
    return d;
  }

 protected:
  Dataset() = default;
  ~Dataset() = default;

 private:
  static const Derived& self(void* instance) { return *static_cast<const Derived*>(instance); }
  static int32_t open_(const char* path, const d500_attr* hyper, size_t n_hyper, void** instance,
                       d500_error* err) {
    return guard(err, [&] {
      if (!instance) throw std::invalid_argument("open: instance out-parameter is NULL");
      *instance = nullptr;
      *instance = new Derived(std::string(path ? path : ""), Attributes(hyper, n_hyper));
    });
  }
  static void close_(void* instance) {
    guard(nullptr, [&] { delete static_cast<Derived*>(instance); });
  }
  static int32_t describe_(void* instance, int32_t split, int64_t* samples, int64_t* shape,
                           int32_t* ndim, int64_t* classes, d500_error* err) {
    return guard(err, [&] {
      const Split s = self(instance).describe(split);
      if (s.shape.size() > D500_MAX_DIMS) throw std::invalid_argument("a sample has too many dims");
      *samples = s.samples;
      *ndim = static_cast<int32_t>(s.shape.size());
      for (size_t i = 0; i < s.shape.size(); ++i) shape[i] = s.shape[i];
      *classes = s.classes;
    });
  }
  static int32_t labels_(void* instance, int32_t split, int64_t* out, d500_error* err) {
    return guard(err, [&] { self(instance).labels(split, out); });
  }
  static int32_t read_(void* instance, int32_t split, const int64_t* indices, size_t n,
                       DLTensor* images, d500_error* err) {
    return guard(err, [&] {
      if (!images || !images->data) throw std::invalid_argument("read: no image buffer");
      self(instance).read(split, Span<const int64_t>(indices, n),
                          static_cast<float*>(images->data));
    });
  }
};

}  // namespace sdk
}  // namespace d500

#endif  // D500_SDK_DATASET_H
