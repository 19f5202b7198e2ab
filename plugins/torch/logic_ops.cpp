// ONNX comparison and logic operators (Equal, Less, Greater, LessOrEqual, GreaterOrEqual, Not,
// And, Or, Xor, Where, IsNaN, IsInf, BitShift) and the variadic and binary arithmetic ones
// (Max, Min, Mean, Mod): numpy broadcasting throughout; one NodeOp entry each serves the kernel
// and the torch executor (node_kernel.h). Gradients (Where, Max, Min, Mean, Mod) by autograd.
#include "node_kernel.h"
#include "registry.h"

namespace d500::torch_plugin {
namespace {

using namespace graph;

enum class Cmp { Equal, Less, Greater, LessOrEqual, GreaterOrEqual, And, Or, Xor };

template <Cmp K>
NodeFn logic_compare(const Attrs& a, const NodeSignature& s) {
  a.expect_only({});
  if (s.inputs.size() != 2) throw std::invalid_argument("expects 2 inputs");
  const at::ScalarType t = common_type(s);
  constexpr bool logical = K == Cmp::And || K == Cmp::Or || K == Cmp::Xor;
  if (logical) offer(t == at::kBool, t, "bool is");
  return one([](const Args& in) {
    switch (K) {
      case Cmp::Equal:
        return at::eq(in[0], in[1]);
      case Cmp::Less:
        return at::lt(in[0], in[1]);
      case Cmp::Greater:
        return at::gt(in[0], in[1]);
      case Cmp::LessOrEqual:
        return at::le(in[0], in[1]);
      case Cmp::GreaterOrEqual:
        return at::ge(in[0], in[1]);
      case Cmp::And:
        return at::logical_and(in[0], in[1]);
      case Cmp::Or:
        return at::logical_or(in[0], in[1]);
      case Cmp::Xor:
        return at::logical_xor(in[0], in[1]);
    }
    return at::Tensor();
  });
}

NodeFn logic_not(const Attrs& a, const NodeSignature& s) {
  a.expect_only({});
  sdk::expect_count(s.inputs.size(), 1, "inputs");
  offer(input_type(s, 0) == at::kBool, input_type(s, 0), "bool is");
  return one([](const Args& in) { return at::logical_not(in[0]); });
}

NodeFn logic_where(const Attrs& a, const NodeSignature& s) {
  a.expect_only({});
  sdk::expect_count(s.inputs.size(), 3, "inputs");
  if (input_type(s, 0) != at::kBool) throw std::invalid_argument("condition must be bool");
  common_type(s, 1, 3);
  return one([](const Args& in) { return at::where(in[0], in[1], in[2]); });
}

NodeFn logic_isnan(const Attrs& a, const NodeSignature& s) {
  a.expect_only({});
  sdk::expect_count(s.inputs.size(), 1, "inputs");
  offer(is_real(input_type(s, 0)), input_type(s, 0), "float32 and float64 are");
  return one([](const Args& in) { return at::isnan(in[0]); });
}

NodeFn logic_isinf(const Attrs& a, const NodeSignature& s) {
  a.expect_only({"detect_negative", "detect_positive"});
  sdk::expect_count(s.inputs.size(), 1, "inputs");
  offer(is_real(input_type(s, 0)), input_type(s, 0), "float32 and float64 are");
  const bool neg = a.get_flag("detect_negative", true), pos = a.get_flag("detect_positive", true);
  return one([neg, pos](const Args& in) {
    if (neg && pos) return at::isinf(in[0]);
    if (pos) return at::isposinf(in[0]);
    if (neg) return at::isneginf(in[0]);
    return at::zeros(in[0].sizes(), in[0].options().dtype(at::kBool));
  });
}

enum class Fold { Max, Min, Mean };

// Max, Min and Mean of one or more inputs, broadcast together.
template <Fold K>
NodeFn logic_fold(const Attrs& a, const NodeSignature& s) {
  a.expect_only({});
  if (s.inputs.empty()) throw std::invalid_argument("expects at least one input");
  const at::ScalarType t = common_type(s);
  if (K == Fold::Mean)
    offer(is_real(t), t, "float32 and float64 are");
  else
    offer(t != at::kBool, t, "numeric dtypes are");
  return one([](const Args& in) {
    at::Tensor y = in[0];
    for (size_t i = 1; i < in.size(); ++i) {
      if (K == Fold::Max) y = at::maximum(y, in[i]);
      if (K == Fold::Min) y = at::minimum(y, in[i]);
      if (K == Fold::Mean) y = y + in[i];
    }
    if (K == Fold::Mean) y = y / static_cast<double>(in.size());
    // A single input comes back as itself: the kernel copies it, the executor may alias it.
    return y;
  });
}

// Mod: fmod=1 the sign of the dividend (C fmod), fmod=0 that of the divisor (numpy mod).
NodeFn logic_mod(const Attrs& a, const NodeSignature& s) {
  a.expect_only({"fmod"});
  sdk::expect_count(s.inputs.size(), 2, "inputs");
  const at::ScalarType t = common_type(s);
  offer(t != at::kBool, t, "numeric dtypes are");
  const bool c_fmod = a.get_flag("fmod", false);
  return one([c_fmod](const Args& in) {
    return c_fmod ? at::fmod(in[0], in[1]) : at::remainder(in[0], in[1]);
  });
}

NodeFn logic_bitshift(const Attrs& a, const NodeSignature& s) {
  a.expect_only({"direction"});
  sdk::expect_count(s.inputs.size(), 2, "inputs");
  const at::ScalarType t = common_type(s);
  offer(t == at::kByte, t, "uint8 is (ONNX BitShift takes unsigned integers)");
  const std::string dir = a.get_string("direction");
  if (dir != "LEFT" && dir != "RIGHT")
    throw std::invalid_argument("direction must be LEFT or RIGHT, got '" + dir + "'");
  const bool left = dir == "LEFT";
  return one([left](const Args& in) {
    return left ? at::bitwise_left_shift(in[0], in[1]) : at::bitwise_right_shift(in[0], in[1]);
  });
}

constexpr NodeOp kLogicOps[] = {
    {"Equal", "ONNX Equal via at::eq (broadcast)", logic_compare<Cmp::Equal>},
    {"Less", "ONNX Less via at::lt (broadcast)", logic_compare<Cmp::Less>},
    {"Greater", "ONNX Greater via at::gt (broadcast)", logic_compare<Cmp::Greater>},
    {"LessOrEqual", "ONNX LessOrEqual via at::le (broadcast)", logic_compare<Cmp::LessOrEqual>},
    {"GreaterOrEqual", "ONNX GreaterOrEqual via at::ge (broadcast)",
     logic_compare<Cmp::GreaterOrEqual>},
    {"And", "ONNX And via at::logical_and (bool, broadcast)", logic_compare<Cmp::And>},
    {"Or", "ONNX Or via at::logical_or (bool, broadcast)", logic_compare<Cmp::Or>},
    {"Xor", "ONNX Xor via at::logical_xor (bool, broadcast)", logic_compare<Cmp::Xor>},
    {"Not", "ONNX Not via at::logical_not", logic_not},
    {"Where", "ONNX Where via at::where (broadcast); gradients to X and Y by autograd",
     logic_where},
    {"IsNaN", "ONNX IsNaN via at::isnan", logic_isnan},
    {"IsInf", "ONNX IsInf via at::isinf / isposinf / isneginf", logic_isinf},
    {"Max", "ONNX Max (variadic, broadcast) via at::maximum; gradient by autograd",
     logic_fold<Fold::Max>},
    {"Min", "ONNX Min (variadic, broadcast) via at::minimum; gradient by autograd",
     logic_fold<Fold::Min>},
    {"Mean", "ONNX Mean (variadic, broadcast): sum / count; gradient by autograd",
     logic_fold<Fold::Mean>},
    {"Mod", "ONNX Mod via at::remainder (fmod=0) or at::fmod (fmod=1)", logic_mod},
    {"BitShift", "ONNX BitShift (uint8) via at::bitwise_left_shift / bitwise_right_shift",
     logic_bitshift},
};

}  // namespace

void add_logic_ops(std::vector<d500_operator>& ops, bool cuda) {
  add_node_ops<kLogicOps>(ops, cuda);
}

}  // namespace d500::torch_plugin
