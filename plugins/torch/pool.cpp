// ONNX MaxPool, AveragePool and GlobalAveragePool through ATen's pooling kernels.
//
// 1-D pools run as 2-D ones over [N, C, 1, L]. LibTorch pads symmetrically and by at most half
// the kernel; any other geometry (asymmetric pads, SAME_*, ceil_mode windows LibTorch would
// count differently) runs on an instance-owned copy of X padded exactly as far as the ONNX
// windows reach, with padding 0 in the kernel.
#include "common.h"
#include "node_kernel.h"
#include "registry.h"

namespace d500::torch_plugin {

// Geometry of one pooling instance, in ONNX shapes and in the shapes ATen's kernel sees.
struct PoolPlan {
  at::ScalarType type;
  Shape x, y, spatial;
  size_t rank = 0;
  size_t first = 2;  // first spatial dimension of the tensors the kernel sees
  Window win;
  bool ceil = false;
  bool native = true;
  Shape k, s, p, d;        // kernel parameters as the 2-D or 3-D kernel takes them
  Shape tx, ty;            // X (or the padded copy) and Y as the kernel sees them
  Shape padded, copy_len;  // ONNX-rank padded copy, and how much of X it holds per dimension

  PoolPlan(const Attributes& a, const std::vector<TensorInfo>& in, bool dilations)
      : type(real_type(in)) {
    sdk::expect_count(in.size(), 1, "inputs");
    x = in[0].shape();
    if (x.size() < 3 || x.size() > 5)
      throw std::invalid_argument("X " + sdk::shape_string(x) + " must be [N, C, d1..dk], k 1..3");
    rank = x.size() - 2;
    first = rank == 1 ? 3 : 2;
    spatial.assign(x.begin() + 2, x.end());
    win = read_window(a, spatial, read_kernel(a, rank, nullptr), dilations);
    ceil = a.get_flag("ceil_mode", false);
    const Shape out = window_output(win, spatial, ceil);
    y = {x[0], x[1]};
    y.insert(y.end(), out.begin(), out.end());
    native = win.symmetric();
    for (size_t i = 0; native && i < rank; ++i)
      native = win.pad_begin[i] <= win.kernel[i] / 2 &&
               torch_pooled_size(spatial[i], win.kernel[i], win.pad_begin[i], win.stride[i],
                                 win.dilation[i], ceil) == out[i];
    padded = {x[0], x[1]};
    for (size_t i = 0; i < rank; ++i) {
      const int64_t len = (out[i] - 1) * win.stride[i] + win.extent(i);
      padded.push_back(len);
      copy_len.push_back(std::min(spatial[i], len - win.pad_begin[i]));
      if (copy_len.back() < 1) throw std::invalid_argument("no pooling window reaches the input");
    }
    k = lift(win.kernel, 1);
    s = lift(win.stride, 1);
    d = lift(win.dilation, 1);
    p = native ? lift(win.pad_begin, 0) : lift(Shape(rank, 0), 0);
    tx = lift_shape(native ? x : padded);
    ty = lift_shape(y);
  }
  bool is3d() const { return rank == 3; }
  Shape lift(const Shape& v, int64_t fill) const {
    Shape out = v;
    if (rank == 1) out.insert(out.begin(), fill);
    return out;
  }
  Shape lift_shape(const Shape& v) const {
    Shape out = v;
    if (rank == 1) out.insert(out.begin() + 2, 1);
    return out;
  }
  Cost cost(double flops_per_output) const {
    Cost c;
    c.flops =
        flops_per_output * static_cast<double>(numel(win.kernel)) * static_cast<double>(numel(y));
    c.bytes = static_cast<double>(type_size(type) * static_cast<size_t>(numel(x) + numel(y)));
    return c;
  }
};

// The padded copy of X for the general path: the border is filled once with `border`.
class PaddedCopy {
 public:
  const at::Tensor& fill(const PoolPlan& plan, const at::Tensor& x, double border) {
    if (!buf_.defined() || buf_.device() != x.device()) {
      buf_ = at::full(plan.tx, border, x.options());
      interior_ = region(buf_, plan.first, plan.win.pad_begin, plan.copy_len);
      source_ = Shape(plan.rank, 0);
    }
    interior_.copy_(region(x, plan.first, source_, plan.copy_len));
    return buf_;
  }
  // dX from the gradient with respect to the padded copy.
  static void crop(const PoolPlan& plan, at::Tensor& dx, const at::Tensor& dpadded) {
    if (plan.copy_len != plan.spatial) dx.zero_();
    region(dx, plan.first, Shape(plan.rank, 0), plan.copy_len)
        .copy_(region(dpadded, plan.first, plan.win.pad_begin, plan.copy_len));
  }

 private:
  at::Tensor buf_, interior_;
  Shape source_;
};

// MaxPool with the optional Indices output (int64, ONNX's flattened convention: the offset of the
// maximum in the whole input, row-major, or its plane column-major with storage_order=1).
class MaxPool {
 public:
  MaxPool(const Setup&, const Attributes& a, const std::vector<TensorInfo>& in, const Constants&)
      : plan_(a, in, true) {
    a.expect_only(
        {"auto_pad", "ceil_mode", "dilations", "kernel_shape", "pads", "storage_order", "strides"});
    storage_order_ = a.get_int("storage_order", 0);
    if (storage_order_ != 0 && storage_order_ != 1)
      throw std::invalid_argument("storage_order must be 0 or 1");
    const auto t = plan_.type;
    const Shape ty = plan_.lift_shape(plan_.y), tx = plan_.lift_shape(plan_.x);
    x_ = Slot("X", t, plan_.x, tx), dx_ = Slot("dX", t, plan_.x, tx);
    y_ = Slot("Y", t, plan_.y, ty), dy_ = Slot("dY", t, plan_.y, ty);
    indices_ = Slot("Indices", at::kLong, plan_.y, ty);
  }

  std::vector<TensorInfo> outputs() const {
    return {info(plan_.type, plan_.y), info(at::kLong, plan_.y)};
  }

  void forward(Inputs in, Outputs out) {
    at::Tensor& y = y_(out[0]);
    const bool want_indices = wanted(out, 1);
    at::Tensor& ind = want_indices ? indices_(out[1]) : scratch(ind_buf_, plan_.ty, y, at::kLong);
    pool(y, ind, source(x_(in[0])));
    if (want_indices) to_onnx(ind);
  }

  void backward(Inputs go, Inputs in, Inputs out, Outputs gi) {
    if (!wanted(gi, 0)) return;
    const at::Tensor& dy = dy_(go[0]);
    const at::Tensor& src = source(x_(in[0]));
    at::Tensor& ind = scratch(ind_buf_, plan_.ty, dy, at::kLong);
    if (plan_.native && storage_order_ == 0 && out.size() > 1 && out[1].dl().data) {
      at::sub_out(ind, indices_(out[1]), plane_offsets(dy));  // back to per-plane indices
    } else {                                                  // recompute the forward's indices
      pool(scratch(y_buf_, plan_.ty, dy), ind, src);
    }
    at::Tensor& dx = dx_(gi[0]);
    at::Tensor& target = plan_.native ? dx : scratch(dpad_, plan_.tx, dy);
    if (plan_.is3d())
      at::max_pool3d_with_indices_backward_out(target, dy, src, plan_.k, plan_.s, plan_.p, plan_.d,
                                               plan_.native && plan_.ceil, ind);
    else
      at::max_pool2d_with_indices_backward_out(target, dy, src, plan_.k, plan_.s, plan_.p, plan_.d,
                                               plan_.native && plan_.ceil, ind);
    if (!plan_.native) PaddedCopy::crop(plan_, dx, target);
  }

  Cost cost() const { return plan_.cost(1.0); }

 private:
  const at::Tensor& source(const at::Tensor& x) {
    return plan_.native ? x : padded_.fill(plan_, x, -std::numeric_limits<double>::infinity());
  }
  void pool(at::Tensor& y, at::Tensor& ind, const at::Tensor& src) {
    const bool ceil = plan_.native && plan_.ceil;
    if (plan_.is3d())
      at::max_pool3d_with_indices_out(y, ind, src, plan_.k, plan_.s, plan_.p, plan_.d, ceil);
    else
      at::max_pool2d_with_indices_out(y, ind, src, plan_.k, plan_.s, plan_.p, plan_.d, ceil);
  }
  // (n * C + c) * prod(spatial), broadcast over Y's positions.
  const at::Tensor& plane_offsets(const at::Tensor& like) {
    if (!offsets_.defined() || offsets_.device() != like.device()) {
      Shape shape(plan_.ty.size(), 1);
      shape[0] = plan_.x[0];
      shape[1] = plan_.x[1];
      offsets_ = at::arange(plan_.x[0] * plan_.x[1], like.options().dtype(at::kLong))
                     .mul_(numel(plan_.spatial))
                     .view(shape);
    }
    return offsets_;
  }
  // ATen's per-plane indices (into X's plane, or the padded copy's) to ONNX's.
  void to_onnx(at::Tensor& ind) {
    if (plan_.native && storage_order_ == 0) {
      ind.add_(plane_offsets(ind));
      return;
    }
    at::Tensor rest = ind.clone(), flat = at::zeros_like(ind);
    const Shape& plane =
        plan_.native ? plan_.spatial : Shape(plan_.padded.begin() + 2, plan_.padded.end());
    for (size_t i = plan_.rank; i-- > 0;) {
      at::Tensor coord = rest.remainder(plane[i]);
      rest = rest.div(plane[i], "floor");
      if (!plan_.native) coord.sub_(plan_.win.pad_begin[i]);
      int64_t stride = 1;  // of dimension i in X's plane, row- or column-major
      for (size_t j = 0; j < plan_.rank; ++j)
        if (storage_order_ == 0 ? j > i : j < i) stride *= plan_.spatial[j];
      flat.add_(coord, stride);
    }
    ind.copy_(flat).add_(plane_offsets(ind));
  }

  PoolPlan plan_;
  int64_t storage_order_ = 0;
  Slot x_, dx_, y_, dy_, indices_;
  PaddedCopy padded_;
  at::Tensor ind_buf_, y_buf_, dpad_, offsets_;
};

// AveragePool. count_include_pad counts the declared padding in the divisor, but never the part
// of a ceil_mode window that hangs past it (LibTorch's rule and ONNX's reference). dilations
// other than 1 are not offered: ATen's average pooling has none.
class AveragePool {
 public:
  AveragePool(const Setup&, const Attributes& a, const std::vector<TensorInfo>& in,
              const Constants&)
      : plan_(a, in, true), include_pad_(a.get_flag("count_include_pad", false)) {
    a.expect_only({"auto_pad", "ceil_mode", "count_include_pad", "dilations", "kernel_shape",
                   "pads", "strides"});
    for (int64_t d : plan_.win.dilation)
      if (d != 1) throw sdk::unsupported("AveragePool with dilations: ATen's avg_pool has none");
    const auto t = plan_.type;
    const Shape ty = plan_.lift_shape(plan_.y), tx = plan_.lift_shape(plan_.x);
    x_ = Slot("X", t, plan_.x, tx), dx_ = Slot("dX", t, plan_.x, tx);
    y_ = Slot("Y", t, plan_.y, ty), dy_ = Slot("dY", t, plan_.y, ty);
  }

  std::vector<TensorInfo> outputs() const { return {info(plan_.type, plan_.y)}; }

  void forward(Inputs in, Outputs out) {
    at::Tensor& y = y_(out[0]);
    const at::Tensor& x = x_(in[0]);
    if (plan_.native) {
      pool(y, x, plan_.ceil, include_pad_, c10::nullopt);
      return;
    }
    pool(y, padded_.fill(plan_, x, 0.0), false, true, 1);  // window sums
    y.div_(counts(x));
  }

  void backward(Inputs go, Inputs in, Inputs, Outputs gi) {
    if (!wanted(gi, 0)) return;
    const at::Tensor& dy = dy_(go[0]);
    const at::Tensor& x = x_(in[0]);
    at::Tensor& dx = dx_(gi[0]);
    if (plan_.native) {
      pool_backward(dx, dy, x, plan_.ceil, include_pad_, c10::nullopt);
      return;
    }
    at::Tensor& g = scratch(g_buf_, plan_.ty, dy);
    at::div_out(g, dy, counts(dy));
    at::Tensor& dpad = scratch(dpad_, plan_.tx, dy);
    pool_backward(dpad, g, padded_.fill(plan_, x, 0.0), false, true, 1);
    PaddedCopy::crop(plan_, dx, dpad);
  }

  Cost cost() const { return plan_.cost(1.0); }

 private:
  void pool(at::Tensor& y, const at::Tensor& src, bool ceil, bool include_pad,
            c10::optional<int64_t> divisor) {
    if (plan_.is3d())
      at::avg_pool3d_out(y, src, plan_.k, plan_.s, plan_.p, ceil, include_pad, divisor);
    else
      at::avg_pool2d_out(y, src, plan_.k, plan_.s, plan_.p, ceil, include_pad, divisor);
  }
  void pool_backward(at::Tensor& dx, const at::Tensor& dy, const at::Tensor& src, bool ceil,
                     bool include_pad, c10::optional<int64_t> divisor) {
    if (plan_.is3d())
      at::avg_pool3d_backward_out(dx, dy, src, plan_.k, plan_.s, plan_.p, ceil, include_pad,
                                  divisor);
    else
      at::avg_pool2d_backward_out(dx, dy, src, plan_.k, plan_.s, plan_.p, ceil, include_pad,
                                  divisor);
  }
  // The divisor of every output position, [1, 1, out...]: the window's elements inside the input
  // (and inside the declared padding with count_include_pad).
  const at::Tensor& counts(const at::Tensor& like) {
    if (!counts_.defined() || counts_.device() != like.device()) {
      Shape one_plane = plan_.tx;
      one_plane[0] = one_plane[1] = 1;
      at::Tensor mask = at::zeros(one_plane, like.options());
      Shape lo(plan_.rank), len(plan_.rank);
      for (size_t i = 0; i < plan_.rank; ++i) {
        const int64_t size = plan_.padded[i + 2];
        lo[i] = include_pad_ ? 0 : plan_.win.pad_begin[i];
        const int64_t hi = include_pad_
                               ? plan_.win.pad_begin[i] + plan_.spatial[i] + plan_.win.pad_end[i]
                               : plan_.win.pad_begin[i] + plan_.spatial[i];
        len[i] = std::min(hi, size) - lo[i];
      }
      region(mask, plan_.first, lo, len).fill_(1);
      Shape out_plane = plan_.ty;
      out_plane[0] = out_plane[1] = 1;
      counts_ = at::empty(out_plane, like.options());
      pool(counts_, mask, false, true, 1);
    }
    return counts_;
  }

  PoolPlan plan_;
  bool include_pad_;
  Slot x_, dx_, y_, dy_;
  PaddedCopy padded_;
  at::Tensor counts_, g_buf_, dpad_;
};

// GlobalAveragePool: the mean over every spatial dimension, Y [N, C, 1, ..., 1].
class GlobalAveragePool {
 public:
  GlobalAveragePool(const Setup&, const Attributes& a, const std::vector<TensorInfo>& in,
                    const Constants&)
      : type_(real_type(in)) {
    a.expect_only({});
    sdk::expect_count(in.size(), 1, "inputs");
    x_shape_ = in[0].shape();
    if (x_shape_.size() < 3) throw std::invalid_argument("X must be [N, C, d1, ...]");
    y_shape_ = Shape(x_shape_.size(), 1);
    y_shape_[0] = x_shape_[0];
    y_shape_[1] = x_shape_[1];
    for (size_t i = 2; i < x_shape_.size(); ++i) dims_.push_back(static_cast<int64_t>(i));
    count_ = static_cast<double>(numel(x_shape_) / (x_shape_[0] * x_shape_[1]));
    x_ = Slot("X", type_, x_shape_), dx_ = Slot("dX", type_, x_shape_);
    y_ = Slot("Y", type_, y_shape_), dy_ = Slot("dY", type_, y_shape_);
  }
  std::vector<TensorInfo> outputs() const { return {info(type_, y_shape_)}; }
  void forward(Inputs in, Outputs out) {
    at::mean_out(y_(out[0]), x_(in[0]), dims_, /*keepdim=*/true);
  }
  void backward(Inputs go, Inputs, Inputs, Outputs gi) {
    if (!wanted(gi, 0)) return;
    const at::Tensor& dy = dy_(go[0]);
    if (!count_t_.defined() || count_t_.device() != dy.device())
      count_t_ = at::scalar_tensor(count_, dy.options());
    at::div_out(dx_(gi[0]), dy.expand(x_shape_), count_t_);
  }
  Cost cost() const {
    return {static_cast<double>(numel(x_shape_)),
            static_cast<double>(type_size(type_) *
                                static_cast<size_t>(numel(x_shape_) + numel(y_shape_)))};
  }

 private:
  at::ScalarType type_;
  Shape x_shape_, y_shape_, dims_;
  double count_ = 1;
  Slot x_, dx_, y_, dy_;
  at::Tensor count_t_;
};

// The torch executor's functions of this file's operators (graph_ops.h).
namespace {
using namespace graph;

// MaxPool and AveragePool. The common geometry (symmetric pads that LibTorch accepts, and the
// same output sizes) runs natively; any other is padded explicitly (-inf for max; for average,
// a sum pooling divided by a pooled count of what ONNX counts).
NodeFn graph_pool(const Attrs& a, const NodeSignature& s, bool is_max) {
  const Ints x = shape_of(s.inputs[0]);
  if (x.size() < 3 || x.size() > 5) throw std::invalid_argument("X must be [N, C, d1..dk], k 1..3");
  const size_t n = x.size() - 2;
  const Ints spatial(x.begin() + 2, x.end());
  const Window win = read_window(a, spatial, read_kernel(a, n, nullptr), is_max);
  if (!is_max)
    for (int64_t d : a.get_ints("dilations"))
      if (d != 1) throw sdk::unsupported("AveragePool with dilations: ATen's avg_pool has none");
  const bool ceil = a.get_flag("ceil_mode", false);
  const bool include = a.get_flag("count_include_pad", false);
  const Ints out = window_output(win, spatial, ceil);
  bool native = win.symmetric();
  for (size_t i = 0; i < n && native; ++i)
    native = win.pad_begin[i] * 2 <= win.kernel[i] &&
             torch_pooled_size(spatial[i], win.kernel[i], win.pad_begin[i], win.stride[i],
                               win.dilation[i], ceil) == out[i];
  // 1-D pools run as 2-D ones over a unit dimension.
  auto lift = [n](Ints v, int64_t one) {
    if (n == 1) v.insert(v.begin(), one);
    return v;
  };
  const Ints k = lift(win.kernel, 1), st = lift(win.stride, 1), dl = lift(win.dilation, 1);
  Ints extra_end(n);
  for (size_t i = 0; i < n; ++i)
    extra_end[i] = std::max<int64_t>(0, (out[i] - 1) * win.stride[i] + win.extent(i) - spatial[i] -
                                            win.pad_begin[i] - win.pad_end[i]);
  Ints pe = win.pad_end;
  for (size_t i = 0; i < n; ++i) pe[i] += extra_end[i];
  const Ints all_pads = aten_pads(win.pad_begin, pe);
  const Ints p = lift(native ? win.pad_begin : Ints(n, 0), 0), zero = lift(Ints(n, 0), 0);
  return [=](const std::vector<at::Tensor>& in) {
    at::Tensor src = n == 1 ? in[0].unsqueeze(2) : in[0];
    const bool three = n == 3;
    auto run_max = [&](const at::Tensor& t, const Ints& pad, bool c) {
      return three ? at::max_pool3d(t, k, st, pad, dl, c) : at::max_pool2d(t, k, st, pad, dl, c);
    };
    auto run_avg = [&](const at::Tensor& t, const Ints& pad, bool c, bool inc,
                       c10::optional<int64_t> div) {
      return three ? at::avg_pool3d(t, k, st, pad, c, inc, div)
                   : at::avg_pool2d(t, k, st, pad, c, inc, div);
    };
    at::Tensor y;
    if (native) {
      y = is_max ? run_max(src, p, ceil) : run_avg(src, p, ceil, include, c10::nullopt);
    } else if (is_max) {
      at::Tensor padded =
          at::constant_pad_nd(in[0], all_pads, -std::numeric_limits<double>::infinity());
      y = run_max(n == 1 ? padded.unsqueeze(2) : padded, zero, false);
    } else {
      at::Tensor padded = at::constant_pad_nd(in[0], all_pads, 0);
      // What ONNX divides by: the real elements, plus the declared padding with count_include_pad.
      at::Tensor ones = at::ones(in[0].sizes().slice(2), in[0].options()).unsqueeze(0).unsqueeze(0);
      at::Tensor mask =
          include ? at::constant_pad_nd(
                        at::constant_pad_nd(ones, aten_pads(win.pad_begin, win.pad_end), 1),
                        aten_pads(Ints(n, 0), extra_end), 0)
                  : at::constant_pad_nd(ones, all_pads, 0);
      if (n == 1) {
        padded = padded.unsqueeze(2);
        mask = mask.unsqueeze(2);
      }
      y = run_avg(padded, zero, false, true, 1) / run_avg(mask, zero, false, true, 1);
    }
    return std::vector<at::Tensor>{n == 1 ? y.squeeze(2) : y};
  };
}

// Integer MaxPool (uint8, int8): ATen has no integer max_pool, so the values pool as float32,
// which holds them exactly, and come back in their own dtype.
NodeFn graph_max_pool(const Attrs& a, const NodeSignature& s) {
  NodeFn f = graph_pool(a, s, true);
  const at::ScalarType t = scalar_type(s.inputs.at(0).dtype);
  if (t != at::kByte && t != at::kChar) return f;
  return [f, t](const std::vector<at::Tensor>& in) {
    std::vector<at::Tensor> y = f({in[0].to(at::kFloat)});
    y[0] = y[0].to(t);
    return y;
  };
}
NodeFn graph_average_pool(const Attrs& a, const NodeSignature& s) {
  return graph_pool(a, s, false);
}

// GlobalAveragePool and GlobalMaxPool: over every dimension after N and C.
template <bool Average>
NodeFn graph_global_pool(const Attrs& a, const NodeSignature& s) {
  a.expect_only({});
  if (rank_of(s, 0) < 3) throw std::invalid_argument("X must be [N, C, d1..dk]");
  return one([](const Args& in) {
    Ints dims;
    for (int64_t i = 2; i < in[0].dim(); ++i) dims.push_back(i);
    return Average ? at::mean(in[0], dims, true) : at::amax(in[0], dims, true);
  });
}

constexpr NodeOp kGlobalMaxPool[] = {
    {"GlobalMaxPool", "ONNX GlobalMaxPool via at::amax; gradient shared among ties",
     graph_global_pool<false>},
};

}  // namespace

void add_pool_ops(std::vector<d500_operator>& ops, bool cuda) {
  add<RealOrNode<MaxPool, graph_max_pool>>(
      ops, cuda, "MaxPool",
      "ONNX MaxPool 1-3D with Indices via at::max_pool{2,3}d_with_indices_out; backward "
      "via the _backward kernel (indices from the Indices output, else recomputed)",
      graph_max_pool);
  add<AveragePool>(ops, cuda, "AveragePool",
                   "ONNX AveragePool 1-3D via at::avg_pool{2,3}d_out; backward via the _backward "
                   "kernel; no dilations",
                   graph_average_pool);
  add<GlobalAveragePool>(ops, cuda, "GlobalAveragePool",
                         "ONNX GlobalAveragePool via at::mean_out; backward one fused division",
                         graph_global_pool<true>);
  add_node_ops<kGlobalMaxPool>(ops, cuda);
}

}  // namespace d500::torch_plugin
