// Private to core/check: each level's part of check_experiment().
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "d500/plugin/plugin_manager.h"
#include "d500/spec/experiment.h"
#include "d500/spec/problem.h"

namespace d500::check {

// Plugin names, each with the JSON path of the field that names it.
using NamedPlugins = std::vector<std::pair<std::string, std::string>>;

// Loads the named plugins into `pm`: one problem per name that no plugin in the search path has,
// or whose plugin does not load.
spec::Problems require_plugins(plugin::PluginManager& pm, const NamedPlugins& names);

struct LevelInput {
  const spec::Experiment& e;
  const std::string& source;
  const std::string& base_dir;
  plugin::PluginManager* pm;  // nullptr: no plugin checks
};

spec::Problems check_operator_level(const LevelInput& in);
// The operator's input count against its ONNX schema (none for an operator libonnx does not know).
spec::Problems check_operator_inputs(const spec::Experiment& e);
// Each implementation created at every point as the run creates it (operator_checks.cpp).
spec::Problems check_operator_instances(const spec::Experiment& e,
                                        const std::vector<const plugin::OperatorImpl*>& impls,
                                        const plugin::PluginManager& pm);
spec::Problems check_network_level(const LevelInput& in);
spec::Problems check_training_level(const LevelInput& in);
spec::Problems check_distributed_level(const LevelInput& in);
spec::Problems check_collective_level(const LevelInput& in);

}  // namespace d500::check
