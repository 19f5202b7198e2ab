#include "binary.h"

#include <cmath>
#include <limits>

#include "broadcast.h"
#include "quant_common.h"

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

// Whether the generic (forward-only) path serves these operands: integer operands of one dtype,
// or, for Pow, a base and an exponent of different dtypes.
template <BinaryKind K>
bool generic_operands(const std::vector<TensorInfo>& in) {
  if (in.size() != 2) return false;
  if (sdk::same_dtype(in[0].dtype(), in[1].dtype())) return !is_real(in[0].dtype());
  return K == BinaryKind::Pow;
}

// One element of the generic path, of A's type.
template <BinaryKind K, class A, class B>
A apply_generic(A a, B b) {
  if constexpr (K == BinaryKind::Pow || std::is_floating_point_v<A> ||
                std::is_floating_point_v<B>) {
    const double v = apply<K>(static_cast<double>(a), static_cast<double>(b));
    if constexpr (std::is_integral_v<A>) {  // NaN and out-of-range values saturate (no UB)
      if (std::isnan(v)) return A{0};
      if (v <= static_cast<double>(std::numeric_limits<A>::lowest()))
        return std::numeric_limits<A>::lowest();
      if (v >= static_cast<double>(std::numeric_limits<A>::max()))
        return std::numeric_limits<A>::max();
    }
    return static_cast<A>(v);
  } else {
    const auto x = static_cast<int64_t>(a), y = static_cast<int64_t>(b);
    if constexpr (K == BinaryKind::Div) {
      if (y == 0) throw std::invalid_argument("integer division by zero");
      return static_cast<A>(x / y);
    }
    // In uint64 so that overflow wraps (defined) as the dtype's own arithmetic does.
    const auto ux = static_cast<uint64_t>(x), uy = static_cast<uint64_t>(y);
    if constexpr (K == BinaryKind::Add) return static_cast<A>(ux + uy);
    if constexpr (K == BinaryKind::Sub) return static_cast<A>(ux - uy);
    return static_cast<A>(ux * uy);
  }
}

}  // namespace

template <BinaryKind K>
Binary<K>::Binary(const Attributes& attrs, const std::vector<TensorInfo>& inputs)
    : generic_(generic_operands<K>(inputs)), dtype_(generic_ ? Real::Float64 : real_dtype(inputs)) {
  attrs.expect_only({});
  if (inputs.size() != 2)
    throw std::invalid_argument("expects inputs A and B, got " + std::to_string(inputs.size()) +
                                " inputs");
  if (generic_) {
    a_dtype_ = inputs[0].dtype(), b_dtype_ = inputs[1].dtype();
    dispatch_numeric(a_dtype_, [](auto) {});  // unsupported for bool, float16, ...
    dispatch_numeric(b_dtype_, [](auto) {});
  }
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
  if (generic_) return forward_generic(in, out);
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
void Binary<K>::forward_generic(Inputs in, Outputs out) const {
  dispatch_numeric(a_dtype_, [&](auto ta) {
    using A = decltype(ta);
    dispatch_numeric(b_dtype_, [&](auto tb) {
      using B = decltype(tb);
      const A* a = in[0].as<A>().data();
      const B* b = in[1].as<B>().data();
      A* y = out[0].as<A>().data();
      for_each_broadcast(y_shape_, a_strides_, b_strides_, [&](int64_t i, int64_t ia, int64_t ib) {
        y[i] = apply_generic<K, A, B>(a[ia], b[ib]);
      });
    });
  });
}

template <BinaryKind K>
void Binary<K>::backward(Inputs grad_outputs, Inputs inputs, Inputs /*outputs*/,
                         Outputs grad_inputs) {
  if (generic_)
    throw sdk::unsupported("no gradient for " + sdk::dtype_name(a_dtype_) + " and " +
                           sdk::dtype_name(b_dtype_) + " operands");
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
            static_cast<double>(generic_ ? element_size(a_dtype_) : real_size(dtype_));
  return c;
}

template class Binary<BinaryKind::Add>;
template class Binary<BinaryKind::Sub>;
template class Binary<BinaryKind::Mul>;
template class Binary<BinaryKind::Div>;
template class Binary<BinaryKind::Pow>;

}  // namespace d500::reference
