// Helpers for the core/network tests: the reference and examples plugins loaded once, small
// graphs written as GraphDesc, and tensors from literal values.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "d500/network/assembled_executor.h"
#include "d500/network/graph.h"
#include "d500/plugin/plugin_manager.h"

namespace d500::test {

inline const std::string kDataRoot = "/usr/share/libonnx-testdata/data";
inline const std::string kShippedModels = std::string(D500_TEST_SOURCE_DIR) + "/resources/models";

// The plugins built with the tests (reference, examples), loaded once for the whole binary.
inline const plugin::OperatorRegistry& operators() {
  static std::unique_ptr<plugin::PluginManager> pm = [] {
    auto p =
        std::make_unique<plugin::PluginManager>(std::vector<std::string>{D500_TEST_PLUGIN_DIR});
    p->load({"reference", "examples"});
    return p;
  }();
  return pm->operators();
}

inline Tensor tensor(DType dtype, Shape shape, const std::vector<double>& values) {
  Tensor t(dtype, std::move(shape));
  for (size_t i = 0; i < values.size(); ++i) t.set(static_cast<int64_t>(i), values[i]);
  return t;
}

inline network::Node node(const std::string& name, const std::string& op,
                          std::vector<std::string> in, std::vector<std::string> out,
                          std::vector<plugin::Attribute> attrs = {}, int64_t opset = 13) {
  network::Node n;
  n.name = name;
  n.op_type = op;
  n.opset = opset;
  n.inputs = std::move(in);
  n.outputs = std::move(out);
  n.attributes = std::move(attrs);
  return n;
}

inline network::TensorType type(DType dtype, Shape shape) {
  return network::TensorType{dtype, true, std::move(shape)};
}

inline bool contains(const std::string& hay, const std::string& needle) {
  return hay.find(needle) != std::string::npos;
}

// Builds or fails the test with the error.
inline network::Graph make_graph(network::GraphDesc desc) {
  auto g = network::Graph::create(std::move(desc));
  if (!g.ok()) throw D500Error(g.error());
  return std::move(g).value();
}

inline std::unique_ptr<network::AssembledExecutor> make_executor(
    network::Graph g, const network::ExecutorOptions& o = {}) {
  auto ex = network::AssembledExecutor::build(std::move(g), operators(), o);
  if (!ex.ok()) throw D500Error(ex.error());
  return std::move(ex).value();
}

}  // namespace d500::test
