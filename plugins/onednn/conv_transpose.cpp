// ONNX ConvTranspose (1-D to 3-D, groups, strides, dilations, pads, output_padding, output_shape,
// auto_pad) through oneDNN's deconvolution primitive (deconvolution_direct), forward, float32.
// ONNX's W [C, M/group, k...] is handed to oneDNN, whose weights are [group, M/group, C/group,
// k...], as a strided view of the caller's memory; the primitive's preferred layouts are reached
// by reorders made once at create (as for Conv). output_padding becomes a smaller (possibly
// negative) right padding, which oneDNN's deconvolution takes.
#include "../torch/window.h"  // ints_of_rank; header-only, LibTorch-free, SDK only
#include "common.h"

namespace d500::onednn_plugin {
namespace {

// ONNX's pads (begin, end) and output size of one spatial dimension of a ConvTranspose.
struct Geometry {
  Shape pad_begin, pad_end, out;
};

Geometry geometry(const Attributes& a, const Shape& in, const Shape& k, const Shape& s,
                  const Shape& d, const Shape& op) {
  const size_t n = in.size();
  Geometry g;
  const std::string auto_pad = a.get_string("auto_pad", "NOTSET");
  Shape wanted = a.get_ints("output_shape");
  if (wanted.size() == n + 2) wanted.erase(wanted.begin(), wanted.begin() + 2);
  if (wanted.empty() && (auto_pad == "SAME_UPPER" || auto_pad == "SAME_LOWER"))
    for (size_t i = 0; i < n; ++i) wanted.push_back(in[i] * s[i]);
  if (!wanted.empty()) {
    if (wanted.size() != n)
      throw std::invalid_argument("onednn ConvTranspose: output_shape " +
                                  sdk::shape_string(wanted) + " does not match X's rank");
    for (size_t i = 0; i < n; ++i) {
      const int64_t total = s[i] * (in[i] - 1) + op[i] + (k[i] - 1) * d[i] + 1 - wanted[i];
      const int64_t half = total >= 0 ? total / 2 : -((1 - total) / 2);  // floor, as ONNX
      g.pad_begin.push_back(auto_pad == "SAME_UPPER" ? half : total - half);
      g.pad_end.push_back(auto_pad == "SAME_UPPER" ? total - half : half);
    }
    g.out = wanted;
    return g;
  }
  const Shape pads = auto_pad == "VALID" ? Shape(2 * n, 0) : a.get_ints("pads", Shape(2 * n, 0));
  if (pads.size() != 2 * n)
    throw std::invalid_argument("onednn ConvTranspose: pads " + sdk::shape_string(pads) + " need " +
                                std::to_string(2 * n) + " values");
  for (size_t i = 0; i < n; ++i) {
    g.pad_begin.push_back(pads[i]);
    g.pad_end.push_back(pads[n + i]);
    g.out.push_back(s[i] * (in[i] - 1) + op[i] + (k[i] - 1) * d[i] + 1 - pads[i] - pads[n + i]);
  }
  return g;
}

class ConvTranspose : public sdk::Operator<ConvTranspose> {
 public:
  ConvTranspose(const Attributes& attrs, const std::vector<TensorInfo>& in) : kernel_(this) {
    if (in.size() < 2 || in.size() > 3) sdk::expect_count(in.size(), 3, "inputs (X, W[, B])");
    require_f32(in, "ConvTranspose");
    x_ = in[0].shape();
    w_ = in[1].shape();
    has_bias_ = in.size() == 3 && in[2].present();
    const int64_t group = attrs.get_int("group", 1);
    if (x_.size() < 3 || x_.size() > 5 || w_.size() != x_.size() || group < 1 || x_[1] != w_[0] ||
        w_[0] % group != 0)
      throw std::invalid_argument("onednn ConvTranspose: X " + in[0].str() + ", W " + in[1].str() +
                                  " and group " + std::to_string(group) + " do not fit together");
    const size_t n = x_.size() - 2;
    const Shape spatial(x_.begin() + 2, x_.end()), k(w_.begin() + 2, w_.end());
    const Shape s = torch_plugin::ints_of_rank(attrs, "strides", n, 1, 1);
    const Shape d = torch_plugin::ints_of_rank(attrs, "dilations", n, 1, 1);
    const Shape op = torch_plugin::ints_of_rank(attrs, "output_padding", n, 0, 0);
    const Geometry g = geometry(attrs, spatial, k, s, d, op);
    const int64_t m = w_[1] * group;  // output channels
    if (has_bias_ && in[2].shape() != Shape{m})
      throw std::invalid_argument("onednn ConvTranspose: B must be [" + std::to_string(m) +
                                  "], got " + in[2].str());
    y_ = {x_[0], m};
    y_.insert(y_.end(), g.out.begin(), g.out.end());
    Shape dilates, pad_r;
    for (size_t i = 0; i < n; ++i) {
      dilates.push_back(d[i] - 1);
      pad_r.push_back(g.pad_end[i] - op[i]);
    }
    what_ = "onednn ConvTranspose of X " + in[0].str() + ", W " + in[1].str();
    const dnnl::memory::desc w_user = weights_view(group);
    const auto pd = create_pd(what_, [&] {
      const dnnl::memory::desc bias = has_bias_ ? any_md({m}) : dnnl::memory::desc();
      const dnnl::deconvolution_forward::desc desc(
          dnnl::prop_kind::forward_inference, dnnl::algorithm::deconvolution_direct, any_md(x_),
          dnnl::memory::desc(w_user.dims(), dnnl::memory::data_type::f32,
                             dnnl::memory::format_tag::any),
          bias, any_md(y_), s, dilates, g.pad_begin, pad_r);
      return dnnl::deconvolution_forward::primitive_desc(desc, engine());
    });
    create_pd(what_ + " (reorders)", [&] {
      src_ = Port(x_, pd.src_desc());
      wei_ = Port(w_user, pd.weights_desc());
      dst_ = Port(y_, pd.dst_desc());
      if (has_bias_) bias_ = Port({m}, pd.bias_desc());
      return 0;
    });
    fwd_ = dnnl::deconvolution_forward(pd);
    kernel_.set("forward " + impl_of(pd) + " deconvolution_direct (src " + src_.describe() +
                ", dst " + dst_.describe() + ")");
  }

  std::vector<TensorInfo> outputs() const { return {TensorInfo(sdk::dtype_of<float>(), y_)}; }

  void forward(Inputs in, Outputs out) {  // reorders timed apart, as Conv's
    const double bytes = src_.reorder_bytes() + wei_.reorder_bytes() + dst_.reorder_bytes() +
                         (has_bias_ ? bias_.reorder_bytes() : 0);
    LayoutTimer layout(bytes > 0);
    layout.start();
    Args args = {{DNNL_ARG_SRC, src_.input(data_of(in[0]))},
                 {DNNL_ARG_WEIGHTS, wei_.input(data_of(in[1]))},
                 {DNNL_ARG_DST, dst_.output(data_of(out[0]))}};
    if (has_bias_) args[DNNL_ARG_BIAS] = bias_.input(data_of(in[2]));
    layout.stop();
    execute(fwd_, args, what_);
    layout.start();
    dst_.finish();
    layout.stop();
    stream().wait();
    layout.report(kernel_, bytes);
  }

  Cost cost() const {
    Cost c;
    c.flops = 2.0 * static_cast<double>(numel(x_)) * static_cast<double>(numel(w_) / w_[0]);
    c.bytes = 4.0 * static_cast<double>(numel(x_) + numel(w_) + numel(y_));
    return c;
  }

 private:
  // ONNX's W [C, M/g, k...] as oneDNN's [M, C, k...] (or [g, M/g, C/g, k...]): same memory,
  // strides swapped.
  dnnl::memory::desc weights_view(int64_t group) const {
    const Shape k(w_.begin() + 2, w_.end());
    const int64_t taps = numel(k), c = w_[0], mg = w_[1];
    Shape dims, strides;
    if (group > 1) {
      dims = {group, mg, c / group};
      strides = {(c / group) * mg * taps, taps, mg * taps};
    } else {
      dims = {mg, c};
      strides = {taps, mg * taps};
    }
    int64_t stride = taps;
    for (int64_t kk : k) {
      stride /= kk;
      dims.push_back(kk);
      strides.push_back(stride);
    }
    return dnnl::memory::desc(dims, dnnl::memory::data_type::f32, strides);
  }

  KernelRecord kernel_;
  bool has_bias_ = false;
  Shape x_, w_, y_;
  std::string what_;
  dnnl::deconvolution_forward fwd_;
  Port src_, wei_, dst_, bias_;
};

}  // namespace

void add_conv_transpose_ops(std::vector<d500_operator>& ops) {
  ops.push_back(ConvTranspose::define(
      {"ConvTranspose", "", "default",
       "oneDNN deconvolution (direct), forward only; tolerance 1e-5 rel. L2"}));
}

}  // namespace d500::onednn_plugin
