// ReverseSequence, MaxUnpool and Unique (reorder_ops.h).
#include "reorder_ops.h"

#include <algorithm>
#include <cstring>
#include <map>

#include "d500/sdk/owned.h"
#include "dtypes.h"
#include "quant_common.h"
#include "spatial_common.h"

namespace d500::reference {
namespace {

constexpr uint32_t kRuntime = D500_OP_DETERMINISTIC | D500_OP_RUNTIME_SHAPES;

const unsigned char* bytes_in(const sdk::InTensor& t) {
  return static_cast<const unsigned char*>(t.dl().data) + t.dl().byte_offset;
}

// Elements of any whole-byte dtype; the first len[b] steps along time_axis of each batch entry
// reversed, the rest copied.
class ReverseSequence : public sdk::Operator<ReverseSequence> {
 public:
  ReverseSequence(const Attributes& attrs, const std::vector<TensorInfo>& in) {
    attrs.expect_only({"batch_axis", "time_axis"});
    sdk::expect_count(in.size(), 2, "inputs");
    x_ = in[0];
    size_ = element_size(x_.dtype());
    batch_ = attrs.get_int("batch_axis", 1), time_ = attrs.get_int("time_axis", 0);
    if (x_.ndim() < 2 || (batch_ != 0 && batch_ != 1) || (time_ != 0 && time_ != 1) ||
        batch_ == time_)
      throw std::invalid_argument(
          "batch_axis and time_axis must be 0 and 1 (either way round) of a "
          "rank >= 2 input, got " +
          std::to_string(batch_) + ", " + std::to_string(time_) + " for " + x_.str());
    expect_types(in[1], kInts, "sequence_lens");
    if (in[1].shape() != Shape{x_.dim(static_cast<int>(batch_))})
      throw std::invalid_argument("sequence_lens " + in[1].str() +
                                  " must have one entry per batch entry");
  }
  std::vector<TensorInfo> outputs() const { return {x_}; }
  void forward(Inputs in, Outputs out) const {
    expect_shape(in[0], x_.shape(), "input");
    const std::vector<int64_t> lens = int_values(in[1], "sequence_lens");
    const Shape& s = x_.shape();
    const int64_t inner = numel(s) / (s[0] * s[1]) * static_cast<int64_t>(size_);
    const int64_t T = s[static_cast<size_t>(time_)];
    const unsigned char* x = bytes_in(in[0]);
    auto* y = static_cast<unsigned char*>(out[0].dl().data) + out[0].dl().byte_offset;
    for (int64_t b = 0; b < s[static_cast<size_t>(batch_)]; ++b) {
      const int64_t len = lens[static_cast<size_t>(b)];
      if (len < 0 || len > T)
        throw std::invalid_argument("sequence_lens[" + std::to_string(b) +
                                    "] = " + std::to_string(len) + " is outside [0, " +
                                    std::to_string(T) + "]");
      for (int64_t t = 0; t < T; ++t) {
        const int64_t from = t < len ? len - 1 - t : t;
        std::memcpy(y + at(b, t) * inner, x + at(b, from) * inner, static_cast<size_t>(inner));
      }
    }
  }

 private:
  int64_t at(int64_t b, int64_t t) const {
    return batch_ == 0 ? b * x_.dim(1) + t : t * x_.dim(1) + b;
  }
  TensorInfo x_;
  size_t size_ = 4;
  int64_t batch_ = 1, time_ = 0;
};

// MaxUnpool: zeros with X scattered to the flat indices I of the default unpooled shape; with an
// output_shape (given at run time) each lands at the same coordinates there, as ONNX's reference
// places them.
class MaxUnpool : public sdk::Operator<MaxUnpool> {
 public:
  MaxUnpool(const Attributes& attrs, const std::vector<TensorInfo>& in) {
    attrs.expect_only({"kernel_shape", "pads", "strides"});
    if (in.size() < 2 || in.size() > 3)
      throw std::invalid_argument("MaxUnpool takes X, I, output_shape");
    x_ = in[0];
    dtype_ = real_dtype({x_});
    if (x_.ndim() < 3 || in[1].shape() != x_.shape() || !in[1].is<int64_t>())
      throw std::invalid_argument("X must be [N, C, D1, ...] and I int64 of its shape");
    const size_t n = x_.ndim() - 2;
    const Shape k = axis_ints(attrs, "kernel_shape", n, 1, 1),
                st = axis_ints(attrs, "strides", n, 1, 1);
    if (!attrs.has("kernel_shape")) throw std::invalid_argument("kernel_shape is required");
    const Pads p = pads_of(attrs, n, AutoPad::NotSet);
    y_ = {x_.dim(0), x_.dim(1)};
    for (size_t d = 0; d < n; ++d)
      y_.push_back((x_.shape()[d + 2] - 1) * st[d] + k[d] - p.begin[d] - p.end[d]);
    if (in.size() == 3 && in[2].present()) {
      if (in[2].shape() != Shape{static_cast<int64_t>(x_.ndim())})
        throw std::invalid_argument("output_shape must hold one entry per dimension of X");
      runtime_ = true;
    }
  }
  std::vector<TensorInfo> outputs() const {
    return {real_info(dtype_, runtime_ ? Shape(x_.ndim(), -1) : y_)};
  }
  void forward_owned(Inputs in, d500_owned_tensor* out, size_t) const {
    expect_shape(in[0], x_.shape(), "X");
    Shape y = y_;
    if (runtime_ && in.size() > 2 && in[2].defined()) y = int_values(in[2], "output_shape");
    if (y.size() != y_.size()) throw std::invalid_argument("output_shape has the wrong rank");
    const std::vector<double> x = to_doubles(in[0]);
    const auto idx = in[1].as<int64_t>();
    std::vector<double> v(static_cast<size_t>(numel(y)), 0.0);
    for (size_t i = 0; i < x.size(); ++i) {
      int64_t j = idx[static_cast<int64_t>(i)], k = 0, scale = 1;
      if (j < 0 || j >= numel(y_))
        throw std::invalid_argument("I holds " + std::to_string(j) + ", outside the unpooled " +
                                    std::to_string(numel(y_)) + " elements");
      for (size_t d = y_.size(); d-- > 0; j /= y_[d]) {  // coordinates in y_, placed in y
        if (j % y_[d] >= y[d])
          throw std::invalid_argument("output_shape is smaller than the unpooled shape");
        k += (j % y_[d]) * scale;
        scale *= y[d];
      }
      v[static_cast<size_t>(k)] = x[i];
    }
    void* p = sdk::make_owned(out[0], dl_dtype(dtype_), y);
    dispatch(dtype_, [&](auto tag) {
      using T = decltype(tag);
      for (size_t i = 0; i < v.size(); ++i) static_cast<T*>(p)[i] = static_cast<T>(v[i]);
    });
  }

 private:
  TensorInfo x_;
  Real dtype_ = Real::Float32;
  Shape y_;  // the default unpooled shape
  bool runtime_ = false;
};

// Unique: the distinct elements (or slices along axis), first indices, inverse indices, counts.
class Unique : public sdk::Operator<Unique> {
 public:
  Unique(const Attributes& attrs, const std::vector<TensorInfo>& in) {
    attrs.expect_only({"axis", "sorted"});
    sdk::expect_count(in.size(), 1, "inputs");
    x_ = in[0];
    dispatch_any(x_.dtype(), [](auto) {});
    sorted_ = attrs.get_int("sorted", 1) != 0;
    if (attrs.has("axis"))
      axis_ = normalize_axis(attrs.get_int("axis"), static_cast<int64_t>(x_.ndim()));
  }
  std::vector<TensorInfo> outputs() const {
    Shape y = axis_ < 0 ? Shape{-1} : x_.shape();
    if (axis_ >= 0) y[static_cast<size_t>(axis_)] = -1;
    const DLDataType i64 = sdk::dtype_of<int64_t>();
    return {TensorInfo(x_.dtype(), y), TensorInfo(i64, {-1}), TensorInfo(i64, {-1}),
            TensorInfo(i64, {-1})};
  }
  void forward_owned(Inputs in, d500_owned_tensor* out, size_t n) const {
    sdk::expect_count(n, 4, "outputs");
    expect_shape(in[0], x_.shape(), "X");
    dispatch_any(x_.dtype(), [&](auto tag) { run<decltype(tag)>(in[0], out); });
  }

 private:
  template <class T>
  void run(const sdk::InTensor& xt, d500_owned_tensor* out) const {
    const T* x = xt.as<T>().data();
    const Shape& s = x_.shape();
    const size_t a = axis_ < 0 ? 0 : static_cast<size_t>(axis_);
    const int64_t total = numel(s), n = axis_ < 0 ? total : s[a];
    int64_t inner = 1;
    for (size_t d = a + 1; axis_ >= 0 && d < s.size(); ++d) inner *= s[d];
    const int64_t outer = n ? total / (n * inner) : 0;
    auto slice = [&](int64_t i) {  // slice i along the axis, as a vector
      std::vector<T> v;
      for (int64_t o = 0; o < outer; ++o)
        for (int64_t r = 0; r < inner; ++r) v.push_back(x[(o * n + i) * inner + r]);
      return v;
    };
    std::map<std::vector<T>, int64_t> first;  // slice -> first index (ordered: sorted output)
    std::vector<int64_t> order;               // first indices in order of appearance
    for (int64_t i = 0; i < n; ++i)
      if (first.emplace(slice(i), i).second) order.push_back(i);
    std::vector<int64_t> picks;
    if (sorted_)
      for (auto& [v, i] : first) picks.push_back(i);
    else
      picks = order;
    std::map<int64_t, int64_t> rank;  // first index -> output position
    for (size_t k = 0; k < picks.size(); ++k) rank[picks[k]] = static_cast<int64_t>(k);
    const int64_t k = static_cast<int64_t>(picks.size());
    std::vector<int64_t> inverse(static_cast<size_t>(n)), counts(static_cast<size_t>(k), 0);
    for (int64_t i = 0; i < n; ++i) {
      inverse[static_cast<size_t>(i)] = rank[first.at(slice(i))];
      ++counts[static_cast<size_t>(inverse[static_cast<size_t>(i)])];
    }
    Shape ys = axis_ < 0 ? Shape{k} : s;
    if (axis_ >= 0) ys[a] = k;
    T* y = static_cast<T*>(sdk::make_owned(out[0], x_.dtype(), ys));
    for (int64_t j = 0; j < k; ++j) {
      const std::vector<T> v = slice(picks[static_cast<size_t>(j)]);
      for (int64_t o = 0; o < outer; ++o)
        for (int64_t r = 0; r < inner; ++r)
          y[(o * k + j) * inner + r] = v[static_cast<size_t>(o * inner + r)];
    }
    write_ints(out[1], picks);
    write_ints(out[2], inverse);
    write_ints(out[3], counts);
  }
  static void write_ints(d500_owned_tensor& out, const std::vector<int64_t>& v) {
    auto* p = static_cast<int64_t*>(
        sdk::make_owned(out, sdk::dtype_of<int64_t>(), {static_cast<int64_t>(v.size())}));
    std::copy(v.begin(), v.end(), p);
  }
  TensorInfo x_;
  int64_t axis_ = -1;
  bool sorted_ = true;
};

}  // namespace

void add_reorder_ops(std::vector<d500_operator>& ops) {
  ops.push_back(ReverseSequence::define(
      {"ReverseSequence", "", "default", "ONNX ReverseSequence, any whole-byte dtype"}));
  ops.push_back(MaxUnpool::define(
      {"MaxUnpool", "", "default", "ONNX MaxUnpool; output_shape at run time", kDLCPU, kRuntime}));
  ops.push_back(
      Unique::define({"Unique", "", "default", "ONNX Unique, sorted or in order of appearance",
                      kDLCPU, kRuntime}));
}

}  // namespace d500::reference
