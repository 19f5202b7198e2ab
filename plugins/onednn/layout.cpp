// ONNX Transpose (a oneDNN reorder from a permuted-strides view of X), Concat (oneDNN's concat)
// and Sum (oneDNN's sum, operands of one shape), float32, on the caller's row-major memory.
// Transpose's backward is the reorder back; Sum's copies dY into every input's gradient; Concat
// is forward only.
#include <algorithm>
#include <cstring>

#include "common.h"

namespace d500::onednn_plugin {
namespace {

Shape row_major_strides(const Shape& dims) {
  Shape s(dims.size(), 1);
  for (size_t i = dims.size(); i-- > 1;) s[i - 1] = s[i] * dims[i];
  return s;
}

class Transpose : public sdk::Operator<Transpose> {
 public:
  Transpose(const Attributes& attrs, const std::vector<TensorInfo>& in) : kernel_(this) {
    sdk::expect_count(in.size(), 1, "input (data)");
    require_f32(in, "Transpose");
    const Shape x = in[0].shape();
    const size_t r = x.size();
    Shape perm(r);
    for (size_t i = 0; i < r; ++i) perm[i] = static_cast<int64_t>(r - 1 - i);
    perm = attrs.get_ints("perm", perm);
    Shape sorted = perm;
    std::sort(sorted.begin(), sorted.end());
    for (size_t i = 0; i < r; ++i)
      if (perm.size() != r || sorted[i] != static_cast<int64_t>(i))
        throw std::invalid_argument("onednn Transpose: perm " + sdk::shape_string(perm) +
                                    " is not a permutation of X " + in[0].str() + "'s axes");
    const Shape xs = row_major_strides(x);
    Shape strides;
    for (int64_t p : perm) {
      y_.push_back(x[static_cast<size_t>(p)]);
      strides.push_back(xs[static_cast<size_t>(p)]);
    }
    what_ = "onednn Transpose of X " + in[0].str() + " by " + sdk::shape_string(perm);
    if (r == 0) return;  // a scalar: a copy
    const dnnl::memory::desc view(y_, dnnl::memory::data_type::f32, strides);
    const dnnl::memory::desc plain = plain_md(y_);
    const auto fwd = create_pd(
        what_, [&] { return dnnl::reorder::primitive_desc(engine(), view, engine(), plain); });
    const auto bwd = create_pd(
        what_, [&] { return dnnl::reorder::primitive_desc(engine(), plain, engine(), view); });
    fwd_ = Bound::make<dnnl::reorder>(fwd, {{DNNL_ARG_FROM, view}, {DNNL_ARG_TO, plain}}, what_);
    bwd_ = Bound::make<dnnl::reorder>(bwd, {{DNNL_ARG_FROM, plain}, {DNNL_ARG_TO, view}},
                                      what_ + " backward");
    kernel_.set("forward " + fwd_.impl() + "; backward " + bwd_.impl());
  }

  std::vector<TensorInfo> outputs() const { return {TensorInfo(sdk::dtype_of<float>(), y_)}; }

  void forward(Inputs in, Outputs out) {
    if (y_.empty()) return copy(data_of(in[0]), data_of(out[0]));
    fwd_.run({{DNNL_ARG_FROM, data_of(in[0])}, {DNNL_ARG_TO, data_of(out[0])}});
  }

  void backward(Inputs grad_outputs, Inputs, Inputs, Outputs grad_inputs) {
    if (grad_inputs.size() == 0 || !grad_inputs[0].defined()) return;
    if (y_.empty()) return copy(data_of(grad_outputs[0]), data_of(grad_inputs[0]));
    bwd_.run({{DNNL_ARG_FROM, data_of(grad_outputs[0])}, {DNNL_ARG_TO, data_of(grad_inputs[0])}});
  }

 private:
  static void copy(const void* from, void* to) { std::memcpy(to, from, sizeof(float)); }

  KernelRecord kernel_;
  Shape y_;
  std::string what_;
  Bound fwd_, bwd_;
};

class Concat : public sdk::Operator<Concat> {
 public:
  Concat(const Attributes& attrs, const std::vector<TensorInfo>& in) : kernel_(this) {
    if (in.empty()) throw std::invalid_argument("onednn Concat: no inputs");
    require_f32(in, "Concat");
    y_ = in[0].shape();
    const int64_t r = static_cast<int64_t>(y_.size());
    int64_t axis = attrs.get_int("axis");
    if (r == 0 || axis < -r || axis >= r)
      throw std::invalid_argument("onednn Concat: axis " + std::to_string(axis) + " outside " +
                                  in[0].str());
    if (axis < 0) axis += r;
    y_[static_cast<size_t>(axis)] = 0;
    const Shape rest = y_;  // every input's shape but along `axis`
    std::vector<dnnl::memory::desc> srcs;
    std::vector<Bound::Binding> args;
    for (size_t i = 0; i < in.size(); ++i) {
      Shape s = in[i].shape();
      const int64_t part = s.size() == y_.size() ? s[static_cast<size_t>(axis)] : -1;
      s[static_cast<size_t>(axis)] = 0;
      if (part < 0 || s != rest)
        throw std::invalid_argument("onednn Concat: input " + std::to_string(i) + " " +
                                    in[i].str() + " does not fit " + in[0].str());
      in_shapes_.push_back(in[i].shape());
      y_[static_cast<size_t>(axis)] += part;
    }
    for (size_t i = 0; i < in.size(); ++i) {
      srcs.push_back(plain_md(in_shapes_[i]));
      args.push_back({DNNL_ARG_MULTIPLE_SRC + static_cast<int>(i), srcs.back()});
    }
    args.push_back({DNNL_ARG_DST, plain_md(y_)});
    what_ = "onednn Concat of " + std::to_string(in.size()) + " inputs along axis " +
            std::to_string(axis);
    const auto pd = create_pd(what_, [&] {
      return dnnl::concat::primitive_desc(plain_md(y_), static_cast<int>(axis), srcs, engine());
    });
    prim_ = Bound::make<dnnl::concat>(pd, args, what_);
    kernel_.set("forward " + prim_.impl());
  }

  std::vector<TensorInfo> outputs() const { return {TensorInfo(sdk::dtype_of<float>(), y_)}; }

  void forward(Inputs in, Outputs out) {
    std::vector<Bound::Buffer> data;
    for (size_t i = 0; i < in_shapes_.size(); ++i)
      data.push_back({DNNL_ARG_MULTIPLE_SRC + static_cast<int>(i), data_of(in[i])});
    data.push_back({DNNL_ARG_DST, data_of(out[0])});
    prim_.run(data);
  }

 private:
  KernelRecord kernel_;
  Shape y_;
  std::vector<Shape> in_shapes_;
  std::string what_;
  Bound prim_;
};

class Sum : public sdk::Operator<Sum> {
 public:
  Sum(const Attributes&, const std::vector<TensorInfo>& in) : kernel_(this) {
    if (in.empty()) throw std::invalid_argument("onednn Sum: no inputs");
    require_f32(in, "Sum");
    y_ = in[0].shape();
    for (const TensorInfo& t : in)
      if (t.shape() != y_)
        throw sdk::unsupported("onednn Sum: operands of different shapes (" + in[0].str() + ", " +
                               t.str() + "): oneDNN's sum does not broadcast");
    n_ = in.size();
    const dnnl::memory::desc md = plain_md(y_);
    std::vector<Bound::Binding> args = {{DNNL_ARG_DST, md}};
    for (size_t i = 0; i < n_; ++i)
      args.push_back({DNNL_ARG_MULTIPLE_SRC + static_cast<int>(i), md});
    what_ = "onednn Sum of " + std::to_string(n_) + " x " + in[0].str();
    const auto pd = create_pd(what_, [&] {
      return dnnl::sum::primitive_desc(md, std::vector<float>(n_, 1.f),
                                       std::vector<dnnl::memory::desc>(n_, md), engine());
    });
    prim_ = Bound::make<dnnl::sum>(pd, args, what_);
    kernel_.set("forward " + prim_.impl());
  }

  std::vector<TensorInfo> outputs() const { return {TensorInfo(sdk::dtype_of<float>(), y_)}; }

  void forward(Inputs in, Outputs out) {
    std::vector<Bound::Buffer> data = {{DNNL_ARG_DST, data_of(out[0])}};
    for (size_t i = 0; i < n_; ++i)
      data.push_back({DNNL_ARG_MULTIPLE_SRC + static_cast<int>(i), data_of(in[i])});
    prim_.run(data);
  }

  void backward(Inputs grad_outputs, Inputs, Inputs, Outputs grad_inputs) {
    const size_t bytes = static_cast<size_t>(numel(y_)) * sizeof(float);
    for (size_t i = 0; i < grad_inputs.size(); ++i)
      if (grad_inputs[i].defined())
        std::memcpy(data_of(grad_inputs[i]), data_of(grad_outputs[0]), bytes);
  }

 private:
  KernelRecord kernel_;
  Shape y_;
  size_t n_ = 0;
  std::string what_;
  Bound prim_;
};

}  // namespace

void add_layout_ops(std::vector<d500_operator>& ops) {
  ops.push_back(Transpose::define(
      {"Transpose", "", "default", "oneDNN reorder from a permuted view; exact"}));
  ops.push_back(Concat::define({"Concat", "", "default", "oneDNN concat, forward only; exact"}));
  ops.push_back(
      Sum::define({"Sum", "", "default", "oneDNN sum of same-shape operands; exact to rounding"}));
}

}  // namespace d500::onednn_plugin
