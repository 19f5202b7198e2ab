#include "graph_writer.h"

#include <onnx/checker.h>
#include <onnx/shape_inference/implementation.h>

#include "model_impl.h"

namespace d500::onnx::detail {

namespace {

using TP = ::onnx::TensorProto;
using AP = ::onnx::AttributeProto;

int32_t onnx_elem_type(DType t) {
  switch (t) {
    case DType::Float32:
      return TP::FLOAT;
    case DType::Float64:
      return TP::DOUBLE;
    case DType::Int64:
      return TP::INT64;
    default:
      return TP::UNDEFINED;
  }
}

}  // namespace

GraphWriter::GraphWriter(const std::string& graph_name, int64_t opset, DType dtype, int64_t batch,
                         uint64_t seed)
    : dtype_(dtype), batch_(batch), rng_(seed) {
  // IR 7 is the version of ONNX 1.8, the first to know opset 13; older readers accept it.
  model_.set_ir_version(7);
  // The builder's own format version, not d500's: a release of d500 must not change the bytes
  // of a model built from the same specification and seed.
  model_.set_producer_name("d500");
  model_.set_producer_version("model-builder 1");
  auto* o = model_.add_opset_import();
  o->set_domain("");
  o->set_version(opset);
  model_.mutable_graph()->set_name(graph_name);
}

void GraphWriter::set_type(::onnx::ValueInfoProto* v, const std::string& name, int32_t elem_type,
                           const Shape& dims, bool with_batch) {
  v->set_name(name);
  auto* tt = v->mutable_type()->mutable_tensor_type();
  tt->set_elem_type(elem_type);
  auto* shape = tt->mutable_shape();
  if (with_batch) {
    auto* d = shape->add_dim();
    if (batch_ > 0)
      d->set_dim_value(batch_);
    else
      d->set_dim_param("N");
  }
  for (int64_t x : dims) shape->add_dim()->set_dim_value(x);
}

std::string GraphWriter::add_input(const std::string& name, const Shape& dims) {
  set_type(model_.mutable_graph()->add_input(), name, onnx_elem_type(dtype_), dims, true);
  return name;
}

std::string GraphWriter::add_labels(const std::string& name) {
  set_type(model_.mutable_graph()->add_input(), name, TP::INT64, {}, true);
  return name;
}

void GraphWriter::add_output(const std::string& name, const Shape& dims, bool scalar) {
  set_type(model_.mutable_graph()->add_output(), name, onnx_elem_type(dtype_), dims, !scalar);
}

TP* GraphWriter::new_initializer(const std::string& name, const Shape& shape) {
  auto* t = model_.mutable_graph()->add_initializer();
  t->set_name(name);
  t->set_data_type(onnx_elem_type(dtype_));
  for (int64_t d : shape) t->add_dims(d);
  return t;
}

double GraphWriter::next_unit() {
  return static_cast<double>(rng_() >> 11) * 0x1.0p-53;
}

std::string GraphWriter::add_uniform(const std::string& name, const Shape& shape, double bound) {
  auto* t = new_initializer(name, shape);
  const int64_t n = element_count(shape);
  // raw_data, as exporters write it: compact, and read back without per-element conversion.
  std::string raw(static_cast<size_t>(n) * dtype_size(dtype_), '\0');
  for (int64_t i = 0; i < n; ++i) {
    const double v = (2 * next_unit() - 1) * bound;
    if (dtype_ == DType::Float64)
      reinterpret_cast<double*>(raw.data())[i] = v;
    else
      reinterpret_cast<float*>(raw.data())[i] = static_cast<float>(v);
  }
  t->set_raw_data(std::move(raw));
  return name;
}

std::string GraphWriter::add_filled(const std::string& name, const Shape& shape, double value) {
  auto* t = new_initializer(name, shape);
  const int64_t n = element_count(shape);
  std::string raw(static_cast<size_t>(n) * dtype_size(dtype_), '\0');
  for (int64_t i = 0; i < n; ++i) {
    if (dtype_ == DType::Float64)
      reinterpret_cast<double*>(raw.data())[i] = value;
    else
      reinterpret_cast<float*>(raw.data())[i] = static_cast<float>(value);
  }
  t->set_raw_data(std::move(raw));
  return name;
}

std::string GraphWriter::add_node(const std::string& op_type, const std::string& name,
                                  const std::vector<std::string>& inputs,
                                  const std::vector<WriterAttr>& attrs, const std::string& output) {
  auto* n = model_.mutable_graph()->add_node();
  n->set_op_type(op_type);
  n->set_name(name);
  for (const auto& i : inputs) n->add_input(i);
  const std::string out = output.empty() ? name : output;
  n->add_output(out);
  for (const auto& a : attrs) {
    auto* p = n->add_attribute();
    p->set_name(a.name);
    if (auto* i = std::get_if<int64_t>(&a.value)) {
      p->set_type(AP::INT);
      p->set_i(*i);
    } else if (auto* f = std::get_if<float>(&a.value)) {
      p->set_type(AP::FLOAT);
      p->set_f(*f);
    } else if (auto* is = std::get_if<std::vector<int64_t>>(&a.value)) {
      p->set_type(AP::INTS);
      for (int64_t x : *is) p->add_ints(x);
    }
  }
  return out;
}

Result<std::string> GraphWriter::finish() {
  const std::string where = "model builder (" + model_.graph().name() + ")";
  try {
    ::onnx::checker::check_model(model_);
  } catch (const std::exception& e) {
    return Error{std::string("the built model fails the ONNX checker: ") + e.what(), where};
  }
  // Strict inference on a copy: it must type every value, and agree with the declared outputs.
  // The copy leaves out the initializers' values (inference reads only their types here), so a
  // large model is not held twice.
  try {
    ::onnx::ModelProto copy;
    copy.set_ir_version(model_.ir_version());
    *copy.mutable_opset_import() = model_.opset_import();
    auto* g = copy.mutable_graph();
    *g->mutable_node() = model_.graph().node();
    *g->mutable_input() = model_.graph().input();
    *g->mutable_output() = model_.graph().output();
    for (const auto& t : model_.graph().initializer()) {
      auto* c = g->add_initializer();
      c->set_name(t.name());
      c->set_data_type(t.data_type());
      *c->mutable_dims() = t.dims();
    }
    if (auto bad = check_window_attributes(copy.graph()); !bad.empty()) return Error{bad, where};
    ::onnx::shape_inference::InferShapes(copy, ::onnx::OpSchemaRegistry::Instance(),
                                         ::onnx::ShapeInferenceOptions(true, 1, false));
  } catch (const std::exception& e) {
    return Error{std::string("the built model fails ONNX shape inference: ") + e.what(), where};
  }
  return model_.SerializeAsString();
}

}  // namespace d500::onnx::detail
