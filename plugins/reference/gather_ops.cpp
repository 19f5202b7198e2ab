// Gather, GatherElements, GatherND and OneHot as index maps (map_op.h) that follow their indices
// at run time: only shapes are fixed at create(), and OneHot's depth, which sets one.
#include "dtypes.h"
#include "map_op.h"

namespace d500::reference {
namespace {

void expect_indices(const TensorInfo& t) {
  if (!t.is<int64_t>() && !t.is<int32_t>())
    throw std::invalid_argument("indices must be int64 or int32, got " + t.str());
}

// An index into a dimension of n, negative counting from the end; throws when outside.
int64_t checked_index(int64_t v, int64_t n) {
  if (v < -n || v >= n)
    throw std::invalid_argument("index " + std::to_string(v) + " is outside [" +
                                std::to_string(-n) + ", " + std::to_string(n - 1) + "]");
  return v < 0 ? v + n : v;
}

int64_t prod(const Shape& s, size_t from, size_t to) {
  int64_t p = 1;
  for (size_t d = from; d < to; ++d) p *= s[d];
  return p;
}

class Gather : public MapOperator, public sdk::Operator<Gather> {
 public:
  Gather(const Attributes& attrs, const std::vector<TensorInfo>& in) : MapOperator(in) {
    attrs.expect_only({"axis"});
    sdk::expect_count(in.size(), 2, "inputs");
    expect_indices(in[1]);
    const Shape& s = in[0].shape();
    if (s.empty()) throw std::invalid_argument("data must have rank 1 or more");
    axis_ = static_cast<size_t>(
        normalize_axis(attrs.get_int("axis", 0), static_cast<int64_t>(s.size())));
    Shape y(s.begin(), s.begin() + static_cast<int64_t>(axis_));
    y.insert(y.end(), in[1].shape().begin(), in[1].shape().end());
    y.insert(y.end(), s.begin() + static_cast<int64_t>(axis_) + 1, s.end());
    maps_.push_back({TensorInfo(in[0].dtype(), y), {}});
    dynamic_ = true;
  }

 protected:
  void remap(Inputs in) override {
    const std::vector<int64_t> idx = int_values(in[1], "indices");
    const Shape& s = inputs_[0].shape();
    const int64_t outer = prod(s, 0, axis_), n = s[axis_], inner = prod(s, axis_ + 1, s.size());
    const int64_t p = static_cast<int64_t>(idx.size());
    std::vector<int64_t>& from = maps_[0].from;
    from.assign(static_cast<size_t>(outer * p * inner), 0);
    for (int64_t k = 0; k < p; ++k) {
      const int64_t v = checked_index(idx[static_cast<size_t>(k)], n);
      for (int64_t o = 0; o < outer; ++o)
        for (int64_t r = 0; r < inner; ++r)
          from[static_cast<size_t>((o * p + k) * inner + r)] = (o * n + v) * inner + r;
    }
  }

 private:
  size_t axis_ = 0;
};

class GatherElements : public MapOperator, public sdk::Operator<GatherElements> {
 public:
  GatherElements(const Attributes& attrs, const std::vector<TensorInfo>& in) : MapOperator(in) {
    attrs.expect_only({"axis"});
    sdk::expect_count(in.size(), 2, "inputs");
    expect_indices(in[1]);
    if (in[1].ndim() != in[0].ndim())
      throw std::invalid_argument("indices " + in[1].str() + " and data " + in[0].str() +
                                  " differ in rank");
    axis_ = static_cast<size_t>(
        normalize_axis(attrs.get_int("axis", 0), static_cast<int64_t>(in[0].ndim())));
    maps_.push_back({TensorInfo(in[0].dtype(), in[1].shape()), {}});
    dynamic_ = true;
  }

 protected:
  void remap(Inputs in) override {
    const std::vector<int64_t> idx = int_values(in[1], "indices");
    const Shape& s = inputs_[0].shape();
    const auto st = strides_of(s);
    std::vector<int64_t>& from = maps_[0].from;
    from.assign(idx.size(), 0);
    for_each_index(inputs_[1].shape(), [&](int64_t i, const int64_t* o) {
      int64_t f = 0;
      for (size_t d = 0; d < s.size(); ++d)
        f += (d == axis_ ? checked_index(idx[static_cast<size_t>(i)], s[d]) : o[d]) * st[d];
      from[static_cast<size_t>(i)] = f;
    });
  }

 private:
  size_t axis_ = 0;
};

class GatherND : public MapOperator, public sdk::Operator<GatherND> {
 public:
  GatherND(const Attributes& attrs, const std::vector<TensorInfo>& in) : MapOperator(in) {
    attrs.expect_only({"batch_dims"});
    sdk::expect_count(in.size(), 2, "inputs");
    if (!in[1].is<int64_t>())
      throw std::invalid_argument("indices must be int64, got " + in[1].str());
    const Shape& s = in[0].shape();
    const Shape& q = in[1].shape();
    const int64_t b = attrs.get_int("batch_dims", 0);
    if (q.empty() || b < 0 || b >= static_cast<int64_t>(std::min(s.size(), q.size())))
      throw std::invalid_argument("batch_dims " + std::to_string(b) + " does not fit data " +
                                  in[0].str() + " and indices " + in[1].str());
    b_ = static_cast<size_t>(b);
    m_ = static_cast<size_t>(q.back());
    if (b_ + m_ > s.size())
      throw std::invalid_argument("indices' last dimension " + std::to_string(m_) +
                                  " exceeds the data's rank past batch_dims");
    for (size_t d = 0; d < b_; ++d)
      if (s[d] != q[d]) throw std::invalid_argument("data and indices differ in a batch dimension");
    Shape y(q.begin(), q.end() - 1);
    y.insert(y.end(), s.begin() + static_cast<int64_t>(b_ + m_), s.end());
    maps_.push_back({TensorInfo(in[0].dtype(), y), {}});
    dynamic_ = true;
  }

 protected:
  void remap(Inputs in) override {
    const std::vector<int64_t> idx = int_values(in[1], "indices");
    const Shape& s = inputs_[0].shape();
    const Shape& q = inputs_[1].shape();
    const int64_t batches = prod(s, 0, b_), per_batch = prod(q, b_, q.size() - 1);
    const int64_t block = prod(s, b_, b_ + m_), inner = prod(s, b_ + m_, s.size());
    std::vector<int64_t>& from = maps_[0].from;
    from.assign(static_cast<size_t>(batches * per_batch * inner), 0);
    for (int64_t bi = 0; bi < batches; ++bi)
      for (int64_t g = 0; g < per_batch; ++g) {
        int64_t lin = 0;
        const size_t at = static_cast<size_t>((bi * per_batch + g) * static_cast<int64_t>(m_));
        for (size_t k = 0; k < m_; ++k)
          lin = lin * s[b_ + k] + checked_index(idx[at + k], s[b_ + k]);
        for (int64_t r = 0; r < inner; ++r)
          from[static_cast<size_t>((bi * per_batch + g) * inner + r)] =
              (bi * block + lin) * inner + r;
      }
  }

 private:
  size_t b_ = 0, m_ = 0;
};

// OneHot(indices, depth, values): each output element is values[1] (on) or values[0] (off), so
// the map reads from input 2 and its gradient goes to values.
class OneHot : public MapOperator, public sdk::Operator<OneHot> {
 public:
  OneHot(const Attributes& attrs, const std::vector<TensorInfo>& in, const sdk::Constants& c)
      : MapOperator(in, 2) {
    attrs.expect_only({"axis"});
    sdk::expect_count(in.size(), 3, "inputs");
    expect_types(in[0], kNumbers, "indices");
    need_constant(c, 1, "depth");
    const std::vector<double> depth = c.reals(1, "depth");
    if (depth.size() != 1 || depth[0] < 1)
      throw std::invalid_argument("depth must be one positive number");
    depth_ = static_cast<int64_t>(depth[0]);
    if (in[2].numel() != 2)
      throw std::invalid_argument("values must hold [off, on], got " + in[2].str());
    const int64_t r = static_cast<int64_t>(in[0].ndim());
    axis_ = static_cast<size_t>(normalize_axis(attrs.get_int("axis", -1), r + 1, "axis", true));
    Shape y = in[0].shape();
    y.insert(y.begin() + static_cast<int64_t>(axis_), depth_);
    maps_.push_back({TensorInfo(in[2].dtype(), y), {}});
    dynamic_ = true;
  }

 protected:
  void remap(Inputs in) override {
    std::vector<int64_t> idx;
    dispatch_any(in[0].dtype(), [&](auto tag) {
      using T = decltype(tag);
      for (T v : in[0].as<T>()) idx.push_back(static_cast<int64_t>(v));
    });
    const Shape& s = inputs_[0].shape();
    const int64_t outer = prod(s, 0, axis_), inner = prod(s, axis_, s.size());
    std::vector<int64_t>& from = maps_[0].from;
    from.assign(static_cast<size_t>(outer * depth_ * inner), 0);
    for (int64_t o = 0; o < outer; ++o)
      for (int64_t r = 0; r < inner; ++r) {
        int64_t v = idx[static_cast<size_t>(o * inner + r)];
        if (v < 0) v += depth_;  // outside [-depth, depth - 1]: all off
        if (v >= 0 && v < depth_) from[static_cast<size_t>((o * depth_ + v) * inner + r)] = 1;
      }
  }

 private:
  int64_t depth_ = 0;
  size_t axis_ = 0;
};

}  // namespace

void add_gather_ops(std::vector<d500_operator>& ops) {
  ops.push_back(Gather::define({"Gather", "", "default", "ONNX Gather, any dtype"}));
  ops.push_back(
      GatherElements::define({"GatherElements", "", "default", "ONNX GatherElements, any dtype"}));
  ops.push_back(
      GatherND::define({"GatherND", "", "default", "ONNX GatherND with batch_dims, any dtype"}));
  ops.push_back(
      OneHot::define({"OneHot", "", "default", "ONNX OneHot; constant depth; gradient to values"}));
}

}  // namespace d500::reference
