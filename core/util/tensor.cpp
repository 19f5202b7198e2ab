#include "d500/tensor.h"

#include "d500/plugin.h"

#include <unistd.h>

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <random>
#include <sstream>

namespace d500 {

namespace {
constexpr size_t kAlignment = 64;
}

std::string_view dtype_name(DType t) {
  switch (t) {
    case DType::Float32: return "float32";
    case DType::Float64: return "float64";
    case DType::Int64: return "int64";
    case DType::Int32: return "int32";
    case DType::UInt8: return "uint8";
    case DType::Bool: return "bool";
    case DType::Invalid: break;
  }
  return "invalid";
}

DType dtype_from_name(std::string_view name) {
  for (DType t : {DType::Float32, DType::Float64, DType::Int64, DType::Int32, DType::UInt8,
                  DType::Bool})
    if (dtype_name(t) == name) return t;
  return DType::Invalid;
}

size_t dtype_size(DType t) {
  switch (t) {
    case DType::Float32: return 4;
    case DType::Float64: return 8;
    case DType::Int64: return 8;
    case DType::Int32: return 4;
    case DType::UInt8: return 1;
    case DType::Bool: return 1;
    case DType::Invalid: break;
  }
  return 0;
}

DLDataType to_dlpack(DType t) {
  switch (t) {
    case DType::Float32: return {kDLFloat, 32, 1};
    case DType::Float64: return {kDLFloat, 64, 1};
    case DType::Int64: return {kDLInt, 64, 1};
    case DType::Int32: return {kDLInt, 32, 1};
    case DType::UInt8: return {kDLUInt, 8, 1};
    case DType::Bool: return {D500_DLPACK_BOOL_CODE, 8, 1};
    case DType::Invalid: break;
  }
  return {kDLOpaqueHandle, 0, 0};
}

DType from_dlpack(DLDataType t) {
  if (t.lanes != 1) return DType::Invalid;
  if (t.code == kDLFloat && t.bits == 32) return DType::Float32;
  if (t.code == kDLFloat && t.bits == 64) return DType::Float64;
  if (t.code == kDLInt && t.bits == 64) return DType::Int64;
  if (t.code == kDLInt && t.bits == 32) return DType::Int32;
  if (t.code == kDLUInt && t.bits == 8) return DType::UInt8;
  if (t.code == D500_DLPACK_BOOL_CODE && t.bits == 8) return DType::Bool;
  return DType::Invalid;
}

int64_t element_count(const Shape& shape) {
  for (int64_t d : shape) {
    if (d < 0) throw D500Error("negative dimension in shape " + shape_to_string(shape));
    if (d == 0) return 0;  // empty, however large the other dimensions: [2^62, 2^62, 0] is fine
  }
  int64_t n = 1;
  for (int64_t d : shape) {
    if (__builtin_mul_overflow(n, d, &n))
      throw D500Error("shape " + shape_to_string(shape) + " has more than 2^63 elements");
  }
  return n;
}

size_t checked_nbytes(const Shape& shape, DType dtype) {
  const int64_t n = element_count(shape);
  size_t bytes = 0;
  if (__builtin_mul_overflow(static_cast<uint64_t>(n), dtype_size(dtype), &bytes))
    throw D500Error("shape " + shape_to_string(shape) + " of " + std::string(dtype_name(dtype)) +
                    " needs more than 2^64 bytes");
  return bytes;
}

size_t max_tensor_bytes() {
  static const size_t limit = [] {
    const long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGESIZE);
    return pages > 0 && page > 0 ? static_cast<size_t>(pages) * static_cast<size_t>(page)
                                 : SIZE_MAX;
  }();
  return limit;
}

std::string shape_to_string(const Shape& shape) {
  std::ostringstream os;
  os << '[';
  for (size_t i = 0; i < shape.size(); ++i) os << (i ? ", " : "") << shape[i];
  os << ']';
  return os.str();
}

void Tensor::Free::operator()(void* p) const { std::free(p); }

Tensor::Tensor(DType dtype, Shape shape) : dtype_(dtype), shape_(std::move(shape)) {
  for (int64_t d : shape_)
    if (d < 0) throw D500Error("negative dimension in shape " + shape_to_string(shape_));
  if (dtype_ == DType::Invalid) throw D500Error("tensor of invalid dtype");
  size_t bytes = checked_nbytes(shape_, dtype_);
  // Refused before allocating: with overcommit a huge block "succeeds" and the zero-fill then
  // gets the process killed.
  if (bytes > max_tensor_bytes())
    throw D500Error("tensor " + shape_to_string(shape_) + " of " + std::string(dtype_name(dtype_)) +
                    " needs " + std::to_string(bytes) + " bytes, more than this machine's memory (" +
                    std::to_string(max_tensor_bytes()) + " bytes)");
  size_t rounded = (bytes + kAlignment - 1) / kAlignment * kAlignment;
  if (rounded == 0) rounded = kAlignment;
  void* p = std::aligned_alloc(kAlignment, rounded);
  if (!p) throw D500Error("out of memory allocating " + std::to_string(bytes) + " bytes");
  std::memset(p, 0, rounded);
  data_.reset(p);
}

void Tensor::reshape(Shape shape) {
  if (element_count(shape) != numel())
    throw D500Error("cannot view " + shape_to_string(shape_) + " as " + shape_to_string(shape) +
                    ": the element counts differ");
  shape_ = std::move(shape);
}

Tensor Tensor::clone() const {
  Tensor t(dtype_, shape_);
  if (nbytes()) std::memcpy(t.data(), data(), nbytes());
  return t;
}

double Tensor::at(int64_t i) const {
  switch (dtype_) {
    case DType::Float32: return data_as<float>()[i];
    case DType::Float64: return data_as<double>()[i];
    case DType::Int64: return static_cast<double>(data_as<int64_t>()[i]);
    case DType::Int32: return data_as<int32_t>()[i];
    case DType::UInt8: return data_as<uint8_t>()[i];
    case DType::Bool: return data_as<uint8_t>()[i] ? 1.0 : 0.0;
    case DType::Invalid: break;
  }
  D500_ASSERT(false && "Tensor::at on invalid dtype");
}

void Tensor::set(int64_t i, double v) {
  switch (dtype_) {
    case DType::Float32: data_as<float>()[i] = static_cast<float>(v); return;
    case DType::Float64: data_as<double>()[i] = v; return;
    case DType::Int64: data_as<int64_t>()[i] = static_cast<int64_t>(v); return;
    case DType::Int32: data_as<int32_t>()[i] = static_cast<int32_t>(v); return;
    case DType::UInt8: data_as<uint8_t>()[i] = static_cast<uint8_t>(v); return;
    case DType::Bool: data_as<uint8_t>()[i] = v != 0.0; return;
    case DType::Invalid: break;
  }
  D500_ASSERT(false && "Tensor::set on invalid dtype");
}

DLTensor Tensor::dl() const {
  DLTensor t{};
  t.data = const_cast<void*>(data());
  t.device = {kDLCPU, 0};
  t.ndim = static_cast<int32_t>(shape_.size());
  t.dtype = to_dlpack(dtype_);
  t.shape = const_cast<int64_t*>(shape_.data());
  t.strides = nullptr;  // compact row-major
  t.byte_offset = 0;
  return t;
}

void fill_uniform(Tensor& t, uint64_t seed, double lo, double hi) {
  std::mt19937_64 gen(seed);
  std::uniform_real_distribution<double> dist(lo, hi);
  for (int64_t i = 0; i < t.numel(); ++i) t.set(i, dist(gen));
}

}  // namespace d500
