// Shared by the reference's quantization operators (quantize.cpp, qlinear.cpp): tensors of any
// numeric dtype read as doubles, results written back rounded half to even and saturated to the
// integer dtype, and the scale / zero point of a tensor, per tensor or per slice along an axis.
#pragma once

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "dtypes.h"

namespace d500::reference {

inline bool is_quantized(DLDataType t) {
  return sdk::same_dtype(t, sdk::dtype_of<uint8_t>()) ||
         sdk::same_dtype(t, sdk::dtype_of<int8_t>());
}

// Throws sdk::unsupported unless t is uint8 or int8 (`what` names the tensor).
inline void expect_quantized(const TensorInfo& t, const char* what) {
  if (!is_quantized(t.dtype()))
    throw sdk::unsupported(std::string(what) + " of dtype " + sdk::dtype_name(t.dtype()) +
                           " is not implemented (this operator takes uint8, int8)");
}

// Calls f(T{}) with T the element type of t among float, double, uint8, int8, int32, int64.
template <class F>
void dispatch_numeric(DLDataType t, F&& f) {
  using sdk::dtype_of;
  using sdk::same_dtype;
  if (same_dtype(t, dtype_of<float>())) return f(float{});
  if (same_dtype(t, dtype_of<double>())) return f(double{});
  if (same_dtype(t, dtype_of<uint8_t>())) return f(uint8_t{});
  if (same_dtype(t, dtype_of<int8_t>())) return f(int8_t{});
  if (same_dtype(t, dtype_of<int32_t>())) return f(int32_t{});
  if (same_dtype(t, dtype_of<int64_t>())) return f(int64_t{});
  throw sdk::unsupported("dtype " + sdk::dtype_name(t) + " is not implemented");
}

inline std::vector<double> to_doubles(const sdk::InTensor& t) {
  std::vector<double> out(static_cast<size_t>(t.numel()));
  dispatch_numeric(t.dtype(), [&](auto tag) {
    auto v = t.as<decltype(tag)>();
    for (size_t i = 0; i < out.size(); ++i)
      out[i] = static_cast<double>(v[static_cast<int64_t>(i)]);
  });
  return out;
}

// The range of an integer dtype as doubles ([0, 255] for uint8).
inline std::pair<double, double> int_range(DLDataType t) {
  if (sdk::same_dtype(t, sdk::dtype_of<uint8_t>())) return {0, 255};
  if (sdk::same_dtype(t, sdk::dtype_of<int8_t>())) return {-128, 127};
  if (sdk::same_dtype(t, sdk::dtype_of<int32_t>())) return {-2147483648.0, 2147483647.0};
  throw sdk::unsupported("dtype " + sdk::dtype_name(t) + " is not an 8- or 32-bit integer");
}

// Writes v into out: as is for a float dtype, else rounded half to even and saturated.
inline void write_values(const sdk::OutTensor& out, const std::vector<double>& v) {
  dispatch_numeric(out.dtype(), [&](auto tag) {
    using T = decltype(tag);
    auto o = out.as<T>();
    if constexpr (std::is_floating_point_v<T>) {
      for (size_t i = 0; i < v.size(); ++i) o[static_cast<int64_t>(i)] = static_cast<T>(v[i]);
    } else {
      const auto [lo, hi] = int_range(out.dtype());
      for (size_t i = 0; i < v.size(); ++i)
        o[static_cast<int64_t>(i)] = static_cast<T>(std::clamp(std::nearbyint(v[i]), lo, hi));
    }
  });
}

// A scale or zero point: one value for the whole tensor, or one per index along an axis.
class QuantParam {
 public:
  QuantParam() = default;
  // `param` must have one element or be 1-D with shape[axis] elements.
  QuantParam(const TensorInfo& param, const Shape& shape, int64_t axis, const char* what) {
    if (param.numel() == 1 && param.ndim() <= 1) return;
    const auto a = static_cast<size_t>(normalize_axis(axis, static_cast<int64_t>(shape.size())));
    if (param.ndim() != 1 || param.dim(0) != shape[a])
      throw std::invalid_argument(std::string(what) + " " + param.str() +
                                  " must be a scalar or have " + std::to_string(shape[a]) +
                                  " elements (axis " + std::to_string(axis) + " of " +
                                  sdk::shape_string(shape) + ")");
    n_ = shape[a];
    for (size_t d = a + 1; d < shape.size(); ++d) inner_ *= shape[d];
  }
  // The parameter's index for element i of the tensor.
  size_t index(int64_t i) const { return n_ == 1 ? 0 : static_cast<size_t>((i / inner_) % n_); }

 private:
  int64_t n_ = 1, inner_ = 1;
};

// A DLTensor over a vector of doubles, for handing zero-point-free values to the float operators.
inline DLTensor double_view(std::vector<double>& v, const Shape& shape) {
  DLTensor t{};
  t.data = v.data();
  t.device = {kDLCPU, 0};
  t.ndim = static_cast<int32_t>(shape.size());
  t.dtype = sdk::dtype_of<double>();
  t.shape = const_cast<int64_t*>(shape.data());
  return t;
}

}  // namespace d500::reference
