// onnx::Subgraph -> Graph: the bodies of If, Loop and Scan nodes as graphs of their own, whose
// values from the enclosing graph are their captures (see GraphDesc::subgraph).
#include "graph_subgraphs.h"

namespace d500::network {

TensorType type_of_value(const onnx::ValueInfo& v) {
  TensorType t;
  if (v.kind != "tensor") return t;
  t.dtype = v.dtype;
  t.has_shape = v.has_shape;
  t.shape = v.shape;
  return t;
}

namespace {

// "" when `v` is a tensor d500 holds; else why not.
std::string not_a_tensor(const onnx::ValueInfo& v, const char* role) {
  if (v.kind.empty()) return "";  // untyped: typed at run time by what arrives
  if (v.kind != "tensor")
    return std::string(role) + " \"" + v.name + "\" is " + (v.kind == "optional" ? "an " : "a ") +
           v.kind + "; d500 runs subgraphs of tensors only";
  if (v.dtype == DType::Invalid)
    return std::string(role) + " \"" + v.name + "\" has element type " + v.elem_type +
           ", which d500 tensors do not hold";
  return "";
}

Result<std::shared_ptr<const Graph>> graph_of(onnx::Subgraph sub,
                                              const std::map<std::string, TensorType>& outer,
                                              const std::string& owner) {
  const std::string where = "subgraph '" + sub.attribute + "' of node " + owner;
  GraphDesc desc;
  desc.name = sub.name.empty() ? sub.attribute : sub.name;
  desc.subgraph = true;
  desc.value_types = outer;
  for (const auto& v : sub.inputs) {
    if (auto why = not_a_tensor(v, "input"); !why.empty()) return Error{why, where};
    desc.inputs.emplace_back(v.name, type_of_value(v));
    desc.value_types[v.name] = type_of_value(v);
  }
  for (const auto& v : sub.outputs) {
    if (auto why = not_a_tensor(v, "output"); !why.empty()) return Error{why, where};
    desc.outputs.push_back(v.name);
  }
  desc.constants = std::move(sub.constants);
  for (const auto& c : desc.constants)
    desc.value_types[c.name] = TensorType{c.value.dtype(), true, c.value.shape()};
  for (auto& sn : sub.nodes) {
    Node n;
    n.name = sn.info.name;
    n.op_type = sn.info.op_type;
    n.domain = sn.info.domain;
    n.opset = sn.info.opset;
    n.attributes = std::move(sn.attributes);
    n.inputs = std::move(sn.info.inputs);
    n.outputs = std::move(sn.info.outputs);
    if (!sn.subgraphs.empty()) {
      const std::string name =
          n.name.empty() ? n.op_type + "_" + std::to_string(desc.nodes.size()) : n.name;
      auto nested = graphs_of_subgraphs(std::move(sn.subgraphs), desc.value_types,
                                        "'" + name + "' (" + n.op_type + ")");
      if (!nested) return Error{nested.error().message, where};
      n.subgraphs = std::move(nested).value();
    }
    desc.nodes.push_back(std::move(n));
  }
  auto g = Graph::create(std::move(desc));
  if (!g) return Error{g.error().message, where};
  return std::make_shared<const Graph>(std::move(g).value());
}

}  // namespace

Result<std::vector<std::pair<std::string, std::shared_ptr<const Graph>>>> graphs_of_subgraphs(
    std::vector<onnx::Subgraph> subgraphs, const std::map<std::string, TensorType>& outer,
    const std::string& node_label) {
  std::vector<std::pair<std::string, std::shared_ptr<const Graph>>> out;
  for (auto& sub : subgraphs) {
    const std::string attribute = sub.attribute;
    auto g = graph_of(std::move(sub), outer, node_label);
    if (!g) return g.error();
    out.emplace_back(attribute, std::move(g).value());
  }
  return out;
}

}  // namespace d500::network
