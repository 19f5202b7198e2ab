// ONNX integer and quantized operators: ConvInteger, MatMulInteger, QLinearConv, QLinearMatMul
// and DynamicQuantizeLinear. The operands, less their zero points (times their scales for the
// QLinear forms), run as float64 through the torch Conv / at::matmul, which is exact for 8-bit
// operands; QLinear results are requantized (rounded half to even, saturated) to y_zero_point's
// dtype. One NodeOp entry each serves the kernel and the torch executor (node_kernel.h); none is
// differentiable (integer outputs).
#include "node_kernel.h"
#include "registry.h"

namespace d500::torch_plugin {
namespace {

using namespace graph;

void expect_8bit(const NodeSignature& s, size_t i) {
  const at::ScalarType t = input_type(s, i);
  offer(t == at::kByte || t == at::kChar, t, "uint8 and int8 are");
}

// x - zero_point as float64; the zero point per tensor, or per `axis` entry when 1-D of that size.
at::Tensor centered(const at::Tensor& x, const at::Tensor& zp, int64_t axis = -1) {
  at::Tensor v = x.to(at::kDouble);
  if (!zp.defined()) return v;
  at::Tensor z = zp.to(at::kDouble);
  if (z.numel() > 1 && axis >= 0) {
    Ints view(static_cast<size_t>(x.dim()), 1);
    view[static_cast<size_t>(axis)] = -1;
    z = z.reshape(view);
  } else {
    z = z.reshape({});
  }
  return v - z;
}
at::Tensor scaled(const at::Tensor& v, const at::Tensor& scale, int64_t axis = -1) {
  at::Tensor sc = scale.to(at::kDouble);
  if (sc.numel() > 1 && axis >= 0) {
    Ints view(static_cast<size_t>(v.dim()), 1);
    view[static_cast<size_t>(axis)] = -1;
    return v * sc.reshape(view);
  }
  return v * sc.reshape({});
}
// y / y_scale rounded half to even, plus y_zero_point, saturated to its dtype.
at::Tensor requantize(const at::Tensor& y, const at::Tensor& ys, const at::Tensor& yz,
                      at::ScalarType t) {
  at::Tensor q = at::round(y / ys.to(at::kDouble).reshape({}));
  if (yz.defined()) q = q + yz.to(at::kDouble).reshape({});
  return t == at::kByte ? at::clamp(q, 0, 255).to(t) : at::clamp(q, -128, 127).to(t);
}
at::Tensor input_or_none(const Args& in, size_t i) {
  return i < in.size() ? in[i] : at::Tensor();
}

// ConvInteger(x, w, x_zero_point, w_zero_point) into int32; w's zero point per output channel.
NodeFn quant_conv_integer(const Attrs& a, const NodeSignature& s) {
  if (s.inputs.size() < 2 || s.inputs.size() > 4)
    throw std::invalid_argument("expects 2 to 4 inputs");
  expect_8bit(s, 0), expect_8bit(s, 1);
  NodeSignature conv{{s.inputs[0], s.inputs[1]}, {}, {nullptr, nullptr}};
  const NodeFn f = compile_node("Conv", "", a, conv);
  return one([f](const Args& in) {
    const at::Tensor x = centered(in[0], input_or_none(in, 2));
    const at::Tensor w = centered(in[1], input_or_none(in, 3), 0);
    return at::round(f({x, w})[0]).to(at::kInt);
  });
}

// MatMulInteger(a, b, a_zero_point, b_zero_point) into int32; a's zero point per row, b's per
// column when 1-D.
NodeFn quant_matmul_integer(const Attrs& a, const NodeSignature& s) {
  a.expect_only({});
  if (s.inputs.size() < 2 || s.inputs.size() > 4)
    throw std::invalid_argument("expects 2 to 4 inputs");
  expect_8bit(s, 0), expect_8bit(s, 1);
  const int64_t ra = rank_of(s, 0), rb = rank_of(s, 1);
  return one([ra, rb](const Args& in) {
    const at::Tensor x = centered(in[0], input_or_none(in, 2), ra - 2);
    const at::Tensor w = centered(in[1], input_or_none(in, 3), rb - 1);
    return at::round(at::matmul(x, w)).to(at::kInt);
  });
}

// QLinearMatMul(a, a_scale, a_zp, b, b_scale, b_zp, y_scale, y_zp).
NodeFn quant_qlinear_matmul(const Attrs& a, const NodeSignature& s) {
  a.expect_only({});
  sdk::expect_count(s.inputs.size(), 8, "inputs");
  expect_8bit(s, 0), expect_8bit(s, 3), expect_8bit(s, 7);
  const at::ScalarType t = input_type(s, 7);
  const int64_t ra = rank_of(s, 0), rb = rank_of(s, 3);
  return one([t, ra, rb](const Args& in) {
    const at::Tensor x = scaled(centered(in[0], in[2], ra - 2), in[1], ra - 2);
    const at::Tensor w = scaled(centered(in[3], in[5], rb - 1), in[4], rb - 1);
    return requantize(at::matmul(x, w), in[6], in[7], t);
  });
}

// QLinearConv(x, x_scale, x_zp, w, w_scale, w_zp, y_scale, y_zp, B): B int32 in x_scale * w_scale.
NodeFn quant_qlinear_conv(const Attrs& a, const NodeSignature& s) {
  if (s.inputs.size() < 8 || s.inputs.size() > 9)
    throw std::invalid_argument("expects 8 or 9 inputs");
  expect_8bit(s, 0), expect_8bit(s, 3), expect_8bit(s, 7);
  const at::ScalarType t = input_type(s, 7);
  const bool bias = given(s, 8);
  NodeSignature conv{{s.inputs[0], s.inputs[3]}, {}, {nullptr, nullptr}};
  const NodeFn f = compile_node("Conv", "", a, conv);
  return one([f, t, bias](const Args& in) {
    const at::Tensor x = scaled(centered(in[0], in[2]), in[1]);
    const at::Tensor w = scaled(centered(in[3], in[5], 0), in[4], 0);
    at::Tensor y = f({x, w})[0];
    if (bias) {
      Ints view(static_cast<size_t>(y.dim()), 1);
      view[1] = -1;
      const at::Tensor sc = in[1].to(at::kDouble).reshape({}) * in[4].to(at::kDouble).flatten();
      y = y + (in[8].to(at::kDouble) * sc).reshape(view);
    }
    return requantize(y, in[6], in[7], t);
  });
}

// DynamicQuantizeLinear(x) into uint8 y, y_scale and y_zero_point, in float32 as ONNX states it.
NodeFn quant_dynamic(const Attrs& a, const NodeSignature& s) {
  a.expect_only({});
  sdk::expect_count(s.inputs.size(), 1, "inputs");
  offer(input_type(s, 0) == at::kFloat, input_type(s, 0), "float32 is");
  return [](const Args& in) {
    const at::Tensor x = in[0];
    const at::Tensor zero = at::zeros({}, x.options());
    const at::Tensor lo = at::minimum(x.min(), zero), hi = at::maximum(x.max(), zero);
    const at::Tensor scale = (hi - lo) / 255.0f;
    const at::Tensor zp = at::clamp(at::round(-lo / scale), 0, 255);
    const at::Tensor y = at::clamp(at::round(x / scale) + zp, 0, 255);
    return Args{y.to(at::kByte), scale, zp.to(at::kByte)};
  };
}

constexpr NodeOp kQuantOps[] = {
    {"ConvInteger", "ONNX ConvInteger (uint8/int8 into int32), exact in float64 through Conv",
     quant_conv_integer},
    {"MatMulInteger", "ONNX MatMulInteger (uint8/int8 into int32), exact in float64",
     quant_matmul_integer},
    {"QLinearMatMul", "ONNX QLinearMatMul of uint8/int8, in float64, requantized",
     quant_qlinear_matmul},
    {"QLinearConv", "ONNX QLinearConv of uint8/int8, in float64 through Conv, requantized",
     quant_qlinear_conv},
    {"DynamicQuantizeLinear",
     "ONNX DynamicQuantizeLinear to uint8 (scale and zero point from "
     "the range)",
     quant_dynamic},
};

}  // namespace

void add_quant_ops(std::vector<d500_operator>& ops, bool cuda) {
  add_node_ops<kQuantOps>(ops, cuda);
}

}  // namespace d500::torch_plugin
