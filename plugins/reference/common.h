// Shared by the reference operators: dtype dispatch, shape and axis checks, the losses'
// reduction attribute.
#pragma once

#include <cstdint>
#include <cstring>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "d500/sdk/operator.h"

namespace d500::reference {

using sdk::Attributes;
using sdk::Cost;
using sdk::Inputs;
using sdk::Outputs;
using sdk::TensorInfo;
using Shape = std::vector<int64_t>;

// The reference implements the two types whose results everything else is compared against.
enum class Real { Float32, Float64 };

inline size_t real_size(Real r) {
  return r == Real::Float32 ? 4 : 8;
}

// The common dtype of `inputs`: all must be equal and float32 or float64.
inline Real real_dtype(const std::vector<TensorInfo>& inputs) {
  if (inputs.empty()) throw std::invalid_argument("no inputs");
  for (size_t i = 1; i < inputs.size(); ++i)
    if (!sdk::same_dtype(inputs[i].dtype(), inputs[0].dtype()))
      throw std::invalid_argument("inputs differ in dtype: " + inputs[0].str() + " and " +
                                  inputs[i].str());
  if (inputs[0].is<float>()) return Real::Float32;
  if (inputs[0].is<double>()) return Real::Float64;
  throw sdk::unsupported("dtype " + sdk::dtype_name(inputs[0].dtype()) +
                         " is not implemented; the reference has float32 and float64");
}

// Calls f(T{}) with T = float or double: one template body serves both types.
template <class F>
void dispatch(Real r, F&& f) {
  if (r == Real::Float32)
    f(float{});
  else
    f(double{});
}

inline DLDataType dl_dtype(Real r) {
  return r == Real::Float32 ? sdk::dtype_of<float>() : sdk::dtype_of<double>();
}

inline TensorInfo real_info(Real r, Shape shape) {
  return TensorInfo(dl_dtype(r), std::move(shape));
}

// The ONNX opset the host says the model uses ("_opset", plugin.h); operators whose semantics
// changed read it. Absent means the latest, so kLatestOpset only has to exceed every threshold.
constexpr int64_t kLatestOpset = 1000;
inline int64_t opset_of(const Attributes& attrs) {
  return attrs.get_int(D500_ATTR_OPSET, kLatestOpset);
}

// An ONNX axis in [-rank, rank - 1] (or [-rank, rank] when `inclusive`, Flatten's range) as a
// non-negative index; `what` names the attribute in the message.
inline int64_t normalize_axis(int64_t axis, int64_t rank, const char* what = "axis",
                              bool inclusive = false) {
  const int64_t hi = inclusive ? rank : rank - 1;
  if (axis < -rank || axis > hi)
    throw std::invalid_argument(std::string(what) + " " + std::to_string(axis) + " is outside [" +
                                std::to_string(-rank) + ", " + std::to_string(hi) +
                                "] for a rank-" + std::to_string(rank) + " input");
  return axis < 0 ? axis + rank : axis;
}

// Bytes per element of any whole-byte dtype: the data-movement operators (Reshape, Transpose,
// Concat, ...) copy elements without reading them, so they serve every such dtype.
inline size_t element_size(DLDataType t) {
  if (t.bits == 0 || t.bits % 8 != 0 || t.lanes != 1)
    throw sdk::unsupported("dtype " + sdk::dtype_name(t) + " is not implemented");
  return t.bits / 8;
}

// Calls f(U{}) with U an unsigned integer of `size` bytes: the data-movement loops copy elements
// of every dtype as words of their size.
template <class F>
void dispatch_bytes(size_t size, F&& f) {
  switch (size) {
    case 1:
      return f(uint8_t{});
    case 2:
      return f(uint16_t{});
    case 4:
      return f(uint32_t{});
    case 8:
      return f(uint64_t{});
    default:
      throw sdk::unsupported("elements of " + std::to_string(size) + " bytes are not implemented");
  }
}

// The data of a tensor as elements of U, whatever its dtype (dispatch_bytes chose U's size).
template <class U, class Tensor>
auto raw_data(const Tensor& t) {
  // Inputs (InTensor, over a const DLTensor) give const elements, outputs mutable ones.
  using P =
      std::conditional_t<std::is_const_v<std::remove_reference_t<decltype(t.dl())>>, const U*, U*>;
  const DLTensor& d = t.dl();
  return reinterpret_cast<P>(static_cast<char*>(const_cast<void*>(d.data)) + d.byte_offset);
}

// Throws std::invalid_argument unless `t` has dtype `dtype` (raw_data does not check).
template <class Tensor>
void expect_dtype(const Tensor& t, DLDataType dtype, const char* name) {
  if (!sdk::same_dtype(t.dtype(), dtype))
    throw std::invalid_argument(std::string(name) + " is " + sdk::dtype_name(t.dtype()) +
                                ", expected " + sdk::dtype_name(dtype));
}

// A gradient buffer for an input that has no gradient (labels, shapes, axes): when the caller
// asked for it anyway it gets zeros rather than whatever the buffer held.
inline void zero_gradient(const sdk::OutTensor& g) {
  if (!g.defined()) return;
  const DLTensor& t = g.dl();
  std::memset(static_cast<char*>(t.data) + t.byte_offset, 0,
              static_cast<size_t>(g.numel()) * ((t.dtype.bits + 7) / 8));
}

// How a loss combines its per-element values (the ONNX losses' `reduction`, default "mean").
enum class Reduction { None, Sum, Mean };

inline Reduction reduction_of(const Attributes& attrs) {
  const std::string r = attrs.get_string("reduction", "mean");
  if (r == "none") return Reduction::None;
  if (r == "sum") return Reduction::Sum;
  if (r == "mean") return Reduction::Mean;
  throw std::invalid_argument("reduction '" + r + "' is not one of none, sum, mean");
}

inline int64_t numel(const Shape& s) {
  int64_t n = 1;
  for (int64_t d : s) n *= d;
  return n;
}

// Throws std::invalid_argument when a tensor handed to forward/backward does not have the shape
// the instance was created for (which would otherwise read out of bounds).
template <class Tensor>
void expect_shape(const Tensor& t, const Shape& shape, const char* name) {
  auto s = t.shape();
  bool same = s.size() == shape.size();
  for (size_t i = 0; same && i < s.size(); ++i) same = s[i] == shape[i];
  if (!same)
    throw std::invalid_argument(std::string(name) + " has shape " +
                                sdk::shape_string(s.data(), s.size()) + ", created for " +
                                sdk::shape_string(shape));
}

}  // namespace d500::reference
