#include "network_editor/gelu_expansion.h"

#include <cmath>
#include <utility>
#include <vector>

namespace d500::studio {

namespace {

plugin::Attribute floatValue(double v) {
  return plugin::Attribute{"value_float", v};
}

}  // namespace

std::string geluGroupName(const std::string& replaced) {
  return replaced + "/gelu";
}

bool isGeluGroupNode(const std::string& node) {
  const std::string tail = "/gelu";
  return node.find(tail + "/") != std::string::npos ||
         (node.size() > tail.size() &&
          node.compare(node.size() - tail.size(), tail.size(), tail) == 0);
}

bool geluNeedsExpansion(const onnx::ModelDocument& doc, const std::string& opType,
                        const std::string& domain) {
  if (opType != "Gelu" || !domain.empty()) return false;
  const int64_t opset = doc.opset("");
  return !onnx::op_schema("Gelu", "", opset ? opset : 1).has_value();
}

Result<std::string> expandToGelu(onnx::ModelDocument& doc, const std::string& name) {
  const long index = doc.find_node(name);
  if (index < 0) return Error{"no node named \"" + name + "\"", doc.source()};
  const onnx::NodeInfo node = doc.node(size_t(index));
  if (node.inputs.size() != 1 || node.outputs.size() != 1 || node.inputs[0].empty())
    return Error{"Gelu takes one input and gives one output; node \"" + name + "\" has " +
                     std::to_string(node.inputs.size()) + " and " +
                     std::to_string(node.outputs.size()),
                 doc.source()};
  for (const auto& out : doc.outputs())
    if (out.name == node.outputs[0])
      return Error{"node \"" + name + "\" writes the graph output \"" + out.name +
                       "\"; Gelu's group cannot take its place there",
                   doc.source()};
  const std::string x = node.inputs[0], y = node.outputs[0], g = geluGroupName(name);
  // Who reads Y, to read it again from the group's last node.
  std::vector<std::pair<std::string, size_t>> readers;
  for (size_t i = 0; i < doc.node_count(); ++i) {
    const onnx::NodeInfo n = doc.node(i);
    for (size_t k = 0; k < n.inputs.size(); ++k)
      if (n.inputs[k] == y && n.name != name) readers.emplace_back(n.name, k);
  }
  if (auto r = doc.remove_node(name); !r) return r.error();
  auto add = [&](const std::string& op, const std::string& node, std::vector<std::string> in,
                 std::vector<plugin::Attribute> attrs,
                 const std::string& out) -> Result<std::string> {
    onnx::NewNode n;
    n.op_type = op;
    n.name = node;
    n.inputs = std::move(in);
    n.outputs = {out};
    n.attributes = std::move(attrs);
    return doc.add_node(n);
  };
  const std::pair<std::string, double> constants[] = {
      {"sqrt2", std::sqrt(2.0)}, {"one", 1.0}, {"half", 0.5}};
  for (const auto& [c, v] : constants)
    if (auto r = add("Constant", g + "/" + c, {}, {floatValue(v)}, g + "/" + c); !r)
      return r.error();
  const struct {
    const char *op, *step;
    std::vector<std::string> in;
  } steps[] = {{"Div", "div", {x, g + "/sqrt2"}},
               {"Erf", "erf", {g + "/div"}},
               {"Add", "add", {g + "/erf", g + "/one"}},
               {"Mul", "mul", {x, g + "/add"}}};
  for (const auto& s : steps)
    if (auto r = add(s.op, g + "/" + s.step, s.in, {}, g + "/" + s.step); !r) return r.error();
  if (auto r = add("Mul", g, {g + "/mul", g + "/half"}, {}, y); !r) return r.error();
  // Reconnecting sorts the nodes again (the group was appended after its readers).
  for (const auto& [reader, k] : readers)
    if (auto r = doc.connect(reader, k, y); !r) return r.error();
  return g;
}

}  // namespace d500::studio
