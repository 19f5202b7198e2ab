// Samplers from plugins (ABI 1.4, d500_sampler) in the process's sampler registry. Each epoch's
// order is asked once and checked: at most n indices, each in [0, n).
#include <cstring>

#include "d500/error.h"
#include "d500/training/sampler_registry.h"

namespace d500::training {

namespace {

class PluginSampler : public Sampler {
 public:
  PluginSampler(plugin::SamplerImpl impl, const Dataset& train, uint64_t seed,
                const SamplerParams& params)
      : impl_(std::move(impl)), n_(train.size()), labels_(train.labels.dl()) {
    const std::vector<d500_attr> hyper = plugin::float_attributes(params);
    d500_error err{};
    check(impl_.sampler->create(n_, &labels_, seed, hyper.data(), hyper.size(), &instance_, &err),
          err, "create");
  }
  ~PluginSampler() override {
    if (instance_) impl_.sampler->destroy(instance_);
  }
  PluginSampler(const PluginSampler&) = delete;
  PluginSampler& operator=(const PluginSampler&) = delete;

  std::vector<int64_t> epoch_indices(int64_t epoch) const override {
    std::vector<int64_t> out(static_cast<size_t>(n_));
    size_t count = 0;
    d500_error err{};
    check(impl_.sampler->epoch_indices(instance_, epoch, out.data(), out.size(), &count, &err), err,
          "epoch_indices");
    if (count > out.size())
      fail("epoch_indices",
           "wrote " + std::to_string(count) + " indices for " + std::to_string(n_) + " samples");
    out.resize(count);
    for (int64_t i : out)
      if (i < 0 || i >= n_)
        fail("epoch_indices", "index " + std::to_string(i) + " of epoch " + std::to_string(epoch) +
                                  " is outside [0, " + std::to_string(n_) + ")");
    return out;
  }
  std::string describe() const override { return id() + " (plugin " + impl_.plugin + ")"; }

 private:
  std::string id() const { return impl_.plugin + "/" + impl_.sampler->name; }
  [[noreturn]] void fail(const char* what, const std::string& why) const {
    throw D500Error(
        "sampler \"" + id() + "\" (plugin " + impl_.plugin + ") " + what + " failed: " + why,
        "$.training.sampler");
  }
  void check(int32_t status, const d500_error& err, const char* what) const {
    plugin::check_plugin_call(status, err, "sampler", impl_.plugin, impl_.sampler->name, what,
                              "$.training.sampler");
  }

  plugin::SamplerImpl impl_;
  int64_t n_;
  DLTensor labels_;
  void* instance_ = nullptr;
};

}  // namespace

std::vector<std::string> register_plugin_samplers(const plugin::PluginManager& pm) {
  return plugin::register_plugin_components(
      samplers(), pm.samplers(), [](const plugin::SamplerImpl& i) { return i.sampler->name; },
      [](const plugin::SamplerImpl& impl, SamplerDescriptor& d) {
        d.summary = impl.sampler->description;
        d.parameters = {"sampler_params"};
        d.make = [impl](const Dataset& train, uint64_t seed, const SamplerParams& p) {
          return std::make_unique<PluginSampler>(impl, train, seed, p);
        };
      });
}

}  // namespace d500::training
