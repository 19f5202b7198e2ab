// d500 SDK: write a sampler (ABI 1.4) as an ordinary C++ class; the CRTP base generates its C
// table.
//
//   class Reversed : public d500::sdk::Sampler<Reversed> {
//    public:
//     Reversed(int64_t n, d500::sdk::BasicTensor<const DLTensor> labels, uint64_t seed,
//              const d500::sdk::Attributes& hyper)
//         : n_(n) { hyper.expect_only({}); }
//     std::vector<int64_t> epoch_indices(int64_t epoch) const {     // a pure function of epoch
//       std::vector<int64_t> out(n_);
//       for (int64_t i = 0; i < n_; ++i) out[i] = n_ - 1 - i;
//       return out;
//     }
//    private:
//     int64_t n_;
//   };
//   static const d500_sampler kReversed = Reversed::define({"reversed", "last sample first"});
//   static const d500_sampler* const kSamplers[] = {&kReversed};
//   ... PluginMeta(...).samplers(kSamplers, 1)   (sdk/plugin.h)
//
// Experiments name it "plugin/name" ("training": {"sampler": "myplugin/reversed",
// "sampler_params": {...}}); the constructor runs in create(). Every exception is caught at the
// boundary (sdk/status.h). Header-only, C++17.
#ifndef D500_SDK_SAMPLER_H
#define D500_SDK_SAMPLER_H

#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <vector>

#include "d500/plugin.h"
#include "d500/sdk/attributes.h"
#include "d500/sdk/status.h"
#include "d500/sdk/tensor_view.h"

namespace d500 {
namespace sdk {

// How a sampler is listed. Strings must have static storage (string literals).
struct SamplerSpec {
  const char* name;         // [a-z0-9_]+, unique within the plugin
  const char* description;  // one line, required
};

template <class Derived>
class Sampler {
 public:
  // The C table entry for Derived. Keep it in static storage.
  static d500_sampler define(const SamplerSpec& spec) {
    d500_sampler s{};  // members of later ABI versions stay zero
    s.struct_size = sizeof(d500_sampler);
    s.name = spec.name;
    s.description = spec.description;
    s.create = &create_;
    s.destroy = &destroy_;
    s.epoch_indices = &indices_;
    return s;
  }

 protected:
  Sampler() = default;
  ~Sampler() = default;

 private:
  static int32_t create_(int64_t n, const DLTensor* labels, uint64_t seed, const d500_attr* hyper,
                         size_t n_hyper, void** instance, d500_error* err) {
    return guard(err, [&] {
      if (!instance) throw std::invalid_argument("create: instance out-parameter is NULL");
      if (!labels) throw std::invalid_argument("create: no labels");
      *instance = nullptr;
      *instance =
          new Derived(n, BasicTensor<const DLTensor>(labels), seed, Attributes(hyper, n_hyper));
    });
  }
  static void destroy_(void* instance) {
    guard(nullptr, [&] { delete static_cast<Derived*>(instance); });
  }
  static int32_t indices_(void* instance, int64_t epoch, int64_t* indices, size_t capacity,
                          size_t* count, d500_error* err) {
    return guard(err, [&] {
      if (!indices || !count) throw std::invalid_argument("epoch_indices: NULL out-parameter");
      const std::vector<int64_t> order = static_cast<Derived*>(instance)->epoch_indices(epoch);
      if (order.size() > capacity)
        throw std::invalid_argument("the order holds more indices than the dataset has samples");
      for (size_t i = 0; i < order.size(); ++i) indices[i] = order[i];
      *count = order.size();
    });
  }
};

}  // namespace sdk
}  // namespace d500

#endif  // D500_SDK_SAMPLER_H
