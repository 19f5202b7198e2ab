#include "d500/plugin/components.h"

namespace d500::plugin {

const ExecutorImpl* find_executor(const std::vector<ExecutorImpl>& all, const std::string& id) {
  const auto slash = id.find('/');
  const std::string plugin = id.substr(0, slash);
  const std::string variant = slash == std::string::npos ? "" : id.substr(slash + 1);
  const ExecutorImpl* only = nullptr;
  size_t of_plugin = 0;
  for (const auto& e : all) {
    if (e.plugin != plugin) continue;
    ++of_plugin;
    only = &e;
    if (variant.empty() ? e.variant() == "default" : e.variant() == variant) return &e;
  }
  return variant.empty() && of_plugin == 1 ? only : nullptr;
}

const OptimizerImpl* find_optimizer(const std::vector<OptimizerImpl>& all,
                                    const std::string& plugin, const std::string& name) {
  for (const auto& o : all)
    if (o.plugin == plugin && o.name() == name) return &o;
  return nullptr;
}

}  // namespace d500::plugin
