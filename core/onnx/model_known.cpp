// Model::infer_shapes with values known beforehand: shape arithmetic folded by the caller
// (network/shape_folding.cpp) becomes initializers, so inference types what follows it (the
// output of a Reshape whose shape PyTorch computed with Div, which ONNX does not propagate).
#include <set>

#include "model_impl.h"

namespace d500::onnx::detail {

namespace {

int32_t onnx_type(DType t) {
  for (int32_t e = 1; e <= 16; ++e)
    if (dtype_from_onnx(e) == t) return e;
  return 0;
}

}  // namespace

void substitute_known(::onnx::ModelProto& m, const std::vector<NamedTensor>& known) {
  auto* g = m.mutable_graph();
  std::set<std::string> names;
  for (const auto& k : known)
    if (onnx_type(k.value.dtype()) != 0) names.insert(k.name);
  auto all_known = [&](const ::onnx::NodeProto& n) {
    if (n.output_size() == 0) return false;
    for (const auto& o : n.output())
      if (!names.count(o)) return false;
    return true;
  };
  ::google::protobuf::RepeatedPtrField<::onnx::NodeProto> nodes;
  for (auto& n : *g->mutable_node())
    if (!all_known(n)) nodes.Add()->Swap(&n);
  g->mutable_node()->Swap(&nodes);
  ::google::protobuf::RepeatedPtrField<::onnx::TensorProto> inits;
  for (auto& t : *g->mutable_initializer())
    if (!names.count(t.name())) inits.Add()->Swap(&t);
  g->mutable_initializer()->Swap(&inits);
  for (const auto& k : known) {
    const int32_t type = onnx_type(k.value.dtype());
    if (type == 0) continue;
    auto* t = g->add_initializer();
    t->set_name(k.name);
    t->set_data_type(type);
    for (int64_t d : k.value.shape()) t->add_dims(d);
    t->set_raw_data(k.value.data(), k.value.nbytes());
  }
}

}  // namespace d500::onnx::detail
