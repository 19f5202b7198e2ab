// The numeric comparison of conformance tests, kept apart so it can be tested on its own.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>

#include "d500/operators/conformance.h"

namespace d500::operators {

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

// Per-element errors of floating-point tensors, as numpy.testing.assert_allclose judges them.
template <class T>
void compare_float(const T* a, const T* e, int64_t n, const Tolerance& tol, Comparison& c) {
  for (int64_t i = 0; i < n; ++i) {
    const double av = a[i], ev = e[i];
    double abs_err, rel_err;
    bool ok;
    if (std::isnan(av) || std::isnan(ev)) {
      ok = std::isnan(av) && std::isnan(ev);
      abs_err = rel_err = ok ? 0 : kInf;
    } else if (std::isinf(av) || std::isinf(ev)) {
      // atol + rtol * inf would admit any finite value; numpy requires the same infinity.
      ok = av == ev;
      abs_err = rel_err = ok ? 0 : kInf;
    } else {
      abs_err = std::fabs(av - ev);
      rel_err = ev != 0 ? abs_err / std::fabs(ev) : (abs_err == 0 ? 0 : kInf);
      ok = abs_err <= tol.atol + tol.rtol * std::fabs(ev);
    }
    c.max_abs_error = std::max(c.max_abs_error, abs_err);
    c.max_rel_error = std::max(c.max_rel_error, rel_err);
    if (!ok && c.n_bad++ == 0) {
      c.first_bad = i;
      c.first_bad_actual = av;
      c.first_bad_expected = ev;
    }
  }
}

// Integers and bools: exact. Compared in their own type (int64 beyond 2^53 would round as double).
template <class T>
void compare_exact(const T* a, const T* e, int64_t n, Comparison& c) {
  for (int64_t i = 0; i < n; ++i) {
    if (a[i] == e[i]) continue;
    const double av = static_cast<double>(a[i]), ev = static_cast<double>(e[i]);
    const double abs_err = std::fabs(av - ev);
    c.max_abs_error = std::max(c.max_abs_error, abs_err);
    c.max_rel_error = std::max(c.max_rel_error, ev != 0 ? abs_err / std::fabs(ev) : kInf);
    if (c.n_bad++ == 0) {
      c.first_bad = i;
      c.first_bad_actual = av;
      c.first_bad_expected = ev;
    }
  }
}

// A 16-bit float tensor's elements as floats (exact: every half and bfloat16 is a float).
std::vector<float> widened(const Tensor& t) {
  std::vector<float> out(static_cast<size_t>(t.numel()));
  for (int64_t i = 0; i < t.numel(); ++i) out[static_cast<size_t>(i)] = static_cast<float>(t.at(i));
  return out;
}

std::string format_index(const Shape& shape, int64_t flat) {
  if (shape.empty()) return "[]";
  std::vector<int64_t> idx(shape.size());
  for (size_t k = shape.size(); k-- > 0;) {
    idx[k] = shape[k] ? flat % shape[k] : 0;
    flat = shape[k] ? flat / shape[k] : 0;
  }
  return shape_to_string(idx);
}

std::string g(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.7g", v);
  return buf;
}

}  // namespace

Comparison compare_allclose(const Tensor& actual, const Tensor& expected, const Tolerance& tol) {
  Comparison c;
  if (actual.dtype() != expected.dtype()) {
    c.max_abs_error = c.max_rel_error = kInf;
    c.message = "dtype " + std::string(dtype_name(actual.dtype())) + ", expected " +
                std::string(dtype_name(expected.dtype()));
    return c;
  }
  if (actual.shape() != expected.shape()) {
    c.max_abs_error = c.max_rel_error = kInf;
    c.message = "shape " + shape_to_string(actual.shape()) + ", expected " +
                shape_to_string(expected.shape());
    return c;
  }
  const int64_t n = expected.numel();
  switch (expected.dtype()) {
    case DType::Float32:
      compare_float(actual.data_as<float>(), expected.data_as<float>(), n, tol, c);
      break;
    case DType::Float64:
      compare_float(actual.data_as<double>(), expected.data_as<double>(), n, tol, c);
      break;
    case DType::Int64:
      compare_exact(actual.data_as<int64_t>(), expected.data_as<int64_t>(), n, c);
      break;
    case DType::Int32:
      compare_exact(actual.data_as<int32_t>(), expected.data_as<int32_t>(), n, c);
      break;
    case DType::UInt8:
    case DType::Bool:
      compare_exact(actual.data_as<uint8_t>(), expected.data_as<uint8_t>(), n, c);
      break;
    case DType::Int8:
      compare_exact(actual.data_as<int8_t>(), expected.data_as<int8_t>(), n, c);
      break;
    case DType::Float16:
    case DType::BFloat16:
      compare_float(widened(actual).data(), widened(expected).data(), n, tol, c);
      break;
    case DType::Invalid:
      c.message = "tensors of invalid dtype";
      return c;
  }
  c.passed = c.n_bad == 0;
  if (!c.passed) {
    bool exact = expected.dtype() != DType::Float32 && expected.dtype() != DType::Float64;
    c.message = std::to_string(c.n_bad) + " of " + std::to_string(n) + " elements differ" +
                (exact ? " (exact match required)" : "") + "; max abs err " + g(c.max_abs_error) +
                ", max rel err " + g(c.max_rel_error) + "; first at " +
                format_index(expected.shape(), c.first_bad) + " (index " +
                std::to_string(c.first_bad) + "): got " + g(c.first_bad_actual) + ", expected " +
                g(c.first_bad_expected);
  }
  return c;
}

}  // namespace d500::operators
