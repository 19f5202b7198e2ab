// Distributed schemes from plugins (ABI 1.4, d500_scheme) in the process's scheme registry, run
// like the built-in ones: the plugin's hooks get the communicator as a C table (d500_comm) whose
// calls go through the Communicator, so every byte is counted and every call timed.
#pragma once

#include <string>
#include <vector>

#include "d500/plugin/plugin_manager.h"

namespace d500::distributed {

// Registers every scheme the loaded plugins offer that is not registered yet, as "plugin/name"
// ("topk/topk_sgd"); a second call adds only new ones. Returns one refusal per scheme not
// registered, naming the plugin and why. `pm` must stay alive (its plugins loaded) while any of
// these schemes runs.
std::vector<std::string> register_plugin_schemes(const plugin::PluginManager& pm);

}  // namespace d500::distributed
