// Executors by the names users write in experiment files:
//   "reference"                        the assembled executor over the reference plugin
//   "assembled:<policy>"               assembled with an AssemblyPolicy list, e.g.
//                                      "assembled:Conv=examples/im2col,reference"
//   "<plugin>" or "<plugin>/<variant>" a plugin's own graph executor (ABI 1.2), e.g. "torch"
#pragma once

#include <memory>
#include <set>
#include <string>

#include "d500/error.h"
#include "d500/network/assembled_executor.h"
#include "d500/network/executor.h"
#include "d500/network/graph.h"
#include "d500/plugin/plugin_manager.h"

namespace d500::network {

// The plugins an executor name needs loaded (for "assembled:" every plugin its policy names).
// Errors: an empty name, a malformed policy.
Result<std::set<std::string>> executor_plugins(const std::string& name);

// Builds the executor for `graph` (whose inputs must have complete shapes: build the graph with
// GraphOptions' batch). `options` applies to assembled executors (policy is taken from the
// name); a plugin executor takes allocate_gradients from it. Errors name the executor and, for
// an unknown one, list what the loaded plugins offer.
Result<std::unique_ptr<NetworkExecutor>> make_executor(const std::string& name, Graph graph,
                                                       const plugin::PluginManager& plugins,
                                                       ExecutorOptions options = {});

}  // namespace d500::network
