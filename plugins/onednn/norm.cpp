// ONNX LRN (across channels) and BatchNormalization (inference with the given mean and variance,
// or training_mode 1 with the batch's), forward and backward, through oneDNN's lrn and
// batch_normalization primitives, float32, on the caller's row-major memory. LRN's backward
// needs the workspace of a training forward, so backward() reruns the forward in training mode
// first (as MaxPool does); training BatchNormalization's backward reruns its forward likewise for
// the batch statistics of the X it is given.
#include <cmath>

#include "common.h"

namespace d500::onednn_plugin {
namespace {

using dnnl::prop_kind;

class Lrn : public sdk::Operator<Lrn> {
 public:
  Lrn(const Attributes& attrs, const std::vector<TensorInfo>& in) : kernel_(this) {
    sdk::expect_count(in.size(), 1, "input (X)");
    require_f32(in, "LRN");
    shape_ = in[0].shape();
    if (shape_.size() < 3)
      throw std::invalid_argument("onednn LRN: X " + in[0].str() + " must be [N, C, d1, ...]");
    size_ = attrs.get_int("size");
    if (size_ < 1 || size_ % 2 == 0)
      throw sdk::unsupported("onednn LRN: size " + std::to_string(size_) +
                             " (oneDNN's window is symmetric: odd sizes only)");
    alpha_ = static_cast<float>(attrs.get_float("alpha", 1e-4));
    beta_ = static_cast<float>(attrs.get_float("beta", 0.75));
    bias_ = static_cast<float>(attrs.get_float("bias", 1.0));
    what_ = "onednn LRN of X " + in[0].str() + ", size " + std::to_string(size_);
    const dnnl::memory::desc md = plain_md(shape_);
    const auto pd = create_pd(what_, [&] { return forward_pd(prop_kind::forward_inference); });
    fwd_ = Bound::make<dnnl::lrn_forward>(pd, {{DNNL_ARG_SRC, md}, {DNNL_ARG_DST, md}}, what_);
    kernel_.set("forward " + fwd_.impl());
  }

  std::vector<TensorInfo> outputs() const { return {TensorInfo(sdk::dtype_of<float>(), shape_)}; }

  void forward(Inputs in, Outputs out) {
    fwd_.run({{DNNL_ARG_SRC, data_of(in[0])}, {DNNL_ARG_DST, data_of(out[0])}});
  }

  void backward(Inputs grad_outputs, Inputs inputs, Inputs, Outputs grad_inputs) {
    if (grad_inputs.size() == 0 || !grad_inputs[0].defined()) return;
    if (!bwd_ready_) make_backward();
    Args workspace;
    if (workspace_) workspace[DNNL_ARG_WORKSPACE] = workspace_;
    train_.run({{DNNL_ARG_SRC, data_of(inputs[0])}, {DNNL_ARG_DST, y_scratch_.data()}}, workspace);
    bwd_.run({{DNNL_ARG_SRC, data_of(inputs[0])},
              {DNNL_ARG_DIFF_DST, data_of(grad_outputs[0])},
              {DNNL_ARG_DIFF_SRC, data_of(grad_inputs[0])}},
             workspace);
  }

  Cost cost() const {
    Cost c;
    c.flops = static_cast<double>(numel(shape_) * (size_ + 4));
    c.bytes = 8.0 * static_cast<double>(numel(shape_));
    return c;
  }

 private:
  dnnl::lrn_forward::primitive_desc forward_pd(prop_kind prop) const {
    const dnnl::lrn_forward::desc d(prop, dnnl::algorithm::lrn_across_channels, plain_md(shape_),
                                    size_, alpha_, beta_, bias_);
    return dnnl::lrn_forward::primitive_desc(d, engine());
  }

  void make_backward() {
    const std::string what = what_ + " backward";
    const dnnl::memory::desc md = plain_md(shape_);
    const auto hint = create_pd(what, [&] { return forward_pd(prop_kind::forward_training); });
    const auto pd = create_pd(what, [&] {
      const dnnl::lrn_backward::desc d(dnnl::algorithm::lrn_across_channels, md, md, size_, alpha_,
                                       beta_, bias_);
      return dnnl::lrn_backward::primitive_desc(d, engine(), hint);
    });
    train_ = Bound::make<dnnl::lrn_forward>(hint, {{DNNL_ARG_SRC, md}, {DNNL_ARG_DST, md}},
                                            what_ + " (training forward for the workspace)");
    bwd_ = Bound::make<dnnl::lrn_backward>(
        pd, {{DNNL_ARG_SRC, md}, {DNNL_ARG_DIFF_DST, md}, {DNNL_ARG_DIFF_SRC, md}}, what);
    if (hint.workspace_desc().get_size() > 0)
      workspace_ = dnnl::memory(hint.workspace_desc(), engine());
    y_scratch_.resize(static_cast<size_t>(numel(shape_)));
    kernel_.append("backward " + bwd_.impl() + " after a training forward " + train_.impl());
    bwd_ready_ = true;
  }

  KernelRecord kernel_;
  Shape shape_;
  int64_t size_ = 1;
  float alpha_ = 0, beta_ = 0, bias_ = 0;
  std::string what_;
  Bound fwd_, train_, bwd_;
  bool bwd_ready_ = false;
  dnnl::memory workspace_;
  std::vector<float> y_scratch_;
};

// Inference (training_mode 0): the given mean and variance (use_global_stats). Training: the
// batch's mean and population variance from a forward_training primitive, and running_mean =
// input_mean * momentum + mean * (1 - momentum) (running_var likewise) by a loop over C.
// Backward: batch_normalization_backward (dX, dscale, dB) on the statistics forward used (the
// batch's, recomputed by a training forward, or the given ones); the gradients of input_mean and
// input_var, and what the running statistics' gradients pass back to X, by loops over C (see
// the reference plugin's batch_normalization.cpp for the formulas).
class BatchNorm : public sdk::Operator<BatchNorm> {
 public:
  BatchNorm(const Attributes& attrs, const std::vector<TensorInfo>& in) : kernel_(this) {
    sdk::expect_count(in.size(), 5, "inputs (X, scale, B, mean, var)");
    require_f32(in, "BatchNormalization");
    training_ = attrs.get_int("training_mode", 0) != 0;
    momentum_ = static_cast<float>(attrs.get_float("momentum", 0.9));
    shape_ = in[0].shape();
    if (shape_.size() < 2)
      throw std::invalid_argument("onednn BatchNormalization: X " + in[0].str() +
                                  " must be [N, C, ...]");
    c_ = shape_[1];
    for (size_t i = 1; i < 5; ++i)
      if (in[i].shape() != Shape{c_})
        throw std::invalid_argument("onednn BatchNormalization: input " + std::to_string(i) +
                                    " must be [" + std::to_string(c_) + "], got " + in[i].str());
    if (training_ && numel(shape_) == 0)
      throw std::invalid_argument(
          "onednn BatchNormalization: training mode needs a non-empty "
          "batch, got X " +
          in[0].str());
    eps_ = static_cast<float>(attrs.get_float("epsilon", 1e-5));
    what_ = "onednn BatchNormalization" + std::string(training_ ? " (training)" : "") + " of X " +
            in[0].str();
    const auto pd = create_pd(what_, [&] {
      return forward_pd(training_ ? prop_kind::forward_training : prop_kind::forward_inference);
    });
    fwd_ = Bound::make<dnnl::batch_normalization_forward>(pd, bindings(), what_);
    kernel_.set("forward " + fwd_.impl());
    mean_.resize(static_cast<size_t>(c_));
    var_.resize(static_cast<size_t>(c_));
  }

  // Y; in training mode also running_mean and running_var.
  std::vector<TensorInfo> outputs() const {
    const DLDataType f32 = sdk::dtype_of<float>();
    if (!training_) return {TensorInfo(f32, shape_)};
    return {TensorInfo(f32, shape_), TensorInfo(f32, {c_}), TensorInfo(f32, {c_})};
  }

  void forward(Inputs in, Outputs out) {
    run_forward(fwd_, in, data_of(out[0]));
    if (!training_) return;
    const float* stat[2] = {mean_.data(), var_.data()};
    for (size_t k = 1; k < 3; ++k) {
      if (out.size() <= k || !out[k].defined()) continue;
      const float* given = static_cast<const float*>(data_of(in[2 + k]));
      float* running = static_cast<float*>(data_of(out[k]));
      for (int64_t c = 0; c < c_; ++c)
        running[c] = given[c] * momentum_ + stat[k - 1][c] * (1 - momentum_);
    }
  }

  void backward(Inputs grad_outputs, Inputs inputs, Inputs, Outputs grad_inputs) {
    if (!bwd_ready_) make_backward();
    const int64_t n = numel(shape_);
    if (training_) {  // this X's batch statistics
      y_scratch_.resize(static_cast<size_t>(n));
      run_forward(fwd_, inputs, y_scratch_.data());
    }
    const void* mean = training_ ? mean_.data() : data_of(inputs[3]);
    const void* var = training_ ? var_.data() : data_of(inputs[4]);
    float* dx = wanted_or(grad_inputs, 0, dx_scratch_, n);
    dscale_.resize(static_cast<size_t>(c_));
    dshift_.resize(static_cast<size_t>(c_));
    bwd_.run({{DNNL_ARG_SRC, data_of(inputs[0])},
              {DNNL_ARG_MEAN, mean},
              {DNNL_ARG_VARIANCE, var},
              {DNNL_ARG_DIFF_DST, given_or_zeros(grad_outputs, 0, zeros_, n)},
              {DNNL_ARG_SCALE, data_of(inputs[1])},
              {DNNL_ARG_SHIFT, data_of(inputs[2])},  // oneDNN 2.6 binds it though unread
              {DNNL_ARG_DIFF_SRC, dx},
              {DNNL_ARG_DIFF_SCALE, dscale_.data()},
              {DNNL_ARG_DIFF_SHIFT, dshift_.data()}});
    statistics_gradients(grad_outputs, inputs, static_cast<const float*>(mean),
                         static_cast<const float*>(var), grad_inputs);
  }

  Cost cost() const {
    Cost c;
    c.flops = (training_ ? 7.0 : 2.0) * static_cast<double>(numel(shape_));
    c.bytes = 8.0 * static_cast<double>(numel(shape_));
    return c;
  }

 private:
  dnnl::normalization_flags flags() const {
    const auto affine = dnnl::normalization_flags::use_scale | dnnl::normalization_flags::use_shift;
    return training_ ? affine : affine | dnnl::normalization_flags::use_global_stats;
  }

  dnnl::batch_normalization_forward::primitive_desc forward_pd(prop_kind prop) const {
    const dnnl::batch_normalization_forward::desc d(prop, plain_md(shape_), eps_, flags());
    return dnnl::batch_normalization_forward::primitive_desc(d, engine());
  }

  std::vector<Bound::Binding> bindings() const {
    const dnnl::memory::desc md = plain_md(shape_), cmd = plain_md({c_});
    return {{DNNL_ARG_SRC, md},    {DNNL_ARG_DST, md},   {DNNL_ARG_SCALE, cmd},
            {DNNL_ARG_SHIFT, cmd}, {DNNL_ARG_MEAN, cmd}, {DNNL_ARG_VARIANCE, cmd}};
  }

  // Inference reads the given statistics; training writes the batch's into mean_ and var_.
  void run_forward(Bound& b, Inputs in, void* y) {
    b.run({{DNNL_ARG_SRC, data_of(in[0])},
           {DNNL_ARG_SCALE, data_of(in[1])},
           {DNNL_ARG_SHIFT, data_of(in[2])},
           {DNNL_ARG_MEAN, training_ ? mean_.data() : data_of(in[3])},
           {DNNL_ARG_VARIANCE, training_ ? var_.data() : data_of(in[4])},
           {DNNL_ARG_DST, y}});
  }

  void make_backward() {
    const std::string what = what_ + " backward";
    const auto hint = create_pd(what, [&] { return forward_pd(prop_kind::forward_training); });
    const auto pd = create_pd(what, [&] {
      const dnnl::batch_normalization_backward::desc d(prop_kind::backward, plain_md(shape_),
                                                       plain_md(shape_), eps_, flags());
      return dnnl::batch_normalization_backward::primitive_desc(d, engine(), hint);
    });
    const dnnl::memory::desc md = plain_md(shape_), cmd = plain_md({c_});
    bwd_ = Bound::make<dnnl::batch_normalization_backward>(pd,
                                                           {{DNNL_ARG_SRC, md},
                                                            {DNNL_ARG_MEAN, cmd},
                                                            {DNNL_ARG_VARIANCE, cmd},
                                                            {DNNL_ARG_DIFF_DST, md},
                                                            {DNNL_ARG_SCALE, cmd},
                                                            {DNNL_ARG_SHIFT, cmd},
                                                            {DNNL_ARG_DIFF_SRC, md},
                                                            {DNNL_ARG_DIFF_SCALE, cmd},
                                                            {DNNL_ARG_DIFF_SHIFT, cmd}},
                                                           what);
    kernel_.append("backward " + bwd_.impl());
    bwd_ready_ = true;
  }

  // dscale and dB from the primitive; d input_mean and d input_var; in training mode what
  // d running_mean and d running_var pass back to X through the batch statistics.
  void statistics_gradients(Inputs grad_outputs, Inputs inputs, const float* mean, const float* var,
                            Outputs grad_inputs) {
    const float* scale = static_cast<const float*>(data_of(inputs[1]));
    const float* drm = given_or_zeros(grad_outputs, 1, zeros_rm_, c_);
    const float* drv = given_or_zeros(grad_outputs, 2, zeros_rv_, c_);
    float* g[5] = {};
    for (size_t i = 1; i < 5; ++i)
      if (i < grad_inputs.size() && grad_inputs[i].defined())
        g[i] = static_cast<float*>(data_of(grad_inputs[i]));
    for (int64_t c = 0; c < c_; ++c) {
      const double inv = 1.0 / std::sqrt(static_cast<double>(var[c]) + eps_);
      if (g[1]) g[1][c] = dscale_[c];
      if (g[2]) g[2][c] = dshift_[c];
      if (g[3])
        g[3][c] = static_cast<float>(training_ ? momentum_ * drm[c] : -scale[c] * inv * dshift_[c]);
      if (g[4])
        g[4][c] = static_cast<float>(training_ ? momentum_ * drv[c]
                                               : -0.5 * scale[c] * inv * inv * dscale_[c]);
    }
    const bool stats_grads = (grad_outputs.size() > 1 && grad_outputs[1].defined()) ||
                             (grad_outputs.size() > 2 && grad_outputs[2].defined());
    if (!training_ || !stats_grads || grad_inputs.size() == 0 || !grad_inputs[0].defined()) return;
    const float* x = static_cast<const float*>(data_of(inputs[0]));
    float* dx = static_cast<float*>(data_of(grad_inputs[0]));
    const int64_t spatial = numel(shape_) / (shape_[0] * c_);
    const double count = static_cast<double>(shape_[0] * spatial);
    for (int64_t b = 0; b < shape_[0]; ++b)
      for (int64_t c = 0; c < c_; ++c)
        for (int64_t i = 0; i < spatial; ++i) {
          const int64_t at = (b * c_ + c) * spatial + i;
          dx[at] += static_cast<float>((1 - momentum_) * (drm[c] + drv[c] * 2 * (x[at] - mean[c])) /
                                       count);
        }
  }

  KernelRecord kernel_;
  Shape shape_;
  int64_t c_ = 0;
  bool training_ = false;
  float eps_ = 1e-5f, momentum_ = 0.9f;
  std::string what_;
  Bound fwd_, bwd_;
  bool bwd_ready_ = false;
  std::vector<float> mean_, var_, y_scratch_, dx_scratch_, dscale_, dshift_, zeros_, zeros_rm_,
      zeros_rv_;
};

}  // namespace

void add_norm_ops(std::vector<d500_operator>& ops) {
  ops.push_back(Lrn::define(
      {"LRN", "", "default", "oneDNN lrn across channels (odd sizes); tolerance 1e-5 rel. L2"}));
  ops.push_back(BatchNorm::define(
      {"BatchNormalization", "", "default",
       "oneDNN batch_normalization, inference (given mean and variance) and training_mode 1 "
       "(batch statistics, running mean and variance), forward and backward; tolerance 1e-5 "
       "rel. L2"}));
}

}  // namespace d500::onednn_plugin
