// Squeeze and Unsqueeze (Relabel, reshape.h), Cast, CastLike and EyeLike.
#include <algorithm>
#include <cmath>
#include <limits>
#include <type_traits>

#include "dtypes.h"
#include "map_op.h"
#include "reshape.h"

namespace d500::reference {
namespace {

// The axes of Squeeze/Unsqueeze: the attribute before opset 13, the (constant) input 1 after.
std::vector<int64_t> axes_of(const Attributes& attrs, const std::vector<TensorInfo>& in,
                             const sdk::Constants& c, bool required) {
  if (opset_of(attrs) < 13) {
    if (required && !attrs.has("axes")) throw std::invalid_argument("missing attribute 'axes'");
    return attrs.get_ints("axes");
  }
  if (attrs.has("axes"))
    throw std::invalid_argument("from opset 13 axes is input 1, not an attribute");
  if (in.size() < 2 || !in[1].present()) {
    if (required) throw std::invalid_argument("expects inputs data and axes");
    return {};
  }
  need_constant(c, 1, "axes");
  return c.ints(1, "axes");
}

// Squeeze's output shape: the axes given (each of length 1), or every dimension of length 1.
Shape squeeze_shape(const Attributes& attrs, const std::vector<TensorInfo>& in,
                    const sdk::Constants& c) {
  if (in.empty() || in.size() > 2) throw std::invalid_argument("expects data and optional axes");
  const Shape& s = in[0].shape();
  const std::vector<int64_t> axes = axes_of(attrs, in, c, false);
  std::vector<bool> drop(s.size(), axes.empty());
  for (size_t d = 0; d < s.size() && axes.empty(); ++d) drop[d] = s[d] == 1;
  for (int64_t a : axes) {
    const int64_t d = normalize_axis(a, static_cast<int64_t>(s.size()), "axes entry");
    if (s[d] != 1)
      throw std::invalid_argument("cannot squeeze axis " + std::to_string(d) + " of " +
                                  in[0].str() + ": its length is not 1");
    drop[d] = true;
  }
  Shape y;
  for (size_t d = 0; d < s.size(); ++d)
    if (!drop[d]) y.push_back(s[d]);
  return y;
}

// Unsqueeze's output shape: a dimension of length 1 at each axis of the output.
Shape unsqueeze_shape(const Attributes& attrs, const std::vector<TensorInfo>& in,
                      const sdk::Constants& c) {
  if (in.empty() || in.size() > 2) throw std::invalid_argument("expects data and axes");
  const Shape& s = in[0].shape();
  const std::vector<int64_t> axes = axes_of(attrs, in, c, true);
  const int64_t rank = static_cast<int64_t>(s.size() + axes.size());
  std::vector<bool> added(static_cast<size_t>(rank), false);
  for (int64_t a : axes) {
    const int64_t d = normalize_axis(a, rank, "axes entry");
    if (added[d]) throw std::invalid_argument("axes repeat axis " + std::to_string(d));
    added[d] = true;
  }
  Shape y;
  size_t next = 0;
  for (int64_t d = 0; d < rank; ++d) y.push_back(added[d] ? 1 : s[next++]);
  return y;
}

using ShapeOf = Shape (*)(const Attributes&, const std::vector<TensorInfo>&, const sdk::Constants&);

// Squeeze and Unsqueeze: X's bytes under the shape `F` computes (Relabel, reshape.h).
template <ShapeOf F>
class Relabeled : public sdk::Operator<Relabeled<F>> {
 public:
  Relabeled(const Attributes& attrs, const std::vector<TensorInfo>& in, const sdk::Constants& c) {
    attrs.expect_only({"axes"});
    r_ = Relabel(in.at(0), F(attrs, in, c));
  }
  std::vector<TensorInfo> outputs() const { return r_.outputs(); }
  void forward(Inputs in, Outputs out) { r_.forward(in, out); }
  void backward(Inputs dy, Inputs in, Inputs, Outputs dx) { r_.backward(dy, in, dx); }
  Cost cost() const { return r_.cost(); }

 private:
  Relabel r_;
};

constexpr DLDataType kFloat16{kDLFloat, 16, 1};

// IEEE binary16 <-> double. To half: rounded to nearest even straight from the double (as numpy
// does), overflow to infinity; the units of the last place scale continuously from the
// subnormals into the normals, so bits = ((e + 15) << 10) + m - 1024 serves both.
uint16_t to_half(double v) {
  const uint16_t sign = std::signbit(v) ? 0x8000 : 0;
  if (std::isnan(v)) return 0x7e00;
  const double a = std::fabs(v);
  if (a == 0) return sign;
  const int e = std::max(std::ilogb(a), -14);
  const double m = std::nearbyint(std::ldexp(a, 10 - e));  // exact scaling, then RNE
  const double bits = std::ldexp(1.0, 10) * (e + 15) + m - 1024;
  return static_cast<uint16_t>(sign | (bits >= 0x7c00 ? 0x7c00 : static_cast<uint16_t>(bits)));
}

double from_half(uint16_t h) {
  const int e = (h >> 10) & 0x1f, m = h & 0x3ff;
  const double v = e == 0    ? std::ldexp(m, -24)
                   : e == 31 ? (m ? std::numeric_limits<double>::quiet_NaN()
                                  : std::numeric_limits<double>::infinity())
                             : std::ldexp(1024 + m, e - 25);
  return h & 0x8000 ? -v : v;
}

bool via_double(DLDataType t) {
  return sdk::same_dtype(t, kFloat16) || sdk::same_dtype(t, sdk::dtype_of<int8_t>());
}

// Throws sdk::unsupported unless Cast takes dtype t.
void expect_castable(DLDataType t) {
  if (!via_double(t)) dispatch_any(t, [](auto) {});
}

// The dtype of an ONNX TensorProto.DataType, where d500 tensors hold it.
DLDataType onnx_dtype(int64_t to) {
  switch (to) {
    case 1:
      return sdk::dtype_of<float>();
    case 2:
      return sdk::dtype_of<uint8_t>();
    case 6:
      return sdk::dtype_of<int32_t>();
    case 7:
      return sdk::dtype_of<int64_t>();
    case 3:
      return sdk::dtype_of<int8_t>();
    case 9:
      return sdk::dtype_of<bool>();
    case 10:
      return kFloat16;
    case 11:
      return sdk::dtype_of<double>();
    default:
      throw sdk::unsupported("ONNX element type " + std::to_string(to) +
                             " is not one d500 tensors hold (float32, float64, int64, int32, "
                             "uint8, int8, bool, float16)");
  }
}

template <class U, class T>
U convert(T v) {
  if constexpr (std::is_same_v<U, bool>) {
    return v != T(0);
  } else if constexpr (std::is_floating_point_v<T> && std::is_integral_v<U>) {
    // Outside U's range (NaN included) C++ leaves the result undefined: refuse rather than guess.
    if (!(v >= static_cast<T>(std::numeric_limits<U>::lowest()) &&
          v < static_cast<T>(2) * static_cast<T>(std::numeric_limits<U>::max() / 2 + 1)))
      throw std::domain_error("Cast: " + std::to_string(v) + " is outside the target type's range");
    return static_cast<U>(v);
  } else {
    return static_cast<U>(v);
  }
}

// Casts involving float16 or int8 go through double (exact for both).
void cast_via_double(const sdk::InTensor& x, const sdk::OutTensor& y) {
  std::vector<double> v(static_cast<size_t>(x.numel()));
  if (sdk::same_dtype(x.dtype(), kFloat16)) {
    const uint16_t* h = raw_data<uint16_t>(x);
    for (size_t i = 0; i < v.size(); ++i) v[i] = from_half(h[i]);
  } else if (x.is<int8_t>()) {
    for (size_t i = 0; i < v.size(); ++i) v[i] = x.as<int8_t>()[static_cast<int64_t>(i)];
  } else {
    dispatch_any(x.dtype(), [&](auto from) {
      using T = decltype(from);
      for (size_t i = 0; i < v.size(); ++i)
        v[i] = static_cast<double>(x.as<T>()[static_cast<int64_t>(i)]);
    });
  }
  if (sdk::same_dtype(y.dtype(), kFloat16)) {
    uint16_t* h = raw_data<uint16_t>(y);
    for (size_t i = 0; i < v.size(); ++i) h[i] = to_half(v[i]);
  } else if (y.is<int8_t>()) {
    for (size_t i = 0; i < v.size(); ++i)
      y.as<int8_t>()[static_cast<int64_t>(i)] = convert<int8_t>(v[i]);
  } else {
    dispatch_any(y.dtype(), [&](auto to) {
      using U = decltype(to);
      for (size_t i = 0; i < v.size(); ++i) y.as<U>()[static_cast<int64_t>(i)] = convert<U>(v[i]);
    });
  }
}

void cast_tensor(const sdk::InTensor& x, const sdk::OutTensor& y) {
  if (via_double(x.dtype()) || via_double(y.dtype())) return cast_via_double(x, y);
  dispatch_any(x.dtype(), [&](auto from) {
    using T = decltype(from);
    dispatch_any(y.dtype(), [&](auto to) {
      using U = decltype(to);
      const T* a = x.as<T>().data();
      U* b = y.as<U>().data();
      for (int64_t i = 0; i < x.numel(); ++i) b[i] = convert<U>(a[i]);
    });
  });
}

// Cast (to = attribute) and CastLike (to = input 1's dtype); the gradient of a cast between
// float32 and float64 is dY cast back, of any other none.
template <bool Like>
class CastOp : public sdk::Operator<CastOp<Like>> {
 public:
  CastOp(const Attributes& attrs, const std::vector<TensorInfo>& in) {
    Like ? attrs.expect_only({"saturate"}) : attrs.expect_only({"to", "saturate"});
    sdk::expect_count(in.size(), Like ? 2 : 1, "inputs");
    expect_castable(in[0].dtype());
    const DLDataType to = Like ? in[1].dtype() : onnx_dtype(attrs.get_int("to"));
    expect_castable(to);
    in_ = in;
    y_ = TensorInfo(to, in[0].shape());
  }
  std::vector<TensorInfo> outputs() const { return {y_}; }
  void forward(Inputs in, Outputs out) {
    sdk::expect_count(in.size(), in_.size(), "inputs");
    sdk::expect_count(out.size(), 1, "outputs");
    expect_shape(in[0], y_.shape(), "input");
    expect_shape(out[0], y_.shape(), "output");
    cast_tensor(in[0], out[0]);
  }
  void backward(Inputs dy, Inputs, Inputs, Outputs dx) {
    sdk::expect_count(dx.size(), in_.size(), "input gradients");
    if (dx.size() > 1) zero_gradient(dx[1]);
    if (!dx[0].defined()) return;
    if (!is_real(in_[0].dtype()) || !is_real(y_.dtype())) return zero_gradient(dx[0]);
    expect_shape(dy[0], y_.shape(), "output gradient");
    cast_tensor(dy[0], dx[0]);
  }
  Cost cost() const {
    return {0, static_cast<double>(y_.numel()) *
                   static_cast<double>(element_size(in_[0].dtype()) + element_size(y_.dtype()))};
  }

 private:
  std::vector<TensorInfo> in_;
  TensorInfo y_;
};

class EyeLike : public sdk::Operator<EyeLike> {
 public:
  EyeLike(const Attributes& attrs, const std::vector<TensorInfo>& in) {
    attrs.expect_only({"dtype", "k"});
    sdk::expect_count(in.size(), 1, "inputs");
    if (in[0].ndim() != 2) throw std::invalid_argument("input must be 2-D, got " + in[0].str());
    const DLDataType t = attrs.has("dtype") ? onnx_dtype(attrs.get_int("dtype")) : in[0].dtype();
    dispatch_any(t, [](auto) {});
    k_ = attrs.get_int("k", 0);
    y_ = TensorInfo(t, in[0].shape());
  }
  std::vector<TensorInfo> outputs() const { return {y_}; }
  void forward(Inputs in, Outputs out) {
    sdk::expect_count(in.size(), 1, "inputs");
    sdk::expect_count(out.size(), 1, "outputs");
    expect_shape(out[0], y_.shape(), "output");
    dispatch_any(y_.dtype(), [&](auto tag) {
      using T = decltype(tag);
      T* y = out[0].as<T>().data();
      const int64_t rows = y_.shape()[0], cols = y_.shape()[1];
      for (int64_t i = 0; i < rows; ++i)
        for (int64_t j = 0; j < cols; ++j) y[i * cols + j] = static_cast<T>(j - i == k_ ? 1 : 0);
    });
  }

 private:
  int64_t k_ = 0;
  TensorInfo y_;
};

}  // namespace

void add_convert_ops(std::vector<d500_operator>& ops) {
  ops.push_back(Relabeled<squeeze_shape>::define(
      {"Squeeze", "", "default",
       "ONNX Squeeze, any dtype; axes attribute (opset < 13) or constant input"}));
  ops.push_back(Relabeled<unsqueeze_shape>::define(
      {"Unsqueeze", "", "default",
       "ONNX Unsqueeze, any dtype; axes attribute (opset < 13) or constant input"}));
  ops.push_back(CastOp<false>::define(
      {"Cast", "", "default",
       "ONNX Cast among float32, float64, float16, int64, int32, int8, uint8, bool"}));
  ops.push_back(CastOp<true>::define(
      {"CastLike", "", "default",
       "ONNX CastLike among float32, float64, float16, int64, int32, int8, uint8, bool"}));
  ops.push_back(EyeLike::define({"EyeLike", "", "default", "ONNX EyeLike, any dtype d500 holds"}));
}

}  // namespace d500::reference
