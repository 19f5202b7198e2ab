// The edges of an ONNX model's graph, counted from the model itself (for tests of views of it):
// each node input written by another node or a fed graph input, and each graph output.
#pragma once

#include <set>
#include <string>

#include "d500/onnx/model.h"

namespace d500::test {

inline size_t onnx_edge_count(const onnx::Model& m) {
  std::set<std::string> weights, written;
  for (const auto& n : m.initializer_names()) weights.insert(n);
  for (const auto& in : m.inputs())
    if (!weights.count(in.name)) written.insert(in.name);
  for (size_t i = 0; i < m.node_count(); ++i)
    for (const auto& o : m.node(i).outputs) written.insert(o);
  size_t edges = m.outputs().size();
  for (size_t i = 0; i < m.node_count(); ++i)
    for (const auto& in : m.node(i).inputs) edges += written.count(in);
  return edges;
}

}  // namespace d500::test
