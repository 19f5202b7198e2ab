// ModelDocument::widen (model_edit.h): more output channels for a Conv or Gemm, its weights and
// the next layer's grown to match. Everything is computed before the document changes.
#include <cmath>
#include <functional>
#include <optional>
#include <random>

#include "model_edit_impl.h"

namespace d500::onnx {

namespace {

using NodeProto = ::onnx::NodeProto;
using TP = ::onnx::TensorProto;

std::string quoted(const std::string& s) {
  return "\"" + s + "\"";
}

// Ops a channel passes through unchanged in number (activations, pooling).
bool passes_channels(const NodeProto& n) {
  static const std::set<std::string> ops = {
      "Relu",     "Sigmoid",     "Tanh",    "LeakyRelu",      "Elu",     "Selu",
      "Softplus", "HardSigmoid", "MaxPool", "AveragePool",    "Dropout", "Identity",
      "LpPool",   "Softsign",    "Celu",    "ThresholdedRelu"};
  return (n.domain().empty() || n.domain() == "ai.onnx") && ops.count(n.op_type());
}

int64_t int_attribute(const NodeProto& n, const std::string& name, int64_t fallback) {
  for (const auto& a : n.attribute())
    if (a.name() == name) return a.i();
  return fallback;
}

TP* initializer(::onnx::GraphProto& g, const std::string& name) {
  for (auto& t : *g.mutable_initializer())
    if (t.name() == name) return &t;
  return nullptr;
}

// `t` with dimension `axis` grown to `size`; old values kept, new ones from `fill`.
Result<Tensor> grown(const TP& t, size_t axis, int64_t size, const std::function<double()>& fill,
                     const std::string& where) {
  auto old = detail::tensor_from_proto(t, where);
  if (!old) return old.error();
  if (old->dtype() != DType::Float32 && old->dtype() != DType::Float64)
    return Error{"initializer " + quoted(t.name()) + " is not float32 or float64", where};
  Shape shape = old->shape();
  if (axis >= shape.size())
    return Error{"initializer " + quoted(t.name()) + " has too few dimensions", where};
  Shape bigger = shape;
  bigger[axis] = size;
  Tensor out(old->dtype(), bigger);
  int64_t inner = 1;
  for (size_t i = axis + 1; i < shape.size(); ++i) inner *= shape[i];
  for (int64_t i = 0; i < out.numel(); ++i) {
    const int64_t along = (i / inner) % size, outer = i / (inner * size);
    const bool kept = along < shape[axis];
    out.set(i, kept ? old->at((outer * shape[axis] + along) * inner + i % inner) : fill());
  }
  return out;
}

void write(TP& t, const Tensor& value) {
  t.clear_float_data();
  t.clear_double_data();
  t.clear_dims();
  for (int64_t d : value.shape()) t.add_dims(d);
  t.set_raw_data(std::string(static_cast<const char*>(value.data()), value.nbytes()));
}

// The one node reading `tensor`, or nullptr (none, several, or a graph output reads it).
const NodeProto* only_reader(const ::onnx::GraphProto& g, const std::string& tensor) {
  for (const auto& o : g.output())
    if (o.name() == tensor) return nullptr;
  const NodeProto* reader = nullptr;
  for (const auto& n : g.node())
    for (const auto& in : n.input())
      if (in == tensor) {
        if (reader && reader != &n) return nullptr;
        reader = &n;
      }
  return reader;
}

}  // namespace

Result<std::string> ModelDocument::widen(const std::string& name, int64_t outputs, uint64_t seed) {
  auto& g = *impl_->proto.mutable_graph();
  const std::string& where = impl_->source;
  const long index = find_node(name);
  if (index < 0) return Error{"no node named " + quoted(name), where};
  const NodeProto& n = g.node(static_cast<int>(index));
  if (n.op_type() != "Conv" && n.op_type() != "Gemm")
    return Error{
        "node " + quoted(name) + " is a " + n.op_type() + "; only a Conv or a Gemm can be widened",
        where};
  TP* w = n.input_size() > 1 ? initializer(g, n.input(1)) : nullptr;
  if (!w)
    return Error{"the weights of " + quoted(name) + " are no initializer; they cannot be resized",
                 where};
  const size_t out_axis = n.op_type() == "Gemm" && int_attribute(n, "transB", 0) == 0 ? 1 : 0;
  if (static_cast<int>(out_axis) >= w->dims_size())
    return Error{"the weights of " + quoted(name) + " have too few dimensions", where};
  const int64_t old = w->dims(static_cast<int>(out_axis));
  if (outputs <= old)
    return Error{quoted(name) + " has " + std::to_string(old) +
                     " outputs; widening needs more, not " + std::to_string(outputs),
                 where};

  // Where the channels go: through activations and pooling to one Conv or Gemm.
  std::string tensor = n.output(0);
  const NodeProto* next = only_reader(g, tensor);
  while (next && passes_channels(*next)) next = only_reader(g, tensor = next->output(0));
  if (!next || !(next->op_type() == "Conv" || next->op_type() == "Gemm") ||
      next->input(0) != tensor ||
      (next->op_type() == "Gemm" && int_attribute(*next, "transA", 0) != 0))
    return Error{"the output of " + quoted(name) +
                     " does not reach exactly one Conv or Gemm through activations and pooling" +
                     (next ? " (it reaches " + next->op_type() + " " + quoted(next->name()) + ")"
                           : std::string()) +
                     "; d500 cannot resize what comes after it",
                 where};
  if (int_attribute(n, "group", 1) != 1 || int_attribute(*next, "group", 1) != 1)
    return Error{"grouped convolutions cannot be widened (" + quoted(name) + ", " +
                     quoted(next->name()) + ")",
                 where};
  TP* next_w = next->input_size() > 1 ? initializer(g, next->input(1)) : nullptr;
  if (!next_w)
    return Error{
        "the weights of " + quoted(next->name()) + " are no initializer; they cannot be resized",
        where};
  const size_t in_axis = next->op_type() == "Gemm" && int_attribute(*next, "transB", 0) != 0
                             ? 1
                             : (next->op_type() == "Conv" ? 1 : 0);

  int64_t fan_in = 1;
  for (int i = 0; i < w->dims_size(); ++i)
    if (i != static_cast<int>(out_axis)) fan_in *= w->dims(i);
  std::mt19937_64 rng(seed);
  const double bound = std::sqrt(6.0 / static_cast<double>(std::max<int64_t>(fan_in, 1)));
  auto uniform = [&] { return (2 * (static_cast<double>(rng() >> 11) * 0x1.0p-53) - 1) * bound; };
  auto zero = [] { return 0.0; };
  auto weights = grown(*w, out_axis, outputs, uniform, where);
  if (!weights) return weights.error();
  TP* bias = n.input_size() > 2 && !n.input(2).empty() ? initializer(g, n.input(2)) : nullptr;
  std::optional<Tensor> new_bias;
  if (bias) {
    auto b = grown(*bias, 0, outputs, zero, where);
    if (!b) return b.error();
    new_bias = std::move(b).value();
  }
  auto next_weights =
      grown(*next_w, in_axis, next_w->dims(static_cast<int>(in_axis)) + outputs - old, zero, where);
  if (!next_weights) return next_weights.error();
  write(*w, *weights);
  if (bias) write(*bias, *new_bias);
  write(*next_w, *next_weights);
  return name;
}

}  // namespace d500::onnx
