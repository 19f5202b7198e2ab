#include "d500/training/sampler_registry.h"

#include <cstring>

#include "d500/error.h"

namespace d500::training {

namespace {

void no_params(const std::string& sampler, const SamplerParams& params) {
  if (!params.empty())
    throw D500Error(
        "sampler \"" + sampler + "\" takes no parameters, got \"" + params.begin()->first + "\"",
        "$.training.sampler_params");
}

SamplerDescriptor builtin(const char* name, const char* summary,
                          std::function<std::unique_ptr<Sampler>(const Dataset&, uint64_t)> make) {
  SamplerDescriptor d;
  d.name = name;
  d.summary = summary;
  d.make = [name, make](const Dataset& train, uint64_t seed, const SamplerParams& params) {
    no_params(name, params);
    return make(train, seed);
  };
  return d;
}

}  // namespace

SamplerRegistry& samplers() {
  static SamplerRegistry* reg = [] {
    auto* r = new SamplerRegistry;
    r->add(builtin("shuffled", "a new seeded permutation of the samples every epoch",
                   [](const Dataset& d, uint64_t seed) {
                     return std::make_unique<ShuffledSampler>(d.size(), seed);
                   }));
    r->add(builtin(
        "sequential", "the samples in their stored order every epoch",
        [](const Dataset& d, uint64_t) { return std::make_unique<SequentialSampler>(d.size()); }));
    r->add(builtin("balanced", "every class equally often, small classes repeated",
                   [](const Dataset& d, uint64_t seed) {
                     return std::make_unique<ClassBalancedSampler>(d.labels, d.num_classes, seed);
                   }));
    return r;
  }();
  return *reg;
}

std::unique_ptr<Sampler> make_sampler(const std::string& name, const Dataset& train, uint64_t seed,
                                      const SamplerParams& params) {
  const SamplerDescriptor* d = samplers().find(name);
  if (!d)
    throw D500Error("unknown sampler \"" + name + "\"; known: " + samplers().names() +
                        " (a plugin's is \"plugin/name\", from a plugin on the search path)",
                    "$.training.sampler");
  return d->make(train, seed, params);
}

}  // namespace d500::training
