// ONNX Einsum, Det, Shrink, ReverseSequence and the window functions (HannWindow, HammingWindow,
// BlackmanWindow); one NodeOp entry each serves the kernel and the torch executor
// (node_kernel.h), gradients by autograd.
#include <cmath>

#include "node_kernel.h"
#include "registry.h"

namespace d500::torch_plugin {
namespace {

using namespace graph;

NodeFn misc_einsum(const Attrs& a, const NodeSignature& s) {
  a.expect_only({"equation"});
  if (s.inputs.empty()) throw std::invalid_argument("expects at least one input");
  offer(common_type(s) != at::kBool, common_type(s), "numeric dtypes are");
  const std::string equation = a.get_string("equation");
  return one([equation](const Args& in) { return at::einsum(equation, in); });
}

NodeFn misc_det(const Attrs& a, const NodeSignature& s) {
  a.expect_only({});
  sdk::expect_count(s.inputs.size(), 1, "inputs");
  offer(is_real(input_type(s, 0)), input_type(s, 0), "float32 and float64 are");
  const Ints x = input_shape(s, 0);
  if (x.size() < 2 || x[x.size() - 1] != x[x.size() - 2])
    throw std::invalid_argument("input must be [..., M, M]");
  return one([](const Args& in) { return at::linalg_det(in[0]); });
}

// Shrink: x + bias below -lambd, x - bias above lambd, 0 between.
NodeFn misc_shrink(const Attrs& a, const NodeSignature& s) {
  a.expect_only({"bias", "lambd"});
  sdk::expect_count(s.inputs.size(), 1, "inputs");
  offer(input_type(s, 0) != at::kBool, input_type(s, 0), "numeric dtypes are");
  const double bias = a.get_float("bias", 0.0), lambd = a.get_float("lambd", 0.5);
  return one([bias, lambd](const Args& in) {
    const at::Tensor& x = in[0];
    const at::Tensor zero = at::zeros_like(x);
    return at::where(x < -lambd, x + bias, at::where(x > lambd, x - bias, zero))
        .to(x.scalar_type());
  });
}

// ReverseSequence: the first sequence_lens[b] steps of each batch entry reversed in time.
NodeFn misc_reverse_sequence(const Attrs& a, const NodeSignature& s) {
  a.expect_only({"batch_axis", "time_axis"});
  sdk::expect_count(s.inputs.size(), 2, "inputs");
  const Ints x = input_shape(s, 0);
  if (x.size() < 2) throw std::invalid_argument("input must have rank 2 or more");
  const int64_t batch = a.get_int("batch_axis", 1), time = a.get_int("time_axis", 0);
  if (!((batch == 0 && time == 1) || (batch == 1 && time == 0)))
    throw std::invalid_argument("batch_axis and time_axis must be 0 and 1 in some order");
  if (input_shape(s, 1) != Ints{x[batch]})
    throw std::invalid_argument("sequence_lens must be [batch]");
  return one([x, batch, time](const Args& in) {
    const auto options = in[1].options().dtype(at::kLong);
    const at::Tensor lens = in[1].to(at::kLong).reshape(batch == 0 ? Ints{-1, 1} : Ints{1, -1});
    const at::Tensor t =
        at::arange(x[time], options).reshape(time == 0 ? Ints{-1, 1} : Ints{1, -1});
    Ints view{x[0], x[1]};
    view.resize(x.size(), 1);
    const at::Tensor idx = at::where(t < lens, lens - 1 - t, t).reshape(view).expand(x);
    return at::gather(in[0], time, idx);
  });
}

enum class Window { Hann, Hamming, Blackman };

// The window of `size` (a constant) points, periodic or symmetric, in output_datatype.
template <Window W>
NodeFn misc_window(const Attrs& a, const NodeSignature& s) {
  a.expect_only({"output_datatype", "periodic"});
  sdk::expect_count(s.inputs.size(), 1, "inputs");
  const int64_t size = static_cast<int64_t>(constant_scalar(s, 0, "size"));
  if (size < 0) throw std::invalid_argument("size must not be negative");
  const int64_t dtype = a.get_int("output_datatype", 1);
  if (dtype != 1 && dtype != 11 && dtype != 7 && dtype != 6)
    throw sdk::unsupported("output_datatype " + std::to_string(dtype) + " is not offered");
  const at::ScalarType t = dtype == 1    ? at::kFloat
                           : dtype == 11 ? at::kDouble
                           : dtype == 7  ? at::kLong
                                         : at::kInt;
  const double n = static_cast<double>(a.get_flag("periodic", true) ? size : size - 1);
  return one([size, n, t](const Args& in) {
    const at::Tensor k = at::arange(size, in[0].options().dtype(at::kDouble)) * (2 * M_PI / n);
    at::Tensor w;
    if (W == Window::Hann) w = 0.5 - 0.5 * at::cos(k);
    if (W == Window::Hamming) w = 25.0 / 46.0 - 21.0 / 46.0 * at::cos(k);
    if (W == Window::Blackman) w = 0.42 - 0.5 * at::cos(k) + 0.08 * at::cos(2 * k);
    return w.to(t);
  });
}

constexpr NodeOp kMiscOps[] = {
    {"Einsum", "ONNX Einsum via at::einsum", misc_einsum},
    {"Det", "ONNX Det via at::linalg_det", misc_det},
    {"Shrink", "ONNX Shrink via at::where", misc_shrink},
    {"ReverseSequence", "ONNX ReverseSequence via at::gather over reversed time indices",
     misc_reverse_sequence},
    {"HannWindow", "ONNX HannWindow (size a constant)", misc_window<Window::Hann>},
    {"HammingWindow", "ONNX HammingWindow (size a constant; alpha 25/46)",
     misc_window<Window::Hamming>},
    {"BlackmanWindow", "ONNX BlackmanWindow (size a constant)", misc_window<Window::Blackman>},
};

}  // namespace

void add_misc_ops(std::vector<d500_operator>& ops, bool cuda) {
  add_node_ops<kMiscOps>(ops, cuda);
}

}  // namespace d500::torch_plugin
