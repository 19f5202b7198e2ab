// ModelDocument::diagnose and op_schema (model_edit.h): the ONNX checker node by node, ONNX
// shape inference in strict mode for the node it fails on, and libonnx's operator schemas.
#include <onnx/checker.h>
#include <onnx/defs/schema.h>
#include <onnx/shape_inference/implementation.h>

#include <climits>
#include <cstdio>
#include <map>

#include "inference_guard.h"
#include "model_edit_impl.h"

namespace d500::onnx {

namespace {

using AP = ::onnx::AttributeProto;
using ::onnx::OpSchema;

std::string type_name(AP::AttributeType t) {
  switch (t) {
    case AP::INT:
      return "int";
    case AP::FLOAT:
      return "float";
    case AP::STRING:
      return "string";
    case AP::INTS:
      return "ints";
    case AP::FLOATS:
      return "floats";
    case AP::TENSOR:
      return "tensor";
    case AP::STRINGS:
      return "strings";
    case AP::GRAPH:
      return "graph";
    default:
      return "other";
  }
}

std::string number(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%g", v);
  return buf;
}

std::string default_text(const AP& a) {
  auto list = [](const auto& values, auto fmt) {
    std::string out = "[";
    for (int i = 0; i < values.size(); ++i) out += (i ? ", " : "") + fmt(values.Get(i));
    return out + "]";
  };
  switch (a.type()) {
    case AP::INT:
      return std::to_string(a.i());
    case AP::FLOAT:
      return number(a.f());
    case AP::STRING:
      return "\"" + a.s() + "\"";
    case AP::INTS:
      return list(a.ints(), [](int64_t v) { return std::to_string(v); });
    case AP::FLOATS:
      return list(a.floats(), [](float v) { return number(v); });
    default:
      return "";
  }
}

OpPortInfo port(const OpSchema::FormalParameter& p) {
  return {p.GetName(), p.GetOption() == OpSchema::Optional, p.GetOption() == OpSchema::Variadic};
}

// The checker's messages end in "==> Context: Bad node spec for node. Name: ..."; the node is
// named by the editor already.
std::string first_part(const std::string& message) {
  const auto cut = message.find("==> Context");
  std::string out = message.substr(0, cut);
  while (!out.empty() && (out.back() == '\n' || out.back() == ' ')) out.pop_back();
  return out;
}

std::unordered_map<std::string, int> opsets_of(const ::onnx::ModelProto& m) {
  std::unordered_map<std::string, int> out;
  for (const auto& o : m.opset_import()) out[o.domain()] = static_cast<int>(o.version());
  return out;
}

// The checker on each node, and whether each reads only tensors defined before it.
void check_nodes(const ::onnx::ModelProto& m, EditDiagnostics& d) {
  ::onnx::checker::CheckerContext ctx;
  ctx.set_ir_version(static_cast<int>(m.ir_version()));
  ctx.set_opset_imports(opsets_of(m));
  ::onnx::checker::LexicalScopeContext lex;
  const auto& g = m.graph();
  for (const auto& v : g.input()) lex.add(v.name());
  for (const auto& t : g.initializer()) lex.add(t.name());
  for (const auto& n : g.node()) {
    for (const auto& in : n.input())
      if (!in.empty() && !lex.this_graph_has(in) && !d.node_errors.count(n.name()))
        d.node_errors[n.name()] = "reads \"" + in + "\", which nothing before it writes";
    try {
      ::onnx::checker::check_node(n, ctx, lex);
    } catch (const std::exception& e) {
      if (!d.node_errors.count(n.name())) d.node_errors[n.name()] = first_part(e.what());
    }
    for (const auto& o : n.output())
      if (!o.empty()) lex.add(o);
  }
}

// "[ShapeInferenceError] Attribute ..." without its bracketed kind.
std::string without_kind(std::string text) {
  while (!text.empty() && text.front() == ' ') text.erase(0, 1);
  if (!text.empty() && text.front() == '[')
    if (auto end = text.find("] "); end != std::string::npos) text.erase(0, end + 2);
  return text;
}

// Strict inference reports every node it failed on, one per line: "(op_type:Conv, node name:
// conv1): [ShapeInferenceError] ...". Nodes downstream of the first only say their input has no
// type; those are consequences, not problems of their own, and are left out.
void note_inference_errors(const std::string& message, EditDiagnostics& d) {
  const std::string key = "node name: ";
  size_t start = 0;
  bool any = false;
  while (start < message.size()) {
    size_t end = message.find('\n', start);
    if (end == std::string::npos) end = message.size();
    const std::string line = message.substr(start, end - start);
    start = end + 1;
    const auto at = line.find(key);
    const auto close = at == std::string::npos ? at : line.find("):", at);
    if (close == std::string::npos) continue;
    const std::string rest = without_kind(line.substr(close + 2));
    if (any && rest.find("expected to have type but instead is null") != std::string::npos)
      continue;
    d.node_errors.emplace(line.substr(at + key.size(), close - at - key.size()), rest);
    any = true;
  }
  if (!any) d.model_error = first_part(message);
}

// Strict inference on a copy: the first node it cannot type, with inference's reason; and the
// ranks the guard refused (those nodes stay untyped in lenient inference).
void infer_strictly(const ::onnx::ModelProto& m, EditDiagnostics& d) {
  ::onnx::ModelProto light = detail::light_copy(m);
  detail::GuardedRegistry registry;
  try {
    ::onnx::shape_inference::InferShapes(light, &registry,
                                         ::onnx::ShapeInferenceOptions(true, 1, false));
  } catch (const std::exception& e) {
    note_inference_errors(e.what(), d);
  }
  if (registry.problems().empty()) return;
  std::map<std::string, int> rank;
  for (const auto* list : {&light.graph().input(), &light.graph().value_info()})
    for (const auto& v : *list)
      if (v.type().has_tensor_type() && v.type().tensor_type().has_shape())
        rank.emplace(v.name(), v.type().tensor_type().shape().dim_size());
  for (const auto& t : light.graph().initializer()) rank.emplace(t.name(), t.dims_size());
  for (const auto& n : light.graph().node()) {
    std::vector<int> ranks;
    for (const auto& in : n.input()) ranks.push_back(rank.count(in) ? rank[in] : -1);
    if (auto p = detail::rank_problem(n.op_type(), ranks); !p.empty())
      d.node_errors.emplace(n.name(), p);
  }
}

}  // namespace

const OpAttributeInfo* OpSchemaInfo::attribute(const std::string& name) const {
  for (const auto& a : attributes)
    if (a.name == name) return &a;
  return nullptr;
}

std::optional<OpSchemaInfo> op_schema(const std::string& op_type, const std::string& domain,
                                      int64_t opset) {
  const OpSchema* s = ::onnx::OpSchemaRegistry::Schema(op_type, static_cast<int>(opset),
                                                       domain == "ai.onnx" ? "" : domain);
  if (!s || s->Deprecated()) return std::nullopt;
  OpSchemaInfo info;
  info.op_type = op_type;
  info.domain = domain == "ai.onnx" ? "" : domain;
  info.since_version = s->SinceVersion();
  info.min_inputs = s->min_input();
  info.max_inputs = s->max_input();
  info.min_outputs = s->min_output();
  info.max_outputs = s->max_output();
  for (const auto& p : s->inputs()) info.inputs.push_back(port(p));
  for (const auto& p : s->outputs()) info.outputs.push_back(port(p));
  for (const auto& [name, a] : s->attributes())
    info.attributes.push_back(
        {name, type_name(a.type), a.required, default_text(a.default_value), a.description});
  return info;
}

EditDiagnostics ModelDocument::diagnose() const {
  EditDiagnostics d;
  const auto& m = impl_->proto;
  check_nodes(m, d);
  if (d.node_errors.empty()) {
    try {
      ::onnx::checker::check_model(m);
    } catch (const std::exception& e) {
      d.model_error = first_part(e.what());
    }
  }
  if (d.model_error.empty()) {
    if (auto bad = detail::check_window_attributes(m.graph()); !bad.empty()) d.model_error = bad;
  }
  infer_strictly(m, d);
  if (auto values = infer_shapes(); values.ok())
    d.values = std::move(values).value();
  else if (d.model_error.empty())
    d.model_error = values.error().message;
  return d;
}

}  // namespace d500::onnx
