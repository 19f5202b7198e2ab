// What every registry of a component kind (distributed schemes, metrics, samplers) shares: its
// built-in and plugin components in registration order, found by name, with pointers that stay
// valid as more are added. A kind's registry checks its own descriptor fields first and then
// calls add_checked(). D has `name` ("name" or "plugin/name"), `summary`, `origin` and `make`.
// Also what the host side of every plugin kind shares: registering a plugin's offers, their
// params as attributes, and a failed call's error.
#pragma once

#include <cstring>
#include <deque>
#include <map>
#include <mutex>
#include <string>
#include <string_view>
#include <vector>

#include "d500/error.h"
#include "d500/plugin/components.h"

namespace d500::plugin {

template <class D>
class ComponentRegistry {
 public:
  using Descriptor = D;
  explicit ComponentRegistry(std::string kind) : kind_(std::move(kind)) {}
  virtual ~ComponentRegistry() = default;

  // Adds `d`, or says why not: `refusal` (the kind's own checks), a malformed or taken name, no
  // summary, no make.
  std::string add_checked(D d, const std::string& refusal) {
    const std::string who = kind_ + " \"" + d.name + "\" from " + d.origin;
    if (!valid_component_name(d.name))
      return who + ": a name is [a-z0-9_-]+, or plugin/name for a plugin's";
    if (d.summary.empty()) return who + ": no summary";
    if (!refusal.empty()) return who + ": " + refusal;
    if (!d.make) return who + ": no algorithm (make)";
    std::lock_guard<std::mutex> lock(mu_);
    for (auto& x : items_) {
      if (x.name != d.name) continue;
      if (x.origin != d.origin || d.origin.rfind("plugin ", 0) != 0)
        return who + ": the name is taken by " + x.origin;
      // The same plugin loaded again (a later PluginManager in this process): its functions may
      // sit at other addresses now, and the old ones may be unloaded. Replaced in place, so that
      // found pointers stay valid.
      x = std::move(d);
      return "";
    }
    items_.push_back(std::move(d));
    return "";
  }
  const D* find(std::string_view name) const {
    std::lock_guard<std::mutex> lock(mu_);
    for (const auto& x : items_)
      if (x.name == name) return &x;
    return nullptr;
  }
  std::vector<const D*> all() const {
    std::lock_guard<std::mutex> lock(mu_);
    std::vector<const D*> out;
    for (const auto& x : items_) out.push_back(&x);
    return out;
  }
  std::string names() const {  // "a, b, plugin/c"
    std::string out;
    for (const auto* x : all()) out += (out.empty() ? "" : ", ") + x->name;
    return out;
  }

 private:
  std::string kind_;
  mutable std::mutex mu_;
  std::deque<D> items_;  // a deque: found pointers stay valid
};

// Registers every component of `impls` (a PluginManager's offers of one kind), as "plugin/name"
// from "plugin <plugin>", replacing what an earlier load of the same plugin registered:
// name_of(impl) is its name in the plugin, describe(impl, descriptor) fills the rest. Returns one
// refusal per one not registered.
template <class Registry, class Impl, class NameOf, class Describe>
std::vector<std::string> register_plugin_components(Registry& registry,
                                                    const std::vector<Impl>& impls, NameOf name_of,
                                                    Describe describe) {
  std::vector<std::string> refused;
  for (const Impl& impl : impls) {
    typename Registry::Descriptor d;
    d.origin = "plugin " + impl.plugin;
    d.name = impl.plugin + "/" + std::string(name_of(impl));
    describe(impl, d);
    if (std::string why = registry.add(std::move(d)); !why.empty()) refused.push_back(why);
  }
  return refused;
}

// The experiment's numeric "params" of a plugin component as the float attributes its create()
// reads; the names point into `params`, which must outlive the result.
inline std::vector<d500_attr> float_attributes(const std::map<std::string, double>& params) {
  std::vector<d500_attr> out;
  for (const auto& [name, value] : params) {
    d500_attr a{};
    a.name = name.c_str();
    a.type = D500_ATTR_FLOAT;
    a.f = value;
    out.push_back(a);
  }
  return out;
}

// Unless `status` is D500_OK: D500Error (at `where`) "<kind> "<id>" (plugin <plugin>) <what>
// failed: <the plugin's message>".
inline void check_plugin_call(int32_t status, const d500_error& err, const std::string& kind,
                              const std::string& plugin, const std::string& name, const char* what,
                              const char* where) {
  if (status == D500_OK) return;
  const std::string msg(err.message, strnlen(err.message, sizeof err.message));
  throw D500Error(kind + " \"" + plugin + "/" + name + "\" (plugin " + plugin + ") " + what +
                      " failed: " + (msg.empty() ? "no message" : msg),
                  where);
}

}  // namespace d500::plugin
