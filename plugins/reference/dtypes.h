// Every dtype d500 tensors hold but the 16-bit floats (float32, float64, int64, int32, uint8, int8,
// bool), for the reference operators that take more than float32/float64: comparison and logic,
// indexing, Cast.
#pragma once

#include <vector>

#include "common.h"

namespace d500::reference {

// Which dtypes an operator takes, as a mask.
enum TypeSet : unsigned { kReals = 1, kInts = 2, kBools = 4, kNumbers = 3, kAllTypes = 7 };

inline bool is_real(DLDataType t) {
  return sdk::same_dtype(t, sdk::dtype_of<float>()) || sdk::same_dtype(t, sdk::dtype_of<double>());
}

// Calls f(T{}) with T = float, double, int64_t, int32_t, uint8_t, int8_t or bool, the element
// type of t.
template <class F>
void dispatch_any(DLDataType t, F&& f) {
  using sdk::dtype_of;
  using sdk::same_dtype;
  if (same_dtype(t, dtype_of<float>())) return f(float{});
  if (same_dtype(t, dtype_of<double>())) return f(double{});
  if (same_dtype(t, dtype_of<int64_t>())) return f(int64_t{});
  if (same_dtype(t, dtype_of<int32_t>())) return f(int32_t{});
  if (same_dtype(t, dtype_of<uint8_t>())) return f(uint8_t{});
  if (same_dtype(t, dtype_of<int8_t>())) return f(int8_t{});
  if (same_dtype(t, dtype_of<bool>())) return f(bool{});
  throw sdk::unsupported("dtype " + sdk::dtype_name(t) + " is not implemented");
}

// The TypeSet bit of t (0 for a dtype d500 does not hold).
inline unsigned type_bit(DLDataType t) {
  if (is_real(t)) return kReals;
  if (sdk::same_dtype(t, sdk::dtype_of<bool>())) return kBools;
  unsigned bit = 0;
  dispatch_any(t, [&](auto) { bit = kInts; });
  return bit;
}

// Throws sdk::unsupported naming the dtype and what the operator takes unless t is in `allowed`.
inline void expect_types(const TensorInfo& t, unsigned allowed, const char* what) {
  if (type_bit(t.dtype()) & allowed) return;
  std::string list;
  if (allowed & kReals) list += "float32, float64";
  if (allowed & kInts) list += std::string(list.empty() ? "" : ", ") + "int64, int32, uint8, int8";
  if (allowed & kBools) list += std::string(list.empty() ? "" : ", ") + "bool";
  throw sdk::unsupported(std::string(what) + " of dtype " + sdk::dtype_name(t.dtype()) +
                         " is not implemented (this operator takes " + list + ")");
}

// The values of an integer tensor (int64 or int32) received at run time.
inline std::vector<int64_t> int_values(const sdk::InTensor& t, const char* what) {
  std::vector<int64_t> out;
  if (t.is<int64_t>())
    for (int64_t v : t.as<int64_t>()) out.push_back(v);
  else if (t.is<int32_t>())
    for (int32_t v : t.as<int32_t>()) out.push_back(v);
  else
    throw std::invalid_argument(std::string(what) + " must be int64 or int32, got " +
                                sdk::dtype_name(t.dtype()));
  return out;
}

// Row-major strides of a shape, in elements.
inline std::vector<int64_t> strides_of(const Shape& s) {
  std::vector<int64_t> st(s.size(), 1);
  for (size_t d = s.size(); d-- > 1;) st[d - 1] = st[d] * s[d];
  return st;
}

// Throws sdk::unsupported saying that input `name` must be a constant, because this
// implementation fixes output shapes at create() (ABI 1.2).
inline void need_constant(const sdk::Constants& c, size_t i, const char* name) {
  if (!c.has(i))
    throw sdk::unsupported(std::string("input ") + std::to_string(i) + " (" + name +
                           ") must be a constant (an initializer): it determines the output "
                           "shape, which this implementation fixes when the instance is created");
}

}  // namespace d500::reference
