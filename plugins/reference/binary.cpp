#include "binary.h"

#include <cmath>

#include "broadcast.h"

namespace d500::reference {
namespace {

template <BinaryKind K>
double apply(double a, double b) {
  if constexpr (K == BinaryKind::Add) return a + b;
  if constexpr (K == BinaryKind::Sub) return a - b;
  if constexpr (K == BinaryKind::Mul) return a * b;
  if constexpr (K == BinaryKind::Div) return a / b;
  if constexpr (K == BinaryKind::Pow) return std::pow(a, b);
}

// dC/dA and dC/dB at (a, b), each times the incoming gradient g.
template <BinaryKind K>
void partials(double a, double b, double g, double& ga, double& gb) {
  if constexpr (K == BinaryKind::Add) ga = g, gb = g;
  if constexpr (K == BinaryKind::Sub) ga = g, gb = -g;
  if constexpr (K == BinaryKind::Mul) ga = g * b, gb = g * a;
  if constexpr (K == BinaryKind::Div) ga = g / b, gb = -g * a / (b * b);
  if constexpr (K == BinaryKind::Pow) {
    ga = g * b * std::pow(a, b - 1);
    gb = a == 0 && b >= 0 ? 0.0 : g * std::pow(a, b) * std::log(a);
  }
}

// Pow's base and exponent may differ in dtype in ONNX (float ** int): not implemented yet, which
// is "unsupported" rather than a bad model.
template <BinaryKind K>
Real operand_dtype(const std::vector<TensorInfo>& inputs) {
  if (K == BinaryKind::Pow && inputs.size() == 2 &&
      !sdk::same_dtype(inputs[0].dtype(), inputs[1].dtype()))
    throw sdk::unsupported("Pow of " + inputs[0].str() + " and " + inputs[1].str() +
                           ": base and exponent of different dtypes are not implemented");
  return real_dtype(inputs);
}

}  // namespace

template <BinaryKind K>
Binary<K>::Binary(const Attributes& attrs, const std::vector<TensorInfo>& inputs)
    : dtype_(operand_dtype<K>(inputs)) {
  attrs.expect_only({});
  if (inputs.size() != 2)
    throw std::invalid_argument("expects inputs A and B, got " + std::to_string(inputs.size()) +
                                " inputs");
  a_shape_ = inputs[0].shape();
  b_shape_ = inputs[1].shape();
  y_shape_ = broadcast_shapes(a_shape_, b_shape_);
  a_strides_ = broadcast_strides(a_shape_, y_shape_);
  b_strides_ = broadcast_strides(b_shape_, y_shape_);
}

template <BinaryKind K>
void Binary<K>::check_inputs(Inputs in) const {
  sdk::expect_count(in.size(), 2, "inputs");
  expect_shape(in[0], a_shape_, "A");
  expect_shape(in[1], b_shape_, "B");
}

template <BinaryKind K>
void Binary<K>::forward(Inputs in, Outputs out) {
  check_inputs(in);
  sdk::expect_count(out.size(), 1, "outputs");
  expect_shape(out[0], y_shape_, "C");
  dispatch(dtype_, [&](auto tag) {
    using T = decltype(tag);
    const T* a = in[0].as<T>().data();
    const T* b = in[1].as<T>().data();
    T* y = out[0].as<T>().data();
    // In double then rounded once: for float32 that is the correctly rounded result.
    for_each_broadcast(y_shape_, a_strides_, b_strides_, [&](int64_t i, int64_t ia, int64_t ib) {
      y[i] = static_cast<T>(apply<K>(a[ia], b[ib]));
    });
  });
}

template <BinaryKind K>
void Binary<K>::backward(Inputs grad_outputs, Inputs inputs, Inputs /*outputs*/,
                         Outputs grad_inputs) {
  check_inputs(inputs);
  sdk::expect_count(grad_outputs.size(), 1, "output gradients");
  expect_shape(grad_outputs[0], y_shape_, "dC");
  sdk::expect_count(grad_inputs.size(), 2, "input gradients");
  const bool want_a = grad_inputs[0].defined(), want_b = grad_inputs[1].defined();
  if (want_a) expect_shape(grad_inputs[0], a_shape_, "dA");
  if (want_b) expect_shape(grad_inputs[1], b_shape_, "dB");
  dispatch(dtype_, [&](auto tag) {
    using T = decltype(tag);
    const T* a = inputs[0].as<T>().data();
    const T* b = inputs[1].as<T>().data();
    const T* dy = grad_outputs[0].as<T>().data();
    // An operand broadcast along a dimension receives the sum of the gradients of every element
    // it was stretched to; accumulated in double so a long float32 sum does not drift.
    std::vector<double> da(want_a ? static_cast<size_t>(numel(a_shape_)) : 0, 0.0);
    std::vector<double> db(want_b ? static_cast<size_t>(numel(b_shape_)) : 0, 0.0);
    for_each_broadcast(y_shape_, a_strides_, b_strides_, [&](int64_t i, int64_t ia, int64_t ib) {
      double ga = 0, gb = 0;
      partials<K>(a[ia], b[ib], dy[i], ga, gb);
      if (want_a) da[ia] += ga;
      if (want_b) db[ib] += gb;
    });
    if (want_a) {
      T* out = grad_inputs[0].as<T>().data();
      for (size_t i = 0; i < da.size(); ++i) out[i] = static_cast<T>(da[i]);
    }
    if (want_b) {
      T* out = grad_inputs[1].as<T>().data();
      for (size_t i = 0; i < db.size(); ++i) out[i] = static_cast<T>(db[i]);
    }
  });
}

template <BinaryKind K>
Cost Binary<K>::cost() const {
  Cost c;
  c.flops = static_cast<double>(numel(y_shape_)) * (K == BinaryKind::Pow ? 2 : 1);  // exp(b log a)
  c.bytes = static_cast<double>(numel(a_shape_) + numel(b_shape_) + numel(y_shape_)) *
            static_cast<double>(real_size(dtype_));
  return c;
}

template class Binary<BinaryKind::Add>;
template class Binary<BinaryKind::Sub>;
template class Binary<BinaryKind::Mul>;
template class Binary<BinaryKind::Div>;
template class Binary<BinaryKind::Pow>;

}  // namespace d500::reference
