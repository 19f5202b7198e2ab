// ONNX MaxPool and AveragePool (1-D to 3-D, strides, dilations, asymmetric pads, auto_pad,
// ceil_mode) through oneDNN's pooling_v2 primitive, forward and backward, float32, on the
// caller's row-major memory. ceil_mode becomes extra right padding; AveragePool with
// count_include_pad cannot say "count the declared pads but not the ceil_mode overhang", so that
// one geometry is refused. oneDNN has no ONNX Indices output: when the caller asks for MaxPool's
// Indices (out[1] with data), the plugin's own loop finds them (first maximum in the kernel's
// row-major order, storage_order honoured), after oneDNN's Y. MaxPool's backward needs the argmax
// workspace of a training forward: backward() reruns the forward in training mode into the
// instance's workspace first (the kernel text says so), since the ABI's forward has no place to
// keep it for a later backward.
#include "../torch/window.h"  // ONNX window geometry; header-only, LibTorch-free, SDK only
#include "common.h"

namespace d500::onednn_plugin {
namespace {

using dnnl::algorithm;
using dnnl::prop_kind;

class PoolImpl {
 public:
  PoolImpl(const Attributes& attrs, const std::vector<TensorInfo>& in, bool max, const void* owner)
      : max_(max), kernel_(owner) {
    const char* op = max ? "MaxPool" : "AveragePool";
    sdk::expect_count(in.size(), 1, "input (X)");
    require_f32(in, op);
    x_ = in[0].shape();
    if (x_.size() < 3 || x_.size() > 5)
      throw sdk::unsupported(std::string("onednn ") + op + " pools 1-D to 3-D, got X " +
                             in[0].str());
    const Shape spatial(x_.begin() + 2, x_.end());
    const torch_plugin::Window win = torch_plugin::read_window(
        attrs, spatial, torch_plugin::read_kernel(attrs, spatial.size(), nullptr), true);
    const bool ceil = attrs.get_flag("ceil_mode", false);
    const Shape out = torch_plugin::window_output(win, spatial, ceil);
    y_ = {x_[0], x_[1]};
    y_.insert(y_.end(), out.begin(), out.end());
    kernel_shape_ = win.kernel;
    strides_ = win.stride;
    pad_l_ = win.pad_begin;
    bool overhang = false;
    for (size_t i = 0; i < out.size(); ++i) {
      dilates_.push_back(win.dilation[i] - 1);
      // Right padding that makes the last window fit: the declared pad, or more with ceil_mode.
      const int64_t need = (out[i] - 1) * strides_[i] + win.extent(i) - spatial[i] - pad_l_[i];
      pad_r_.push_back(std::max(need, win.pad_end[i]));
      overhang |= need > win.pad_end[i];
    }
    column_major_ = max && attrs.get_int("storage_order", 0) == 1;
    const bool include_pad = attrs.get_flag("count_include_pad", false);
    if (!max && include_pad && overhang)
      throw sdk::unsupported(
          "onednn AveragePool: count_include_pad with a ceil_mode window reaching past the pads "
          "(oneDNN would count the overhang in the divisor, ONNX does not)");
    alg_ = max ? algorithm::pooling_max
               : (include_pad ? algorithm::pooling_avg_include_padding
                              : algorithm::pooling_avg_exclude_padding);
    what_ = std::string("onednn ") + op + " of X " + in[0].str() + ", kernel " +
            sdk::shape_string(kernel_shape_);
    const auto pd = create_pd(what_, [&] { return forward_pd(prop_kind::forward_inference); });
    fwd_ = Bound::make<dnnl::pooling_v2_forward>(
        pd, {{DNNL_ARG_SRC, plain_md(x_)}, {DNNL_ARG_DST, plain_md(y_)}}, what_);
    kernel_.set("forward " + impl_of(pd));
  }

  std::vector<TensorInfo> outputs() const {
    if (!max_) return {TensorInfo(sdk::dtype_of<float>(), y_)};
    return {TensorInfo(sdk::dtype_of<float>(), y_), TensorInfo(sdk::dtype_of<int64_t>(), y_)};
  }

  void forward(Inputs in, Outputs out) {
    fwd_.run({{DNNL_ARG_SRC, data_of(in[0])}, {DNNL_ARG_DST, data_of(out[0])}});
    if (max_ && out.size() > 1 && out[1].defined())
      argmax_indices(static_cast<const float*>(data_of(in[0])), out[1].as<int64_t>().data());
  }

  void backward(Inputs grad_outputs, Inputs inputs, Outputs grad_inputs) {
    if (grad_inputs.size() == 0 || !grad_inputs[0].defined()) return;
    if (!bwd_ready_) make_backward();
    Args workspace;
    if (max_) {
      workspace[DNNL_ARG_WORKSPACE] = workspace_;
      train_.run({{DNNL_ARG_SRC, data_of(inputs[0])}, {DNNL_ARG_DST, y_scratch_.data()}},
                 workspace);
    }
    bwd_.run({{DNNL_ARG_DIFF_DST, data_of(grad_outputs[0])},
              {DNNL_ARG_DIFF_SRC, data_of(grad_inputs[0])}},
             workspace);
  }

  Cost cost() const {
    Cost c;
    c.flops = static_cast<double>(numel(y_) * numel(kernel_shape_));
    c.bytes = 4.0 * static_cast<double>(numel(x_) + numel(y_));
    return c;
  }

 private:
  dnnl::pooling_v2_forward::primitive_desc forward_pd(prop_kind prop) const {
    const dnnl::pooling_v2_forward::desc d(prop, alg_, plain_md(x_), plain_md(y_), strides_,
                                           kernel_shape_, dilates_, pad_l_, pad_r_);
    return dnnl::pooling_v2_forward::primitive_desc(d, engine());
  }

  // ONNX's Indices: per output element, the flat index into X of the first maximum of its window
  // (row-major, or with column-major spatial offsets for storage_order 1).
  void argmax_indices(const float* x, int64_t* indices) const {
    const size_t r = kernel_shape_.size();
    const Shape in(x_.begin() + 2, x_.end()), out(y_.begin() + 2, y_.end());
    const int64_t plane = numel(in), outs = numel(out);
    for (int64_t nc = 0; nc < x_[0] * x_[1]; ++nc)
      for (int64_t o = 0; o < outs; ++o) {
        Shape pos(r), tap(r, 0);
        for (int64_t rest = o, i = static_cast<int64_t>(r) - 1; i >= 0; --i) {
          pos[i] = rest % out[i];
          rest /= out[i];
        }
        int64_t best = -1;
        float best_v = 0.f;
        for (bool more = true; more;) {
          int64_t flat = 0, col = 0, col_stride = 1;
          bool inside = true;
          for (size_t i = 0; i < r; ++i) {
            const int64_t p = pos[i] * strides_[i] - pad_l_[i] + tap[i] * (dilates_[i] + 1);
            inside &= p >= 0 && p < in[i];
            flat = flat * in[i] + p;
            col += p * col_stride;
            col_stride *= in[i];
          }
          if (inside && (best < 0 || x[nc * plane + flat] > best_v)) {
            best_v = x[nc * plane + flat];
            best = column_major_ ? col : flat;
          }
          more = false;  // the next tap, row-major odometer
          for (int64_t i = static_cast<int64_t>(r) - 1; i >= 0 && !more; --i) {
            more = ++tap[i] < kernel_shape_[i];
            if (!more) tap[i] = 0;
          }
        }
        indices[nc * outs + o] = nc * plane + best;
      }
  }

  void make_backward() {
    const std::string what = what_ + " backward";
    const auto hint = create_pd(what, [&] { return forward_pd(prop_kind::forward_training); });
    const auto pd = create_pd(what, [&] {
      const dnnl::pooling_v2_backward::desc d(alg_, plain_md(x_), plain_md(y_), strides_,
                                              kernel_shape_, dilates_, pad_l_, pad_r_);
      return dnnl::pooling_v2_backward::primitive_desc(d, engine(), hint);
    });
    bwd_ = Bound::make<dnnl::pooling_v2_backward>(
        pd, {{DNNL_ARG_DIFF_DST, plain_md(y_)}, {DNNL_ARG_DIFF_SRC, plain_md(x_)}}, what);
    std::string text = "backward " + bwd_.impl();
    if (max_) {
      train_ = Bound::make<dnnl::pooling_v2_forward>(
          hint, {{DNNL_ARG_SRC, plain_md(x_)}, {DNNL_ARG_DST, plain_md(y_)}},
          what_ + " (training forward for the workspace)");
      workspace_ = dnnl::memory(hint.workspace_desc(), engine());
      y_scratch_.resize(static_cast<size_t>(numel(y_)));
      text += " after a training forward " + train_.impl() + " for the argmax workspace";
    }
    kernel_.append(text);
    bwd_ready_ = true;
  }

  bool max_;
  bool column_major_ = false;
  KernelRecord kernel_;
  algorithm alg_ = algorithm::pooling_max;
  Shape x_, y_, kernel_shape_, strides_, dilates_, pad_l_, pad_r_;
  std::string what_;
  Bound fwd_, train_, bwd_;
  bool bwd_ready_ = false;
  dnnl::memory workspace_;
  std::vector<float> y_scratch_;
};

template <bool Max>
class Pool : public sdk::Operator<Pool<Max>> {
 public:
  Pool(const Attributes& attrs, const std::vector<TensorInfo>& in) : impl_(attrs, in, Max, this) {}
  std::vector<TensorInfo> outputs() const { return impl_.outputs(); }
  void forward(Inputs in, Outputs out) { impl_.forward(in, out); }
  void backward(Inputs grad_outputs, Inputs inputs, Inputs, Outputs grad_inputs) {
    impl_.backward(grad_outputs, inputs, grad_inputs);
  }
  Cost cost() const { return impl_.cost(); }

 private:
  PoolImpl impl_;
};

}  // namespace

void add_pool_ops(std::vector<d500_operator>& ops) {
  ops.push_back(Pool<true>::define(
      {"MaxPool", "", "default",
       "oneDNN pooling_v2 max; Indices, when asked for, by the plugin's own loop; exact"}));
  ops.push_back(Pool<false>::define(
      {"AveragePool", "", "default",
       "oneDNN pooling_v2 average, with or without the pads in the divisor; exact, tolerance "
       "1e-5 rel. L2"}));
}

}  // namespace d500::onednn_plugin
