// Operators along one axis, with the tensor seen as [outer, n, inner]: ArgMax, ArgMin, TopK,
// CumSum and Hardmax.
#include "select.h"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <type_traits>

#include "dtypes.h"

namespace d500::reference {
namespace {

// [outer, n, inner] around `axis` of `s`.
struct AxisView {
  int64_t outer = 1, n = 1, inner = 1;
  AxisView() = default;
  AxisView(const Shape& s, size_t axis) {
    for (size_t d = 0; d < s.size(); ++d) (d < axis ? outer : d == axis ? n : inner) *= s[d];
  }
  int64_t at(int64_t o, int64_t k, int64_t r) const { return (o * n + k) * inner + r; }
};

template <class T>
bool is_nan(T v) {
  if constexpr (std::is_floating_point_v<T>) return std::isnan(v);
  return false;
}

// v beats the current best for ArgMax (Max) or ArgMin; NaN beats everything, as in numpy.
template <bool Max, class T>
bool beats(T v, T best, bool last) {
  if (is_nan(best)) return false;
  if (is_nan(v)) return true;
  return Max ? (v > best || (last && v == best)) : (v < best || (last && v == best));
}

template <bool Max>
class ArgExtremum : public sdk::Operator<ArgExtremum<Max>> {
 public:
  ArgExtremum(const Attributes& attrs, const std::vector<TensorInfo>& in) {
    attrs.expect_only({"axis", "keepdims", "select_last_index"});
    sdk::expect_count(in.size(), 1, "inputs");
    expect_types(in[0], kNumbers, Max ? "ArgMax" : "ArgMin");
    x_ = in[0];
    const int64_t rank = static_cast<int64_t>(x_.ndim());
    const size_t axis = static_cast<size_t>(normalize_axis(attrs.get_int("axis", 0), rank));
    last_ = attrs.get_flag("select_last_index", false);
    view_ = AxisView(x_.shape(), axis);
    y_ = x_.shape();
    if (attrs.get_flag("keepdims", true))
      y_[axis] = 1;
    else
      y_.erase(y_.begin() + static_cast<int64_t>(axis));
    if (view_.n == 0) throw std::invalid_argument("cannot take the extremum of an empty axis");
  }
  std::vector<TensorInfo> outputs() const { return {TensorInfo(sdk::dtype_of<int64_t>(), y_)}; }
  void forward(Inputs in, Outputs out) {
    sdk::expect_count(in.size(), 1, "inputs");
    expect_shape(in[0], x_.shape(), "input");
    expect_shape(out[0], y_, "output");
    int64_t* y = out[0].as<int64_t>().data();
    dispatch_any(x_.dtype(), [&](auto tag) {
      using T = decltype(tag);
      const T* x = in[0].as<T>().data();
      for (int64_t o = 0; o < view_.outer; ++o)
        for (int64_t r = 0; r < view_.inner; ++r) {
          int64_t best = 0;
          for (int64_t k = 1; k < view_.n; ++k)
            if (beats<Max>(x[view_.at(o, k, r)], x[view_.at(o, best, r)], last_)) best = k;
          y[o * view_.inner + r] = best;
        }
    });
  }

 private:
  TensorInfo x_;
  Shape y_;
  AxisView view_;
  bool last_ = false;
};

class TopK : public sdk::Operator<TopK> {
 public:
  TopK(const Attributes& attrs, const std::vector<TensorInfo>& in, const sdk::Constants& c) {
    attrs.expect_only({"axis", "largest", "sorted", "k"});
    x_ = in.at(0);
    expect_types(x_, kNumbers, "TopK");
    int64_t k = 0;
    if (opset_of(attrs) < 10) {
      k = attrs.get_int("k");
    } else {
      sdk::expect_count(in.size(), 2, "inputs");
      need_constant(c, 1, "K");
      k = c.ints(1, "K").at(0);
    }
    const size_t axis = static_cast<size_t>(
        normalize_axis(attrs.get_int("axis", -1), static_cast<int64_t>(x_.ndim())));
    largest_ = attrs.get_flag("largest", true);
    view_ = AxisView(x_.shape(), axis);
    if (k < 0 || k > view_.n)
      throw std::invalid_argument("K = " + std::to_string(k) + " is outside [0, " +
                                  std::to_string(view_.n) + "]");
    k_ = k;
    y_ = x_.shape();
    y_[axis] = k;
  }
  std::vector<TensorInfo> outputs() const {
    return {TensorInfo(x_.dtype(), y_), TensorInfo(sdk::dtype_of<int64_t>(), y_)};
  }
  void forward(Inputs in, Outputs out) {
    expect_shape(in[0], x_.shape(), "input");
    sdk::expect_count(out.size(), 2, "outputs");
    expect_shape(out[0], y_, "values");
    expect_shape(out[1], y_, "indices");
    int64_t* yi = out[1].as<int64_t>().data();
    dispatch_any(x_.dtype(), [&](auto tag) {
      using T = decltype(tag);
      const T* x = in[0].as<T>().data();
      T* yv = out[0].as<T>().data();
      for_each_row(x, [&](int64_t o, int64_t r, const std::vector<int64_t>& order) {
        for (int64_t j = 0; j < k_; ++j) {
          const int64_t at = (o * k_ + j) * view_.inner + r;
          yi[at] = order[static_cast<size_t>(j)];
          yv[at] = x[view_.at(o, order[static_cast<size_t>(j)], r)];
        }
      });
    });
  }
  void backward(Inputs dys, Inputs in, Inputs, Outputs dx) {
    expect_shape(in[0], x_.shape(), "input");
    if (dx.size() > 1) zero_gradient(dx[1]);
    if (!dx[0].defined() || !dys[0].defined()) return zero_gradient(dx[0]);
    dispatch(real_dtype({x_}), [&](auto tag) {
      using T = decltype(tag);
      const T* x = in[0].as<T>().data();
      const T* dy = dys[0].as<T>().data();
      T* g = dx[0].as<T>().data();
      std::fill(g, g + x_.numel(), T(0));
      for_each_row(x, [&](int64_t o, int64_t r, const std::vector<int64_t>& order) {
        for (int64_t j = 0; j < k_; ++j)
          g[view_.at(o, order[static_cast<size_t>(j)], r)] += dy[(o * k_ + j) * view_.inner + r];
      });
    });
  }

 private:
  // f(o, r, the indices along the axis in result order: by value, ties by lower index).
  template <class T, class F>
  void for_each_row(const T* x, F&& f) const {
    std::vector<int64_t> order(static_cast<size_t>(view_.n));
    for (int64_t o = 0; o < view_.outer; ++o)
      for (int64_t r = 0; r < view_.inner; ++r) {
        std::iota(order.begin(), order.end(), 0);
        auto value = [&](int64_t k) { return x[view_.at(o, k, r)]; };
        std::stable_sort(order.begin(), order.end(), [&](int64_t a, int64_t b) {
          return largest_ ? value(a) > value(b) : value(a) < value(b);
        });
        f(o, r, order);
      }
  }

  TensorInfo x_;
  Shape y_;
  AxisView view_;
  int64_t k_ = 0;
  bool largest_ = true;
};

class CumSum : public sdk::Operator<CumSum> {
 public:
  CumSum(const Attributes& attrs, const std::vector<TensorInfo>& in) {
    attrs.expect_only({"exclusive", "reverse"});
    sdk::expect_count(in.size(), 2, "inputs");
    x_ = in[0];
    expect_types(x_, kNumbers, "CumSum");
    if (x_.ndim() == 0) throw std::invalid_argument("input must have rank 1 or more");
    exclusive_ = attrs.get_flag("exclusive", false);
    reverse_ = attrs.get_flag("reverse", false);
  }
  std::vector<TensorInfo> outputs() const { return {x_}; }
  void forward(Inputs in, Outputs out) {
    expect_shape(in[0], x_.shape(), "input");
    expect_shape(out[0], x_.shape(), "output");
    const AxisView v = view(in[1]);
    dispatch_any(x_.dtype(), [&](auto tag) {
      using T = decltype(tag);
      scan(v, in[0].as<T>().data(), out[0].as<T>().data(), reverse_);
    });
  }
  // The gradient is the cumulative sum of dY in the other direction.
  void backward(Inputs dys, Inputs in, Inputs, Outputs dx) {
    zero_gradient(dx[1]);
    if (!dx[0].defined()) return;
    const AxisView v = view(in[1]);
    dispatch(real_dtype({x_}), [&](auto tag) {
      using T = decltype(tag);
      scan(v, dys[0].as<T>().data(), dx[0].as<T>().data(), !reverse_);
    });
  }

 private:
  AxisView view(const sdk::InTensor& axis) const {
    const std::vector<int64_t> a = int_values(axis, "axis");
    if (a.size() != 1) throw std::invalid_argument("axis must hold one value");
    return AxisView(x_.shape(),
                    static_cast<size_t>(normalize_axis(a[0], static_cast<int64_t>(x_.ndim()))));
  }
  template <class T>
  void scan(const AxisView& v, const T* x, T* y, bool reverse) const {
    using Acc = std::conditional_t<std::is_floating_point_v<T>, double, T>;
    for (int64_t o = 0; o < v.outer; ++o)
      for (int64_t r = 0; r < v.inner; ++r) {
        Acc acc = 0;
        for (int64_t j = 0; j < v.n; ++j) {
          const int64_t at = v.at(o, reverse ? v.n - 1 - j : j, r);
          if (exclusive_) y[at] = static_cast<T>(acc);
          acc = static_cast<Acc>(acc + x[at]);
          if (!exclusive_) y[at] = static_cast<T>(acc);
        }
      }
  }
  TensorInfo x_;
  bool exclusive_ = false, reverse_ = false;
};

class Hardmax : public sdk::Operator<Hardmax> {
 public:
  Hardmax(const Attributes& attrs, const std::vector<TensorInfo>& in) {
    attrs.expect_only({"axis"});
    sdk::expect_count(in.size(), 1, "inputs");
    x_ = in[0];
    real_dtype({x_});
    const int64_t rank = static_cast<int64_t>(x_.ndim());
    const bool coerce = opset_of(attrs) < 13;
    const size_t axis = static_cast<size_t>(
        normalize_axis(attrs.get_int("axis", coerce ? 1 : -1), rank, "axis", coerce));
    if (coerce) {  // [prod(shape[:axis]), prod(shape[axis:])], along the second
      view_.outer = 1;
      for (size_t d = 0; d < axis; ++d) view_.outer *= x_.shape()[d];
      view_.n = x_.numel() / std::max<int64_t>(view_.outer, 1);
    } else {
      view_ = AxisView(x_.shape(), axis);
    }
  }
  std::vector<TensorInfo> outputs() const { return {x_}; }
  void forward(Inputs in, Outputs out) {
    expect_shape(in[0], x_.shape(), "input");
    expect_shape(out[0], x_.shape(), "output");
    dispatch(real_dtype({x_}), [&](auto tag) {
      using T = decltype(tag);
      const T* x = in[0].as<T>().data();
      T* y = out[0].as<T>().data();
      std::fill(y, y + x_.numel(), T(0));
      for (int64_t o = 0; o < view_.outer; ++o)
        for (int64_t r = 0; r < view_.inner && view_.n > 0; ++r) {
          int64_t best = 0;
          for (int64_t k = 1; k < view_.n; ++k)
            if (beats<true>(x[view_.at(o, k, r)], x[view_.at(o, best, r)], false)) best = k;
          y[view_.at(o, best, r)] = 1;
        }
    });
  }

 private:
  TensorInfo x_;
  AxisView view_;
};

}  // namespace

void add_select_ops(std::vector<d500_operator>& ops) {
  ops.push_back(ArgExtremum<true>::define(
      {"ArgMax", "", "default", "ONNX ArgMax, numbers, select_last_index; NaN counts as largest"}));
  ops.push_back(ArgExtremum<false>::define(
      {"ArgMin", "", "default",
       "ONNX ArgMin, numbers, select_last_index; NaN counts as smallest"}));
  ops.push_back(TopK::define(
      {"TopK", "", "default", "ONNX TopK; constant K; ties by lower index; gradient to X"}));
  ops.push_back(CumSum::define({"CumSum", "", "default", "ONNX CumSum, exclusive, reverse"}));
  ops.push_back(Hardmax::define(
      {"Hardmax", "", "default", "ONNX Hardmax, first maximum; opset < 13 coerces to 2-D"}));
}

}  // namespace d500::reference
