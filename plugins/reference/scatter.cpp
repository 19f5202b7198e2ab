// ScatterElements (and the older Scatter) and ScatterND: the output is data with the updates
// written at the indices (or combined: reduction add, mul, max, min). The targets follow the
// indices at run time. Gradients (float32/float64, reduction none or add): dData is dY where no
// update replaced the element; each update gets dY at its target (with reduction none only the
// last update to a target, the one that stays).
#include <algorithm>

#include "dtypes.h"
#include "map_op.h"

namespace d500::reference {
namespace {

enum class Combine { None, Add, Mul, Max, Min };

Combine combine_of(const Attributes& attrs) {
  const std::string r = attrs.get_string("reduction", "none");
  if (r == "none") return Combine::None;
  if (r == "add") return Combine::Add;
  if (r == "mul") return Combine::Mul;
  if (r == "max") return Combine::Max;
  if (r == "min") return Combine::Min;
  throw std::invalid_argument("reduction '" + r + "' is not one of none, add, mul, max, min");
}

template <class T>
T combine(Combine c, T a, T b) {
  switch (c) {
    case Combine::None:
      return b;
    case Combine::Add:
      return static_cast<T>(a + b);
    case Combine::Mul:
      return static_cast<T>(a * b);
    case Combine::Max:
      return std::max(a, b);
    case Combine::Min:
      return std::min(a, b);
  }
  return b;
}

int64_t wrap_index(int64_t v, int64_t n) {
  if (v < -n || v >= n)
    throw std::invalid_argument("index " + std::to_string(v) + " is outside [" +
                                std::to_string(-n) + ", " + std::to_string(n - 1) + "]");
  return v < 0 ? v + n : v;
}

class ScatterBase {
 public:
  virtual ~ScatterBase() = default;
  std::vector<TensorInfo> outputs() const { return {in_[0]}; }

  void forward(Inputs in, Outputs out) {
    check(in);
    sdk::expect_count(out.size(), 1, "outputs");
    expect_shape(out[0], in_[0].shape(), "output");
    const std::vector<int64_t> to = targets(in);
    dispatch_any(in_[0].dtype(), [&](auto tag) {
      using T = decltype(tag);
      const T* x = in[0].as<T>().data();
      const T* u = in[2].as<T>().data();
      T* y = out[0].as<T>().data();
      std::copy(x, x + in_[0].numel(), y);
      for (size_t j = 0; j < to.size(); ++j) y[to[j]] = combine(combine_, y[to[j]], u[j]);
    });
  }

  void backward(Inputs dys, Inputs in, Inputs, Outputs dx) {
    check(in);
    sdk::expect_count(dx.size(), 3, "input gradients");
    zero_gradient(dx[1]);
    if (combine_ != Combine::None && combine_ != Combine::Add)
      throw sdk::unsupported("no gradient for reduction mul, max or min");
    const std::vector<int64_t> to = targets(in);
    std::vector<int64_t> last(static_cast<size_t>(in_[0].numel()), -1);
    for (size_t j = 0; j < to.size(); ++j) last[to[j]] = static_cast<int64_t>(j);
    dispatch(real_dtype({in_[0]}), [&](auto tag) {
      using T = decltype(tag);
      const T* dy = dys[0].as<T>().data();
      if (dx[0].defined()) {
        T* g = dx[0].as<T>().data();
        for (size_t i = 0; i < last.size(); ++i)
          g[i] = combine_ == Combine::None && last[i] >= 0 ? T(0) : dy[i];
      }
      if (dx[2].defined()) {
        T* g = dx[2].as<T>().data();
        for (size_t j = 0; j < to.size(); ++j)
          g[j] =
              combine_ == Combine::Add || last[to[j]] == static_cast<int64_t>(j) ? dy[to[j]] : T(0);
      }
    });
  }

  Cost cost() const {
    return {static_cast<double>(in_[2].numel()),
            static_cast<double>(2 * in_[0].numel() + in_[2].numel()) *
                static_cast<double>(element_size(in_[0].dtype()))};
  }

 protected:
  ScatterBase(const Attributes& attrs, const std::vector<TensorInfo>& in) : in_(in) {
    sdk::expect_count(in.size(), 3, "inputs");
    if (!in[1].is<int64_t>() && !in[1].is<int32_t>())
      throw std::invalid_argument("indices must be int64 or int32, got " + in[1].str());
    if (!sdk::same_dtype(in[0].dtype(), in[2].dtype()))
      throw std::invalid_argument("data " + in[0].str() + " and updates " + in[2].str() +
                                  " differ in dtype");
    dispatch_any(in[0].dtype(), [](auto) {});
    combine_ = combine_of(attrs);
  }
  // The output element each update goes to.
  virtual std::vector<int64_t> targets(Inputs in) const = 0;

  std::vector<TensorInfo> in_;
  Combine combine_ = Combine::None;

 private:
  void check(Inputs in) const {
    sdk::expect_count(in.size(), 3, "inputs");
    for (size_t k = 0; k < 3; ++k) expect_shape(in[k], in_[k].shape(), "input");
  }
};

class ScatterElements : public ScatterBase, public sdk::Operator<ScatterElements> {
 public:
  ScatterElements(const Attributes& attrs, const std::vector<TensorInfo>& in)
      : ScatterBase(attrs, in) {
    attrs.expect_only({"axis", "reduction"});
    if (in[1].shape() != in[2].shape() || in[1].ndim() != in[0].ndim())
      throw std::invalid_argument("indices " + in[1].str() + " and updates " + in[2].str() +
                                  " must have one shape, of data's rank");
    axis_ = static_cast<size_t>(
        normalize_axis(attrs.get_int("axis", 0), static_cast<int64_t>(in[0].ndim())));
  }

 protected:
  std::vector<int64_t> targets(Inputs in) const override {
    const std::vector<int64_t> idx = int_values(in[1], "indices");
    const Shape& s = in_[0].shape();
    const auto st = strides_of(s);
    std::vector<int64_t> to(idx.size());
    for_each_index(in_[1].shape(), [&](int64_t j, const int64_t* o) {
      int64_t f = 0;
      for (size_t d = 0; d < s.size(); ++d)
        f += (d == axis_ ? wrap_index(idx[static_cast<size_t>(j)], s[d]) : o[d]) * st[d];
      to[static_cast<size_t>(j)] = f;
    });
    return to;
  }

 private:
  size_t axis_ = 0;
};

class ScatterND : public ScatterBase, public sdk::Operator<ScatterND> {
 public:
  ScatterND(const Attributes& attrs, const std::vector<TensorInfo>& in) : ScatterBase(attrs, in) {
    attrs.expect_only({"reduction"});
    const Shape& s = in[0].shape();
    const Shape& q = in[1].shape();
    if (q.empty() || q.back() > static_cast<int64_t>(s.size()))
      throw std::invalid_argument("indices " + in[1].str() + " do not fit data " + in[0].str());
    m_ = static_cast<size_t>(q.back());
    Shape u(q.begin(), q.end() - 1);
    u.insert(u.end(), s.begin() + static_cast<int64_t>(m_), s.end());
    if (u != in[2].shape())
      throw std::invalid_argument("updates " + in[2].str() + " must have shape " +
                                  sdk::shape_string(u));
  }

 protected:
  std::vector<int64_t> targets(Inputs in) const override {
    const std::vector<int64_t> idx = int_values(in[1], "indices");
    const Shape& s = in_[0].shape();
    int64_t inner = 1;
    for (size_t d = m_; d < s.size(); ++d) inner *= s[d];
    const size_t groups = m_ ? idx.size() / m_ : 1;
    std::vector<int64_t> to;
    to.reserve(groups * static_cast<size_t>(inner));
    for (size_t g = 0; g < groups; ++g) {
      int64_t lin = 0;
      for (size_t k = 0; k < m_; ++k) lin = lin * s[k] + wrap_index(idx[g * m_ + k], s[k]);
      for (int64_t r = 0; r < inner; ++r) to.push_back(lin * inner + r);
    }
    return to;
  }

 private:
  size_t m_ = 0;
};

}  // namespace

void add_scatter_ops(std::vector<d500_operator>& ops) {
  ops.push_back(
      ScatterElements::define({"ScatterElements", "", "default",
                               "ONNX ScatterElements, any dtype, reduction none/add/mul/max/min"}));
  ops.push_back(ScatterElements::define(
      {"Scatter", "", "default", "ONNX Scatter (deprecated; ScatterElements without reduction)"}));
  ops.push_back(ScatterND::define(
      {"ScatterND", "", "default", "ONNX ScatterND, any dtype, reduction none/add/mul/max/min"}));
}

}  // namespace d500::reference
