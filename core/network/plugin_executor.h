// Private to d500_network: a plugin's own graph executor (ABI 1.2 d500_executor) behind the
// NetworkExecutor interface. The host hands it the checked, sorted graph with adapted attributes;
// names, types and shapes are answered from the graph, everything else goes through the ABI.
#pragma once

#include <memory>

#include "d500/network/executor.h"
#include "d500/network/graph.h"
#include "d500/plugin/components.h"

namespace d500::network {

// Errors: an input without a complete shape, the plugin's create failing (its message, prefixed
// with the executor's id).
Result<std::unique_ptr<NetworkExecutor>> make_plugin_executor(const plugin::ExecutorImpl& impl,
                                                              Graph graph, bool allocate_gradients,
                                                              bool keep_intermediates = true);

}  // namespace d500::network
