// NodeProto attributes -> plugin::Attribute: the types the plugin ABI can carry (TENSOR and
// STRINGS from ABI 1.3; the host refuses them to older plugins).
#include <memory>

#include "proto.h"

namespace d500::onnx::detail {

Result<std::vector<plugin::Attribute>> attributes_from_node(const ::onnx::NodeProto& node,
                                                            const std::string& where) {
  using AP = ::onnx::AttributeProto;
  std::vector<plugin::Attribute> out;
  out.reserve(static_cast<size_t>(node.attribute_size()));
  for (const auto& a : node.attribute()) {
    plugin::Attribute attr;
    attr.name = a.name();
    switch (a.type()) {
      case AP::INT:
        attr.value = static_cast<int64_t>(a.i());
        break;
      case AP::FLOAT:
        attr.value = static_cast<double>(a.f());
        break;
      case AP::STRING:
        attr.value = a.s();
        break;
      case AP::INTS:
        attr.value = std::vector<int64_t>(a.ints().begin(), a.ints().end());
        break;
      case AP::FLOATS:
        attr.value = std::vector<double>(a.floats().begin(), a.floats().end());
        break;
      case AP::TENSOR: {
        auto t = tensor_from_proto(
            a.t(), where + ": attribute \"" + a.name() + "\" of node \"" + node.name() + "\"");
        if (!t) return t.error();
        attr.value = std::make_shared<const Tensor>(std::move(t).value());
        break;
      }
      case AP::STRINGS:
        attr.value = std::vector<std::string>(a.strings().begin(), a.strings().end());
        break;
      case AP::GRAPH:
        continue;  // a subgraph (If, Loop, Scan): Model::subgraphs, run by the executor
      default: {
        std::string type = ::onnx::AttributeProto_AttributeType_IsValid(a.type())
                               ? ::onnx::AttributeProto_AttributeType_Name(a.type())
                               : "type " + std::to_string(a.type());
        return Error{
            "attribute \"" + a.name() + "\" of " + node.op_type() + " node \"" + node.name() +
                "\" has type " + type +
                "; the plugin ABI carries INT, FLOAT, STRING, INTS, FLOATS, TENSOR and STRINGS",
            where};
      }
    }
    out.push_back(std::move(attr));
  }
  return out;
}

}  // namespace d500::onnx::detail
