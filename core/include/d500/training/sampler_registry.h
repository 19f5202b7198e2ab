// Samplers as registered components (issue 30): the training section's "sampler" names one, built
// in ("shuffled", "sequential", "balanced") or a plugin's ("plugin/name", ABI 1.4 d500_sampler),
// and both go through this registry; adding a sampler is one registration. "sampler_params" are
// its parameters.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "d500/plugin/component_registry.h"
#include "d500/plugin/plugin_manager.h"
#include "d500/training/dataset.h"
#include "d500/training/sampler.h"

namespace d500::training {

using SamplerParams = std::map<std::string, double>;

struct SamplerDescriptor {
  std::string name;                     // "shuffled"; a plugin's: "plugin/name"
  std::string summary;                  // one line
  std::string origin = "built-in";      // or "plugin <name>"
  std::vector<std::string> parameters;  // the "sampler_params" keys it reads
  // The sampler of `train` for `seed`; throws D500Error for params it does not take.
  std::function<std::unique_ptr<Sampler>(const Dataset& train, uint64_t seed,
                                         const SamplerParams& params)>
      make;
};

class SamplerRegistry : public plugin::ComponentRegistry<SamplerDescriptor> {
 public:
  SamplerRegistry() : ComponentRegistry("sampler") {}
  std::string add(SamplerDescriptor d) { return add_checked(std::move(d), ""); }
};

// The process's samplers: the built-in ones are registered on first use.
SamplerRegistry& samplers();

// Registers every sampler the loaded plugins offer that is not registered yet, as "plugin/name";
// one refusal per sampler not registered. `pm` must outlive the samplers made of them.
std::vector<std::string> register_plugin_samplers(const plugin::PluginManager& pm);

// The named sampler of `train`: D500Error (where "$.training.sampler") for an unknown name,
// listing the known ones, or params it refuses.
std::unique_ptr<Sampler> make_sampler(const std::string& name, const Dataset& train, uint64_t seed,
                                      const SamplerParams& params);

}  // namespace d500::training
