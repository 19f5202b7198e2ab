// Tensors on the host side: an owning, 64-byte-aligned buffer plus a DLPack view of it.
#pragma once

#include <dlpack/dlpack.h>

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "d500/error.h"

namespace d500 {

// New types go at the end (values are stable). Float16 is IEEE binary16, BFloat16 the upper half
// of a float32; both are stored as 16-bit patterns and read through at()/set() as doubles.
enum class DType : uint8_t {
  Invalid = 0,
  Float32,
  Float64,
  Int64,
  Int32,
  UInt8,
  Bool,
  Int8,
  Float16,
  BFloat16
};

// "float32", "float64", "int64", "int32", "uint8", "bool", "int8", "float16", "bfloat16".
std::string_view dtype_name(DType t);
// Parses a name as above; Invalid when unknown.
DType dtype_from_name(std::string_view name);
size_t dtype_size(DType t);
DLDataType to_dlpack(DType t);
// Invalid when the DLPack type has no d500 equivalent.
DType from_dlpack(DLDataType t);

// IEEE half and bfloat16 bit patterns <-> float, rounding to nearest even (NaN stays NaN).
float half_to_float(uint16_t h);
uint16_t float_to_half(float f);
float bfloat16_to_float(uint16_t b);
uint16_t float_to_bfloat16(float f);

using Shape = std::vector<int64_t>;
// The product of the dimensions; throws D500Error on a negative dimension or when it overflows
// int64 (shapes come from users' files and models).
int64_t element_count(const Shape& shape);
// element_count * dtype_size, throwing D500Error when it overflows size_t.
size_t checked_nbytes(const Shape& shape, DType dtype);
// The physical memory of this machine in bytes: no single tensor may be larger.
size_t max_tensor_bytes();
std::string shape_to_string(const Shape& shape);  // "[2, 3]"

// A contiguous, row-major, CPU tensor that owns its memory. Move-only; copy with clone().
class Tensor {
 public:
  Tensor() = default;
  Tensor(DType dtype, Shape shape);  // zero-filled
  Tensor(Tensor&&) noexcept = default;
  Tensor& operator=(Tensor&&) noexcept = default;
  Tensor(const Tensor&) = delete;
  Tensor& operator=(const Tensor&) = delete;

  Tensor clone() const;
  // The same elements seen with another shape of the same element count (no copy); throws
  // D500Error when the counts differ.
  void reshape(Shape shape);
  DType dtype() const { return dtype_; }
  const Shape& shape() const { return shape_; }
  int64_t numel() const { return element_count(shape_); }
  size_t nbytes() const { return static_cast<size_t>(numel()) * dtype_size(dtype_); }
  void* data() { return data_.get(); }
  const void* data() const { return data_.get(); }
  template <class T>
  T* data_as() {
    return static_cast<T*>(data());
  }
  template <class T>
  const T* data_as() const {
    return static_cast<const T*>(data());
  }

  // Element i converted to double (any dtype); for validation and printing.
  double at(int64_t i) const;
  void set(int64_t i, double v);

  // A DLPack descriptor viewing this tensor; valid while the tensor lives and is not moved-from
  // (the shape array is owned by the tensor).
  DLTensor dl() const;

 private:
  struct Free {
    void operator()(void* p) const;
  };
  DType dtype_ = DType::Invalid;
  Shape shape_;
  std::unique_ptr<void, Free> data_;
};

// Fills with uniform values in [lo, hi) from a seeded generator (same seed, same values).
void fill_uniform(Tensor& t, uint64_t seed, double lo = -1.0, double hi = 1.0);

}  // namespace d500
