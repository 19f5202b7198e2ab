// ModelDocument::expose_unread_outputs (model_edit.h): the tensors nothing reads become the graph
// outputs, typed by shape inference, so a network built from an empty start can be saved.
#include <set>

#include "model_edit_impl.h"

namespace d500::onnx {

namespace {

// What a node writes and neither a node (or a subgraph's outer reference) nor an output reads.
std::vector<std::string> unread_tensors(const ::onnx::GraphProto& g) {
  std::set<std::string> read;
  for (const auto& n : g.node())
    for (const auto& in : n.input()) read.insert(in);
  for (const auto& o : g.output()) read.insert(o.name());
  std::vector<std::string> unread;
  for (const auto& n : g.node())
    for (const auto& o : n.output())
      if (!o.empty() && !read.count(o)) unread.push_back(o);
  return unread;
}

}  // namespace

Result<std::string> ModelDocument::expose_unread_outputs() {
  auto& g = *impl_->proto.mutable_graph();
  const std::vector<std::string> unread = unread_tensors(g);
  if (unread.empty())
    return Error{"every tensor a node writes is read: no output to add", impl_->source};
  auto inferred = detail::inferred_copy(impl_->proto, impl_->source);
  if (!inferred) return inferred.error();
  const ::onnx::ModelProto& light = *inferred;
  std::vector<::onnx::ValueInfoProto> typed;
  for (const std::string& name : unread) {
    const ::onnx::ValueInfoProto* found = nullptr;
    for (const auto& v : light.graph().value_info())
      if (v.name() == name) found = &v;
    if (!found || !found->type().has_tensor_type() || found->type().tensor_type().elem_type() == 0)
      return Error{
          "tensor \"" + name + "\" has no type yet: connect the inputs of the node that writes it",
          impl_->source};
    typed.push_back(*found);
  }
  for (const auto& v : typed) *g.add_output() = v;
  return unread.front();
}

}  // namespace d500::onnx
