// A plugin's optimizer on the host side: one instance of an ABI 1.2 d500_optimizer, created from
// its name, its plugin and hyper-parameters, stepping caller-owned parameters in place.
//
//   training::Optimizer adam(plugins, "torch", "adam", {{"beta1", 0.9}, {"weight_decay", 0}});
//   adam.step(params, grads, schedule.at(step));
//
// The instance keeps per-parameter state (moments, step count) by position: pass the same
// parameters in the same order every step. Errors are D500Error with where = "optimizer
// <plugin>/<name>" and the plugin's message. Not thread-safe: one thread steps an instance.
#pragma once

#include <dlpack/dlpack.h>

#include <map>
#include <string>
#include <vector>

#include "d500/plugin/components.h"

namespace d500::plugin {
class PluginManager;
}

namespace d500::training {

// Hyper-parameter name -> value (all passed as D500_ATTR_FLOAT): lr, momentum, dampening, beta1,
// beta2, eps, weight_decay, alpha, lr_decay, initial_accumulator_value, centered, ... Which names
// an optimizer knows is its plugin's business; an unknown name is an error there. The reference
// and torch plugins share names and defaults (torch.optim's); "lr" is accepted and checked, but
// the rate each step uses is the one passed to step() (the host owns the schedule).
using HyperParameters = std::map<std::string, double>;

class Optimizer {
 public:
  // The optimizer `name` ("adam") of plugin `plugin` ("reference", "torch"), which must be loaded
  // in `plugins`. Throws D500Error when there is none (the message lists what the plugin offers)
  // or when create() rejects the hyper-parameters.
  Optimizer(const plugin::PluginManager& plugins, const std::string& plugin,
            const std::string& name, const HyperParameters& hyper = {});
  // From a registry entry, which must outlive the Optimizer (it points into the plugin).
  Optimizer(const plugin::OptimizerImpl& impl, const HyperParameters& hyper = {});
  ~Optimizer();
  Optimizer(Optimizer&& other) noexcept;
  Optimizer& operator=(Optimizer&& other) noexcept;
  Optimizer(const Optimizer&) = delete;
  Optimizer& operator=(const Optimizer&) = delete;

  // params[i] <- update(params[i], grads[i]) at learning rate lr. Both lists have the same
  // length, dtype and shapes pairwise; the tensors are borrowed for the call. Throws D500Error.
  void step(const std::vector<DLTensor>& params, const std::vector<DLTensor>& grads, double lr);

  std::string id() const { return impl_.id(); }  // "torch/adam"
  std::string plugin() const { return impl_.plugin; }
  std::string name() const { return impl_.name(); }
  std::string variant() const { return impl_.variant(); }
  const HyperParameters& hyper() const { return hyper_; }
  int64_t steps() const { return steps_; }

 private:
  plugin::OptimizerImpl impl_;
  HyperParameters hyper_;
  void* instance_ = nullptr;
  int64_t steps_ = 0;
};

}  // namespace d500::training
