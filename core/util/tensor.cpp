#include "d500/tensor.h"

#include <unistd.h>

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <random>
#include <sstream>

#include "d500/plugin.h"

namespace d500 {

namespace {
constexpr size_t kAlignment = 64;
}

std::string_view dtype_name(DType t) {
  switch (t) {
    case DType::Float32:
      return "float32";
    case DType::Float64:
      return "float64";
    case DType::Int64:
      return "int64";
    case DType::Int32:
      return "int32";
    case DType::UInt8:
      return "uint8";
    case DType::Bool:
      return "bool";
    case DType::Int8:
      return "int8";
    case DType::Float16:
      return "float16";
    case DType::BFloat16:
      return "bfloat16";
    case DType::Invalid:
      break;
  }
  return "invalid";
}

DType dtype_from_name(std::string_view name) {
  for (DType t : {DType::Float32, DType::Float64, DType::Int64, DType::Int32, DType::UInt8,
                  DType::Bool, DType::Int8, DType::Float16, DType::BFloat16})
    if (dtype_name(t) == name) return t;
  return DType::Invalid;
}

size_t dtype_size(DType t) {
  switch (t) {
    case DType::Float32:
      return 4;
    case DType::Float64:
      return 8;
    case DType::Int64:
      return 8;
    case DType::Int32:
      return 4;
    case DType::UInt8:
      return 1;
    case DType::Bool:
      return 1;
    case DType::Int8:
      return 1;
    case DType::Float16:
      return 2;
    case DType::BFloat16:
      return 2;
    case DType::Invalid:
      break;
  }
  return 0;
}

DLDataType to_dlpack(DType t) {
  switch (t) {
    case DType::Float32:
      return {kDLFloat, 32, 1};
    case DType::Float64:
      return {kDLFloat, 64, 1};
    case DType::Int64:
      return {kDLInt, 64, 1};
    case DType::Int32:
      return {kDLInt, 32, 1};
    case DType::UInt8:
      return {kDLUInt, 8, 1};
    case DType::Bool:
      return {D500_DLPACK_BOOL_CODE, 8, 1};
    case DType::Int8:
      return {kDLInt, 8, 1};
    case DType::Float16:
      return {kDLFloat, 16, 1};
    case DType::BFloat16:
      return {kDLBfloat, 16, 1};
    case DType::Invalid:
      break;
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
  if (t.code == kDLInt && t.bits == 8) return DType::Int8;
  if (t.code == kDLFloat && t.bits == 16) return DType::Float16;
  if (t.code == kDLBfloat && t.bits == 16) return DType::BFloat16;
  return DType::Invalid;
}

float half_to_float(uint16_t h) {
  const uint32_t sign = static_cast<uint32_t>(h & 0x8000u) << 16;
  const uint32_t exp = (h >> 10) & 0x1fu, mant = h & 0x3ffu;
  uint32_t bits;
  if (exp == 0x1f) {
    bits = sign | 0x7f800000u | (mant << 13);  // inf, NaN (payload kept)
  } else if (exp != 0) {
    bits = sign | ((exp + 112) << 23) | (mant << 13);
  } else if (mant == 0) {
    bits = sign;  // signed zero
  } else {        // subnormal: normalise
    uint32_t e = 113, m = mant;
    while (!(m & 0x400u)) m <<= 1, --e;
    bits = sign | (e << 23) | ((m & 0x3ffu) << 13);
  }
  float f;
  std::memcpy(&f, &bits, 4);
  return f;
}

uint16_t float_to_half(float f) {
  uint32_t x;
  std::memcpy(&x, &f, 4);
  const uint16_t sign = static_cast<uint16_t>((x >> 16) & 0x8000u);
  const uint32_t abs = x & 0x7fffffffu;
  if (abs > 0x7f800000u) return sign | 0x7e00u;   // NaN
  if (abs >= 0x477ff000u) return sign | 0x7c00u;  // rounds to >= 65520: inf
  if (abs < 0x38800000u) {                        // below the smallest normal half
    if (abs < 0x33000000u) return sign;           // rounds to zero
    const uint32_t e = abs >> 23, m = (abs & 0x7fffffu) | 0x800000u;
    const uint32_t shift = 126 - e;  // 14..24
    uint32_t r = m >> shift;
    const uint32_t rest = m & ((1u << shift) - 1), half = 1u << (shift - 1);
    if (rest > half || (rest == half && (r & 1u))) ++r;
    return sign | static_cast<uint16_t>(r);
  }
  uint32_t r = abs - 0x38000000u;  // rebias the exponent (127 -> 15)
  r += 0xfffu + ((r >> 13) & 1u);  // round to nearest even on the dropped 13 bits
  return sign | static_cast<uint16_t>(r >> 13);
}

float bfloat16_to_float(uint16_t b) {
  const uint32_t bits = static_cast<uint32_t>(b) << 16;
  float f;
  std::memcpy(&f, &bits, 4);
  return f;
}

uint16_t float_to_bfloat16(float f) {
  uint32_t x;
  std::memcpy(&x, &f, 4);
  if ((x & 0x7fffffffu) > 0x7f800000u) return static_cast<uint16_t>((x >> 16) | 0x40u);  // NaN
  x += 0x7fffu + ((x >> 16) & 1u);
  return static_cast<uint16_t>(x >> 16);
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

void Tensor::Free::operator()(void* p) const {
  std::free(p);
}

Tensor::Tensor(DType dtype, Shape shape) : dtype_(dtype), shape_(std::move(shape)) {
  for (int64_t d : shape_)
    if (d < 0) throw D500Error("negative dimension in shape " + shape_to_string(shape_));
  if (dtype_ == DType::Invalid) throw D500Error("tensor of invalid dtype");
  size_t bytes = checked_nbytes(shape_, dtype_);
  // Refused before allocating: with overcommit a huge block "succeeds" and the zero-fill then
  // gets the process killed.
  if (bytes > max_tensor_bytes())
    throw D500Error("tensor " + shape_to_string(shape_) + " of " + std::string(dtype_name(dtype_)) +
                    " needs " + std::to_string(bytes) +
                    " bytes, more than this machine's memory (" +
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
    case DType::Float32:
      return data_as<float>()[i];
    case DType::Float64:
      return data_as<double>()[i];
    case DType::Int64:
      return static_cast<double>(data_as<int64_t>()[i]);
    case DType::Int32:
      return data_as<int32_t>()[i];
    case DType::UInt8:
      return data_as<uint8_t>()[i];
    case DType::Bool:
      return data_as<uint8_t>()[i] ? 1.0 : 0.0;
    case DType::Int8:
      return data_as<int8_t>()[i];
    case DType::Float16:
      return half_to_float(data_as<uint16_t>()[i]);
    case DType::BFloat16:
      return bfloat16_to_float(data_as<uint16_t>()[i]);
    case DType::Invalid:
      break;
  }
  D500_ASSERT(false && "Tensor::at on invalid dtype");
}

void Tensor::set(int64_t i, double v) {
  switch (dtype_) {
    case DType::Float32:
      data_as<float>()[i] = static_cast<float>(v);
      return;
    case DType::Float64:
      data_as<double>()[i] = v;
      return;
    case DType::Int64:
      data_as<int64_t>()[i] = static_cast<int64_t>(v);
      return;
    case DType::Int32:
      data_as<int32_t>()[i] = static_cast<int32_t>(v);
      return;
    case DType::UInt8:
      data_as<uint8_t>()[i] = static_cast<uint8_t>(v);
      return;
    case DType::Bool:
      data_as<uint8_t>()[i] = v != 0.0;
      return;
    case DType::Int8:
      data_as<int8_t>()[i] = static_cast<int8_t>(v);
      return;
    case DType::Float16:
      data_as<uint16_t>()[i] = float_to_half(static_cast<float>(v));
      return;
    case DType::BFloat16:
      data_as<uint16_t>()[i] = float_to_bfloat16(static_cast<float>(v));
      return;
    case DType::Invalid:
      break;
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
