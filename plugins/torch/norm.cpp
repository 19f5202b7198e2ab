// ONNX BatchNormalization (inference and training_mode) and Dropout (seeded, with its mask).
#include "common.h"
#include "registry.h"

namespace d500::torch_plugin {

// BatchNormalization, opset 15: inputs X [N, C, ...], scale, B, input_mean, input_var (all [C]).
// Inference normalises with input_mean/input_var; training_mode=1 with the batch's mean and
// population variance, and also outputs running_mean = input_mean * momentum + mean * (1 -
// momentum) (running_var likewise). Gradients: dX, dscale, dB from at::native_batch_norm_backward;
// d input_mean and d input_var in closed form (inference), or through the running outputs
// (training, when their gradients are passed).
class BatchNorm {
 public:
  BatchNorm(const Setup&, const Attributes& a, const std::vector<TensorInfo>& in, const Constants&)
      : type_(real_type(in)),
        eps_(a.get_float("epsilon", 1e-5)),
        momentum_(a.get_float("momentum", 0.9)),
        training_(a.get_flag("training_mode", false)) {
    a.expect_only({"epsilon", "momentum", "training_mode"});
    sdk::expect_count(in.size(), 5, "inputs");
    x_shape_ = in[0].shape();
    if (x_shape_.size() < 2) throw std::invalid_argument("X must be [N, C, ...]");
    const int64_t c = x_shape_[1];
    const char* names[] = {"scale", "B", "input_mean", "input_var"};
    for (size_t i = 1; i < 5; ++i)
      if (in[i].shape() != Shape{c})
        throw std::invalid_argument(std::string(names[i - 1]) + " " +
                                    sdk::shape_string(in[i].shape()) + " must be [" +
                                    std::to_string(c) + "]");
    for (size_t i = 0; i < x_shape_.size(); ++i)
      if (i != 1) dims_.push_back(static_cast<int64_t>(i));
    per_channel_ = Shape(x_shape_.size(), 1);
    per_channel_[1] = c;
    count_ = static_cast<double>(numel(x_shape_) / c);
    x_ = Slot("X", type_, x_shape_), y_ = Slot("Y", type_, x_shape_);
    dx_ = Slot("dX", type_, x_shape_), dy_ = Slot("dY", type_, x_shape_);
    for (size_t i = 0; i < 4; ++i) {
      p_[i] = Slot(names[i], type_, {c});
      dp_[i] = Slot(names[i], type_, {c});
    }
    run_[0] = Slot("running_mean", type_, {c}), run_[1] = Slot("running_var", type_, {c});
    drun_[0] = Slot("d running_mean", type_, {c}), drun_[1] = Slot("d running_var", type_, {c});
  }

  std::vector<TensorInfo> outputs() const {
    std::vector<TensorInfo> out{info(type_, x_shape_)};
    if (training_) out.insert(out.end(), 2, info(type_, {x_shape_[1]}));
    return out;
  }

  // Y = X * a + b with a = scale / sqrt(var + eps) and b = B - mean * a per channel: one
  // at::addcmul_out pass into Y, the arithmetic of ATen's own batch_norm (whose native_batch_norm
  // has no out variant for the CPU in LibTorch 1.13).
  void forward(Inputs in, Outputs out) {
    const at::Tensor& x = x_(in[0]);
    const at::Tensor &scale = p_[0](in[1]), &bias = p_[1](in[2]);
    const at::Tensor &mean = p_[2](in[3]), &var = p_[3](in[4]);
    at::Tensor& y = y_(out[0]);
    at::Tensor& a = scratch(a_, {x_shape_[1]}, x);
    at::Tensor& b = scratch(b_, {x_shape_[1]}, x);
    if (!training_) {
      at::add_out(a, var, eps_).rsqrt_().mul_(scale);
      at::mul_out(b, mean, a).neg_().add_(bias);
      at::addcmul_out(y, b.view(per_channel_), x, a.view(per_channel_));
      return;
    }
    auto [batch_var, batch_mean] = at::var_mean(x, dims_, /*unbiased=*/false);
    at::add_out(a, batch_var, eps_).rsqrt_().mul_(scale);
    at::mul_out(b, batch_mean, a).neg_().add_(bias);
    at::addcmul_out(y, b.view(per_channel_), x, a.view(per_channel_));
    if (wanted(out, 1))
      at::mul_out(run_[0](out[1]), mean, momentum_).add_(batch_mean, 1.0 - momentum_);
    if (wanted(out, 2))
      at::mul_out(run_[1](out[2]), var, momentum_).add_(batch_var, 1.0 - momentum_);
  }

  void backward(Inputs go, Inputs in, Inputs, Outputs gi) {
    const at::Tensor& x = x_(in[0]);
    const at::Tensor& dy = dy_(go[0]);
    const at::Tensor &scale = p_[0](in[1]), &mean = p_[2](in[3]), &var = p_[3](in[4]);
    const bool want_stats = wanted(gi, 3) || wanted(gi, 4);
    const std::array<bool, 3> mask{wanted(gi, 0), wanted(gi, 1) || (!training_ && want_stats),
                                   wanted(gi, 2) || (!training_ && want_stats)};
    at::Tensor batch_mean, batch_invstd;
    if (training_) {
      auto [v, m] = at::var_mean(x, dims_, /*unbiased=*/false);
      batch_mean = m;
      batch_invstd = v.add_(eps_).rsqrt_();
    }
    auto [gx, gscale, gbias] =
        at::native_batch_norm_backward(dy, x, scale, training_ ? c10::optional<at::Tensor>() : mean,
                                       training_ ? c10::optional<at::Tensor>() : var, batch_mean,
                                       batch_invstd, training_, eps_, mask);
    if (mask[0]) {
      at::Tensor& dx = dx_(gi[0]);
      dx.copy_(gx);
      if (training_) add_running_gradients(dx, x, batch_mean, go);
    }
    if (wanted(gi, 1)) dp_[0](gi[1]).copy_(gscale);
    if (wanted(gi, 2)) dp_[1](gi[2]).copy_(gbias);
    if (!want_stats) return;
    if (training_) {  // input_mean and input_var reach only the running outputs
      for (size_t k = 0; k < 2; ++k) {
        if (!wanted(gi, 3 + k)) continue;
        at::Tensor& d = dp_[2 + k](gi[3 + k]);
        if (go.size() > 1 + k && go[1 + k].dl().data)
          at::mul_out(d, drun_[k](go[1 + k]), momentum_);
        else
          d.zero_();
      }
      return;
    }
    const at::Tensor invstd = (var + eps_).rsqrt();
    if (wanted(gi, 3)) at::mul_out(dp_[2](gi[3]), gbias, scale).mul_(invstd).neg_();
    if (wanted(gi, 4))
      at::mul_out(dp_[3](gi[4]), gscale, scale).mul_(invstd).mul_(invstd).mul_(-0.5);
  }

  Cost cost() const {
    const double n = static_cast<double>(numel(x_shape_));
    return {(training_ ? 7.0 : 2.0) * n, 2.0 * n * static_cast<double>(type_size(type_))};
  }

 private:
  // Training: dX += (1 - momentum) (g_rm + 2 g_rv (X - mean)) / count, the path through the
  // running outputs when their gradients are passed.
  void add_running_gradients(at::Tensor& dx, const at::Tensor& x, const at::Tensor& batch_mean,
                             Inputs go) {
    const double w = (1.0 - momentum_) / count_;
    if (go.size() > 1 && go[1].dl().data) dx.add_(drun_[0](go[1]).view(per_channel_), w);
    if (go.size() > 2 && go[2].dl().data)
      dx.add_((x - batch_mean.view(per_channel_)).mul_(drun_[1](go[2]).view(per_channel_)),
              2.0 * w);
  }

  at::ScalarType type_;
  double eps_, momentum_;
  bool training_;
  Shape x_shape_, dims_, per_channel_;
  double count_ = 1;
  Slot x_, y_, dx_, dy_, p_[4], dp_[4], run_[2], drun_[2];
  at::Tensor a_, b_;
};

// Dropout, opset 13: inputs data, ratio (default 0.5), training_mode (default false); outputs
// output and mask (bool). In training, each call draws a new mask from the instance's generator,
// seeded with `seed` when given (so a run's sequence of masks repeats), else LibTorch's default
// generator. ratio and training_mode are read at creation when constant, else at each call (CPU).
class Dropout {
 public:
  Dropout(const Setup& setup, const Attributes& a, const std::vector<TensorInfo>& in,
          const Constants& c)
      : type_(real_type(in, 0, 1)), cpu_(setup.device == c10::DeviceType::CPU) {
    // Before opset 12 ratio was an attribute and Dropout an identity at inference.
    const bool legacy = a.get_int(D500_ATTR_OPSET, 1000) < 12;
    if (legacy)
      a.expect_only({"ratio", "seed"});
    else
      a.expect_only({"seed"});
    if (in.empty() || in.size() > (legacy ? 1u : 3u))
      throw std::invalid_argument("expects data, ratio, training_mode");
    ratio_ = legacy ? a.get_float("ratio", 0.5) : 0.5;
    seeded_ = a.has("seed");
    seed_ = static_cast<uint64_t>(a.get_int("seed", 0));
    shape_ = in[0].shape();
    has_ratio_ = present(in, 1);
    has_training_ = present(in, 2);
    if (has_ratio_ && c.has(1)) ratio_ = c.reals(1, "ratio").at(0), has_ratio_ = false;
    if (has_training_ && c.has(2))
      training_ = c.reals(2, "training_mode").at(0) != 0, has_training_ = false;
    if ((has_ratio_ || has_training_) && !cpu_)
      throw sdk::unsupported("Dropout on the device needs ratio and training_mode as constants");
    check_ratio(ratio_);
    x_ = Slot("data", type_, shape_), y_ = Slot("output", type_, shape_);
    dx_ = Slot("d data", type_, shape_), dy_ = Slot("d output", type_, shape_);
    mask_ = Slot("mask", at::kBool, shape_);
  }

  std::vector<TensorInfo> outputs() const { return {info(type_, shape_), info(at::kBool, shape_)}; }

  void forward(Inputs in, Outputs out) {
    if (has_ratio_) ratio_ = scalar_input(in, 1, ratio_);
    if (has_training_) training_ = scalar_input(in, 2, training_ ? 1.0 : 0.0) != 0;
    check_ratio(ratio_);
    at::Tensor& y = y_(out[0]);
    const at::Tensor& x = x_(in[0]);
    const bool want_mask = wanted(out, 1);
    if (!training_ || ratio_ == 0.0) {
      y.copy_(x);
      if (want_mask) mask_(out[1]).fill_(true);
      return;
    }
    at::Tensor& keep = scratch(keep_, shape_, x);
    if (seeded_ && (!generator_.defined() || generator_.device() != x.device())) {
      generator_ = at::globalContext().defaultGenerator(x.device()).clone();
      generator_.set_current_seed(seed_);
    }
    keep.bernoulli_(1.0 - ratio_,
                    seeded_ ? c10::optional<at::Generator>(generator_) : c10::nullopt);
    at::mul_out(y, x, keep).mul_(scale());
    if (want_mask) mask_(out[1]).copy_(keep);
  }

  // The mask comes from the outputs when passed, else from this instance's last forward call.
  void backward(Inputs go, Inputs, Inputs out, Outputs gi) {
    zero_gradient(gi, 1);
    zero_gradient(gi, 2);
    if (!wanted(gi, 0)) return;
    at::Tensor& dx = dx_(gi[0]);
    const at::Tensor& dy = dy_(go[0]);
    if (!training_ || ratio_ == 0.0) {
      dx.copy_(dy);
      return;
    }
    if (given(out, 1))
      at::mul_out(dx, dy, mask_(out[1]));
    else if (keep_.defined())
      at::mul_out(dx, dy, keep_);
    else
      throw std::invalid_argument("Dropout backward needs the mask output or a forward call first");
    dx.mul_(scale());
  }

  Cost cost() const {
    const double n = static_cast<double>(numel(shape_));
    return {2.0 * n, n * (2.0 * static_cast<double>(type_size(type_)) + 1.0)};
  }

 private:
  double scale() const { return ratio_ >= 1.0 ? 0.0 : 1.0 / (1.0 - ratio_); }
  static void check_ratio(double r) {
    if (!(r >= 0.0 && r <= 1.0))
      throw std::invalid_argument("ratio " + std::to_string(r) + " outside [0, 1]");
  }
  // A scalar input's value read from host memory (float, double or bool).
  static double scalar_input(Inputs in, size_t i, double fallback) {
    if (!given(in, i)) return fallback;
    const DLTensor& t = in[i].dl();
    const char* p = static_cast<const char*>(t.data) + t.byte_offset;
    if (t.dtype.code == kDLFloat && t.dtype.bits == 32) return *reinterpret_cast<const float*>(p);
    if (t.dtype.code == kDLFloat && t.dtype.bits == 64) return *reinterpret_cast<const double*>(p);
    if (t.dtype.bits == 8) return *reinterpret_cast<const uint8_t*>(p);
    throw std::invalid_argument("ratio / training_mode of dtype " + sdk::dtype_name(t.dtype));
  }

  at::ScalarType type_;
  bool cpu_;
  bool seeded_ = false, has_ratio_ = false, has_training_ = false, training_ = false;
  uint64_t seed_ = 0;
  double ratio_ = 0.5;
  Shape shape_;
  Slot x_, y_, dx_, dy_, mask_;
  at::Tensor keep_;
  at::Generator generator_;
};

// The torch executor's functions of this file's operators (graph_ops.h).
namespace {
using namespace graph;

NodeFn graph_batch_norm(const Attrs& a, const NodeSignature&) {
  if (a.get_int("training_mode", 0) != 0)
    throw sdk::unsupported("BatchNormalization with training_mode=1 (batch statistics)");
  const double eps = a.get_float("epsilon", 1e-5), momentum = a.get_float("momentum", 0.9);
  // LibTorch's fused batch_norm for X, scale and B; the graph IR also trains mean and var, whose
  // gradients native_batch_norm refuses. They follow from the others: with inv = 1/sqrt(var+eps),
  // dL/dmean = -scale*inv * dL/dB and dL/dvar = -scale*inv^2/2 * dL/dscale. Adding
  // (mean - mean.detach()) * (-scale*inv) to B (zero in value) routes exactly that gradient to
  // mean through B's, and likewise for var through scale's: per-channel work only.
  return [=](const std::vector<at::Tensor>& in) {
    const at::Tensor mean = in[3].detach(), var = in[4].detach();
    if (!at::GradMode::is_enabled() || !(in[3].requires_grad() || in[4].requires_grad()))
      return std::vector<at::Tensor>{
          at::batch_norm(in[0], in[1], in[2], mean, var, false, 1 - momentum, eps, true)};
    // The per-channel factors without autograd, then two fused addcmul's that carry it.
    at::Tensor dmean, dvar;
    {
      at::NoGradGuard no_grad;
      dmean = at::rsqrt(var + eps);  // inv
      dvar = dmean * dmean;          // inv^2
      dmean.mul_(in[1]).neg_();      // -scale * inv
      dvar.mul_(in[1]).mul_(-0.5);   // -scale * inv^2 / 2
    }
    const at::Tensor scale = at::addcmul(in[1], in[4] - var, dvar);
    const at::Tensor bias = at::addcmul(in[2], in[3] - mean, dmean);
    return std::vector<at::Tensor>{
        at::batch_norm(in[0], scale, bias, mean, var, false, 1 - momentum, eps, true)};
  };
}

// Inference semantics (training_mode, when given, must be a constant false): Y = X and an
// all-true mask.
NodeFn graph_dropout(const Attrs&, const NodeSignature& s) {
  if (given(s, 2) && (!s.constants.at(2) || s.constants[2]->item<bool>()))
    throw sdk::unsupported("Dropout in training mode");
  return [](const Args& in) {
    return Args{in[0], at::ones(in[0].sizes(), in[0].options().dtype(at::kBool))};
  };
}

}  // namespace

void add_norm_ops(std::vector<d500_operator>& ops, bool cuda) {
  add<BatchNorm>(ops, cuda, "BatchNormalization",
                 "ONNX BatchNormalization (inference and training_mode) via at::var_mean "
                 "(training) and one at::addcmul_out; backward at::native_batch_norm_backward",
                 graph_batch_norm);
  add<Dropout>(ops, cuda, "Dropout",
               "ONNX Dropout with mask via bernoulli_ from a seeded generator; backward reuses the "
               "mask",
               graph_dropout, "", 0);
}

}  // namespace d500::torch_plugin
