// Fuzz target: plugin manifests (*.d500plugin.json) through PluginManager::discover, which reads
// them before any plugin code runs. Nothing is loaded: a fuzzed "library" could name any file.
#include <cstddef>
#include <cstdint>
#include <filesystem>

#include "d500/plugin/plugin_manager.h"
#include "fuzz_util.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static const std::string folder = [] {
    auto dir = d500::fuzz::scratch_dir() / "plugins";
    std::filesystem::create_directories(dir);
    return dir.string();
  }();
  d500::fuzz::write_input(data, size, "plugins/fuzz.d500plugin.json");
  d500::plugin::PluginManager manager({folder});
  manager.discover();
  for (const auto& rec : manager.plugins()) (void)d500::plugin::plugin_state_name(rec.state);
  return 0;
}
