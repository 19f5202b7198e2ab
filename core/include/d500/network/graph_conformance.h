// Node tests that are graphs (ONNX's *_expanded tests: an operator's function body written out
// as several nodes) for `d500 conformance`: run on the assembled executor over one plugin's
// operators, as `d500 validate-model` runs a test model, and counted with the node tests.
#pragma once

#include <string>

#include "d500/operators/conformance.h"
#include "d500/plugin/operator_registry.h"

namespace d500::network {

// A runner for operators::run_conformance. `plugin` ("name" or "name/variant") is the only
// plugin whose operators the graph may use: a node it lacks makes the test unsupported, naming
// the op. `ops` must outlive the runner.
operators::GraphTestRunner graph_conformance(const plugin::OperatorRegistry& ops,
                                             const std::string& plugin,
                                             const operators::Tolerance& tol = {});

}  // namespace d500::network
