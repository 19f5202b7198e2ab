// LRN and LpNormalization (local_norm.h), float32/float64, computed in double.
#include "local_norm.h"

#include <cmath>

#include "common.h"

namespace d500::reference {
namespace {

// The tensor as [outer, n, inner] around one axis.
struct Lanes {
  int64_t outer = 1, n = 1, inner = 1;
  int64_t at(int64_t o, int64_t k, int64_t r) const { return (o * n + k) * inner + r; }
};

Lanes lanes(const Shape& s, size_t axis) {
  Lanes l;
  for (size_t d = 0; d < s.size(); ++d) (d < axis ? l.outer : d == axis ? l.n : l.inner) *= s[d];
  return l;
}

// Shared checks and the loop over lanes; Derived supplies lane_forward/lane_backward on one
// lane (n values at stride `inner`).
template <class Derived>
class LaneOp {
 public:
  std::vector<TensorInfo> outputs() const { return {x_}; }
  void forward(Inputs in, Outputs out) {
    sdk::expect_count(in.size(), 1, "inputs");
    expect_shape(in[0], x_.shape(), "X");
    expect_shape(out[0], x_.shape(), "Y");
    dispatch(dtype_, [&](auto tag) {
      using T = decltype(tag);
      each<T>(in[0].as<T>().data(), nullptr, out[0].as<T>().data());
    });
  }
  void backward(Inputs dys, Inputs in, Inputs, Outputs dx) {
    expect_shape(in[0], x_.shape(), "X");
    if (!dx[0].defined()) return;
    dispatch(dtype_, [&](auto tag) {
      using T = decltype(tag);
      each(in[0].as<T>().data(), dys[0].as<T>().data(), dx[0].as<T>().data());
    });
  }
  Cost cost() const {
    return {4.0 * static_cast<double>(x_.numel()),
            2.0 * static_cast<double>(x_.numel()) * static_cast<double>(real_size(dtype_))};
  }

 protected:
  LaneOp(const std::vector<TensorInfo>& in) {
    sdk::expect_count(in.size(), 1, "inputs");
    x_ = in[0];
    dtype_ = real_dtype(in);
  }
  TensorInfo x_;
  Real dtype_ = Real::Float32;
  Lanes lanes_;

 private:
  // Forward when dy is null (out = Y), else backward (out = dX).
  template <class T>
  void each(const T* x, const T* dy, T* out) const {
    std::vector<double> xs(static_cast<size_t>(lanes_.n)), gs(xs.size()), res(xs.size());
    for (int64_t o = 0; o < lanes_.outer; ++o)
      for (int64_t r = 0; r < lanes_.inner; ++r) {
        for (int64_t k = 0; k < lanes_.n; ++k) {
          xs[k] = x[lanes_.at(o, k, r)];
          gs[k] = dy ? static_cast<double>(dy[lanes_.at(o, k, r)]) : 0.0;
        }
        const Derived& self = static_cast<const Derived&>(*this);
        dy ? self.lane_backward(xs, gs, res) : self.lane_forward(xs, res);
        for (int64_t k = 0; k < lanes_.n; ++k) out[lanes_.at(o, k, r)] = static_cast<T>(res[k]);
      }
  }
};

using Lane = std::vector<double>;

class LRN : public LaneOp<LRN>, public sdk::Operator<LRN> {
 public:
  LRN(const Attributes& attrs, const std::vector<TensorInfo>& in) : LaneOp<LRN>(in) {
    attrs.expect_only({"alpha", "beta", "bias", "size"});
    if (x_.ndim() < 2) throw std::invalid_argument("X must be N, C, ..., got " + x_.str());
    size_ = attrs.get_int("size");
    if (size_ < 1) throw std::invalid_argument("size must be positive");
    alpha_ = attrs.get_float("alpha", 1e-4);
    beta_ = attrs.get_float("beta", 0.75);
    bias_ = attrs.get_float("bias", 1.0);
    lanes_ = lanes(x_.shape(), 1);
  }
  // d_c = bias + alpha / size * sum of x^2 over the window of c; y_c = x_c d_c^-beta.
  void lane_forward(const Lane& x, Lane& y) const {
    const Lane d = denominators(x);
    for (size_t c = 0; c < x.size(); ++c) y[c] = x[c] * std::pow(d[c], -beta_);
  }
  void lane_backward(const Lane& x, const Lane& dy, Lane& dx) const {
    const Lane d = denominators(x);
    Lane t(x.size());  // dy_c x_c (-beta) d_c^(-beta-1) alpha / size
    for (size_t c = 0; c < x.size(); ++c) {
      dx[c] = dy[c] * std::pow(d[c], -beta_);
      t[c] =
          dy[c] * x[c] * -beta_ * std::pow(d[c], -beta_ - 1) * alpha_ / static_cast<double>(size_);
    }
    for (size_t c = 0; c < x.size(); ++c)  // x_i is in the windows of c in [i - hi, i + lo]
      window(c, [&](size_t j) { dx[j] += t[c] * 2 * x[j]; });
  }

 private:
  template <class F>
  void window(size_t c, F&& f) const {
    const int64_t lo = (size_ - 1) / 2, hi = size_ - 1 - lo, n = lanes_.n;
    const int64_t cc = static_cast<int64_t>(c);
    for (int64_t j = std::max<int64_t>(0, cc - lo); j <= std::min<int64_t>(n - 1, cc + hi); ++j)
      f(static_cast<size_t>(j));
  }
  Lane denominators(const Lane& x) const {
    Lane d(x.size());
    for (size_t c = 0; c < x.size(); ++c) {
      double s = 0;
      window(c, [&](size_t j) { s += x[j] * x[j]; });
      d[c] = bias_ + alpha_ / static_cast<double>(size_) * s;
    }
    return d;
  }
  int64_t size_ = 1;
  double alpha_ = 1e-4, beta_ = 0.75, bias_ = 1.0;
};

class LpNormalization : public LaneOp<LpNormalization>, public sdk::Operator<LpNormalization> {
 public:
  LpNormalization(const Attributes& attrs, const std::vector<TensorInfo>& in)
      : LaneOp<LpNormalization>(in) {
    attrs.expect_only({"axis", "p"});
    p_ = attrs.get_int("p", 2);
    if (p_ != 1 && p_ != 2)
      throw std::invalid_argument("p must be 1 or 2, got " + std::to_string(p_));
    lanes_ = lanes(x_.shape(), static_cast<size_t>(normalize_axis(
                                   attrs.get_int("axis", -1), static_cast<int64_t>(x_.ndim()))));
  }
  // y = x / ||x||_p (0 / 0 = NaN, as ONNX's reference).
  void lane_forward(const Lane& x, Lane& y) const {
    const double n = norm(x);
    for (size_t c = 0; c < x.size(); ++c) y[c] = x[c] / n;
  }
  // dx = dy / n - dn/dx * sum(dy x) / n^2, dn/dx = x / n (p = 2) or sign(x) (p = 1).
  void lane_backward(const Lane& x, const Lane& dy, Lane& dx) const {
    const double n = norm(x);
    double s = 0;
    for (size_t c = 0; c < x.size(); ++c) s += dy[c] * x[c];
    for (size_t c = 0; c < x.size(); ++c) {
      const double dn = p_ == 2 ? x[c] / n : (x[c] > 0 ? 1.0 : x[c] < 0 ? -1.0 : 0.0);
      dx[c] = dy[c] / n - dn * s / (n * n);
    }
  }

 private:
  double norm(const Lane& x) const {
    double s = 0;
    for (double v : x) s += p_ == 2 ? v * v : std::fabs(v);
    return p_ == 2 ? std::sqrt(s) : s;
  }
  int64_t p_ = 2;
};

}  // namespace

void add_local_norm_ops(std::vector<d500_operator>& ops) {
  ops.push_back(LRN::define({"LRN", "", "default", "ONNX LRN across channels, float32/float64"}));
  ops.push_back(LpNormalization::define(
      {"LpNormalization", "", "default", "ONNX LpNormalization, p 1 or 2, float32/float64"}));
}

}  // namespace d500::reference
