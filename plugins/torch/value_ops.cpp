// ONNX operators whose outputs are values of the graph rather than computed from data (Constant,
// Shape, Size) or whose output shapes follow from input values (ConstantOfShape, Range,
// NonZero): one ValueOp entry each serves the kernel (value_kernel.h, run-time shapes through
// ABI 1.3 forward_owned) and the torch executor.
#include <algorithm>
#include <cmath>

#include "node_kernel.h"
#include "registry.h"
#include "value_kernel.h"

namespace d500::torch_plugin {
namespace {

using namespace graph;

TensorInfo declared(at::ScalarType t, Ints shape) {
  return info(t, Shape(shape.begin(), shape.end()));
}

// A DLTensor attribute's values (copied) as an at::Tensor.
at::Tensor attribute_tensor(const DLTensor& t) {
  return host_copy(t);
}

// Constant's value from whichever attribute it has.
at::Tensor constant_value(const Attrs& a) {
  a.expect_only({"value", "value_float", "value_floats", "value_int", "value_ints", "value_string",
                 "value_strings", "sparse_value"});
  if (const DLTensor* t = a.get_tensor("value")) return attribute_tensor(*t);
  if (a.has("value_float")) return at::scalar_tensor(a.get_float("value_float"), at::kFloat);
  if (a.has("value_floats")) return at::tensor(a.get_floats("value_floats")).to(at::kFloat);
  if (a.has("value_int")) return at::scalar_tensor(a.get_int("value_int"), at::kLong);
  if (a.has("value_ints")) return at::tensor(a.get_ints("value_ints"), at::kLong);
  if (a.has("sparse_value") || a.has("value_string") || a.has("value_strings"))
    throw sdk::unsupported("string and sparse constants are not offered");
  throw std::invalid_argument("Constant needs a value attribute");
}

NodeFn value_constant(const Attrs& a, const NodeSignature& s) {
  if (!s.inputs.empty()) throw std::invalid_argument("Constant takes no inputs");
  const at::Tensor v = constant_value(a);
  return one([v](const Args&) { return v.clone(); });
}
std::vector<TensorInfo> declare_constant(const Attrs& a, const NodeSignature&) {
  const at::Tensor v = constant_value(a);
  return {declared(v.scalar_type(), v.sizes().vec())};
}

// Shape's dimensions [start, end), both clamped to the rank (opset 15).
Ints shape_slice(const Attrs& a, const NodeSignature& s) {
  a.expect_only({"start", "end"});
  sdk::expect_count(s.inputs.size(), 1, "inputs");
  const Ints x = input_shape(s, 0);
  const int64_t r = static_cast<int64_t>(x.size());
  auto clamp = [r](int64_t v) { return std::clamp<int64_t>(v < 0 ? v + r : v, 0, r); };
  const int64_t start = clamp(a.get_int("start", 0)), end = clamp(a.get_int("end", r));
  return end > start ? Ints(x.begin() + start, x.begin() + end) : Ints{};
}
NodeFn value_shape(const Attrs& a, const NodeSignature& s) {
  const Ints dims = shape_slice(a, s);
  return one([dims](const Args&) { return at::tensor(dims, at::kLong); });
}
std::vector<TensorInfo> declare_shape(const Attrs& a, const NodeSignature& s) {
  return {declared(at::kLong, {static_cast<int64_t>(shape_slice(a, s).size())})};
}

NodeFn value_size(const Attrs& a, const NodeSignature& s) {
  a.expect_only({});
  sdk::expect_count(s.inputs.size(), 1, "inputs");
  int64_t n = 1;
  for (int64_t d : input_shape(s, 0)) n *= d;
  return one([n](const Args&) { return at::scalar_tensor(n, at::kLong); });
}
std::vector<TensorInfo> declare_size(const Attrs&, const NodeSignature&) {
  return {declared(at::kLong, {})};
}

// ConstantOfShape's one value (float32 zero without the attribute).
at::Tensor fill_value(const Attrs& a) {
  a.expect_only({"value"});
  const DLTensor* v = a.get_tensor("value");
  if (!v) return at::scalar_tensor(0.0, at::kFloat);
  const at::Tensor t = attribute_tensor(*v);
  if (t.numel() != 1)
    throw std::invalid_argument("value must hold one element, it holds " +
                                std::to_string(t.numel()));
  return t.reshape({});
}
void check_shape_input(const NodeSignature& s) {
  sdk::expect_count(s.inputs.size(), 1, "inputs");
  if (input_type(s, 0) != at::kLong) throw std::invalid_argument("the shape input must be int64");
  if (input_shape(s, 0).size() != 1) throw std::invalid_argument("the shape input must be 1-D");
}
NodeFn value_constant_of_shape(const Attrs& a, const NodeSignature& s) {
  check_shape_input(s);
  const at::Tensor v = fill_value(a);
  return one([v](const Args& in) {
    const at::Tensor dims = in[0].cpu().contiguous();
    const Ints shape(dims.data_ptr<int64_t>(), dims.data_ptr<int64_t>() + dims.numel());
    for (int64_t d : shape)
      if (d < 0) throw std::invalid_argument("shape holds a negative size " + std::to_string(d));
    return at::full(shape, v.item(), in[0].options().dtype(v.scalar_type()));
  });
}
std::vector<TensorInfo> declare_constant_of_shape(const Attrs& a, const NodeSignature& s) {
  check_shape_input(s);
  const at::ScalarType t = fill_value(a).scalar_type();
  if (s.constants.size() && s.constants[0]) return {declared(t, constant_ints(s, 0, "shape"))};
  return {declared(t, Ints(static_cast<size_t>(input_shape(s, 0)[0]), -1))};
}

// Range(start, limit, delta): ceil((limit - start) / delta) elements, none when negative.
NodeFn value_range(const Attrs& a, const NodeSignature& s) {
  a.expect_only({});
  sdk::expect_count(s.inputs.size(), 3, "inputs");
  const at::ScalarType t = common_type(s);
  offer(t != at::kBool && t != at::kByte && t != at::kHalf, t,
        "float, double, int32 and int64 are");
  for (size_t i = 0; i < 3; ++i)
    if (!input_shape(s, i).empty())
      throw std::invalid_argument("start, limit and delta must be scalars");
  return one([t](const Args& in) {
    const auto opt = in[0].options().dtype(t);
    if (at::isIntegralType(t, false)) {
      const int64_t start = in[0].item<int64_t>(), limit = in[1].item<int64_t>(),
                    delta = in[2].item<int64_t>();
      if (delta == 0) throw std::invalid_argument("delta is 0");
      if ((delta > 0 && limit <= start) || (delta < 0 && limit >= start))
        return at::empty({0}, opt);
      return at::arange(start, limit, delta, opt);
    }
    const double start = in[0].item<double>(), limit = in[1].item<double>(),
                 delta = in[2].item<double>();
    if (delta == 0) throw std::invalid_argument("delta is 0");
    const int64_t n =
        std::max<int64_t>(static_cast<int64_t>(std::ceil((limit - start) / delta)), 0);
    return (at::arange(n, opt.dtype(at::kDouble)) * delta + start).to(t);
  });
}
std::vector<TensorInfo> declare_range(const Attrs&, const NodeSignature& s) {
  return {declared(common_type(s), {-1})};
}

NodeFn value_nonzero(const Attrs& a, const NodeSignature& s) {
  a.expect_only({});
  sdk::expect_count(s.inputs.size(), 1, "inputs");
  input_type(s, 0);
  return one([](const Args& in) { return at::nonzero(in[0]).t().contiguous(); });
}
std::vector<TensorInfo> declare_nonzero(const Attrs&, const NodeSignature& s) {
  return {declared(at::kLong, {rank_of(s, 0), -1})};
}

constexpr ValueOp kValueOps[] = {
    {"Constant", "ONNX Constant: the value of its attribute", value_constant, declare_constant},
    {"Shape", "ONNX Shape (start, end): the input's dimensions as int64", value_shape,
     declare_shape},
    {"Size", "ONNX Size: the input's element count as an int64 scalar", value_size, declare_size},
    {"ConstantOfShape", "ONNX ConstantOfShape: one value expanded to the input's shape",
     value_constant_of_shape, declare_constant_of_shape},
    {"Range", "ONNX Range via at::arange (the length known at run time)", value_range,
     declare_range},
    {"NonZero", "ONNX NonZero via at::nonzero, transposed to [rank, count]", value_nonzero,
     declare_nonzero},
};

}  // namespace

void add_value_ops(std::vector<d500_operator>& ops, bool cuda) {
  add_value_table<kValueOps>(ops, cuda);
}

}  // namespace d500::torch_plugin
