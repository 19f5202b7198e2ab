#include "d500/network/executor_factory.h"

#include "plugin_executor.h"

namespace d500::network {

namespace {

constexpr const char* kAssembled = "assembled:";

bool is_assembled(const std::string& name) {
  return name.rfind(kAssembled, 0) == 0;
}

Result<AssemblyPolicy> policy_of(const std::string& name) {
  if (name == "reference") return AssemblyPolicy{};
  return AssemblyPolicy::parse(name.substr(std::string(kAssembled).size()));
}

std::string plugin_of(const std::string& entry) {
  return entry.substr(0, entry.find('/'));
}

}  // namespace

Result<std::set<std::string>> executor_plugins(const std::string& name) {
  if (name.empty())
    return Error{
        "empty executor name (expected reference, assembled:<list> or a plugin's executor such as "
        "torch)",
        ""};
  if (name != "reference" && !is_assembled(name)) return std::set<std::string>{plugin_of(name)};
  auto policy = policy_of(name);
  if (!policy) return policy.error();
  std::set<std::string> out;
  for (const auto& p : policy->prefer) out.insert(plugin_of(p));
  for (const auto& [op, list] : policy->per_op)
    for (const auto& p : list) out.insert(plugin_of(p));
  return out;
}

Result<std::unique_ptr<NetworkExecutor>> make_executor(const std::string& name, Graph graph,
                                                       const plugin::PluginManager& plugins,
                                                       ExecutorOptions options) {
  if (name == "reference" || is_assembled(name)) {
    auto policy = policy_of(name);
    if (!policy) return policy.error();
    options.policy = std::move(policy).value();
    auto ex = AssembledExecutor::build(std::move(graph), plugins.operators(), options);
    if (!ex) return ex.error();
    return std::unique_ptr<NetworkExecutor>(std::move(ex).value());
  }
  const plugin::ExecutorImpl* impl = plugin::find_executor(plugins.executors(), name);
  if (!impl) {
    std::string known = "reference, assembled:<list>";
    for (const auto& e : plugins.executors()) known += ", " + e.id();
    return Error{"unknown executor \"" + name + "\" (available: " + known + ")", ""};
  }
  return make_plugin_executor(*impl, std::move(graph), options.allocate_gradients,
                              options.keep_intermediates);
}

}  // namespace d500::network
