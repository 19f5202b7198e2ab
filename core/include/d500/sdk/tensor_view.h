// d500 SDK: C++ views of the tensors that cross the ABI as DLPack descriptors.
//
// Nothing here owns tensor memory: the host owns every buffer it passes (plugin.h). Views are
// valid for the duration of the call that received them. Header-only, C++17.
#ifndef D500_SDK_TENSOR_VIEW_H
#define D500_SDK_TENSOR_VIEW_H

#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <vector>

#include "d500/plugin.h"

namespace d500 {
namespace sdk {

// A pointer and a length (std::span is C++20; plugins may build as C++17).
template <class T>
class Span {
 public:
  Span() = default;
  Span(T* data, size_t size) : data_(data), size_(size) {}
  T* data() const { return data_; }
  size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  T& operator[](size_t i) const { return data_[i]; }
  T* begin() const { return data_; }
  T* end() const { return data_ + size_; }

 private:
  T* data_ = nullptr;
  size_t size_ = 0;
};

// The DLPack type of a C++ element type.
template <class T>
DLDataType dtype_of() {
  using U = std::remove_cv_t<T>;
  if (std::is_same<U, float>::value) return DLDataType{kDLFloat, 32, 1};
  if (std::is_same<U, double>::value) return DLDataType{kDLFloat, 64, 1};
  if (std::is_same<U, int64_t>::value) return DLDataType{kDLInt, 64, 1};
  if (std::is_same<U, int32_t>::value) return DLDataType{kDLInt, 32, 1};
  if (std::is_same<U, uint8_t>::value) return DLDataType{kDLUInt, 8, 1};
  if (std::is_same<U, int8_t>::value) return DLDataType{kDLInt, 8, 1};
  if (std::is_same<U, bool>::value) return DLDataType{D500_DLPACK_BOOL_CODE, 8, 1};
  return DLDataType{kDLOpaqueHandle, 0, 0};
}

inline bool same_dtype(DLDataType a, DLDataType b) {
  return a.code == b.code && a.bits == b.bits && a.lanes == b.lanes;
}

// "float32", "int64", "bool", ... for messages.
inline std::string dtype_name(DLDataType t) {
  std::string base;
  switch (t.code) {
    case kDLFloat:
      base = "float";
      break;
    case kDLInt:
      base = "int";
      break;
    case kDLUInt:
      base = "uint";
      break;
    case kDLBfloat:
      base = "bfloat";
      break;
    case D500_DLPACK_BOOL_CODE:
      return "bool";
    default:
      base = "dtype" + std::to_string(t.code) + "_";
      break;
  }
  std::string name = base + std::to_string(t.bits);
  if (t.lanes != 1) name += "x" + std::to_string(t.lanes);
  return name;
}

// "[2, 3]"
inline std::string shape_string(const int64_t* shape, size_t ndim) {
  std::string s = "[";
  for (size_t i = 0; i < ndim; ++i) s += (i ? ", " : "") + std::to_string(shape[i]);
  return s + "]";
}
inline std::string shape_string(const std::vector<int64_t>& shape) {
  return shape_string(shape.data(), shape.size());
}

// Shape and dtype of a tensor (owning), as create() receives them and outputs() returns them.
class TensorInfo {
 public:
  TensorInfo() = default;
  TensorInfo(DLDataType dtype, std::vector<int64_t> shape)
      : dtype_(dtype), shape_(std::move(shape)) {}
  explicit TensorInfo(const d500_tensor_info& c) : dtype_(c.dtype) {
    if (c.ndim == D500_ABSENT_NDIM) {
      present_ = false;
      return;
    }
    if (c.ndim < 0 || c.ndim > D500_MAX_DIMS)
      throw std::invalid_argument("tensor rank " + std::to_string(c.ndim) + " outside [0, " +
                                  std::to_string(D500_MAX_DIMS) + "]");
    shape_.assign(c.shape, c.shape + c.ndim);
  }

  // Throws std::invalid_argument when the rank exceeds what the ABI can carry.
  d500_tensor_info to_c() const {
    if (shape_.size() > D500_MAX_DIMS)
      throw std::invalid_argument("tensor rank " + std::to_string(shape_.size()) +
                                  " exceeds the ABI's " + std::to_string(D500_MAX_DIMS));
    d500_tensor_info c{};
    c.dtype = dtype_;
    c.ndim = static_cast<int32_t>(shape_.size());
    for (size_t i = 0; i < shape_.size(); ++i) c.shape[i] = shape_[i];
    return c;
  }

  DLDataType dtype() const { return dtype_; }
  // False for an optional ONNX input that was left out (D500_ABSENT_NDIM).
  bool present() const { return present_; }
  template <class T>
  bool is() const {
    return same_dtype(dtype_, dtype_of<T>());
  }
  const std::vector<int64_t>& shape() const { return shape_; }
  size_t ndim() const { return shape_.size(); }
  // Dimension i; negative i counts from the end (-1 is the last).
  int64_t dim(int i) const {
    int n = static_cast<int>(shape_.size());
    int k = i < 0 ? i + n : i;
    if (k < 0 || k >= n)
      throw std::out_of_range("dimension " + std::to_string(i) + " of a rank-" + std::to_string(n) +
                              " tensor");
    return shape_[static_cast<size_t>(k)];
  }
  int64_t numel() const {
    int64_t n = 1;
    for (int64_t d : shape_) n *= d;
    return n;
  }
  // "float32[2, 3]"
  std::string str() const { return dtype_name(dtype_) + shape_string(shape_); }

 private:
  DLDataType dtype_{kDLFloat, 32, 1};
  std::vector<int64_t> shape_;
  bool present_ = true;
};

// A typed view of a contiguous row-major tensor. T is `const U` for inputs.
template <class T>
class View {
 public:
  View() = default;
  View(T* data, const int64_t* shape, int32_t ndim) : data_(data), shape_(shape), ndim_(ndim) {
    for (int32_t i = 0; i < ndim; ++i) numel_ *= shape[i];
  }
  T* data() const { return data_; }
  bool defined() const { return data_ != nullptr; }
  int32_t ndim() const { return ndim_; }
  int64_t dim(int32_t i) const { return shape_[i < 0 ? i + ndim_ : i]; }
  Span<const int64_t> shape() const { return {shape_, static_cast<size_t>(ndim_)}; }
  int64_t numel() const { return numel_; }
  T& operator[](int64_t i) const { return data_[i]; }
  T* begin() const { return data_; }
  T* end() const { return data_ + numel_; }
  // Element at a full multi-index, row-major: v(i, j) on a 2-D view.
  template <class... I>
  T& operator()(I... idx) const {
    const int64_t ix[] = {static_cast<int64_t>(idx)...};
    int64_t off = 0;
    for (size_t k = 0; k < sizeof...(I); ++k) off = off * shape_[k] + ix[k];
    return data_[off];
  }

 private:
  T* data_ = nullptr;
  const int64_t* shape_ = nullptr;
  int32_t ndim_ = 0;
  int64_t numel_ = 1;
};

// One borrowed DLTensor: `const DLTensor` for inputs, `DLTensor` for outputs and gradients.
template <class DL>
class BasicTensor {
 public:
  explicit BasicTensor(DL* t) : t_(t) {}
  DL& dl() const { return *t_; }
  DLDataType dtype() const { return t_->dtype; }
  template <class T>
  bool is() const {
    return same_dtype(t_->dtype, dtype_of<T>());
  }
  int32_t ndim() const { return t_->ndim; }
  Span<const int64_t> shape() const { return {t_->shape, static_cast<size_t>(t_->ndim)}; }
  int64_t numel() const {
    int64_t n = 1;
    for (int32_t i = 0; i < t_->ndim; ++i) n *= t_->shape[i];
    return n;
  }
  // False for a gradient the caller does not want (its data pointer is NULL).
  bool defined() const { return t_->data != nullptr; }
  TensorInfo info() const {
    return TensorInfo(t_->dtype, std::vector<int64_t>(t_->shape, t_->shape + t_->ndim));
  }
  bool contiguous() const {
    if (!t_->strides) return true;
    int64_t expected = 1;
    for (int32_t i = t_->ndim - 1; i >= 0; --i) {
      if (t_->shape[i] != 1 && t_->strides[i] != expected) return false;
      expected *= t_->shape[i];
    }
    return true;
  }
  // The data as elements of T. Throws std::invalid_argument when the dtype is not T and
  // sdk::Error(UNSUPPORTED) when the tensor is strided.
  template <class T>
  auto as() const {
    using E = std::conditional_t<std::is_const<DL>::value, const T, T>;
    if (!is<T>())
      throw std::invalid_argument("tensor is " + dtype_name(t_->dtype) + ", expected " +
                                  dtype_name(dtype_of<T>()));
    if (!contiguous()) throw std::invalid_argument("strided tensors are not supported");
    E* p = t_->data ? reinterpret_cast<E*>(static_cast<char*>(const_cast<void*>(t_->data)) +
                                           t_->byte_offset)
                    : nullptr;
    return View<E>(p, t_->shape, t_->ndim);
  }

 private:
  DL* t_;
};

// The tensors of one call; operator[] checks the index.
template <class DL>
class BasicTensorList {
 public:
  BasicTensorList(DL* data, size_t size) : data_(data), size_(size) {}
  size_t size() const { return size_; }
  BasicTensor<DL> operator[](size_t i) const {
    if (i >= size_)
      throw std::invalid_argument("tensor " + std::to_string(i) + " requested, " +
                                  std::to_string(size_) + " given");
    return BasicTensor<DL>(data_ + i);
  }

 private:
  DL* data_;
  size_t size_;
};

// Values of inputs known when the instance is created (ABI 1.1 create_with_constants): ONNX
// initializers and constant inputs such as Reshape's `shape`. Borrowed for the constructor only.
class Constants {
 public:
  Constants() = default;
  Constants(const DLTensor* const* c, size_t n) : c_(c), n_(c ? n : 0) {}
  bool has(size_t i) const { return i < n_ && c_[i] && c_[i]->data; }
  const DLTensor* get(size_t i) const { return has(i) ? c_[i] : nullptr; }
  // Input i's values as integers (any integer dtype). Throws std::invalid_argument when the value
  // is not known or is not integral; `what` names the input in the message.
  std::vector<int64_t> ints(size_t i, const char* what) const {
    std::vector<int64_t> out;
    const DLTensor* t = need(i, what);
    int64_t n = count(t);
    const char* p = static_cast<const char*>(t->data) + t->byte_offset;
    for (int64_t k = 0; k < n; ++k) {
      if (t->dtype.code == kDLInt && t->dtype.bits == 64)
        out.push_back(reinterpret_cast<const int64_t*>(p)[k]);
      else if (t->dtype.code == kDLInt && t->dtype.bits == 32)
        out.push_back(reinterpret_cast<const int32_t*>(p)[k]);
      else
        throw std::invalid_argument(std::string(what) + " must be an integer tensor, got " +
                                    dtype_name(t->dtype));
    }
    return out;
  }
  // Input i's values as doubles (float32/float64, or any integer dtype via ints()).
  std::vector<double> reals(size_t i, const char* what) const {
    const DLTensor* t = need(i, what);
    const char* p = static_cast<const char*>(t->data) + t->byte_offset;
    std::vector<double> out;
    int64_t n = count(t);
    if (t->dtype.code == kDLFloat && t->dtype.bits == 32) {
      for (int64_t k = 0; k < n; ++k) out.push_back(reinterpret_cast<const float*>(p)[k]);
    } else if (t->dtype.code == kDLFloat && t->dtype.bits == 64) {
      for (int64_t k = 0; k < n; ++k) out.push_back(reinterpret_cast<const double*>(p)[k]);
    } else if (t->dtype.bits == 8 &&
               (t->dtype.code == kDLUInt || t->dtype.code == D500_DLPACK_BOOL_CODE)) {
      for (int64_t k = 0; k < n; ++k) out.push_back(reinterpret_cast<const uint8_t*>(p)[k]);
    } else {
      for (int64_t v : ints(i, what)) out.push_back(static_cast<double>(v));
    }
    return out;
  }

 private:
  const DLTensor* need(size_t i, const char* what) const {
    if (!has(i))
      throw std::invalid_argument(std::string(what) +
                                  " must be a constant (an initializer) for this implementation");
    return c_[i];
  }
  static int64_t count(const DLTensor* t) {
    int64_t n = 1;
    for (int32_t d = 0; d < t->ndim; ++d) n *= t->shape[d];
    return n;
  }
  const DLTensor* const* c_ = nullptr;
  size_t n_ = 0;
};

using InTensor = BasicTensor<const DLTensor>;
using OutTensor = BasicTensor<DLTensor>;
using Inputs = BasicTensorList<const DLTensor>;
using Outputs = BasicTensorList<DLTensor>;

}  // namespace sdk
}  // namespace d500

#endif  // D500_SDK_TENSOR_VIEW_H
