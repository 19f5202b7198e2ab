// ONNX Clip and PRelu (pointwise.h): forward through onnx_clip / onnx_prelu, which the graph
// executor calls too; backward written out as the reference states it.
//   Clip    dX = dY where min <= X <= max; dmin sums dY where X < min, dmax where X > max.
//   PRelu   dX = dY where X > 0, slope * dY elsewhere; dslope sums dY * X over X < 0, down to
//           slope's shape.
#include "common.h"
#include "node_kernel.h"
#include "pointwise.h"
#include "registry.h"

namespace d500::torch_plugin {

ClipBounds ClipBounds::read(const sdk::Attributes& a) {
  ClipBounds b;
  b.legacy = a.get_int(D500_ATTR_OPSET, 11) < 11;
  if (!b.legacy) {
    a.expect_only({});
    return b;
  }
  a.expect_only({"min", "max"});
  if (a.has("min")) b.min = a.get_float("min");
  if (a.has("max")) b.max = a.get_float("max");
  return b;
}

void ClipBounds::fix(bool lo_given, const at::Tensor& lo, bool hi_given, const at::Tensor& hi) {
  if (legacy || (lo_given && !lo.defined()) || (hi_given && !hi.defined())) return;
  auto number = [](const at::Tensor& t) { return c10::optional<at::Scalar>(t.reshape({}).item()); };
  if (lo_given) min = number(lo);
  if (hi_given) max = number(hi);
  fixed = true;
}

at::Tensor onnx_clip(const at::Tensor& x, const ClipBounds& b, const at::Tensor& lo,
                     const at::Tensor& hi) {
  if (b.scalar()) {
    if (!b.min && !b.max) return x;
    return at::clamp(x, b.min, b.max);
  }
  if (!lo.defined() && !hi.defined()) return x;
  // A bound of shape [1] must not make a scalar input rank 1.
  return at::clamp(x, lo.defined() ? c10::optional<at::Tensor>(lo.reshape({})) : c10::nullopt,
                   hi.defined() ? c10::optional<at::Tensor>(hi.reshape({})) : c10::nullopt);
}

at::Tensor onnx_prelu(const at::Tensor& x, const at::Tensor& slope) {
  return at::where(x < 0, x * slope, x);
}

std::vector<int64_t> prelu_slope_view(const std::vector<int64_t>& x,
                                      const std::vector<int64_t>& slope, int64_t opset) {
  if (opset >= 7 || slope.size() != 1 || x.size() < 2 || slope[0] != x[1] || slope[0] == 1)
    return slope;
  std::vector<int64_t> view(x.size() - 1, 1);
  view[0] = slope[0];
  return view;
}

namespace {

class ClipOp {
 public:
  ClipOp(const Setup&, const Attributes& a, const std::vector<TensorInfo>& in, const Constants& c)
      : type_(real_type(in, 0, 1)), bounds_(ClipBounds::read(a)) {
    shape_ = in[0].shape();
    if (bounds_.legacy)
      sdk::expect_count(in.size(), 1, "inputs (bounds are attributes before opset 11)");
    if (in.size() > 3)
      throw std::invalid_argument("expects inputs input, min, max, got " +
                                  std::to_string(in.size()));
    for (size_t i = 1; i < in.size(); ++i) {
      if (!in[i].present()) continue;
      const char* name = i == 1 ? "min" : "max";
      if (!sdk::same_dtype(in[i].dtype(), in[0].dtype()) || in[i].numel() != 1)
        throw std::invalid_argument(std::string(name) + " must be a one-element " +
                                    sdk::dtype_name(in[0].dtype()) + " tensor, got " + in[i].str());
      bound_[i - 1] = Slot(name, type_, in[i].shape());
      dbound_[i - 1] = Slot(i == 1 ? "d min" : "d max", type_, in[i].shape());
      has_[i - 1] = true;
    }
    auto constant = [&](size_t i) {
      return c.has(i) ? at::scalar_tensor(c.reals(i, i == 1 ? "min" : "max").at(0), at::kDouble)
                      : at::Tensor();
    };
    bounds_.fix(has_[0], constant(1), has_[1], constant(2));
    x_ = Slot("input", type_, shape_), y_ = Slot("output", type_, shape_);
    dx_ = Slot("d input", type_, shape_), dy_ = Slot("d output", type_, shape_);
  }

  std::vector<TensorInfo> outputs() const { return {info(type_, shape_)}; }

  void forward(Inputs in, Outputs out) {
    const at::Tensor& x = x_(in[0]);
    at::Tensor& y = y_(out[0]);
    if (bounds_.scalar() && (bounds_.min || bounds_.max))
      at::clamp_out(y, x, bounds_.min, bounds_.max);  // straight into the output
    else
      y.copy_(onnx_clip(x, bounds_, bound(in, 0, x), bound(in, 1, x)));
  }

  void backward(Inputs go, Inputs in, Inputs, Outputs gi) {
    const at::Tensor& x = x_(in[0]);
    const at::Tensor& dy = dy_(go[0]);
    const at::Tensor lo = bound(in, 0, x), hi = bound(in, 1, x);
    if (wanted(gi, 0)) {
      at::Tensor inside;
      if (lo.defined()) inside = x >= lo;
      if (hi.defined()) inside = inside.defined() ? inside.logical_and_(x <= hi) : x <= hi;
      at::Tensor& dx = dx_(gi[0]);
      if (inside.defined())
        at::mul_out(dx, dy, inside);
      else
        dx.copy_(dy);
    }
    for (size_t k = 0; k < 2; ++k) {
      if (bounds_.legacy || !wanted(gi, k + 1)) continue;
      at::Tensor& d = dbound_[k](gi[k + 1]);
      const at::Tensor& b = k == 0 ? lo : hi;
      if (!b.defined()) {
        d.zero_();
        continue;
      }
      d.copy_(at::sum(dy * (k == 0 ? x < b : x > b)).reshape(d.sizes()));
    }
  }

  Cost cost() const {
    const double n = static_cast<double>(numel(shape_));
    return {2 * n, 2 * n * static_cast<double>(type_size(type_))};
  }

 private:
  // Bound k (0 min, 1 max) of this call as a tensor, undefined when there is none.
  at::Tensor bound(Inputs in, size_t k, const at::Tensor& x) {
    if (bounds_.scalar()) {
      const c10::optional<at::Scalar>& v = k == 0 ? bounds_.min : bounds_.max;
      return v ? at::scalar_tensor(*v, x.options()) : at::Tensor();
    }
    return has_[k] && given(in, k + 1) ? bound_[k](in[k + 1]).reshape({}) : at::Tensor();
  }

  at::ScalarType type_;
  ClipBounds bounds_;
  Shape shape_;
  bool has_[2] = {false, false};
  Slot bound_[2], dbound_[2];
  Slot x_, y_, dx_, dy_;
};

class PReluOp {
 public:
  PReluOp(const Setup&, const Attributes& a, const std::vector<TensorInfo>& in, const Constants&)
      : type_(real_type(in)) {
    a.expect_only({});
    sdk::expect_count(in.size(), 2, "inputs");
    x_shape_ = in[0].shape();
    s_shape_ = in[1].shape();
    const Shape view = prelu_slope_view(x_shape_, s_shape_, a.get_int(D500_ATTR_OPSET, 7));
    if (view.size() > x_shape_.size() || broadcast_shape(x_shape_, view) != x_shape_)
      throw std::invalid_argument("slope " + sdk::shape_string(s_shape_) +
                                  " does not broadcast to X " + sdk::shape_string(x_shape_));
    sum_s_ = SumTo(x_shape_, view);
    x_ = Slot("X", type_, x_shape_), s_ = Slot("slope", type_, s_shape_, view);
    y_ = Slot("Y", type_, x_shape_), dy_ = Slot("dY", type_, x_shape_);
    dx_ = Slot("dX", type_, x_shape_), ds_ = Slot("dslope", type_, s_shape_, sum_s_.keep_shape());
  }

  std::vector<TensorInfo> outputs() const { return {info(type_, x_shape_)}; }

  void forward(Inputs in, Outputs out) { y_(out[0]).copy_(onnx_prelu(x_(in[0]), s_(in[1]))); }

  void backward(Inputs go, Inputs in, Inputs, Outputs gi) {
    const at::Tensor& x = x_(in[0]);
    const at::Tensor& dy = dy_(go[0]);
    if (wanted(gi, 0)) dx_(gi[0]).copy_(at::where(x > 0, dy, dy * s_(in[1])));
    if (wanted(gi, 1)) sum_s_.run(ds_(gi[1]), at::where(x < 0, dy * x, at::zeros_like(dy)));
  }

  Cost cost() const {
    const double n = static_cast<double>(numel(x_shape_));
    return {2 * n, static_cast<double>(2 * numel(x_shape_) + numel(s_shape_)) *
                       static_cast<double>(type_size(type_))};
  }

 private:
  at::ScalarType type_;
  Shape x_shape_, s_shape_;
  SumTo sum_s_;
  Slot x_, s_, y_, dy_, dx_, ds_;
};

NodeFn graph_clip(const Attributes& a, const NodeSignature& s) {
  ClipBounds b = ClipBounds::read(a);
  const bool lo = graph::given(s, 1), hi = graph::given(s, 2);
  auto constant = [&](size_t i) {
    return i < s.constants.size() && s.constants[i] ? *s.constants[i] : at::Tensor();
  };
  b.fix(lo, constant(1), hi, constant(2));
  return graph::one([b, lo, hi](const graph::Args& in) {
    return onnx_clip(in[0], b, lo ? in[1] : at::Tensor(), hi ? in[2] : at::Tensor());
  });
}

NodeFn graph_prelu(const Attributes& a, const NodeSignature& s) {
  const Shape view = prelu_slope_view(graph::input_shape(s, 0), graph::input_shape(s, 1),
                                      a.get_int(D500_ATTR_OPSET, 7));
  return graph::one(
      [view](const graph::Args& in) { return onnx_prelu(in[0], in[1].reshape(view)); });
}

}  // namespace

void add_clip_prelu_ops(std::vector<d500_operator>& ops, bool cuda) {
  // Integer and float16 Clip: the kernel built from graph_clip (node_kernel.h).
  add<RealOrNode<ClipOp, graph_clip>>(
      ops, cuda, "Clip",
      "ONNX Clip via at::clamp; bounds as attributes (opset < 11) or scalar inputs", graph_clip);
  add<PReluOp>(ops, cuda, "PRelu", "ONNX PRelu, slope broadcast to X, via at::where", graph_prelu);
}

}  // namespace d500::torch_plugin
