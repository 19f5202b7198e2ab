#include "d500/training/optimizer.h"

#include <utility>

#include "d500/error.h"
#include "d500/plugin/plugin_manager.h"

namespace d500::training {
namespace {

const plugin::OptimizerImpl& find_or_throw(const plugin::PluginManager& plugins,
                                           const std::string& plugin, const std::string& name) {
  if (const plugin::OptimizerImpl* impl =
          plugin::find_optimizer(plugins.optimizers(), plugin, name))
    return *impl;
  std::string offered;
  for (const plugin::OptimizerImpl& o : plugins.optimizers())
    if (o.plugin == plugin) offered += (offered.empty() ? "" : ", ") + o.name();
  const plugin::PluginRecord* rec = plugins.find(plugin);
  std::string why;
  if (!rec)
    why = "plugin '" + plugin + "' is not known";
  else if (rec->state != plugin::PluginState::Loaded)
    why = "plugin '" + plugin + "' is " + plugin::plugin_state_name(rec->state) +
          (rec->error.empty() ? "" : " (" + rec->error + ")");
  else
    why = "plugin '" + plugin + "' has no optimizer '" + name + "'" +
          (offered.empty() ? " (it offers none)" : " (it offers: " + offered + ")");
  throw D500Error(why, "optimizer " + plugin + "/" + name);
}

}  // namespace

Optimizer::Optimizer(const plugin::PluginManager& plugins, const std::string& plugin,
                     const std::string& name, const HyperParameters& hyper)
    : Optimizer(find_or_throw(plugins, plugin, name), hyper) {}

Optimizer::Optimizer(const plugin::OptimizerImpl& impl, const HyperParameters& hyper)
    : impl_(impl), hyper_(hyper) {
  std::vector<plugin::Attribute> hyper_attrs;
  hyper_attrs.reserve(hyper_.size());
  for (const auto& [key, value] : hyper_) hyper_attrs.push_back({key, value});
  const plugin::CAttributes attrs(hyper_attrs, impl_.abi);  // in the plugin's layout
  d500_error err{};
  const int32_t rc = impl_.opt->create(attrs.data(), attrs.size(), &instance_, &err);
  if (rc != D500_OK || !instance_) {
    instance_ = nullptr;
    throw D500Error("create failed: " + std::string(rc != D500_OK ? err.message : "no instance"),
                    "optimizer " + impl_.id());
  }
}

Optimizer::~Optimizer() {
  if (instance_) impl_.opt->destroy(instance_);
}

Optimizer::Optimizer(Optimizer&& other) noexcept
    : impl_(std::move(other.impl_)),
      hyper_(std::move(other.hyper_)),
      instance_(std::exchange(other.instance_, nullptr)),
      steps_(other.steps_) {}

Optimizer& Optimizer::operator=(Optimizer&& other) noexcept {
  if (this != &other) {
    if (instance_) impl_.opt->destroy(instance_);
    impl_ = std::move(other.impl_);
    hyper_ = std::move(other.hyper_);
    instance_ = std::exchange(other.instance_, nullptr);
    steps_ = other.steps_;
  }
  return *this;
}

void Optimizer::step(const std::vector<DLTensor>& params, const std::vector<DLTensor>& grads,
                     double lr) {
  // Runs every step: the location string is built only for an error.
  auto where = [this] { return "optimizer " + impl_.id(); };
  if (!instance_) throw D500Error("stepped after being moved from", where());
  if (params.size() != grads.size())
    throw D500Error(std::to_string(params.size()) + " parameters but " +
                        std::to_string(grads.size()) + " gradients",
                    where());
  d500_error err{};
  const int32_t rc =
      impl_.opt->step(instance_, params.data(), grads.data(), params.size(), lr, &err);
  if (rc != D500_OK)
    throw D500Error("step " + std::to_string(steps_) + " failed: " + err.message, where());
  ++steps_;
}

}  // namespace d500::training
