#include "opset_adapter.h"

#include <algorithm>
#include <set>

#include "d500/plugin.h"

namespace d500::network {

namespace {

const int64_t* int_attr(const std::vector<plugin::Attribute>& attrs, const char* name) {
  for (const auto& a : attrs)
    if (a.name == name) return std::get_if<int64_t>(&a.value);
  return nullptr;
}

bool has_attr(const std::vector<plugin::Attribute>& attrs, const char* name) {
  return std::any_of(attrs.begin(), attrs.end(), [&](const auto& a) { return a.name == name; });
}

void drop(std::vector<plugin::Attribute>& attrs, const char* name) {
  attrs.erase(
      std::remove_if(attrs.begin(), attrs.end(), [&](const auto& a) { return a.name == name; }),
      attrs.end());
}

Error refuse(const Node& n, const std::string& why) {
  return Error{"node " + n.label() + " of opset " + std::to_string(n.opset) + ": " + why,
               "opset adapter"};
}

}  // namespace

Result<std::vector<plugin::Attribute>> adapt_attributes(const Node& node,
                                                        const std::vector<Shape>& input_shapes) {
  std::vector<plugin::Attribute> attrs = node.attributes;
  if (!node.domain.empty()) {
    if (node.opset > 0) attrs.push_back({D500_ATTR_OPSET, node.opset});
    return attrs;
  }
  const std::string& op = node.op_type;
  const int64_t v = node.opset;

  // Opset 6 and earlier: is_test chose between training and inference; opset 7 dropped it and
  // left the mode to the runtime. d500 runs these nodes as inference, which is what is_test = 1
  // asked for.
  if (v < 7 && (op == "BatchNormalization" || op == "Dropout") && has_attr(attrs, "is_test")) {
    const int64_t* t = int_attr(attrs, "is_test");
    if (op == "BatchNormalization" && t && *t == 0)
      return refuse(node,
                    "is_test = 0 asks for training-mode statistics, which d500 runs only "
                    "from opset 14 on (training_mode)");
    drop(attrs, "is_test");
  }
  // BatchNormalization before opset 9: spatial = 1 (the default) is today's only behaviour.
  if (v < 9 && op == "BatchNormalization" && has_attr(attrs, "spatial")) {
    const int64_t* s = int_attr(attrs, "spatial");
    if (s && *s == 0) return refuse(node, "spatial = 0 (per-element statistics) is not supported");
    drop(attrs, "spatial");
  }
  // Gemm before opset 7 needed broadcast = 1 for C to broadcast; from opset 7 it always may.
  if (v < 7 && op == "Gemm") drop(attrs, "broadcast");
  // Binary elementwise operators before opset 7: explicit broadcast = 1 with an optional axis
  // where B's dimensions line up with A's. That is numpy's (trailing) broadcasting exactly when
  // axis is where B's trailing alignment puts it.
  static const std::set<std::string> binary = {"Add", "Sub", "Mul",   "Div",     "Pow", "And",
                                               "Or",  "Xor", "Equal", "Greater", "Less"};
  if (v < 7 && binary.count(op)) {
    const int64_t* axis = int_attr(attrs, "axis");
    const int64_t* bc = int_attr(attrs, "broadcast");
    if (axis && bc && *bc == 1 && input_shapes.size() >= 2) {
      const auto ra = static_cast<int64_t>(input_shapes[0].size());
      const auto rb = static_cast<int64_t>(input_shapes[1].size());
      const int64_t a = *axis < 0 ? *axis + ra : *axis;
      if (a != ra - rb)
        return refuse(node, "broadcast along axis " + std::to_string(*axis) +
                                " (legacy, not trailing) is not supported");
    }
    drop(attrs, "broadcast");
    drop(attrs, "axis");
  }
  if (v > 0) attrs.push_back({D500_ATTR_OPSET, v});
  return attrs;
}

}  // namespace d500::network
