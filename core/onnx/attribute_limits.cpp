// Spatial attributes checked before ONNX shape inference sees a model: libonnx divides by strides
// and reads kernel sizes without checking them (a stride of 0 raises SIGFPE inside InferShapes),
// and every executor would do the same later.
#include <set>
#include <string>

#include "model_impl.h"

namespace d500::onnx::detail {

namespace {

using AP = ::onnx::AttributeProto;

// Ops whose strides / dilations / kernel_shape / pads describe a sliding window.
const std::set<std::string> kWindowOps = {
    "Conv",   "ConvTranspose", "ConvInteger", "QLinearConv", "MaxPool",   "AveragePool",
    "LpPool", "MaxUnpool",     "MaxRoiPool",  "Col2Im",      "DeformConv"};

std::string node_label(const ::onnx::NodeProto& n, int index) {
  return (n.name().empty() ? "node " + std::to_string(index) : "node \"" + n.name() + "\"") + " (" +
         n.op_type() + ")";
}

std::string check_ints(const std::string& node, const AP& a, int64_t min) {
  for (int i = 0; i < a.ints_size(); ++i)
    if (a.ints(i) < min || a.ints(i) > (int64_t{1} << 31))
      return node + ": " + a.name() + "[" + std::to_string(i) + "] is " +
             std::to_string(a.ints(i)) + "; it must be in [" + std::to_string(min) + ", 2^31]";
  return "";
}

std::string check_node(const ::onnx::NodeProto& n, int index) {
  if (!kWindowOps.count(n.op_type())) return "";
  const std::string node = node_label(n, index);
  for (const auto& a : n.attribute()) {
    std::string e;
    if (a.name() == "strides" || a.name() == "dilations" || a.name() == "kernel_shape")
      e = check_ints(node, a, 1);
    else if (a.name() == "pads" || a.name() == "output_padding")
      e = check_ints(node, a, 0);
    else if (a.name() == "group" && a.type() == AP::INT && a.i() < 1)
      e = node + ": group is " + std::to_string(a.i()) + "; it must be >= 1";
    if (!e.empty()) return e;
  }
  return "";
}

}  // namespace

std::string check_window_attributes(const ::onnx::GraphProto& g) {
  for (int i = 0; i < g.node_size(); ++i) {
    const auto& n = g.node(i);
    if (auto e = check_node(n, i); !e.empty()) return e;
    for (const auto& a : n.attribute()) {  // If / Loop / Scan bodies
      if (a.has_g())
        if (auto e = check_window_attributes(a.g()); !e.empty()) return e;
      for (const auto& sub : a.graphs())
        if (auto e = check_window_attributes(sub); !e.empty()) return e;
    }
  }
  return "";
}

}  // namespace d500::onnx::detail
