// ONNX LRN (across channels, forward and backward) and BatchNormalization (inference, with the
// given mean and variance; forward only) through oneDNN's lrn and batch_normalization
// primitives, float32, on the caller's row-major memory. LRN's backward needs the workspace of a
// training forward, so backward() reruns the forward in training mode first (as MaxPool does).
// BatchNormalization with training_mode = 1 is refused: it is not implemented here yet.
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
    train_.run({{DNNL_ARG_SRC, data_of(inputs[0])}, {DNNL_ARG_DST, y_scratch_.data()}},
               workspace);
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
      const dnnl::lrn_backward::desc d(dnnl::algorithm::lrn_across_channels, md, md, size_,
                                       alpha_, beta_, bias_);
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

class BatchNorm : public sdk::Operator<BatchNorm> {
 public:
  BatchNorm(const Attributes& attrs, const std::vector<TensorInfo>& in) : kernel_(this) {
    sdk::expect_count(in.size(), 5, "inputs (X, scale, B, mean, var)");
    require_f32(in, "BatchNormalization");
    if (attrs.get_int("training_mode", 0) != 0)
      throw sdk::unsupported("onednn BatchNormalization: training_mode 1 is not implemented");
    shape_ = in[0].shape();
    if (shape_.size() < 2)
      throw std::invalid_argument("onednn BatchNormalization: X " + in[0].str() +
                                  " must be [N, C, ...]");
    const Shape c = {shape_[1]};
    for (size_t i = 1; i < 5; ++i)
      if (in[i].shape() != c)
        throw std::invalid_argument("onednn BatchNormalization: input " + std::to_string(i) +
                                    " must be [" + std::to_string(c[0]) + "], got " +
                                    in[i].str());
    const float eps = static_cast<float>(attrs.get_float("epsilon", 1e-5));
    what_ = "onednn BatchNormalization of X " + in[0].str();
    const dnnl::memory::desc md = plain_md(shape_), cmd = plain_md(c);
    const auto pd = create_pd(what_, [&] {
      const auto flags = dnnl::normalization_flags::use_global_stats |
                         dnnl::normalization_flags::use_scale |
                         dnnl::normalization_flags::use_shift;
      const dnnl::batch_normalization_forward::desc d(prop_kind::forward_inference, md, eps,
                                                      flags);
      return dnnl::batch_normalization_forward::primitive_desc(d, engine());
    });
    fwd_ = Bound::make<dnnl::batch_normalization_forward>(
        pd, {{DNNL_ARG_SRC, md}, {DNNL_ARG_DST, md}, {DNNL_ARG_SCALE, cmd},
             {DNNL_ARG_SHIFT, cmd}, {DNNL_ARG_MEAN, cmd}, {DNNL_ARG_VARIANCE, cmd}},
        what_);
    kernel_.set("forward " + fwd_.impl());
  }

  std::vector<TensorInfo> outputs() const { return {TensorInfo(sdk::dtype_of<float>(), shape_)}; }

  void forward(Inputs in, Outputs out) {
    fwd_.run({{DNNL_ARG_SRC, data_of(in[0])},
              {DNNL_ARG_SCALE, data_of(in[1])},
              {DNNL_ARG_SHIFT, data_of(in[2])},
              {DNNL_ARG_MEAN, data_of(in[3])},
              {DNNL_ARG_VARIANCE, data_of(in[4])},
              {DNNL_ARG_DST, data_of(out[0])}});
  }

  Cost cost() const {
    Cost c;
    c.flops = 2.0 * static_cast<double>(numel(shape_));
    c.bytes = 8.0 * static_cast<double>(numel(shape_));
    return c;
  }

 private:
  KernelRecord kernel_;
  Shape shape_;
  std::string what_;
  Bound fwd_;
};

}  // namespace

void add_norm_ops(std::vector<d500_operator>& ops) {
  ops.push_back(Lrn::define(
      {"LRN", "", "default", "oneDNN lrn across channels (odd sizes); tolerance 1e-5 rel. L2"}));
  ops.push_back(BatchNorm::define(
      {"BatchNormalization", "", "default",
       "oneDNN batch_normalization, inference (given mean and variance), forward only; "
       "tolerance 1e-5 rel. L2"}));
}

}  // namespace d500::onednn_plugin
