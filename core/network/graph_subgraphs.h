#pragma once
// Subgraphs of a model's nodes (If, Loop, Scan) turned into graphs (graph_subgraphs.cpp).
// Internal to Graph::from_model.
#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "d500/network/graph.h"
#include "d500/onnx/subgraph.h"

namespace d500::network {

// A declared value's type; unknown unless it is a tensor.
TensorType type_of_value(const onnx::ValueInfo& v);

// Each subgraph as a Graph built with GraphDesc::subgraph (what it reads from outside becomes
// its captures), nested ones first. `outer` types the values of the enclosing scopes. Errors:
// a subgraph input or output that is not a tensor (a sequence, an optional), and those of
// Graph::create, prefixed with the node and attribute.
Result<std::vector<std::pair<std::string, std::shared_ptr<const Graph>>>> graphs_of_subgraphs(
    std::vector<onnx::Subgraph> subgraphs, const std::map<std::string, TensorType>& outer,
    const std::string& node_label);

}  // namespace d500::network
