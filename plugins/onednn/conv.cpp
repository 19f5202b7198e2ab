// ONNX Conv (1-D, 2-D, 3-D, groups, strides, dilations, asymmetric pads, auto_pad) through
// oneDNN's convolution primitives, forward, backward-data and backward-weights (bias gradient
// included), float32.
//
// Each oneDNN algorithm is its own variant: convolution_direct, convolution_winograd and
// convolution_auto (oneDNN picks Winograd where it expects it to be faster). Winograd exists only
// for some shapes and CPUs (3x3 kernels, stride 1, AVX-512); where oneDNN has no implementation,
// create() fails with D500_ERR_UNSUPPORTED and oneDNN's words. The primitive works in the layouts
// it prefers (format_tag::any): the reorders from and to the ONNX layout run inside each call,
// created once at create(); which reorders an instance does, and the kernel oneDNN chose
// ("jit:avx512_core", "brg:avx512_core", "ref"), d500_onednn_kernel() tells (plugin.cpp).
// Backward primitives are made at the first backward call, with the variant's algorithm where
// oneDNN has one, else convolution_direct (the kernel text says so).
#include <vector>

#include "../torch/window.h"  // ONNX window geometry; header-only, LibTorch-free, SDK only
#include "common.h"

namespace d500::onednn_plugin {
namespace {

using dnnl::algorithm;
using dnnl::prop_kind;

const char* algo_name(algorithm a) {
  switch (a) {
    case algorithm::convolution_direct:
      return "convolution_direct";
    case algorithm::convolution_winograd:
      return "convolution_winograd";
    default:
      return "convolution_auto";
  }
}

// Gradient output buffer: the caller's, or scratch when the caller does not want it (oneDNN's
// backward-weights primitive writes weights and bias gradients together).
void* or_scratch(const Outputs& out, size_t i, std::vector<float>& scratch, int64_t n) {
  if (i < out.size() && out[i].defined()) return data_of(out[i]);
  scratch.resize(static_cast<size_t>(n));
  return scratch.data();
}

bool wanted(const Outputs& out, size_t i) {
  return i < out.size() && out[i].defined();
}

// What a variant computes in: float32; bfloat16 inputs and weights with float32 accumulation and
// output (approximate); int8 inputs and weights quantized per call (quantize(): X per tensor, W per
// output channel) with int32 accumulation, dequantized into float32 with the bias added.
enum class Precision { f32, bf16, s8 };

const char* precision_name(Precision p) {
  return p == Precision::bf16 ? " bf16" : p == Precision::s8 ? " int8" : "";
}

class ConvImpl {
 public:
  ConvImpl(const Attributes& attrs, const std::vector<TensorInfo>& in, algorithm alg,
           const void* owner, Precision precision = Precision::f32)
      : alg_(alg), precision_(precision), kernel_(owner) {
    if (in.size() < 2 || in.size() > 3) sdk::expect_count(in.size(), 3, "inputs (X, W[, B])");
    require_f32(in, "Conv");
    x_ = in[0].shape();
    w_ = in[1].shape();
    has_bias_ = in.size() == 3 && in[2].present();
    if (x_.size() < 3 || x_.size() > 5)
      throw sdk::unsupported("onednn Conv runs 1-D to 3-D convolutions, got X " + in[0].str());
    if (w_.size() != x_.size())
      throw std::invalid_argument("onednn Conv: W " + in[1].str() + " must have X's rank");
    const int64_t group = attrs.get_int("group", 1);
    if (group < 1 || x_[1] % group != 0 || w_[0] % group != 0 || w_[1] * group != x_[1])
      throw std::invalid_argument("onednn Conv: X " + in[0].str() + ", W " + in[1].str() +
                                  " and group " + std::to_string(group) + " do not fit together");
    if (has_bias_ && (in[2].ndim() != 1 || in[2].dim(0) != w_[0]))
      throw std::invalid_argument("onednn Conv: B must be [" + std::to_string(w_[0]) + "], got " +
                                  in[2].str());
    const Shape spatial(x_.begin() + 2, x_.end());
    const Shape taps(w_.begin() + 2, w_.end());
    const torch_plugin::Window win =
        torch_plugin::read_window(attrs, spatial, torch_plugin::read_kernel(attrs, 0, &taps));
    const Shape out = torch_plugin::window_output(win, spatial, false);
    y_ = {x_[0], w_[0]};
    y_.insert(y_.end(), out.begin(), out.end());
    strides_ = win.stride;
    pad_l_ = win.pad_begin;
    pad_r_ = win.pad_end;
    for (int64_t d : win.dilation) dilates_.push_back(d - 1);  // oneDNN counts the gaps
    wdims_ = w_;
    if (group > 1) {
      wdims_ = {group, w_[0] / group};
      wdims_.insert(wdims_.end(), w_.begin() + 1, w_.end());
    }
    what_ = std::string("onednn Conv ") + algo_name(alg) + precision_name(precision) + " for X " +
            in[0].str() + ", W " + in[1].str() + ", strides " + sdk::shape_string(strides_) +
            ", dilations " + sdk::shape_string(win.dilation) + ", pads " +
            sdk::shape_string(pad_l_) + "/" + sdk::shape_string(pad_r_);
    std::string note;
    try {
      make_forward(prop_kind::forward_inference);
    } catch (const sdk::Error& e) {
      // oneDNN's inference Winograd wants its weights in a layout no reorder produces from the
      // ONNX one; the training-mode forward (blocked weights) computes the same.
      if (e.code() != D500_ERR_UNSUPPORTED || alg != algorithm::convolution_winograd) throw;
      make_forward(prop_kind::forward_training);
      note = ", training-mode primitive: no reorder into the inference Winograd weights layout";
    }
    kernel_.set("forward " + impl_of(fwd_pd_) + " " + algo_name(alg) + precision_name(precision) +
                " (src " + src_.describe() + ", weights " + wei_.describe() + ", dst " +
                dst_.describe() + note + ")");
  }

  std::vector<TensorInfo> outputs() const { return {TensorInfo(sdk::dtype_of<float>(), y_)}; }

  // The reorders from and to the ONNX layout are timed apart from the primitive and reported
  // (d500_report_instance), so a measurement can set them beside the convolution's own time.
  void forward(Inputs in, Outputs out) {
    if (precision_ == Precision::s8) return forward_int8(in, out);
    LayoutTimer layout(layout_bytes_ > 0);
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
    layout.report(kernel_, layout_bytes_);
  }

  void backward(Inputs grad_outputs, Inputs inputs, Outputs grad_inputs) {
    if (!bwd_ready_) make_backward();
    const void* dy = data_of(grad_outputs[0]);
    if (wanted(grad_inputs, 0)) {
      execute(bwd_data_,
              {{DNNL_ARG_DIFF_DST, bd_dy_.input(dy)},
               {DNNL_ARG_WEIGHTS, bd_w_.input(data_of(inputs[1]))},
               {DNNL_ARG_DIFF_SRC, bd_dx_.output(data_of(grad_inputs[0]))}},
              what_ + " backward-data");
      bd_dx_.finish();
    }
    if (wanted(grad_inputs, 1) || (has_bias_ && wanted(grad_inputs, 2))) {
      Args args = {{DNNL_ARG_SRC, bw_x_.input(data_of(inputs[0]))},
                   {DNNL_ARG_DIFF_DST, bw_dy_.input(dy)},
                   {DNNL_ARG_DIFF_WEIGHTS,
                    bw_dw_.output(or_scratch(grad_inputs, 1, dw_scratch_, numel(w_)))}};
      if (has_bias_)
        args[DNNL_ARG_DIFF_BIAS] = bw_db_.output(or_scratch(grad_inputs, 2, db_scratch_, w_[0]));
      execute(bwd_weights_, args, what_ + " backward-weights");
      bw_dw_.finish();
      if (has_bias_) bw_db_.finish();
    }
    stream().wait();
  }

  Cost cost() const {
    const double per_output = static_cast<double>(numel(w_) / w_[0]);  // C/group * taps
    const double y = static_cast<double>(numel(y_));
    Cost c;
    c.flops = 2.0 * y * per_output + (has_bias_ ? y : 0);
    c.bytes =
        4.0 * static_cast<double>(numel(x_) + numel(w_) + numel(y_) + (has_bias_ ? w_[0] : 0));
    return c;
  }

 private:
  dnnl::convolution_forward::primitive_desc forward_pd(prop_kind prop, algorithm alg) const {
    const DataType in = precision_ == Precision::bf16 ? DataType::bf16
                        : precision_ == Precision::s8 ? DataType::s8
                                                      : DataType::f32;
    const DataType out = precision_ == Precision::s8 ? DataType::s32 : DataType::f32;
    // int8 adds the bias after dequantizing; the others let the primitive add it.
    const dnnl::memory::desc bias =
        has_bias_ && precision_ != Precision::s8 ? any_md({w_[0]}) : dnnl::memory::desc();
    const dnnl::convolution_forward::desc d(prop, alg, any_md(x_, in), any_md(wdims_, in), bias,
                                            any_md(y_, out), strides_, dilates_, pad_l_, pad_r_);
    return dnnl::convolution_forward::primitive_desc(d, engine());
  }

  // The forward primitive and its ports (reorders from and to the ONNX layout).
  void make_forward(prop_kind prop) {
    fwd_pd_ = create_pd(what_, [&] { return forward_pd(prop, alg_); });
    create_pd(what_ + " (reorders)", [&] {
      if (precision_ == Precision::s8) return make_int8_ports();
      src_ = Port(x_, fwd_pd_.src_desc());
      wei_ = Port(wdims_, fwd_pd_.weights_desc());
      dst_ = Port(y_, fwd_pd_.dst_desc());
      if (has_bias_) bias_ = Port({w_[0]}, fwd_pd_.bias_desc());
      return 0;
    });
    fwd_ = dnnl::convolution_forward(fwd_pd_);
    layout_bytes_ = src_.reorder_bytes() + wei_.reorder_bytes() + dst_.reorder_bytes() +
                    (has_bias_ ? bias_.reorder_bytes() : 0);
  }

  // Backward primitives with `alg`; throws sdk::unsupported when oneDNN has none.
  void make_backward_with(algorithm alg) {
    const std::string what = what_ + " backward (" + algo_name(alg) + ")";
    const auto hint = create_pd(what, [&] { return forward_pd(prop_kind::forward_training, alg); });
    const auto bd = create_pd(what, [&] {
      const dnnl::convolution_backward_data::desc d(alg, any_md(x_), any_md(wdims_), any_md(y_),
                                                    strides_, dilates_, pad_l_, pad_r_);
      return dnnl::convolution_backward_data::primitive_desc(d, engine(), hint);
    });
    const auto bw = create_pd(what, [&] {
      const dnnl::memory::desc bias = has_bias_ ? any_md({w_[0]}) : dnnl::memory::desc();
      const dnnl::convolution_backward_weights::desc d(
          alg, any_md(x_), any_md(wdims_), bias, any_md(y_), strides_, dilates_, pad_l_, pad_r_);
      return dnnl::convolution_backward_weights::primitive_desc(d, engine(), hint);
    });
    bwd_data_ = dnnl::convolution_backward_data(bd);
    bwd_weights_ = dnnl::convolution_backward_weights(bw);
    create_pd(what + " (reorders)", [&] {
      bd_dy_ = Port(y_, bd.diff_dst_desc());
      bd_w_ = Port(wdims_, bd.weights_desc());
      bd_dx_ = Port(x_, bd.diff_src_desc());
      bw_x_ = Port(x_, bw.src_desc());
      bw_dy_ = Port(y_, bw.diff_dst_desc());
      bw_dw_ = Port(wdims_, bw.diff_weights_desc());
      if (has_bias_) bw_db_ = Port({w_[0]}, bw.diff_bias_desc());
      return 0;
    });
    kernel_.append("backward-data " + impl_of(bd) + " " + algo_name(alg) + ", backward-weights " +
                   impl_of(bw) + " " + algo_name(alg));
  }

  void make_backward() {
    try {
      make_backward_with(alg_);
    } catch (const sdk::Error& e) {
      if (e.code() != D500_ERR_UNSUPPORTED || alg_ == algorithm::convolution_direct) throw;
      make_backward_with(algorithm::convolution_direct);
    }
    bwd_ready_ = true;
  }

  // int8: the caller's X and W quantized into row-major int8 buffers, the int32 result in a
  // row-major buffer; the ports reorder those into the primitive's layouts.
  int make_int8_ports() {
    src_ = Port(plain_md(x_, DataType::s8), fwd_pd_.src_desc());
    wei_ = Port(plain_md(wdims_, DataType::s8), fwd_pd_.weights_desc());
    dst_ = Port(plain_md(y_, DataType::s32), fwd_pd_.dst_desc());
    qx_.resize(static_cast<size_t>(numel(x_)));
    qw_.resize(static_cast<size_t>(numel(w_)));
    acc_.resize(static_cast<size_t>(numel(y_)));
    w_scale_.resize(static_cast<size_t>(w_[0]));
    return 0;
  }

  // Quantizing, the reorders and dequantizing are the call's conversions, timed apart.
  void forward_int8(Inputs in, Outputs out) {
    LayoutTimer layout(true);
    layout.start();
    const float x_scale =
        quantize(static_cast<const float*>(data_of(in[0])), numel(x_), qx_.data());
    const int64_t per = numel(w_) / w_[0];
    const float* w = static_cast<const float*>(data_of(in[1]));
    for (int64_t oc = 0; oc < w_[0]; ++oc)
      w_scale_[static_cast<size_t>(oc)] = quantize(w + oc * per, per, qw_.data() + oc * per);
    Args args = {{DNNL_ARG_SRC, src_.input(qx_.data())},
                 {DNNL_ARG_WEIGHTS, wei_.input(qw_.data())},
                 {DNNL_ARG_DST, dst_.output(acc_.data())}};
    layout.stop();
    execute(fwd_, args, what_);
    layout.start();
    dst_.finish();
    stream().wait();
    dequantize(x_scale, has_bias_ ? static_cast<const float*>(data_of(in[2])) : nullptr,
               static_cast<float*>(data_of(out[0])));
    layout.stop();
    const double n = static_cast<double>(numel(x_) + numel(w_));
    layout.report(kernel_, 5 * n + 8.0 * static_cast<double>(numel(y_)) + layout_bytes_);
  }

  // y = acc * x_scale * w_scale[oc] (+ bias[oc]) over the row-major [N, OC, spatial...] result.
  void dequantize(float x_scale, const float* bias, float* y) const {
    const int64_t spatial = numel(y_) / (y_[0] * y_[1]);
    for (int64_t n = 0; n < y_[0]; ++n)
      for (int64_t oc = 0; oc < y_[1]; ++oc) {
        const size_t at = static_cast<size_t>((n * y_[1] + oc) * spatial);
        const float s = x_scale * w_scale_[static_cast<size_t>(oc)];
        const float b = bias ? bias[oc] : 0.f;
        for (int64_t i = 0; i < spatial; ++i)
          y[at + static_cast<size_t>(i)] =
              static_cast<float>(acc_[at + static_cast<size_t>(i)]) * s + b;
      }
  }

  algorithm alg_;
  Precision precision_;
  std::vector<int8_t> qx_, qw_;
  std::vector<int32_t> acc_;
  std::vector<float> w_scale_;
  KernelRecord kernel_;
  bool has_bias_ = false;
  Shape x_, w_, y_, wdims_, strides_, dilates_, pad_l_, pad_r_;
  std::string what_;
  dnnl::convolution_forward::primitive_desc fwd_pd_;
  dnnl::convolution_forward fwd_;
  Port src_, wei_, dst_, bias_;
  double layout_bytes_ = 0;  // what one forward's reorders read and write; 0: none
  bool bwd_ready_ = false;
  dnnl::convolution_backward_data bwd_data_;
  dnnl::convolution_backward_weights bwd_weights_;
  Port bd_dy_, bd_w_, bd_dx_, bw_x_, bw_dy_, bw_dw_, bw_db_;
  std::vector<float> dw_scratch_, db_scratch_;
};

// One type per variant: the SDK constructs operators from (attributes, inputs) only.
template <algorithm Alg>
class Conv : public sdk::Operator<Conv<Alg>> {
 public:
  Conv(const Attributes& attrs, const std::vector<TensorInfo>& in) : impl_(attrs, in, Alg, this) {}
  std::vector<TensorInfo> outputs() const { return impl_.outputs(); }
  void forward(Inputs in, Outputs out) { impl_.forward(in, out); }
  void backward(Inputs grad_outputs, Inputs inputs, Inputs, Outputs grad_inputs) {
    impl_.backward(grad_outputs, inputs, grad_inputs);
  }
  Cost cost() const { return impl_.cost(); }

 private:
  ConvImpl impl_;
};

// A low-precision variant: forward only (its gradients would be those of a different function).
template <algorithm Alg, Precision P>
class ConvLowp : public sdk::Operator<ConvLowp<Alg, P>> {
 public:
  ConvLowp(const Attributes& attrs, const std::vector<TensorInfo>& in)
      : impl_(attrs, in, Alg, this, P) {}
  std::vector<TensorInfo> outputs() const { return impl_.outputs(); }
  void forward(Inputs in, Outputs out) { impl_.forward(in, out); }
  Cost cost() const { return impl_.cost(); }

 private:
  ConvImpl impl_;
};

// What oneDNN runs for a typical layer (ResNet's 3x3, X [1, 64, 56, 56], pads 1) on this CPU,
// found at load time from the forward primitive descriptor alone (nothing is executed).
std::string probe(algorithm alg) {
  try {
    const dnnl::convolution_forward::desc d(
        prop_kind::forward_inference, alg, any_md({1, 64, 56, 56}), any_md({64, 64, 3, 3}),
        dnnl::memory::desc(), any_md({1, 64, 56, 56}), {1, 1}, {0, 0}, {1, 1}, {1, 1});
    return impl_of(dnnl::convolution_forward::primitive_desc(d, engine()));
  } catch (const dnnl::error&) {
    return "none (refused)";
  }
}

template <algorithm Alg>
d500_operator conv_op(const char* variant, const char* text) {
  static const std::string description =
      std::string(text) + "; kernel for a 3x3 layer X [1, 64, 56, 56] here: " + probe(Alg) + " (" +
      version_text() + ")";
  return Conv<Alg>::define({"Conv", "", variant, description.c_str()});
}

template <algorithm Alg, Precision P>
d500_operator lowp_op(const char* variant, const char* text) {
  static const std::string description = std::string(text) + " (" + version_text() + ")";
  return ConvLowp<Alg, P>::define({"Conv", "", variant, description.c_str()});
}

}  // namespace

void add_conv_ops(std::vector<d500_operator>& ops) {
  // convolution_auto first: `--plugin onednn` (no variant) picks the first one listed.
  ops.push_back(conv_op<algorithm::convolution_auto>(
      "convolution_auto",
      "oneDNN Conv, algorithm chosen by oneDNN (direct or Winograd); exact unless Winograd"));
  ops.push_back(conv_op<algorithm::convolution_direct>(
      "convolution_direct",
      "oneDNN Conv, direct algorithm (JIT or GEMM kernels); exact, tolerance 1e-5 rel. L2"));
  ops.push_back(conv_op<algorithm::convolution_winograd>(
      "convolution_winograd",
      "oneDNN Conv, Winograd where oneDNN has it (3x3, stride 1, AVX-512); approximate, "
      "tolerance 1e-3 rel. L2"));
  // bf16 where oneDNN has a kernel for it here; int8 runs on any AVX2 or AVX-512 machine.
  if (cpu_has_bf16())
    ops.push_back(lowp_op<algorithm::convolution_direct, Precision::bf16>(
        "convolution_direct_bf16",
        "oneDNN Conv, direct, X and W rounded to bfloat16, float32 accumulation and output, "
        "forward only; approximate, tolerance 1e-2 rel. L2"));
  ops.push_back(lowp_op<algorithm::convolution_direct, Precision::s8>(
      "convolution_direct_int8",
      "oneDNN Conv, direct, int8 quantized per call (X per tensor, W per output channel, scale "
      "max|v|/127), int32 accumulation, dequantized to float32, forward only; quantized: exact "
      "(1e-5) against the reference on the dequantized inputs, tolerance 2e-2 rel. L2 against "
      "float32"));
}

}  // namespace d500::onednn_plugin
