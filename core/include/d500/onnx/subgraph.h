// A node's GRAPH attributes (If's then_branch and else_branch, Loop's and Scan's body) in d500's
// own types, read by Model::subgraphs. No protobuf here; the network layer turns them into
// graphs its executor runs (control flow).
#pragma once

#include <string>
#include <vector>

#include "d500/onnx/model.h"

namespace d500::onnx {

struct SubgraphNode;

// One subgraph: its declared inputs and outputs, initializers (Constant nodes folded in, so a
// body's constants are known before it runs) and nodes in model order. Names it reads that it
// does not define are values of an enclosing graph (outer scope).
struct Subgraph {
  std::string attribute;  // the attribute it is the value of: "then_branch", "body"
  std::string name;
  std::vector<ValueInfo> inputs, outputs;
  std::vector<NamedTensor> constants;
  std::vector<SubgraphNode> nodes;
};

struct SubgraphNode {
  NodeInfo info;
  std::vector<plugin::Attribute> attributes;  // its other attributes
  std::vector<Subgraph> subgraphs;            // its own GRAPH attributes, nested
};

}  // namespace d500::onnx
