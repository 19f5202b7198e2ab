// Discovery, loading and ABI checks of plugins, and the typed registries of what they offer.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "d500/plugin.h"
#include "d500/plugin/components.h"
#include "d500/plugin/operator_registry.h"

namespace d500::plugin {

// Zero is Invalid (Qt Creator's rule): a default-constructed record is never mistaken for a good
// one.
enum class PluginState { Invalid = 0, Discovered, Loaded, Broken };
const char* plugin_state_name(PluginState s);  // "invalid", "discovered", "loaded", "broken"

struct PluginRecord {
  // From the manifest, readable before any plugin code runs.
  std::string name;
  std::string version;
  std::string description;
  std::string wraps;
  int abi_major = 0;
  std::string manifest_path;  // absolute
  std::string library_path;   // absolute
  // Found in one of the folders d500 installs its own plugins to (PluginManager's
  // shipped_folders): loaded directly, and measured in-process by default. Any other plugin is
  // loaded in a probe child first and measured in a child process (issue 15).
  bool shipped = false;
  // After loading.
  PluginState state = PluginState::Invalid;
  std::string error;         // why it is broken, in words a user can act on
  uint32_t abi_version = 0;  // what the plugin reported
  size_t n_operators = 0;
  size_t n_executors = 0;   // ABI >= 1.2
  size_t n_optimizers = 0;  // ABI >= 1.2
  size_t n_schemes = 0;     // ABI >= 1.4
  size_t n_metrics = 0;     // ABI >= 1.4
  size_t n_samplers = 0;    // ABI >= 1.4
  size_t n_datasets = 0;    // ABI >= 1.4
};

class PluginManager {
 public:
  // `search_path`: folders scanned in order; the first plugin of a name wins, later ones of the
  // same name are listed as broken ("shadowed by ...").
  // `shipped`: the folders whose plugins are d500's own; by default every folder of the search
  // path (a caller that names its folders trusts them). The runner passes shipped_folders().
  explicit PluginManager(std::vector<std::string> search_path,
                         std::optional<std::vector<std::string>> shipped = std::nullopt);
  ~PluginManager();  // calls each plugin's shutdown, then dlclose
  PluginManager(const PluginManager&) = delete;
  PluginManager& operator=(const PluginManager&) = delete;

  // D500_PLUGIN_PATH (colon-separated) first, then <exe_dir>/../lib/d500/plugins (build tree and
  // install prefix share this layout), then the compiled-in install folder.
  static std::vector<std::string> default_search_path(const std::string& exe_dir);
  // The folders d500's own plugins are in: <exe_dir>/../lib/d500/plugins (the build tree's and
  // the install's) and the compiled-in install folder. D500_PLUGIN_PATH is not among them.
  static std::vector<std::string> shipped_folders(const std::string& exe_dir);

  // Reads every *.d500plugin.json in the search path (no plugin code runs). A malformed manifest,
  // or a shared library in a plugin folder without one, is recorded as broken. Runs once: later
  // calls do nothing (records of loaded plugins must stay put).
  void discover();
  // dlopen(RTLD_NOW) each discovered plugin (one that is not shipped: after probe_isolated said
  // it loads, so one that crashes or exits while loading is only listed broken), resolve the entry
  // point, check the ABI and struct sizes, run init; registers operators of the good ones. Never
  // throws for a broken plugin.
  void load_all();
  // Loads only the named plugins (and discovers first if needed); others stay Discovered.
  // Throws D500Error for a name no manifest in the search path declares (a typo would otherwise
  // pass silently); a named plugin that turns out broken is recorded, not thrown.
  void load(const std::vector<std::string>& names);

  const std::vector<PluginRecord>& plugins() const { return records_; }
  const PluginRecord* find(const std::string& name) const;
  const OperatorRegistry& operators() const { return operators_; }
  const std::vector<ExecutorImpl>& executors() const { return executors_; }
  const std::vector<OptimizerImpl>& optimizers() const { return optimizers_; }
  // Distributed schemes (ABI >= 1.4); distributed::register_plugin_schemes adds them to the
  // process's scheme registry.
  const std::vector<SchemeImpl>& schemes() const { return schemes_; }
  // Metrics (ABI >= 1.4); training::register_plugin_metrics adds them to the metric registry.
  const std::vector<MetricImpl>& metrics() const { return metrics_; }
  // Samplers (ABI >= 1.4); training::register_plugin_samplers adds them to the sampler registry.
  const std::vector<SamplerImpl>& samplers() const { return samplers_; }
  // Datasets (ABI >= 1.4); training::register_plugin_datasets adds them to the dataset registry.
  const std::vector<DatasetImpl>& datasets() const { return datasets_; }
  const std::vector<std::string>& search_path() const { return search_path_; }

 private:
  void load_one(PluginRecord& rec);
  std::vector<std::string> search_path_;
  std::set<std::string> shipped_;  // canonical folders
  std::vector<PluginRecord> records_;
  std::vector<void*> handles_;
  std::vector<const d500_plugin_info*> infos_;
  OperatorRegistry operators_;
  std::vector<ExecutorImpl> executors_;
  std::vector<OptimizerImpl> optimizers_;
  std::vector<SchemeImpl> schemes_;
  std::vector<MetricImpl> metrics_;
  std::vector<SamplerImpl> samplers_;
  std::vector<DatasetImpl> datasets_;
  bool discovered_ = false;
};

// Loads one plugin in a forked child process and reports what happened, so a plugin that crashes
// while loading is listed with its signal instead of taking the caller down. The returned record
// is the child's view (state Loaded or Broken).
PluginRecord probe_isolated(const PluginRecord& discovered);

}  // namespace d500::plugin
