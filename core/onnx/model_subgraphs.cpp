// Model::subgraphs: a node's GRAPH attributes (If's branches, Loop's and Scan's body) described in
// d500's types, nested ones included, Constant nodes folded into each subgraph's constants.
#include "d500/onnx/subgraph.h"
#include "model_impl.h"

namespace d500::onnx {

namespace {

bool is_constant_node(const ::onnx::NodeProto& n) {
  return n.op_type() == "Constant" && (n.domain().empty() || n.domain() == "ai.onnx");
}

std::string normalized(const std::string& domain) {
  return domain == "ai.onnx" ? std::string() : domain;
}

struct Reader {
  const Model& model;
  const std::string& source;

  Result<std::vector<Subgraph>> of_node(const ::onnx::NodeProto& n) const;
  Result<Subgraph> graph(const ::onnx::GraphProto& g, const std::string& attribute,
                         const std::string& owner) const;
  Result<SubgraphNode> node(const ::onnx::NodeProto& n, const std::string& where) const;
};

Result<std::vector<Subgraph>> Reader::of_node(const ::onnx::NodeProto& n) const {
  std::vector<Subgraph> out;
  for (const auto& a : n.attribute()) {
    if (a.type() != ::onnx::AttributeProto::GRAPH) continue;
    auto g = graph(a.g(), a.name(), n.op_type() + " node \"" + n.name() + "\"");
    if (!g) return g.error();
    out.push_back(std::move(g).value());
  }
  return out;
}

Result<Subgraph> Reader::graph(const ::onnx::GraphProto& g, const std::string& attribute,
                               const std::string& owner) const {
  const std::string where = source + ": attribute \"" + attribute + "\" of " + owner;
  Subgraph s;
  s.attribute = attribute;
  s.name = g.name();
  for (const auto& v : g.input()) s.inputs.push_back(detail::describe_value(v));
  for (const auto& v : g.output()) s.outputs.push_back(detail::describe_value(v));
  for (const auto& t : g.initializer()) {
    auto value = detail::tensor_from_proto(t, where + " (initializer \"" + t.name() + "\")");
    if (!value) return value.error();
    s.constants.push_back({t.name(), std::move(value).value()});
  }
  for (const auto& n : g.node()) {
    if (is_constant_node(n)) {
      auto value = detail::constant_of_node(n, where);
      if (!value) return value.error();
      if (n.output_size() > 0 && !n.output(0).empty())
        s.constants.push_back({n.output(0), std::move(value).value()});
      continue;
    }
    auto node_info = node(n, where);
    if (!node_info) return node_info.error();
    s.nodes.push_back(std::move(node_info).value());
  }
  return s;
}

Result<SubgraphNode> Reader::node(const ::onnx::NodeProto& n, const std::string& where) const {
  SubgraphNode out;
  NodeInfo& info = out.info;
  info.name = n.name();
  info.op_type = n.op_type();
  info.domain = normalized(n.domain());
  info.inputs.assign(n.input().begin(), n.input().end());
  info.outputs.assign(n.output().begin(), n.output().end());
  for (const auto& a : n.attribute()) info.attribute_names.push_back(a.name());
  info.opset = model.opset(info.domain);
  auto attrs = detail::attributes_from_node(n, where);
  if (!attrs) return attrs.error();
  out.attributes = std::move(attrs).value();
  auto nested = of_node(n);
  if (!nested) return nested.error();
  out.subgraphs = std::move(nested).value();
  return out;
}

}  // namespace

Result<std::vector<Subgraph>> Model::subgraphs(size_t index) const {
  D500_ASSERT(index < node_count());
  return Reader{*this, impl_->source}.of_node(impl_->proto.graph().node(static_cast<int>(index)));
}

}  // namespace d500::onnx
