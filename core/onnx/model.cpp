#include "d500/onnx/model.h"

#include <onnx/checker.h>

#include "model_impl.h"

namespace d500::onnx {

namespace {

std::string normalize_domain(std::string_view d) {
  return d == "ai.onnx" ? std::string() : std::string(d);
}

}  // namespace

namespace detail {

ValueInfo describe_value(const ::onnx::ValueInfoProto& v) {
  ValueInfo info;
  info.name = v.name();
  if (!v.has_type()) return info;
  const auto& t = v.type();
  switch (t.value_case()) {
    case ::onnx::TypeProto::kTensorType: {
      info.kind = "tensor";
      const auto& tt = t.tensor_type();
      info.elem_type = onnx_type_name(tt.elem_type());
      info.dtype = dtype_from_onnx(tt.elem_type());
      if (tt.has_shape()) {
        info.has_shape = true;
        for (const auto& d : tt.shape().dim()) {
          const bool known = d.has_dim_value() && d.dim_value() >= 0;
          info.shape.push_back(known ? d.dim_value() : -1);
          info.dim_params.push_back(d.has_dim_param() ? d.dim_param() : "");
        }
      }
      break;
    }
    case ::onnx::TypeProto::kSequenceType:
      info.kind = "sequence";
      break;
    case ::onnx::TypeProto::kMapType:
      info.kind = "map";
      break;
    case ::onnx::TypeProto::kOptionalType:
      info.kind = "optional";
      break;
    case ::onnx::TypeProto::kSparseTensorType:
      info.kind = "sparse_tensor";
      break;
    default:
      break;
  }
  return info;
}

}  // namespace detail

Model::Model(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
Model::Model(Model&&) noexcept = default;
Model& Model::operator=(Model&&) noexcept = default;
Model::~Model() = default;

namespace {

const char* kNotAModel =
    "not a valid ONNX model (protobuf parsing failed: the file is truncated or not a model)";

}  // namespace

// The checks and descriptions shared by parse() and load(), once the proto is read.
Result<Model> Model::finish(std::unique_ptr<Impl> impl) {
  try {
    ::onnx::checker::check_model(impl->proto);
  } catch (const std::exception& e) {
    // The checker's messages are multi-line ("==> Context: ..."); keep them whole, they name
    // the node and attribute at fault.
    return Error{std::string("fails the ONNX checker: ") + e.what(), impl->source};
  }
  if (auto bad = detail::check_window_attributes(impl->proto.graph()); !bad.empty())
    return Error{bad, impl->source};
  for (const auto& o : impl->proto.opset_import())
    impl->opsets.push_back({normalize_domain(o.domain()), o.version()});
  for (const auto& v : impl->proto.graph().input())
    impl->inputs.push_back(detail::describe_value(v));
  for (const auto& v : impl->proto.graph().output())
    impl->outputs.push_back(detail::describe_value(v));
  return Model(std::move(impl));
}

Result<Model> Model::parse(std::string_view bytes, const std::string& where) {
  if (bytes.empty()) return Error{"file is empty, not an ONNX model", where};
  auto impl = std::make_unique<Impl>();
  impl->source = where;
  if (!detail::parse_message(impl->proto, bytes)) return Error{kNotAModel, where};
  return finish(std::move(impl));
}

Result<Model> Model::load(const std::string& path) {
  // Parsed straight from the file rather than from its bytes in memory, so a model of a few
  // hundred MB is not held twice while it is read.
  auto impl = std::make_unique<Impl>();
  impl->source = path;
  auto parsed = detail::parse_file(impl->proto, path, "an ONNX model");
  if (!parsed) return parsed.error();
  if (!*parsed) return Error{kNotAModel, path};
  return finish(std::move(impl));
}

const std::string& Model::source() const {
  return impl_->source;
}
const std::string& Model::graph_name() const {
  return impl_->proto.graph().name();
}
int64_t Model::ir_version() const {
  return impl_->proto.ir_version();
}
const std::vector<OpsetImport>& Model::opset_imports() const {
  return impl_->opsets;
}

int64_t Model::opset(std::string_view domain) const {
  const std::string d = normalize_domain(domain);
  for (const auto& o : impl_->opsets)
    if (o.domain == d) return o.version;
  return 0;
}

const std::vector<ValueInfo>& Model::inputs() const {
  return impl_->inputs;
}
const std::vector<ValueInfo>& Model::outputs() const {
  return impl_->outputs;
}

std::vector<std::string> Model::initializer_names() const {
  std::vector<std::string> names;
  for (const auto& t : impl_->proto.graph().initializer()) names.push_back(t.name());
  return names;
}

Result<Tensor> Model::initializer(const std::string& name) const {
  for (const auto& t : impl_->proto.graph().initializer()) {
    if (t.name() != name) continue;
    if (impl_->initializers_taken)
      return Error{"the value of initializer \"" + name +
                       "\" was handed over already "
                       "(take_initializers)",
                   impl_->source};
    return detail::tensor_from_proto(t, impl_->source);
  }
  return Error{"no initializer \"" + name + "\"", impl_->source};
}

size_t Model::node_count() const {
  return static_cast<size_t>(impl_->proto.graph().node_size());
}

NodeInfo Model::node(size_t index) const {
  D500_ASSERT(index < node_count());
  const auto& n = impl_->proto.graph().node(static_cast<int>(index));
  NodeInfo info;
  info.name = n.name();
  info.op_type = n.op_type();
  info.domain = normalize_domain(n.domain());
  info.inputs.assign(n.input().begin(), n.input().end());
  info.outputs.assign(n.output().begin(), n.output().end());
  for (const auto& a : n.attribute()) info.attribute_names.push_back(a.name());
  info.opset = opset(info.domain);
  return info;
}

Result<std::vector<plugin::Attribute>> Model::attributes(size_t index) const {
  D500_ASSERT(index < node_count());
  return detail::attributes_from_node(impl_->proto.graph().node(static_cast<int>(index)),
                                      impl_->source);
}

}  // namespace d500::onnx
