// What whole networks (L1) need of a Model beyond reading it: ONNX shape inference, the values of
// Constant nodes, and handing initializers over without holding them twice.
#include <onnx/shape_inference/implementation.h>

#include <algorithm>
#include <map>

#include "inference_guard.h"
#include "model_impl.h"

namespace d500::onnx {

namespace {

using TP = ::onnx::TensorProto;

// Integer initializers up to this many elements keep their values in the copy that shape
// inference sees: they are shapes, axes and pads, which inference reads (Reshape's output shape
// comes from one). Everything else goes in as dims and type only.
constexpr int64_t kSmallIntElements = 4096;

bool keep_values(const TP& t) {
  if (t.data_type() != TP::INT64 && t.data_type() != TP::INT32) return false;
  int64_t n = 1;
  for (int64_t d : t.dims())
    if (d < 0 || __builtin_mul_overflow(n, d, &n)) return false;
  return n <= kSmallIntElements;
}

// A type-only copy of a tensor's value info: the element type stays, the shape goes. Used where a
// fixed input shape would otherwise conflict with shapes the model states for the old one.
void drop_shape(::onnx::ValueInfoProto& v) {
  if (v.has_type() && v.type().has_tensor_type())
    v.mutable_type()->mutable_tensor_type()->clear_shape();
}

Tensor scalar_or_vector(DType dtype, size_t n, bool scalar) {
  return Tensor(dtype, scalar ? Shape{} : Shape{static_cast<int64_t>(n)});
}

// The node that a rank problem found during inference belongs to, named from the types inference
// left in the graph; "" where it is not in the main graph (a function body or a subgraph).
std::string node_with_rank_problem(const ::onnx::GraphProto& g) {
  std::map<std::string, int> rank;
  for (const auto* list : {&g.input(), &g.value_info(), &g.output()})
    for (const auto& v : *list)
      if (v.type().has_tensor_type() && v.type().tensor_type().has_shape())
        rank.emplace(v.name(), v.type().tensor_type().shape().dim_size());
  for (const auto& t : g.initializer()) rank.emplace(t.name(), t.dims_size());
  for (const auto& n : g.node()) {
    std::vector<int> ranks;
    for (const auto& in : n.input()) ranks.push_back(rank.count(in) ? rank[in] : -1);
    if (!detail::rank_problem(n.op_type(), ranks).empty()) return n.name();
  }
  return "";
}

}  // namespace

namespace detail {

::onnx::ModelProto light_copy(const ::onnx::ModelProto& src, bool small_int_values) {
  ::onnx::ModelProto light;
  light.set_ir_version(src.ir_version());
  *light.mutable_opset_import() = src.opset_import();
  *light.mutable_functions() = src.functions();
  auto* g = light.mutable_graph();
  const auto& sg = src.graph();
  g->set_name(sg.name());
  *g->mutable_node() = sg.node();
  *g->mutable_input() = sg.input();
  *g->mutable_output() = sg.output();
  *g->mutable_value_info() = sg.value_info();
  for (const auto& t : sg.initializer()) {
    auto* c = g->add_initializer();
    if (small_int_values && keep_values(t)) {
      c->CopyFrom(t);
      continue;
    }
    c->set_name(t.name());
    c->set_data_type(t.data_type());
    *c->mutable_dims() = t.dims();
  }
  return light;
}

}  // namespace detail

Result<std::vector<NamedTensor>> Model::take_initializers() {
  if (impl_->initializers_taken)
    return Error{"the initializers were handed over already (take_initializers runs once)",
                 impl_->source};
  impl_->initializers_taken = true;
  std::vector<NamedTensor> out;
  auto* graph = impl_->proto.mutable_graph();
  out.reserve(static_cast<size_t>(graph->initializer_size()));
  for (auto& t : *graph->mutable_initializer()) {
    auto value = detail::tensor_from_proto(t, impl_->source);
    if (!value) return value.error();
    out.push_back({t.name(), std::move(value).value()});
    // Free the proto's copy at once, so the peak is the model plus one tensor, not two models.
    // clear_raw_data() would keep the string's capacity: the values are swapped out into a
    // temporary instead, which frees them. The name, dims and type stay for shape inference.
    ::onnx::TensorProto header;
    header.set_name(t.name());
    header.set_data_type(t.data_type());
    *header.mutable_dims() = t.dims();
    t.Swap(&header);
  }
  return out;
}

Result<std::vector<ValueInfo>> Model::infer_shapes(
    const std::vector<std::pair<std::string, Shape>>& input_shapes,
    const std::vector<NamedTensor>& known) const {
  // Taken initializers have no values left; inference then treats them as types only.
  ::onnx::ModelProto light = detail::light_copy(impl_->proto, !impl_->initializers_taken);
  auto* g = light.mutable_graph();

  if (!input_shapes.empty()) {
    std::map<std::string, const Shape*> wanted;
    for (const auto& [name, shape] : input_shapes) wanted[name] = &shape;
    for (auto& in : *g->mutable_input()) {
      auto it = wanted.find(in.name());
      if (it == wanted.end()) continue;
      if (!in.has_type() || !in.type().has_tensor_type())
        return Error{"graph input \"" + in.name() + "\" is not a tensor; it has no shape to fix",
                     impl_->source};
      auto* shape = in.mutable_type()->mutable_tensor_type()->mutable_shape();
      shape->clear_dim();
      for (int64_t d : *it->second) shape->add_dim()->set_dim_value(d);
      wanted.erase(it);
    }
    if (!wanted.empty())
      return Error{"no graph input \"" + wanted.begin()->first + "\" to fix the shape of",
                   impl_->source};
    // Shapes the model states for the old input shapes would now contradict inference.
    for (auto& v : *g->mutable_value_info()) drop_shape(v);
    for (auto& v : *g->mutable_output()) drop_shape(v);
  }

  if (!known.empty()) detail::substitute_known(light, known);

  detail::GuardedRegistry registry;
  try {
    ::onnx::shape_inference::InferShapes(light, &registry);
  } catch (const std::exception& e) {
    return Error{std::string("ONNX shape inference failed: ") + e.what(), impl_->source};
  }
  if (!registry.problems().empty()) {
    const std::string node = node_with_rank_problem(light.graph());
    return Error{(node.empty() ? "" : "node \"" + node + "\": ") + registry.problems().front(),
                 impl_->source};
  }
  std::vector<ValueInfo> out;
  for (const auto& v : light.graph().input()) out.push_back(detail::describe_value(v));
  for (const auto& v : light.graph().value_info()) out.push_back(detail::describe_value(v));
  for (const auto& v : light.graph().output()) out.push_back(detail::describe_value(v));
  return out;
}

Result<Tensor> Model::constant_value(size_t index) const {
  D500_ASSERT(index < node_count());
  return detail::constant_of_node(impl_->proto.graph().node(static_cast<int>(index)),
                                  impl_->source);
}

namespace detail {

Result<Tensor> constant_of_node(const ::onnx::NodeProto& n, const std::string& source) {
  const std::string what = "Constant node \"" + n.name() + "\"";
  if (n.op_type() != "Constant" || !(n.domain().empty() || n.domain() == "ai.onnx"))
    return Error{"node \"" + n.name() + "\" is a " + n.op_type() + ", not a Constant", source};
  using AP = ::onnx::AttributeProto;
  for (const auto& a : n.attribute()) {
    if (a.name() == "value" && a.type() == AP::TENSOR)
      return detail::tensor_from_proto(a.t(), source + " (" + what + ")");
    if (a.name() == "value_float" || a.name() == "value_floats") {
      const bool scalar = a.name() == "value_float";
      Tensor t = scalar_or_vector(DType::Float32, scalar ? 1 : static_cast<size_t>(a.floats_size()),
                                  scalar);
      for (int64_t i = 0; i < t.numel(); ++i)
        t.data_as<float>()[i] = scalar ? a.f() : a.floats(static_cast<int>(i));
      return t;
    }
    if (a.name() == "value_int" || a.name() == "value_ints") {
      const bool scalar = a.name() == "value_int";
      Tensor t =
          scalar_or_vector(DType::Int64, scalar ? 1 : static_cast<size_t>(a.ints_size()), scalar);
      for (int64_t i = 0; i < t.numel(); ++i)
        t.data_as<int64_t>()[i] = scalar ? a.i() : a.ints(static_cast<int>(i));
      return t;
    }
    if (a.name() == "sparse_value" || a.name() == "value_string" || a.name() == "value_strings")
      return Error{what + " holds a " + a.name() + ", which d500 tensors cannot hold", source};
  }
  return Error{what + " has no value attribute", source};
}

}  // namespace detail

}  // namespace d500::onnx
