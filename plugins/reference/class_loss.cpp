#include "class_loss.h"

#include <cmath>

#include "softmax.h"

namespace d500::reference {
namespace {

std::vector<double> to_doubles(Real dtype, const sdk::InTensor& t) {
  std::vector<double> out;
  out.reserve(static_cast<size_t>(t.numel()));
  dispatch(dtype, [&](auto tag) {
    for (auto v : t.as<decltype(tag)>()) out.push_back(v);
  });
  return out;
}

void write_doubles(Real dtype, const std::vector<double>& v, const sdk::OutTensor& t) {
  dispatch(dtype, [&](auto tag) {
    using T = decltype(tag);
    auto out = t.as<T>();
    for (size_t i = 0; i < v.size(); ++i) out[i] = static_cast<T>(v[i]);
  });
}

// LogSoftmax of X along C, X viewed as [N, C, D].
std::vector<double> log_softmax_classes(const ClassLoss& loss, const sdk::InTensor& x) {
  const std::vector<double> v = to_doubles(loss.dtype(), x);
  const int64_t C = loss.classes(), D = loss.columns();
  std::vector<double> logp(v.size());
  for (int64_t n = 0; n < loss.rows(); ++n)
    for (int64_t d = 0; d < D; ++d) {
      const double* line = v.data() + n * C * D + d;
      const Normaliser z = normaliser(line, C, D);
      for (int64_t c = 0; c < C; ++c) logp[(n * C + c) * D + d] = z.log_softmax(line[c * D]);
    }
  return logp;
}

// The checks both backward passes begin with; zeroes the labels' gradient when one is given.
void check_backward(const ClassLoss& loss, Inputs grad_outputs, Inputs inputs,
                    Outputs grad_inputs) {
  loss.check_inputs(inputs);
  if (grad_outputs.size() < 1) throw std::invalid_argument("expected the loss's gradient");
  expect_shape(grad_outputs[0], loss.loss_info().shape(), "loss gradient");
  if (grad_inputs.size() < 2 || grad_inputs.size() > inputs.size())
    throw std::invalid_argument("expected " + std::to_string(inputs.size()) +
                                " input gradients, got " + std::to_string(grad_inputs.size()));
  if (grad_inputs[0].defined()) expect_shape(grad_inputs[0], loss.x_shape(), "X gradient");
  zero_gradient(grad_inputs[1]);
}

}  // namespace

ClassLoss::ClassLoss(const Attributes& attrs, const std::vector<TensorInfo>& inputs) {
  attrs.expect_only({"reduction", "ignore_index"});
  reduction_ = reduction_of(attrs);
  has_ignore_ = attrs.has("ignore_index");
  ignore_index_ = attrs.get_int("ignore_index", 0);
  if (inputs.size() != 2 && inputs.size() != 3)
    throw std::invalid_argument("expects inputs X, labels and optional weights, got " +
                                std::to_string(inputs.size()) + " inputs");
  dtype_ = real_dtype({inputs[0]});
  x_shape_ = inputs[0].shape();
  labels_shape_ = inputs[1].shape();
  if (x_shape_.size() < 2)
    throw std::invalid_argument("X must be [N, C] or [N, C, d1, ...], got " + inputs[0].str());
  n_ = x_shape_[0];
  c_ = x_shape_[1];
  for (size_t k = 2; k < x_shape_.size(); ++k) d_ *= x_shape_[k];
  Shape expected = {n_};
  expected.insert(expected.end(), x_shape_.begin() + 2, x_shape_.end());
  if (!inputs[1].is<int64_t>() && !inputs[1].is<int32_t>())
    throw std::invalid_argument("labels must be int64 or int32, got " + inputs[1].str());
  if (labels_shape_ != expected)
    throw std::invalid_argument("labels " + sdk::shape_string(labels_shape_) + " do not match X " +
                                sdk::shape_string(x_shape_) + ": expected " +
                                sdk::shape_string(expected));
  has_weights_ = inputs.size() == 3 && inputs[2].present();
  if (has_weights_) {
    if (!sdk::same_dtype(inputs[2].dtype(), inputs[0].dtype()) || inputs[2].shape() != Shape{c_})
      throw std::invalid_argument("weights must be " + sdk::dtype_name(inputs[0].dtype()) + "[" +
                                  std::to_string(c_) + "], got " + inputs[2].str());
  }
}

TensorInfo ClassLoss::loss_info() const {
  return real_info(dtype_, reduction_ == Reduction::None ? labels_shape_ : Shape{});
}

void ClassLoss::check_inputs(Inputs in) const {
  if (in.size() < (has_weights_ ? 3u : 2u))
    throw std::invalid_argument("expected " + std::to_string(has_weights_ ? 3 : 2) +
                                " inputs, got " + std::to_string(in.size()));
  expect_shape(in[0], x_shape_, "X");
  expect_shape(in[1], labels_shape_, "labels");
  if (has_weights_) expect_shape(in[2], {c_}, "weights");
}

std::vector<ClassLoss::Pick> ClassLoss::picks(Inputs in) const {
  std::vector<Pick> out(static_cast<size_t>(n_ * d_));
  std::vector<double> weights;
  if (has_weights_)
    dispatch(dtype_, [&](auto tag) {
      for (auto w : in[2].as<decltype(tag)>()) weights.push_back(w);
    });
  std::vector<int64_t> labels;
  if (in[1].is<int32_t>())
    labels.assign(in[1].as<int32_t>().begin(), in[1].as<int32_t>().end());
  else
    labels.assign(in[1].as<int64_t>().begin(), in[1].as<int64_t>().end());
  for (size_t i = 0; i < out.size(); ++i) {
    const int64_t t = labels[i];
    if (has_ignore_ && t == ignore_index_) {
      out[i] = {-1, 0.0};
      continue;
    }
    if (t < 0 || t >= c_)
      throw std::invalid_argument("label " + std::to_string(t) + " at position " +
                                  std::to_string(i) + " is outside [0, " + std::to_string(c_) +
                                  ")" + (has_ignore_ ? " and is not ignore_index" : ""));
    out[i] = {t, has_weights_ ? weights[t] : 1.0};
  }
  return out;
}

double ClassLoss::denominator(const std::vector<Pick>& picks) const {
  double w = 0;
  for (const Pick& p : picks) w += p.weight;
  return w;
}

void ClassLoss::write_loss(const std::vector<double>& logp, const std::vector<Pick>& picks,
                           const sdk::OutTensor& loss) const {
  std::vector<double> l(picks.size(), 0.0);
  for (int64_t n = 0; n < n_; ++n)
    for (int64_t d = 0; d < d_; ++d) {
      const Pick& p = picks[n * d_ + d];
      if (p.cls >= 0) l[n * d_ + d] = -p.weight * logp[(n * c_ + p.cls) * d_ + d];
    }
  double total = 0;
  for (double v : l) total += v;
  if (reduction_ == Reduction::Mean) total /= denominator(picks);
  dispatch(dtype_, [&](auto tag) {
    using T = decltype(tag);
    auto out = loss.as<T>();
    if (reduction_ == Reduction::None)
      for (size_t i = 0; i < l.size(); ++i) out[i] = static_cast<T>(l[i]);
    else
      out[0] = static_cast<T>(total);
  });
}

std::vector<double> ClassLoss::position_grads(const std::vector<Pick>& picks,
                                              const sdk::InTensor& dloss) const {
  std::vector<double> g(picks.size());
  dispatch(dtype_, [&](auto tag) {
    auto dl = dloss.as<decltype(tag)>();
    const double scale = reduction_ == Reduction::Mean ? 1.0 / denominator(picks) : 1.0;
    for (size_t i = 0; i < g.size(); ++i)
      g[i] = reduction_ == Reduction::None ? dl[i] : dl[0] * scale;
  });
  return g;
}

std::vector<double> ClassLoss::grad_logp(const std::vector<Pick>& picks,
                                         const sdk::InTensor& dloss) const {
  // l_i depends on logp only at its label: dl_i/dlogp[n, t_i, d] = -w_i.
  const std::vector<double> g = position_grads(picks, dloss);
  std::vector<double> out(static_cast<size_t>(n_ * c_ * d_), 0.0);
  for (int64_t n = 0; n < n_; ++n)
    for (int64_t d = 0; d < d_; ++d) {
      const Pick& p = picks[n * d_ + d];
      if (p.cls >= 0) out[(n * c_ + p.cls) * d_ + d] = -p.weight * g[n * d_ + d];
    }
  return out;
}

void ClassLoss::write_grad_weights(const std::vector<double>& logp, const std::vector<Pick>& picks,
                                   const sdk::InTensor& dloss, const sdk::OutTensor& dw) const {
  if (!dw.defined()) return;
  expect_shape(dw, {c_}, "weights gradient");
  // With l_i = -logp_i (before weighting), g_i the incoming gradient of position i:
  //   none/sum: L = sum_i w_i l_i g_i is linear in w_c: dL/dw_c = sum_{t_i = c} l_i g_i.
  //   mean: L = sum_i w_i l_i / W with W = sum_i w_i, so dL/dw_c = sum_{t_i = c} (l_i - L) / W,
  //   where g_i already holds dloss / W.
  auto l = [&](int64_t n, int64_t d, const Pick& p) { return -logp[(n * c_ + p.cls) * d_ + d]; };
  double mean = 0;
  if (reduction_ == Reduction::Mean) {
    for (int64_t n = 0; n < n_; ++n)
      for (int64_t d = 0; d < d_; ++d) {
        const Pick& p = picks[n * d_ + d];
        if (p.cls >= 0) mean += p.weight * l(n, d, p);
      }
    mean /= denominator(picks);
  }
  const std::vector<double> g = position_grads(picks, dloss);
  std::vector<double> acc(static_cast<size_t>(c_), 0.0);
  for (int64_t n = 0; n < n_; ++n)
    for (int64_t d = 0; d < d_; ++d) {
      const Pick& p = picks[n * d_ + d];
      if (p.cls >= 0) acc[p.cls] += (l(n, d, p) - mean) * g[n * d_ + d];
    }
  dispatch(dtype_, [&](auto tag) {
    auto out = dw.as<decltype(tag)>();
    for (int64_t c = 0; c < c_; ++c) out[c] = static_cast<decltype(tag)>(acc[c]);
  });
}

Cost ClassLoss::cost(double flops_per_score, bool writes_log_prob) const {
  const double x = static_cast<double>(numel(x_shape_)), positions = static_cast<double>(n_ * d_);
  const double size = static_cast<double>(real_size(dtype_));
  const double loss = reduction_ == Reduction::None ? positions : 1.0;
  Cost c;
  // A weight multiply and a reduction add per position, after any work per score.
  c.flops = flops_per_score * x + 2.0 * positions;
  c.bytes =
      (x + (has_weights_ ? static_cast<double>(c_) : 0.0) + loss + (writes_log_prob ? x : 0.0)) *
          size +
      positions * 8.0;  // labels, counted as int64
  return c;
}

void NegativeLogLikelihoodLoss::forward(Inputs in, Outputs out) {
  loss_.check_inputs(in);
  sdk::expect_count(out.size(), 1, "outputs");
  expect_shape(out[0], loss_.loss_info().shape(), "loss");
  loss_.write_loss(to_doubles(loss_.dtype(), in[0]), loss_.picks(in), out[0]);
}

void NegativeLogLikelihoodLoss::backward(Inputs grad_outputs, Inputs inputs, Inputs /*outputs*/,
                                         Outputs grad_inputs) {
  check_backward(loss_, grad_outputs, inputs, grad_inputs);
  const std::vector<ClassLoss::Pick> picks = loss_.picks(inputs);
  if (grad_inputs[0].defined())
    write_doubles(loss_.dtype(), loss_.grad_logp(picks, grad_outputs[0]), grad_inputs[0]);
  if (loss_.has_weights() && grad_inputs.size() > 2)
    loss_.write_grad_weights(to_doubles(loss_.dtype(), inputs[0]), picks, grad_outputs[0],
                             grad_inputs[2]);
}

std::vector<TensorInfo> SoftmaxCrossEntropyLoss::outputs() const {
  return {loss_.loss_info(), real_info(loss_.dtype(), loss_.x_shape())};
}

void SoftmaxCrossEntropyLoss::forward(Inputs in, Outputs out) {
  loss_.check_inputs(in);
  if (out.size() != 1 && out.size() != 2)
    throw std::invalid_argument("expected outputs loss and optional log_prob, got " +
                                std::to_string(out.size()));
  expect_shape(out[0], loss_.loss_info().shape(), "loss");
  const std::vector<double> logp = log_softmax_classes(loss_, in[0]);
  loss_.write_loss(logp, loss_.picks(in), out[0]);
  if (out.size() == 2 && out[1].defined()) {
    expect_shape(out[1], loss_.x_shape(), "log_prob");
    write_doubles(loss_.dtype(), logp, out[1]);
  }
}

void SoftmaxCrossEntropyLoss::backward(Inputs grad_outputs, Inputs inputs, Inputs /*outputs*/,
                                       Outputs grad_inputs) {
  check_backward(loss_, grad_outputs, inputs, grad_inputs);
  const std::vector<ClassLoss::Pick> picks = loss_.picks(inputs);
  const std::vector<double> logp = log_softmax_classes(loss_, inputs[0]);
  if (grad_inputs[0].defined()) {
    // dL/dlogp from the loss, plus log_prob's own gradient when the model used that output.
    std::vector<double> g = loss_.grad_logp(picks, grad_outputs[0]);
    if (grad_outputs.size() > 1 && grad_outputs[1].defined()) {
      expect_shape(grad_outputs[1], loss_.x_shape(), "log_prob gradient");
      const std::vector<double> extra = to_doubles(loss_.dtype(), grad_outputs[1]);
      for (size_t k = 0; k < g.size(); ++k) g[k] += extra[k];
    }
    // Through LogSoftmax along C: dx_c = g_c - p_c * sum_k g_k.
    const int64_t C = loss_.classes(), D = loss_.columns();
    std::vector<double> dx(g.size());
    for (int64_t n = 0; n < loss_.rows(); ++n)
      for (int64_t d = 0; d < D; ++d) {
        double s = 0;
        for (int64_t c = 0; c < C; ++c) s += g[(n * C + c) * D + d];
        for (int64_t c = 0; c < C; ++c) {
          const int64_t k = (n * C + c) * D + d;
          dx[k] = g[k] - std::exp(logp[k]) * s;
        }
      }
    write_doubles(loss_.dtype(), dx, grad_inputs[0]);
  }
  if (loss_.has_weights() && grad_inputs.size() > 2)
    loss_.write_grad_weights(logp, picks, grad_outputs[0], grad_inputs[2]);
}

}  // namespace d500::reference
