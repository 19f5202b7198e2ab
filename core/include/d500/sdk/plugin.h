// d500 SDK: the plugin's table and its one exported entry point.
//
//   #include <d500/sdk/plugin.h>
//   D500_PLUGIN(d500::sdk::PluginMeta("example", "1.0").describe("Scales tensors"),
//               Scale::define({"Scale", "ai.example"}),
//               Scale::define({"Scale", "ai.example", "unrolled"}));
//
// expands to `extern "C" const d500_plugin_info* d500_plugin_entry(uint32_t)` returning a table
// in static storage. The name must equal the NAME given to d500_add_plugin() (the manifest's);
// the host refuses a plugin whose two names differ. Use D500_PLUGIN once per plugin library.
// Header-only, C++17.
#ifndef D500_SDK_PLUGIN_H
#define D500_SDK_PLUGIN_H

#include <array>
#include <cstddef>
#include <cstdint>

#include "d500/plugin.h"
#include "d500/sdk/attributes.h"
#include "d500/sdk/operator.h"
#include "d500/sdk/owned.h"
#include "d500/sdk/scheme.h"
#include "d500/sdk/status.h"
#include "d500/sdk/tensor_view.h"

namespace d500 {
namespace sdk {

// What the plugin says about itself. Strings must have static storage (string literals).
class PluginMeta {
 public:
  PluginMeta(const char* name, const char* version) : name_(name), version_(version) {}
  PluginMeta& describe(const char* description) {
    description_ = description;
    return *this;
  }
  // The library and version this plugin wraps, e.g. "LibTorch 1.13.1".
  PluginMeta& wraps(const char* wrapped) {
    wraps_ = wrapped;
    return *this;
  }
  // Init runs once after loading; what it throws marks the plugin broken with that message.
  template <void (*Init)()>
  PluginMeta& on_init() {
    init_ = [](d500_error* err) -> int32_t { return guard(err, [] { Init(); }); };
    return *this;
  }
  // Shutdown runs once before unloading; what it throws is swallowed (nobody could act on it).
  template <void (*Shutdown)()>
  PluginMeta& on_shutdown() {
    shutdown_ = []() { guard(nullptr, [] { Shutdown(); }); };
    return *this;
  }

  // Operators built at run time (D500_PLUGIN_TABLE); D500_PLUGIN sets its own.
  PluginMeta& operators(const d500_operator* const* table, size_t n) {
    operators_ = table;
    n_operators_ = n;
    return *this;
  }
  // Network executors and optimizers (ABI 1.2): arrays of pointers with static storage, such as
  // those sdk/executor.h and sdk/optimizer.h make.
  PluginMeta& executors(const d500_executor* const* table, size_t n) {
    executors_ = table;
    n_executors_ = n;
    return *this;
  }
  PluginMeta& optimizers(const d500_optimizer* const* table, size_t n) {
    optimizers_ = table;
    n_optimizers_ = n;
    return *this;
  }
  // Distributed schemes (ABI 1.4), such as sdk/scheme.h makes.
  PluginMeta& schemes(const d500_scheme* const* table, size_t n) {
    schemes_ = table;
    n_schemes_ = n;
    return *this;
  }

  // Training metrics (ABI 1.4), such as sdk/metric.h makes.
  PluginMeta& metrics(const d500_metric* const* table, size_t n) {
    metrics_ = table;
    n_metrics_ = n;
    return *this;
  }

  // Samplers (ABI 1.4), such as sdk/sampler.h makes.
  PluginMeta& samplers(const d500_sampler* const* table, size_t n) {
    samplers_ = table;
    n_samplers_ = n;
    return *this;
  }

  // Datasets (ABI 1.4), such as sdk/dataset.h makes.
  PluginMeta& datasets(const d500_dataset* const* table, size_t n) {
    datasets_ = table;
    n_datasets_ = n;
    return *this;
  }

  d500_plugin_info to_c() const {
    d500_plugin_info info{};  // members of later ABI versions stay zero
    info.abi_version = D500_ABI_VERSION;
    info.struct_size = sizeof(d500_plugin_info);
    info.name = name_;
    info.version = version_;
    info.description = description_;
    info.wraps = wraps_;
    info.init = init_;
    info.shutdown = shutdown_;
    info.n_operators = n_operators_;
    info.operators = operators_;
    info.n_executors = n_executors_;
    info.executors = executors_;
    info.n_optimizers = n_optimizers_;
    info.optimizers = optimizers_;
    info.n_schemes = n_schemes_;
    info.schemes = schemes_;
    info.n_metrics = n_metrics_;
    info.metrics = metrics_;
    info.n_samplers = n_samplers_;
    info.samplers = samplers_;
    info.n_datasets = n_datasets_;
    info.datasets = datasets_;
    return info;
  }

 private:
  const char* name_;
  const char* version_;
  const char* description_ = "";
  const char* wraps_ = "";
  int32_t (*init_)(d500_error*) = nullptr;
  void (*shutdown_)(void) = nullptr;
  const d500_operator* const* operators_ = nullptr;
  size_t n_operators_ = 0;
  const d500_executor* const* executors_ = nullptr;
  size_t n_executors_ = 0;
  const d500_optimizer* const* optimizers_ = nullptr;
  size_t n_optimizers_ = 0;
  const d500_scheme* const* schemes_ = nullptr;
  size_t n_schemes_ = 0;
  const d500_metric* const* metrics_ = nullptr;
  size_t n_metrics_ = 0;
  const d500_sampler* const* samplers_ = nullptr;
  size_t n_samplers_ = 0;
  const d500_dataset* const* datasets_ = nullptr;
  size_t n_datasets_ = 0;
};

// The plugin's tables. Not copyable: the info points into its own arrays.
template <size_t N>
class PluginDefinition {
 public:
  template <class... Ops>
  explicit PluginDefinition(const PluginMeta& meta, const Ops&... ops)
      : ops_{{ops...}}, info_(meta.to_c()) {
    for (size_t i = 0; i < N; ++i) ptrs_[i] = &ops_[i];
    info_.n_operators = N;
    info_.operators = N ? ptrs_.data() : nullptr;
  }
  PluginDefinition(const PluginDefinition&) = delete;
  PluginDefinition& operator=(const PluginDefinition&) = delete;
  const d500_plugin_info* info() const { return &info_; }

 private:
  std::array<d500_operator, N> ops_;
  std::array<const d500_operator*, N> ptrs_{};
  d500_plugin_info info_;
};

template <class... Ops>
PluginDefinition<sizeof...(Ops)> make_plugin(const PluginMeta& meta, const Ops&... ops) {
  return PluginDefinition<sizeof...(Ops)>(meta, ops...);  // guaranteed elision, no copy
}

}  // namespace sdk
}  // namespace d500

// D500_PLUGIN_TABLE(expression): defines the exported entry point, returning the
// `const d500_plugin_info*` the expression gives (a plugin that builds its table at run time:
// executors, optimizers, a list of operators). The table is returned for any host ABI: a host of
// an older major then reports "built for ABI 2.x" instead of a bare NULL.
#define D500_PLUGIN_TABLE(expression)                                                   \
  extern "C" D500_EXPORT const d500_plugin_info* d500_plugin_entry(uint32_t host_abi) { \
    ::d500::sdk::detail::host_abi() = host_abi;                                         \
    try {                                                                               \
      return (expression);                                                              \
    } catch (...) {                                                                     \
      return nullptr; /* nothing may cross the C boundary */                            \
    }                                                                                   \
  }

// D500_PLUGIN(meta, operators...): the entry point of a plugin whose operators are fixed.
#define D500_PLUGIN(...)                                                        \
  D500_PLUGIN_TABLE(([]() -> const d500_plugin_info* {                          \
    static const auto d500_definition_ = ::d500::sdk::make_plugin(__VA_ARGS__); \
    return d500_definition_.info();                                             \
  }()))

#endif  // D500_SDK_PLUGIN_H
