// ModelDocument: opening, reading, snapshots and saving (model_edit.h). Edits are in
// model_edit_ops.cpp, diagnostics and schemas in model_edit_check.cpp.
#include <onnx/shape_inference/implementation.h>

#include <map>
#include <queue>

#include "d500/onnx/model_builder.h"
#include "inference_guard.h"
#include "model_edit_impl.h"

namespace d500::onnx {

namespace {

// Unnamed and repeated node names as display_graph() and network::Graph name them.
void name_nodes(::onnx::GraphProto& g) {
  std::set<std::string> names;
  for (int i = 0; i < g.node_size(); ++i) {
    auto* n = g.mutable_node(i);
    std::string name = n->name().empty() ? n->op_type() + "_" + std::to_string(i) : n->name();
    if (names.count(name)) name += "_" + std::to_string(i);
    if (name != n->name()) n->set_name(name);
    names.insert(name);
  }
}

}  // namespace

namespace detail {

bool sort_nodes(::onnx::GraphProto& g) {
  const int n = g.node_size();
  std::map<std::string, int> producer;
  for (int i = 0; i < n; ++i)
    for (const auto& o : g.node(i).output())
      if (!o.empty()) producer.emplace(o, i);
  std::vector<std::vector<int>> next(static_cast<size_t>(n));
  std::vector<int> waiting(static_cast<size_t>(n), 0);
  for (int i = 0; i < n; ++i)
    for (const auto& in : g.node(i).input())
      if (auto it = producer.find(in); it != producer.end() && it->second != i) {
        next[static_cast<size_t>(it->second)].push_back(i);
        ++waiting[static_cast<size_t>(i)];
      } else if (it != producer.end()) {
        return false;  // a node reading its own output
      }
  std::priority_queue<int, std::vector<int>, std::greater<int>> ready;
  for (int i = 0; i < n; ++i)
    if (waiting[static_cast<size_t>(i)] == 0) ready.push(i);
  std::vector<int> order;
  while (!ready.empty()) {
    const int i = ready.top();
    ready.pop();
    order.push_back(i);
    for (int j : next[static_cast<size_t>(i)])
      if (--waiting[static_cast<size_t>(j)] == 0) ready.push(j);
  }
  if (static_cast<int>(order.size()) != n) return false;
  bool sorted = true;
  for (int i = 0; i < n; ++i) sorted = sorted && order[static_cast<size_t>(i)] == i;
  if (sorted) return true;
  google::protobuf::RepeatedPtrField<::onnx::NodeProto> nodes;
  for (int i : order) *nodes.Add() = g.node(i);
  g.mutable_node()->Swap(&nodes);
  return true;
}

std::set<std::string> defined_tensors(const ::onnx::GraphProto& g) {
  std::set<std::string> names;
  for (const auto& v : g.input()) names.insert(v.name());
  for (const auto& t : g.initializer()) names.insert(t.name());
  for (const auto& n : g.node())
    for (const auto& o : n.output())
      if (!o.empty()) names.insert(o);
  return names;
}

}  // namespace detail

ModelDocument::ModelDocument(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
ModelDocument::ModelDocument(ModelDocument&&) noexcept = default;
ModelDocument& ModelDocument::operator=(ModelDocument&&) noexcept = default;
ModelDocument::~ModelDocument() = default;

Result<ModelDocument> ModelDocument::parse(std::string_view bytes, const std::string& where) {
  if (bytes.empty()) return Error{"file is empty, not an ONNX model", where};
  auto impl = std::make_unique<Impl>();
  impl->source = where;
  if (!detail::parse_message(impl->proto, bytes) || !impl->proto.has_graph())
    return Error{"not an ONNX model (protobuf parsing failed, or it has no graph)", where};
  name_nodes(*impl->proto.mutable_graph());
  return ModelDocument(std::move(impl));
}

Result<ModelDocument> ModelDocument::load(const std::string& path) {
  auto bytes = detail::read_file_bytes(path);
  if (!bytes) return bytes.error();
  return parse(*bytes, path);
}

const std::string& ModelDocument::source() const {
  return impl_->source;
}

int64_t ModelDocument::opset(std::string_view domain) const {
  const std::string d = domain == "ai.onnx" ? std::string() : std::string(domain);
  for (const auto& o : impl_->proto.opset_import())
    if ((o.domain() == "ai.onnx" ? std::string() : o.domain()) == d) return o.version();
  return 0;
}

size_t ModelDocument::node_count() const {
  return static_cast<size_t>(impl_->proto.graph().node_size());
}

NodeInfo ModelDocument::node(size_t index) const {
  D500_ASSERT(index < node_count());
  const auto& n = impl_->proto.graph().node(static_cast<int>(index));
  NodeInfo info;
  info.name = n.name();
  info.op_type = n.op_type();
  info.domain = n.domain() == "ai.onnx" ? "" : n.domain();
  info.inputs.assign(n.input().begin(), n.input().end());
  info.outputs.assign(n.output().begin(), n.output().end());
  for (const auto& a : n.attribute()) info.attribute_names.push_back(a.name());
  info.opset = opset(info.domain);
  return info;
}

long ModelDocument::find_node(const std::string& name) const {
  const auto& g = impl_->proto.graph();
  for (int i = 0; i < g.node_size(); ++i)
    if (g.node(i).name() == name) return i;
  return -1;
}

Result<std::vector<plugin::Attribute>> ModelDocument::attributes(size_t index) const {
  D500_ASSERT(index < node_count());
  return detail::attributes_from_node(impl_->proto.graph().node(static_cast<int>(index)),
                                      impl_->source);
}

std::vector<ValueInfo> ModelDocument::inputs() const {
  std::vector<ValueInfo> out;
  for (const auto& v : impl_->proto.graph().input()) out.push_back(detail::describe_value(v));
  return out;
}

std::vector<ValueInfo> ModelDocument::outputs() const {
  std::vector<ValueInfo> out;
  for (const auto& v : impl_->proto.graph().output()) out.push_back(detail::describe_value(v));
  return out;
}

std::vector<std::string> ModelDocument::initializer_names() const {
  std::vector<std::string> names;
  for (const auto& t : impl_->proto.graph().initializer()) names.push_back(t.name());
  return names;
}

ValueInfo ModelDocument::initializer_info(const std::string& name) const {
  ValueInfo v;
  v.name = name;
  for (const auto& t : impl_->proto.graph().initializer()) {
    if (t.name() != name) continue;
    v.kind = "tensor";
    v.elem_type = detail::onnx_type_name(t.data_type());
    v.dtype = detail::dtype_from_onnx(t.data_type());
    v.has_shape = true;
    v.shape.assign(t.dims().begin(), t.dims().end());
    v.dim_params.assign(v.shape.size(), "");
  }
  return v;
}

std::vector<std::string> ModelDocument::tensor_names() const {
  std::vector<std::string> names;
  std::set<std::string> seen;
  const auto& g = impl_->proto.graph();
  auto add = [&](const std::string& n) {
    if (!n.empty() && seen.insert(n).second) names.push_back(n);
  };
  for (const auto& v : g.input()) add(v.name());
  for (const auto& t : g.initializer()) add(t.name());
  for (const auto& n : g.node())
    for (const auto& o : n.output()) add(o);
  return names;
}

Result<::onnx::ModelProto> detail::inferred_copy(const ::onnx::ModelProto& doc,
                                                 const std::string& where) {
  ::onnx::ModelProto light = detail::light_copy(doc);
  detail::GuardedRegistry registry;
  try {
    ::onnx::shape_inference::InferShapes(light, &registry);
  } catch (const std::exception& e) {
    return Error{std::string("ONNX shape inference failed: ") + e.what(), where};
  }
  return light;
}

Result<std::vector<ValueInfo>> ModelDocument::infer_shapes() const {
  auto inferred = detail::inferred_copy(impl_->proto, impl_->source);
  if (!inferred) return inferred.error();
  const ::onnx::ModelProto& light = *inferred;
  std::vector<ValueInfo> out;
  for (const auto& v : light.graph().input()) out.push_back(detail::describe_value(v));
  for (const auto& v : light.graph().value_info()) out.push_back(detail::describe_value(v));
  for (const auto& v : light.graph().output()) out.push_back(detail::describe_value(v));
  return out;
}

std::string ModelDocument::snapshot(bool with_initializers) const {
  if (with_initializers) return to_bytes();
  ::onnx::ModelProto copy;
  copy.CopyFrom(impl_->proto);
  copy.mutable_graph()->clear_initializer();
  return copy.SerializeAsString();
}

void ModelDocument::restore(const std::string& snapshot) {
  ::onnx::ModelProto copy;
  D500_ASSERT(copy.ParseFromString(snapshot));
  // A snapshot without initializers keeps the document's own (no edit but widen changes them).
  if (copy.graph().initializer_size() == 0)
    copy.mutable_graph()->mutable_initializer()->Swap(
        impl_->proto.mutable_graph()->mutable_initializer());
  impl_->proto.Swap(&copy);
}

std::string ModelDocument::to_bytes() const {
  return impl_->proto.SerializeAsString();
}

Result<std::string> ModelDocument::checked_bytes() const {
  // The checker of libonnx 1.12 does not infer shapes: a Gemm fed the wrong width passes it. The
  // diagnostics (checker node by node, strict shape inference) come first.
  const EditDiagnostics d = diagnose();
  if (!d.node_errors.empty())
    return Error{"node \"" + d.node_errors.begin()->first + "\": " + d.node_errors.begin()->second,
                 impl_->source};
  if (!d.model_error.empty()) return Error{d.model_error, impl_->source};
  std::string bytes = to_bytes();
  auto model = Model::parse(bytes, impl_->source);
  if (!model) return model.error();
  return bytes;
}

Result<size_t> ModelDocument::save(const std::string& path) const {
  auto bytes = checked_bytes();
  if (!bytes) return bytes.error();
  return write_model_file(*bytes, path);
}

}  // namespace d500::onnx
