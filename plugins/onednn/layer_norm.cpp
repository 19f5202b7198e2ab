// ONNX LayerNormalization (opset 17) through oneDNN's layer_normalization primitives, forward
// and backward, float32, on the caller's row-major memory. oneDNN normalizes over the last
// dimension, so X is viewed as [prod(dims before axis), prod(dims from axis)]: the same bytes.
// The forward runs in training mode, which gives the mean and the (biased) variance of each row:
// Mean is written by the primitive, InvStdDev = 1 / sqrt(variance + epsilon) by the plugin.
// Backward reruns that forward for the statistics of the X it is given, then runs
// layer_normalization_backward (dX, dScale, dB); the gradients of the Mean and InvStdDev outputs,
// when the caller passes them, are added to dX by a plain loop (oneDNN has no such input):
// dX += dMean / M - dInvStdDev * InvStdDev^3 * (x - mean) / M over the M elements of a row.
// Scale and B must hold one value per normalized element (leading 1s allowed): oneDNN does not
// broadcast them, and the plugin refuses a smaller Scale rather than expanding it.
#include <cmath>

#include "common.h"

namespace d500::onednn_plugin {
namespace {

using dnnl::prop_kind;
using Flags = dnnl::normalization_flags;

Shape without_leading_ones(const Shape& s) {
  size_t k = 0;
  while (k < s.size() && s[k] == 1) ++k;
  return Shape(s.begin() + static_cast<int64_t>(k), s.end());
}

class LayerNorm : public sdk::Operator<LayerNorm> {
 public:
  LayerNorm(const Attributes& attrs, const std::vector<TensorInfo>& in) : kernel_(this) {
    if (in.size() < 2 || in.size() > 3 || !in[0].present() || !in[1].present())
      throw std::invalid_argument(
          "onednn LayerNormalization: expects inputs X, Scale and optional "
          "B, got " +
          std::to_string(in.size()) + " inputs");
    require_f32(in, "LayerNormalization");
    const int64_t stash = attrs.get_int("stash_type", 1);
    if (stash != 1)
      throw sdk::unsupported("onednn LayerNormalization: stash_type " + std::to_string(stash) +
                             " (oneDNN keeps the statistics in float32 only)");
    shape_ = in[0].shape();
    const int64_t rank = static_cast<int64_t>(shape_.size());
    int64_t axis = attrs.get_int("axis", -1);
    if (rank == 0 || axis < -rank || axis >= rank)
      throw std::invalid_argument("onednn LayerNormalization: axis " + std::to_string(axis) +
                                  " outside X " + in[0].str());
    if (axis < 0) axis += rank;
    const Shape before(shape_.begin(), shape_.begin() + axis);
    const Shape normalized(shape_.begin() + axis, shape_.end());
    rows_ = numel(before);
    cols_ = numel(normalized);
    bias_ = in.size() == 3 && in[2].present();
    for (size_t k = 1; k < (bias_ ? 3u : 2u); ++k)
      if (without_leading_ones(in[k].shape()) != without_leading_ones(normalized))
        throw sdk::unsupported(
            "onednn LayerNormalization: " + std::string(k == 1 ? "Scale " : "B ") + in[k].str() +
            " must have the normalized shape " + sdk::shape_string(normalized) +
            " (oneDNN takes one value per element, no broadcasting)");
    stat_shape_ = before;
    stat_shape_.resize(shape_.size(), 1);
    eps_ = static_cast<float>(attrs.get_float("epsilon", 1e-5));
    what_ = "onednn LayerNormalization of X " + in[0].str() + " from axis " + std::to_string(axis);
    const auto pd = create_pd(what_, [&] { return forward_pd(); });
    std::vector<Bound::Binding> args = {{DNNL_ARG_SRC, data_md()},
                                        {DNNL_ARG_DST, data_md()},
                                        {DNNL_ARG_SCALE, param_md()},
                                        {DNNL_ARG_MEAN, stat_md()},
                                        {DNNL_ARG_VARIANCE, stat_md()}};
    if (bias_) args.push_back({DNNL_ARG_SHIFT, param_md()});
    fwd_ = Bound::make<dnnl::layer_normalization_forward>(pd, args, what_);
    kernel_.set("forward " + fwd_.impl());
    mean_.resize(static_cast<size_t>(rows_));
    var_.resize(static_cast<size_t>(rows_));
  }

  // Y, Mean, InvStdDev (the last two shaped X.shape[:axis] + 1s).
  std::vector<TensorInfo> outputs() const {
    const DLDataType f32 = sdk::dtype_of<float>();
    return {TensorInfo(f32, shape_), TensorInfo(f32, stat_shape_), TensorInfo(f32, stat_shape_)};
  }

  void forward(Inputs in, Outputs out) {
    float* mean = wanted_or(out, 1, mean_, rows_);
    run_forward(in, data_of(out[0]), mean);
    if (out.size() < 3 || !out[2].defined()) return;
    float* inv = static_cast<float*>(data_of(out[2]));
    for (int64_t r = 0; r < rows_; ++r) inv[r] = 1.f / std::sqrt(var_[r] + eps_);
  }

  void backward(Inputs grad_outputs, Inputs inputs, Inputs, Outputs grad_inputs) {
    if (!bwd_ready_) make_backward();
    const int64_t n = rows_ * cols_;
    y_scratch_.resize(static_cast<size_t>(n));
    run_forward(inputs, y_scratch_.data(), mean_.data());  // this X's mean and variance
    float* dx = wanted_or(grad_inputs, 0, dx_scratch_, n);
    std::vector<Bound::Buffer> args = {
        {DNNL_ARG_SRC, data_of(inputs[0])},
        {DNNL_ARG_MEAN, mean_.data()},
        {DNNL_ARG_VARIANCE, var_.data()},
        {DNNL_ARG_DIFF_DST, given_or_zeros(grad_outputs, 0, zeros_, n)},
        {DNNL_ARG_SCALE, data_of(inputs[1])},
        {DNNL_ARG_DIFF_SRC, dx},
        {DNNL_ARG_DIFF_SCALE, wanted_or(grad_inputs, 1, dscale_scratch_, cols_)}};
    if (bias_) {  // oneDNN 2.6 binds the shift though the gradients do not read it
      args.push_back({DNNL_ARG_SHIFT, data_of(inputs[2])});
      args.push_back({DNNL_ARG_DIFF_SHIFT, wanted_or(grad_inputs, 2, dshift_scratch_, cols_)});
    }
    bwd_.run(args);
    if (grad_inputs.size() > 0 && grad_inputs[0].defined())
      add_stats_gradients(grad_outputs, inputs, dx);
  }

  Cost cost() const {
    Cost c;
    c.flops = 8.0 * static_cast<double>(rows_ * cols_);
    c.bytes = 4.0 * (2.0 * static_cast<double>(rows_ * cols_) + (bias_ ? 2.0 : 1.0) * cols_ +
                     2.0 * rows_);
    return c;
  }

 private:
  dnnl::memory::desc data_md() const { return plain_md({rows_, cols_}); }
  dnnl::memory::desc stat_md() const { return plain_md({rows_}); }
  dnnl::memory::desc param_md() const { return plain_md({cols_}); }
  Flags flags() const { return bias_ ? Flags::use_scale | Flags::use_shift : Flags::use_scale; }

  dnnl::layer_normalization_forward::primitive_desc forward_pd() const {
    const dnnl::layer_normalization_forward::desc d(prop_kind::forward_training, data_md(),
                                                    stat_md(), eps_, flags());
    return dnnl::layer_normalization_forward::primitive_desc(d, engine());
  }

  void run_forward(Inputs in, void* y, float* mean) {
    std::vector<Bound::Buffer> args = {{DNNL_ARG_SRC, data_of(in[0])},
                                       {DNNL_ARG_DST, y},
                                       {DNNL_ARG_SCALE, data_of(in[1])},
                                       {DNNL_ARG_MEAN, mean},
                                       {DNNL_ARG_VARIANCE, var_.data()}};
    if (bias_) args.push_back({DNNL_ARG_SHIFT, data_of(in[2])});
    fwd_.run(args);
  }

  void make_backward() {
    const std::string what = what_ + " backward";
    const auto hint = create_pd(what, [&] { return forward_pd(); });
    const auto pd = create_pd(what, [&] {
      const dnnl::layer_normalization_backward::desc d(prop_kind::backward, data_md(), data_md(),
                                                       stat_md(), eps_, flags());
      return dnnl::layer_normalization_backward::primitive_desc(d, engine(), hint);
    });
    std::vector<Bound::Binding> args = {
        {DNNL_ARG_SRC, data_md()},        {DNNL_ARG_MEAN, stat_md()},
        {DNNL_ARG_VARIANCE, stat_md()},   {DNNL_ARG_DIFF_DST, data_md()},
        {DNNL_ARG_SCALE, param_md()},     {DNNL_ARG_DIFF_SRC, data_md()},
        {DNNL_ARG_DIFF_SCALE, param_md()}};
    if (bias_) {
      args.push_back({DNNL_ARG_SHIFT, param_md()});
      args.push_back({DNNL_ARG_DIFF_SHIFT, param_md()});
    }
    bwd_ = Bound::make<dnnl::layer_normalization_backward>(pd, args, what);
    kernel_.append("backward " + bwd_.impl() + " after a training forward " + fwd_.impl());
    bwd_ready_ = true;
  }

  // What dMean and dInvStdDev (outputs 1 and 2) pass back to X, added to dx.
  void add_stats_gradients(Inputs grad_outputs, Inputs inputs, float* dx) const {
    const bool dmean = grad_outputs.size() > 1 && grad_outputs[1].defined();
    const bool dinv = grad_outputs.size() > 2 && grad_outputs[2].defined();
    if (!dmean && !dinv) return;
    const float* x = static_cast<const float*>(data_of(inputs[0]));
    const float* gm = dmean ? static_cast<const float*>(data_of(grad_outputs[1])) : nullptr;
    const float* gi = dinv ? static_cast<const float*>(data_of(grad_outputs[2])) : nullptr;
    const double m = static_cast<double>(cols_);
    for (int64_t r = 0; r < rows_; ++r) {
      const double inv = 1.0 / std::sqrt(static_cast<double>(var_[r]) + eps_);
      const double a = gm ? gm[r] / m : 0.0;
      const double b = gi ? -gi[r] * inv * inv * inv / m : 0.0;
      for (int64_t c = 0; c < cols_; ++c) {
        const int64_t i = r * cols_ + c;
        dx[i] += static_cast<float>(a + b * (x[i] - mean_[r]));
      }
    }
  }

  KernelRecord kernel_;
  Shape shape_, stat_shape_;
  int64_t rows_ = 1, cols_ = 1;
  bool bias_ = false;
  float eps_ = 1e-5f;
  std::string what_;
  Bound fwd_, bwd_;
  bool bwd_ready_ = false;
  std::vector<float> mean_, var_, y_scratch_, dx_scratch_, dscale_scratch_, dshift_scratch_, zeros_;
};

}  // namespace

void add_layer_norm_ops(std::vector<d500_operator>& ops) {
  ops.push_back(LayerNorm::define(
      {"LayerNormalization", "", "default",
       "oneDNN layer_normalization over X flattened at axis, forward and backward, with Mean and "
       "InvStdDev; float32; tolerance 1e-5 rel. L2",
       kDLCPU, D500_OP_DETERMINISTIC, 17, 0}));
}

}  // namespace d500::onednn_plugin
