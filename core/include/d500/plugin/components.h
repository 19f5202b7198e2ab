// Network executors, optimizers and distributed schemes offered by loaded plugins (ABI >= 1.2),
// found by the names users write in experiment files: "torch" or "torch/default" for an executor,
// "adam" with a plugin ("reference", "torch") for an optimizer.
#pragma once

#include <string>
#include <vector>

#include "d500/plugin.h"

namespace d500::plugin {

struct ExecutorImpl {
  std::string plugin;
  const d500_executor* ex;          // owned by the plugin; valid while the PluginManager lives
  uint32_t abi = D500_ABI_VERSION;  // the plugin's abi_version (the layout of its attribute arrays)
  std::string variant() const { return ex->name && *ex->name ? ex->name : "default"; }
  std::string id() const { return plugin + "/" + variant(); }  // "torch/default"
};

struct OptimizerImpl {
  std::string plugin;
  const d500_optimizer* opt;
  uint32_t abi = D500_ABI_VERSION;
  std::string name() const { return opt->name; }
  std::string variant() const { return opt->variant && *opt->variant ? opt->variant : "default"; }
  std::string id() const { return plugin + "/" + name(); }  // "torch/adam"
};

struct SchemeImpl {
  std::string plugin;
  const d500_scheme* scheme;  // owned by the plugin; valid while the PluginManager lives
  uint32_t abi = D500_ABI_VERSION;
};

struct MetricImpl {
  std::string plugin;
  const d500_metric* metric;  // owned by the plugin; valid while the PluginManager lives
  uint32_t abi = D500_ABI_VERSION;
};

struct SamplerImpl {
  std::string plugin;
  const d500_sampler* sampler;  // owned by the plugin; valid while the PluginManager lives
  uint32_t abi = D500_ABI_VERSION;
};

struct DatasetImpl {
  std::string plugin;
  const d500_dataset* dataset;  // owned by the plugin; valid while the PluginManager lives
  uint32_t abi = D500_ABI_VERSION;
};

// A registered component's name: "name" ([a-z0-9_-]+) or, for a plugin's, "plugin/name" (the
// plugin's name may hold '-', the component's not); at most 128 characters.
inline bool valid_component_name(const std::string& n) {
  auto word = [](const std::string& w, bool dash) {
    if (w.empty()) return false;
    for (char c : w)
      if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' || (dash && c == '-')))
        return false;
    return true;
  };
  if (n.size() > 128) return false;
  const auto slash = n.find('/');
  if (slash == std::string::npos) return word(n, true);  // a built-in's ("fashion-mnist")
  return word(n.substr(0, slash), true) && word(n.substr(slash + 1), false);
}

// Lookups over what the PluginManager registered. "plugin" alone means its "default" variant
// (or its only executor). nullptr when there is none.
const ExecutorImpl* find_executor(const std::vector<ExecutorImpl>& all, const std::string& id);
const OptimizerImpl* find_optimizer(const std::vector<OptimizerImpl>& all,
                                    const std::string& plugin, const std::string& name);

}  // namespace d500::plugin
