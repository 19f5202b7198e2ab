// Shared by the reference operators: dtype dispatch and shape checks.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>
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
