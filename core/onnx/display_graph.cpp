// The ONNX model as a graph to draw (display_graph.h).
#include "d500/onnx/display_graph.h"

#include <cstdio>
#include <map>
#include <set>
#include <type_traits>
#include <variant>

namespace d500::onnx {

namespace {

constexpr size_t kMaxListItems = 16;  // longer attribute lists end in ", ... (n values)"

std::string shape_text(const ValueInfo& v) {
  if (!v.has_shape) return "";
  std::string out = "[";
  for (size_t i = 0; i < v.shape.size(); ++i) {
    if (i) out += ", ";
    const std::string param = i < v.dim_params.size() ? v.dim_params[i] : "";
    out += v.shape[i] >= 0 ? std::to_string(v.shape[i]) : (param.empty() ? "?" : param);
  }
  return out + "]";
}

DisplayTensor tensor_of(const ValueInfo& v, bool initializer) {
  DisplayTensor t;
  t.name = v.name;
  t.dtype = v.dtype != DType::Invalid ? std::string(dtype_name(v.dtype)) : v.elem_type;
  t.shape = shape_text(v);
  t.initializer = initializer;
  return t;
}

std::string number_text(double d) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%g", d);
  return buf;
}

template <class T>
std::string list_text(const std::vector<T>& values) {
  std::string out = "[";
  for (size_t i = 0; i < values.size() && i < kMaxListItems; ++i) {
    if (i) out += ", ";
    if constexpr (std::is_same_v<T, double>)
      out += number_text(values[i]);
    else if constexpr (std::is_same_v<T, std::string>)
      out += "\"" + values[i] + "\"";
    else
      out += std::to_string(values[i]);
  }
  if (values.size() > kMaxListItems) out += ", ... (" + std::to_string(values.size()) + " values)";
  return out + "]";
}

std::string attribute_text(const plugin::Attribute& a) {
  return std::visit(
      [](const auto& v) -> std::string {
        using V = std::decay_t<decltype(v)>;
        if constexpr (std::is_same_v<V, int64_t>)
          return std::to_string(v);
        else if constexpr (std::is_same_v<V, double>)
          return number_text(v);
        else if constexpr (std::is_same_v<V, std::string>)
          return "\"" + v + "\"";
        else if constexpr (std::is_same_v<V, std::shared_ptr<const Tensor>>)
          return v ? "tensor " + std::string(dtype_name(v->dtype())) + shape_to_string(v->shape())
                   : std::string("tensor");
        else
          return list_text(v);
      },
      a.value);
}

template <class M>
std::vector<std::pair<std::string, std::string>> attributes_of(const M& m, size_t i,
                                                               const NodeInfo& info) {
  std::vector<std::pair<std::string, std::string>> out;
  auto attrs = m.attributes(i);
  if (!attrs.ok()) {
    // A tensor or graph attribute: the ABI's five types cannot hold it; name them all.
    for (const auto& name : info.attribute_names) out.emplace_back(name, "(not shown)");
    return out;
  }
  for (const auto& a : *attrs) out.emplace_back(a.name, attribute_text(a));
  return out;
}

// Every value's type: shape inference when it runs, else what the model states; initializers
// from their own dims.
struct Types {
  std::map<std::string, ValueInfo> values;
  std::set<std::string> initializers;
  std::string problem;
};

void add_stated(Types& t, const std::vector<ValueInfo>& inputs,
                const std::vector<ValueInfo>& outputs) {
  for (const auto& v : inputs) t.values[v.name] = v;
  for (const auto& v : outputs) t.values[v.name] = v;
}

Types types_of(const Model& m) {
  Types t;
  add_stated(t, m.inputs(), m.outputs());
  if (auto inferred = m.infer_shapes(); inferred.ok()) {
    for (const auto& v : *inferred) t.values[v.name] = v;
  } else {
    t.problem = inferred.error().to_string();
  }
  for (const auto& name : m.initializer_names()) {
    t.initializers.insert(name);
    if (t.values.count(name)) continue;
    if (auto value = m.initializer(name); value.ok()) {
      ValueInfo v;
      v.name = name;
      v.kind = "tensor";
      v.dtype = value->dtype();
      v.has_shape = true;
      v.shape = value->shape();
      t.values[name] = v;
    }
  }
  return t;
}

Types types_of(const ModelDocument& m, const EditDiagnostics& d) {
  Types t;
  add_stated(t, m.inputs(), m.outputs());
  for (const auto& v : d.values) t.values[v.name] = v;
  t.problem = d.model_error;
  for (const auto& name : m.initializer_names()) {
    t.initializers.insert(name);
    if (!t.values.count(name)) t.values[name] = m.initializer_info(name);
  }
  return t;
}

DisplayTensor typed(const Types& t, const std::string& name) {
  auto it = t.values.find(name);
  if (it == t.values.end()) {
    DisplayTensor out;
    out.name = name;
    out.initializer = t.initializers.count(name) > 0;
    return out;
  }
  return tensor_of(it->second, t.initializers.count(name) > 0);
}

template <class M>
DisplayGraph build(const M& model, const Types& types) {
  DisplayGraph g;
  g.shape_problem = types.problem;
  std::map<std::string, size_t> producer;  // tensor -> the node (box) writing it
  std::set<std::string> names;
  for (size_t i = 0; i < model.node_count(); ++i) {
    const NodeInfo info = model.node(i);
    DisplayNode n;
    n.name = info.name.empty() ? info.op_type + "_" + std::to_string(i) : info.name;
    if (names.count(n.name)) n.name += "_" + std::to_string(i);
    names.insert(n.name);
    n.op_type = info.op_type;
    n.domain = info.domain == "ai.onnx" ? "" : info.domain;
    n.model_index = static_cast<long>(i);
    for (const auto& in : info.inputs)
      if (!in.empty()) n.inputs.push_back(typed(types, in));
    for (const auto& out : info.outputs) {
      if (out.empty()) continue;
      n.outputs.push_back(typed(types, out));
      producer.emplace(out, g.nodes.size());
    }
    n.attributes = attributes_of(model, i, info);
    g.nodes.push_back(std::move(n));
  }
  g.operator_count = g.nodes.size();

  for (const auto& v : model.inputs()) {
    if (types.initializers.count(v.name)) continue;  // a weight stated as an input (IR < 4)
    DisplayNode n;
    n.kind = DisplayNode::Kind::Input;
    n.name = v.name;
    n.outputs.push_back(typed(types, v.name));
    producer.emplace(v.name, g.nodes.size());
    g.nodes.push_back(std::move(n));
  }
  for (size_t i = 0; i < g.operator_count; ++i)
    for (const auto& in : g.nodes[i].inputs)
      if (auto it = producer.find(in.name); it != producer.end())
        g.edges.push_back({it->second, i, in});
  for (const auto& v : model.outputs()) {
    DisplayNode n;
    n.kind = DisplayNode::Kind::Output;
    n.name = v.name;
    n.inputs.push_back(typed(types, v.name));
    if (auto it = producer.find(v.name); it != producer.end())
      g.edges.push_back({it->second, g.nodes.size(), n.inputs.back()});
    g.nodes.push_back(std::move(n));
  }
  g.name = model.source();
  return g;
}

// Constant nodes whose outputs only operators read, by index.
std::vector<bool> foldable_constants(const DisplayGraph& g) {
  std::vector<bool> fold(g.nodes.size(), false);
  for (size_t i = 0; i < g.operator_count; ++i)
    fold[i] = g.nodes[i].op_type == "Constant" && g.nodes[i].domain.empty();
  for (const auto& e : g.edges)
    if (fold[e.from] && g.nodes[e.to].kind != DisplayNode::Kind::Operator) fold[e.from] = false;
  return fold;
}

std::string constant_text(const DisplayNode& n) {
  return n.attributes.empty() ? std::string("constant") : n.attributes.front().second;
}

}  // namespace

DisplayGraph fold_constants(const DisplayGraph& graph) {
  const std::vector<bool> fold = foldable_constants(graph);
  std::map<std::string, std::string> values;  // tensor -> its folded Constant's value
  for (size_t i = 0; i < graph.nodes.size(); ++i)
    if (fold[i])
      for (const auto& t : graph.nodes[i].outputs) values[t.name] = constant_text(graph.nodes[i]);
  DisplayGraph out;
  out.name = graph.name;
  out.shape_problem = graph.shape_problem;
  std::vector<size_t> index(graph.nodes.size());
  for (size_t i = 0; i < graph.nodes.size(); ++i) {
    if (fold[i]) {
      ++out.folded_constants;
      continue;
    }
    index[i] = out.nodes.size();
    out.nodes.push_back(graph.nodes[i]);
    for (auto& t : out.nodes.back().inputs)
      if (auto it = values.find(t.name); it != values.end()) t.constant = it->second;
    if (i < graph.operator_count) ++out.operator_count;
  }
  for (const auto& e : graph.edges)
    if (!fold[e.from]) out.edges.push_back({index[e.from], index[e.to], e.tensor});
  return out;
}

std::string DisplayTensor::type() const {
  if (dtype.empty() && shape.empty()) return "?";
  return (dtype.empty() ? "?" : dtype) + (shape.empty() ? "[...]" : shape);
}

std::string compact_shape(const std::string& shape) {
  if (shape == "[]") return "scalar";
  if (shape.size() < 2 || shape.front() != '[' || shape.back() != ']') return shape;
  std::string out;
  for (size_t i = 1; i + 1 < shape.size(); ++i) {
    if (shape[i] == ',') {
      out += "\xC3\x97";  // U+00D7 MULTIPLICATION SIGN
      if (i + 1 < shape.size() && shape[i + 1] == ' ') ++i;
    } else {
      out += shape[i];
    }
  }
  return out;
}

Result<DisplayGraph> display_graph(const Model& model) {
  DisplayGraph g = build(model, types_of(model));
  g.name = model.graph_name();
  return g;
}

DisplayGraph display_graph(const ModelDocument& document, const EditDiagnostics& diagnostics) {
  return build(document, types_of(document, diagnostics));
}

}  // namespace d500::onnx
