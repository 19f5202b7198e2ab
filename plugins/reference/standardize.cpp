#include "standardize.h"

#include <cmath>

#include "broadcast.h"
#include "common.h"
#include "dtypes.h"

namespace d500::reference {
namespace {

// How the elements of X group: set_of[i] (0 .. sets-1) and param_of[i] (index into scale/bias).
struct Layout {
  std::vector<int64_t> set_of, param_of;
  int64_t sets = 0;
};

// Per set: count, mean, the divisor s (std) and its derivative factor.
struct Stats {
  std::vector<double> count, mean, s, factor;
};

class StandardizeBase {
 public:
  virtual ~StandardizeBase() = default;
  std::vector<TensorInfo> outputs() const {
    std::vector<TensorInfo> out{x_};
    if (stats_outputs_) out.insert(out.end(), 2, TensorInfo(x_.dtype(), stat_shape_));
    return out;
  }
  void forward(Inputs in, Outputs out) {
    check(in);
    sdk::expect_count(out.size(), stats_outputs_ ? 3 : 1, "outputs");
    dispatch(dtype_, [&](auto tag) { run_forward<decltype(tag)>(in, out); });
  }
  void backward(Inputs dys, Inputs in, Inputs, Outputs dx) {
    check(in);
    sdk::expect_count(dx.size(), in_.size(), "input gradients");
    dispatch(dtype_, [&](auto tag) { run_backward<decltype(tag)>(dys, in, dx); });
  }
  Cost cost() const {
    const double n = static_cast<double>(x_.numel());
    return {8 * n, 3 * n * static_cast<double>(real_size(dtype_))};
  }

 protected:
  // Inputs X and, when `affine`, scale and bias (optional) at 1 and 2.
  StandardizeBase(const std::vector<TensorInfo>& in, bool affine) : in_(in) {
    if (in.empty() || in.size() > (affine ? 3u : 1u))
      throw std::invalid_argument(affine ? "expects inputs X, scale and optional bias"
                                         : "expects one input X");
    x_ = in[0];
    dtype_ = real_dtype({x_});
    for (const TensorInfo& t : in)
      if (t.present() && !sdk::same_dtype(t.dtype(), x_.dtype()))
        throw std::invalid_argument("inputs differ in dtype: " + x_.str() + " and " + t.str());
  }
  bool has(size_t k) const { return k < in_.size() && in_[k].present(); }

  std::vector<TensorInfo> in_;
  TensorInfo x_;
  Real dtype_ = Real::Float32;
  Layout layout_;
  double eps_ = 1e-5;
  bool eps_outside_ = false;  // (sqrt(var) + eps) rather than sqrt(var + eps)
  bool stats_outputs_ = false;
  Shape stat_shape_;

 private:
  void check(Inputs in) const {
    sdk::expect_count(in.size(), in_.size(), "inputs");
    for (size_t k = 0; k < in_.size(); ++k)
      if (in_[k].present()) expect_shape(in[k], in_[k].shape(), "input");
  }

  template <class T>
  Stats stats(const T* x) const {
    const size_t n = static_cast<size_t>(layout_.sets);
    Stats s{std::vector<double>(n, 0.0), std::vector<double>(n, 0.0), std::vector<double>(n, 0.0),
            std::vector<double>(n, 1.0)};
    const auto& set = layout_.set_of;
    for (size_t i = 0; i < set.size(); ++i) s.count[set[i]] += 1, s.mean[set[i]] += x[i];
    for (size_t k = 0; k < n; ++k) s.mean[k] /= s.count[k];
    std::vector<double> var(n, 0.0);
    for (size_t i = 0; i < set.size(); ++i) {
      const double c = x[i] - s.mean[set[i]];
      var[set[i]] += c * c;
    }
    for (size_t k = 0; k < n; ++k) {
      var[k] /= s.count[k];
      const double sigma = std::sqrt(var[k]);
      s.s[k] = eps_outside_ ? sigma + eps_ : std::sqrt(var[k] + eps_);
      // d s / d sigma-of-the-formula: 1 with eps inside; s / sigma-ratio with eps outside.
      if (eps_outside_) s.factor[k] = sigma > 0 ? s.s[k] / sigma : 0.0;
    }
    return s;
  }

  template <class T>
  double param(Inputs in, size_t k, size_t i, double fallback) const {
    return has(k) ? static_cast<double>(in[k].as<T>()[layout_.param_of[i]]) : fallback;
  }

  template <class T>
  void run_forward(Inputs in, Outputs out) const {
    const T* x = in[0].as<T>().data();
    const Stats s = stats(x);
    T* y = out[0].as<T>().data();
    for (size_t i = 0; i < layout_.set_of.size(); ++i) {
      const int64_t k = layout_.set_of[i];
      const double xhat = (x[i] - s.mean[k]) / s.s[k];
      y[i] = static_cast<T>(xhat * param<T>(in, 1, i, 1.0) + param<T>(in, 2, i, 0.0));
    }
    if (!stats_outputs_) return;
    for (int64_t k = 0; k < layout_.sets; ++k) {
      if (out[1].defined()) out[1].as<T>()[k] = static_cast<T>(s.mean[k]);
      if (out[2].defined()) out[2].as<T>()[k] = static_cast<T>(1.0 / s.s[k]);
    }
  }

  template <class T>
  void run_backward(Inputs dys, Inputs in, Outputs dx) const {
    const T* x = in[0].as<T>().data();
    const T* dy = dys[0].defined() ? dys[0].as<T>().data() : nullptr;
    const Stats s = stats(x);
    const size_t n = static_cast<size_t>(layout_.sets), m = layout_.set_of.size();
    std::vector<double> sum_d(n, 0.0), sum_dx(n, 0.0), xhat(m), dxhat(m, 0.0);
    std::vector<double> dscale(has(1) ? static_cast<size_t>(in_[1].numel()) : 0, 0.0),
        dbias(has(2) ? static_cast<size_t>(in_[2].numel()) : 0, 0.0);
    for (size_t i = 0; i < m; ++i) {
      const int64_t k = layout_.set_of[i];
      xhat[i] = (x[i] - s.mean[k]) / s.s[k];
      const double g = dy ? static_cast<double>(dy[i]) : 0.0;
      dxhat[i] = g * param<T>(in, 1, i, 1.0);
      sum_d[k] += dxhat[i];
      sum_dx[k] += dxhat[i] * xhat[i];
      if (has(1)) dscale[layout_.param_of[i]] += g * xhat[i];
      if (has(2)) dbias[layout_.param_of[i]] += g;
    }
    if (dx[0].defined()) {
      T* g = dx[0].as<T>().data();
      for (size_t i = 0; i < m; ++i) {
        const int64_t k = layout_.set_of[i];
        double v =
            (dxhat[i] - sum_d[k] / s.count[k] - xhat[i] * s.factor[k] * sum_dx[k] / s.count[k]) /
            s.s[k];
        if (stats_outputs_) v += stats_gradient(dys, k, xhat[i], s.s[k], s.count[k]);
        g[i] = static_cast<T>(v);
      }
    }
    write(dx, 1, dscale);
    write(dx, 2, dbias);
  }

  // What Mean's and InvStdDev's gradients add at one element: dMean / m and
  // dInvStd * d(1/s)/dx = -dInvStd * xhat / (s^2 m).
  double stats_gradient(Inputs dys, int64_t k, double xhat, double s, double m) const {
    double v = 0;
    dispatch(dtype_, [&](auto tag) {
      using U = decltype(tag);
      if (dys.size() > 1 && dys[1].defined()) v += static_cast<double>(dys[1].as<U>()[k]) / m;
      if (dys.size() > 2 && dys[2].defined())
        v -= static_cast<double>(dys[2].as<U>()[k]) * xhat / (s * s * m);
    });
    return v;
  }

  void write(Outputs dx, size_t k, const std::vector<double>& g) const {
    if (k >= dx.size() || !has(k) || !dx[k].defined()) return;
    dispatch(dtype_, [&](auto tag) {
      using T = decltype(tag);
      T* out = dx[k].as<T>().data();
      for (size_t i = 0; i < g.size(); ++i) out[i] = static_cast<T>(g[i]);
    });
  }
};

class LayerNormalization : public StandardizeBase, public sdk::Operator<LayerNormalization> {
 public:
  LayerNormalization(const Attributes& attrs, const std::vector<TensorInfo>& in)
      : StandardizeBase(in, true) {
    attrs.expect_only({"axis", "epsilon", "stash_type"});
    if (in.size() < 2) throw std::invalid_argument("expects inputs X, Scale and optional B");
    eps_ = attrs.get_float("epsilon", 1e-5);
    stats_outputs_ = true;
    const Shape& s = x_.shape();
    const size_t axis = static_cast<size_t>(
        normalize_axis(attrs.get_int("axis", -1), static_cast<int64_t>(s.size())));
    const Shape normalized(s.begin() + static_cast<int64_t>(axis), s.end());
    const int64_t m = numel(normalized);
    std::vector<std::vector<int64_t>> offsets;
    for (size_t k = 1; k < in.size(); ++k) {
      if (!in[k].present()) continue;
      if (!broadcasts_to(in[k].shape(), normalized))
        throw std::invalid_argument("input " + std::to_string(k) + " " + in[k].str() +
                                    " does not broadcast to " + sdk::shape_string(normalized));
    }
    // Scale and B index the normalized shape; both broadcast, each with its own strides.
    if (has(2) && in[2].shape() != in[1].shape())
      throw sdk::unsupported("Scale " + in[1].str() + " and B " + in[2].str() +
                             " of different shapes are not implemented");
    const auto st = broadcast_strides(in[1].shape(), normalized);
    std::vector<int64_t> param(static_cast<size_t>(m));
    const std::vector<int64_t> none(normalized.size(), 0);
    for_each_broadcast(normalized, st, none, [&](int64_t i, int64_t p, int64_t) { param[i] = p; });
    layout_.sets = m ? x_.numel() / m : 0;
    for (int64_t i = 0; i < x_.numel(); ++i) {
      layout_.set_of.push_back(i / m);
      layout_.param_of.push_back(param[static_cast<size_t>(i % m)]);
    }
    stat_shape_ = Shape(s.begin(), s.begin() + static_cast<int64_t>(axis));
    stat_shape_.resize(s.size(), 1);
  }
};

// Sets of `per_set` consecutive elements; parameter = channel (or group) of each element.
Layout channel_layout(const Shape& s, int64_t groups, int64_t params) {
  Layout l;
  const int64_t n = s[0], c = s[1], spatial = numel(s) / std::max<int64_t>(n * c, 1);
  l.sets = n * groups;
  for (int64_t i = 0; i < numel(s); ++i) {
    const int64_t ch = (i / spatial) % c, b = i / (spatial * c);
    const int64_t g = ch / (c / groups);
    l.set_of.push_back(b * groups + g);
    l.param_of.push_back(params == c ? ch : g);
  }
  return l;
}

void expect_channels(const TensorInfo& x) {
  if (x.ndim() < 2) throw std::invalid_argument("X must be N, C, ..., got " + x.str());
}

class InstanceNormalization : public StandardizeBase, public sdk::Operator<InstanceNormalization> {
 public:
  InstanceNormalization(const Attributes& attrs, const std::vector<TensorInfo>& in)
      : StandardizeBase(in, true) {
    attrs.expect_only({"epsilon"});
    sdk::expect_count(in.size(), 3, "inputs");
    expect_channels(x_);
    eps_ = attrs.get_float("epsilon", 1e-5);
    const int64_t c = x_.shape()[1];
    for (size_t k = 1; k < 3; ++k)
      if (in[k].shape() != Shape{c})
        throw std::invalid_argument("input " + std::to_string(k) + " must be [" +
                                    std::to_string(c) + "], got " + in[k].str());
    layout_ = channel_layout(x_.shape(), c, c);
  }
};

class GroupNormalization : public StandardizeBase, public sdk::Operator<GroupNormalization> {
 public:
  GroupNormalization(const Attributes& attrs, const std::vector<TensorInfo>& in)
      : StandardizeBase(in, true) {
    attrs.expect_only({"epsilon", "num_groups", "stash_type"});
    sdk::expect_count(in.size(), 3, "inputs");
    expect_channels(x_);
    eps_ = attrs.get_float("epsilon", 1e-5);
    const int64_t g = attrs.get_int("num_groups"), c = x_.shape()[1];
    if (g < 1 || c % g != 0)
      throw std::invalid_argument("num_groups " + std::to_string(g) + " does not divide the " +
                                  std::to_string(c) + " channels");
    const int64_t p = in[1].numel();
    if ((p != c && p != g) || in[1].shape() != in[2].shape() || in[1].ndim() != 1)
      throw std::invalid_argument("scale and bias must both be [C] or [num_groups], got " +
                                  in[1].str() + " and " + in[2].str());
    layout_ = channel_layout(x_.shape(), g, p);
  }
};

class MeanVarianceNormalization : public StandardizeBase,
                                  public sdk::Operator<MeanVarianceNormalization> {
 public:
  MeanVarianceNormalization(const Attributes& attrs, const std::vector<TensorInfo>& in)
      : StandardizeBase(in, false) {
    attrs.expect_only({"axes"});
    eps_ = 1e-9;
    eps_outside_ = true;
    const Shape& s = x_.shape();
    const int64_t rank = static_cast<int64_t>(s.size());
    std::vector<bool> reduced(s.size(), false);
    for (int64_t a : attrs.get_ints("axes", {0, 2, 3}))
      reduced[normalize_axis(a, rank, "axes entry")] = true;
    Shape kept;
    for (size_t d = 0; d < s.size(); ++d) kept.push_back(reduced[d] ? 1 : s[d]);
    const std::vector<int64_t> none(s.size(), 0);
    layout_.sets = numel(kept);
    layout_.set_of.resize(static_cast<size_t>(x_.numel()));
    layout_.param_of.assign(layout_.set_of.size(), 0);
    for_each_broadcast(s, broadcast_strides(kept, s), none,
                       [&](int64_t i, int64_t k, int64_t) { layout_.set_of[i] = k; });
  }
};

}  // namespace

void add_standardize_ops(std::vector<d500_operator>& ops) {
  ops.push_back(LayerNormalization::define(
      {"LayerNormalization", "", "default",
       "ONNX LayerNormalization with Mean and InvStdDev outputs, float32/float64"}));
  ops.push_back(InstanceNormalization::define(
      {"InstanceNormalization", "", "default", "ONNX InstanceNormalization, float32/float64"}));
  ops.push_back(
      GroupNormalization::define({"GroupNormalization", "", "default",
                                  "ONNX GroupNormalization; scale/bias per channel or per group"}));
  ops.push_back(MeanVarianceNormalization::define(
      {"MeanVarianceNormalization", "", "default",
       "ONNX MeanVarianceNormalization, (x - mean) / (std + 1e-9) as its function body"}));
}

}  // namespace d500::reference
