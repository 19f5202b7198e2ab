// What a plugin offers, without loading it (issue 16, item 4): the capability list of a plugin
// that loaded (its operators with their variants, executors, optimizers, what it said about
// itself at run time, such as "no usable GPU") is cached by the library's path, size and
// modification time, its manifest's, the d500 version and the machine's boot, so listing plugins
// touches no plugin code when nothing changed. A stale, unreadable or corrupt cache is ignored
// and rewritten; only plugins that loaded are cached (a broken one is probed every time, so a
// fixed environment is seen at once). `d500 plugins --probe` ignores the cache.
//
// The file is $D500_CACHE_DIR/plugins.json, else $XDG_CACHE_HOME/d500/plugins.json, else
// ~/.cache/d500/plugins.json; it is replaced atomically (written beside, then renamed).
// Threading: one thread per cache object; concurrent processes may race, and the last rename wins.
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <string>

#include "d500/plugin/plugin_manager.h"

namespace d500::plugin {

// The JSON `d500 plugins --json` shows for a plugin the manager has loaded (or tried to):
// name, version, state, error, wraps, abi_version, library, manifest, operators, executors,
// optimizers.
nlohmann::json describe_plugin(const PluginManager& pm, const PluginRecord& r);

class CapabilityCache {
 public:
  // `file` "" is default_file(). Reads it now; a missing or corrupt file is an empty cache.
  explicit CapabilityCache(std::string file = "");
  static std::string default_file();

  // The cached description of `discovered` when its library and manifest are unchanged.
  std::optional<nlohmann::json> find(const PluginRecord& discovered) const;
  // Keeps a Loaded plugin's description (others are not cached).
  void put(const PluginRecord& discovered, const nlohmann::json& description);
  // Writes the file (creating its folder); false with *error when it cannot. Not fatal to
  // callers: the cache only saves time.
  bool save(std::string* error) const;
  const std::string& file() const { return file_; }

 private:
  std::string file_;
  nlohmann::json entries_ = nlohmann::json::object();  // library path -> {key, description}
};

// What must be unchanged for a cached description to stand ("" when the library cannot be
// stat'ed: never cached).
std::string capability_key(const PluginRecord& discovered);

}  // namespace d500::plugin
