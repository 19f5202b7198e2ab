#include "batch_normalization.h"

#include <cmath>

namespace d500::reference {

BatchNormalization::BatchNormalization(const Attributes& attrs,
                                       const std::vector<TensorInfo>& inputs)
    : epsilon_(attrs.get_float("epsilon", 1e-5)),
      momentum_(attrs.get_float("momentum", 0.9)),
      training_(attrs.get_flag("training_mode", false)) {
  attrs.expect_only({"epsilon", "momentum", "training_mode"});
  if (inputs.size() != 5)
    throw std::invalid_argument("expects inputs X, scale, B, input_mean and input_var, got " +
                                std::to_string(inputs.size()) + " inputs");
  for (const auto& t : inputs)
    if (!t.present())
      throw std::invalid_argument("X, scale, B, input_mean and input_var are all required");
  for (const auto& t : inputs)
    if (!sdk::same_dtype(t.dtype(), inputs[0].dtype()))
      throw sdk::unsupported("mixed dtypes " + inputs[0].str() + " and " + t.str() +
                             " are not implemented; the reference needs one dtype for all inputs");
  dtype_ = real_dtype(inputs);
  x_shape_ = inputs[0].shape();
  if (x_shape_.size() < 2)
    throw std::invalid_argument("X must be [N, C, ...], got " + str(x_shape_));
  n_ = x_shape_[0];
  c_ = x_shape_[1];
  spatial_ = numel(Shape(x_shape_.begin() + 2, x_shape_.end()));
  const char* names[] = {"X", "scale", "B", "input_mean", "input_var"};
  for (size_t i = 1; i < 5; ++i)
    if (inputs[i].shape() != Shape{c_})
      throw std::invalid_argument(std::string(names[i]) + " " + str(inputs[i].shape()) +
                                  " must be [C] = [" + std::to_string(c_) + "]");
  if (!(epsilon_ >= 0)) throw std::invalid_argument("epsilon must be >= 0");
  if (training_ && n_ * spatial_ == 0)
    throw std::invalid_argument("training mode needs a non-empty batch, got X " + str(x_shape_));
}

std::vector<TensorInfo> BatchNormalization::outputs() const {
  const DLDataType t = dl_dtype(dtype_);
  if (!training_) return {TensorInfo(t, x_shape_)};
  return {TensorInfo(t, x_shape_), TensorInfo(t, {c_}), TensorInfo(t, {c_})};
}

void BatchNormalization::check_inputs(Inputs in) const {
  sdk::expect_count(in.size(), 5, "inputs");
  expect_shape(in[0], x_shape_, "X");
  const char* names[] = {"X", "scale", "B", "input_mean", "input_var"};
  for (size_t i = 1; i < 5; ++i) expect_shape(in[i], {c_}, names[i]);
}

void BatchNormalization::forward(Inputs in, Outputs out) {
  check_inputs(in);
  // Training mode's running statistics may be left out by a caller that does not want them.
  expect_between(out.size(), 1, training_ ? 3 : 1, "outputs");
  expect_shape(out[0], x_shape_, "Y");
  for (size_t i = 1; i < out.size(); ++i)
    if (wanted(out, i)) expect_shape(out[i], {c_}, i == 1 ? "running_mean" : "running_var");
  dispatch(dtype_, [&](auto tag) { forward_t<decltype(tag)>(in, out); });
}

template <class T>
void BatchNormalization::batch_stats(const T* x, int64_t c, double& mean, double& var) const {
  // Two passes: the mean first, then squared deviations from it (no cancellation).
  const double count = static_cast<double>(n_ * spatial_);
  double s = 0;
  for (int64_t n = 0; n < n_; ++n)
    for (int64_t i = 0; i < spatial_; ++i) s += x[(n * c_ + c) * spatial_ + i];
  mean = s / count;
  double q = 0;
  for (int64_t n = 0; n < n_; ++n)
    for (int64_t i = 0; i < spatial_; ++i) {
      const double d = x[(n * c_ + c) * spatial_ + i] - mean;
      q += d * d;
    }
  var = q / count;
}

template <class T>
void BatchNormalization::forward_t(Inputs in, Outputs out) const {
  const T* x = in[0].as<T>().data();
  const T* scale = in[1].as<T>().data();
  const T* b = in[2].as<T>().data();
  const T* in_mean = in[3].as<T>().data();
  const T* in_var = in[4].as<T>().data();
  T* y = out[0].as<T>().data();
  T* run_mean = wanted(out, 1) ? out[1].as<T>().data() : nullptr;
  T* run_var = wanted(out, 2) ? out[2].as<T>().data() : nullptr;
  for (int64_t c = 0; c < c_; ++c) {
    double mean = in_mean[c], var = in_var[c];
    if (training_) {
      batch_stats(x, c, mean, var);
      if (run_mean) run_mean[c] = static_cast<T>(in_mean[c] * momentum_ + mean * (1 - momentum_));
      if (run_var) run_var[c] = static_cast<T>(in_var[c] * momentum_ + var * (1 - momentum_));
    }
    const double a = scale[c] / std::sqrt(var + epsilon_);
    for (int64_t n = 0; n < n_; ++n)
      for (int64_t i = 0; i < spatial_; ++i) {
        const int64_t at = (n * c_ + c) * spatial_ + i;
        y[at] = static_cast<T>(a * (x[at] - mean) + b[c]);
      }
  }
}

void BatchNormalization::backward(Inputs grad_outputs, Inputs inputs, Inputs /*outputs*/,
                                  Outputs grad_inputs) {
  check_inputs(inputs);
  expect_between(grad_outputs.size(), 1, training_ ? 3 : 1, "output gradients");
  // dY may be left out when only the running statistics feed the loss: it is then zero.
  if (given(grad_outputs, 0)) expect_shape(grad_outputs[0], x_shape_, "dY");
  for (size_t i = 1; i < grad_outputs.size(); ++i)
    if (given(grad_outputs, i))
      expect_shape(grad_outputs[i], {c_}, i == 1 ? "d running_mean" : "d running_var");
  sdk::expect_count(grad_inputs.size(), 5, "input gradients");
  const char* names[] = {"dX", "dscale", "dB", "dinput_mean", "dinput_var"};
  for (size_t i = 0; i < 5; ++i)
    if (wanted(grad_inputs, i)) expect_shape(grad_inputs[i], i ? Shape{c_} : x_shape_, names[i]);
  dispatch(dtype_, [&](auto tag) { backward_t<decltype(tag)>(grad_outputs, inputs, grad_inputs); });
}

template <class T>
void BatchNormalization::backward_t(Inputs grad_outputs, Inputs inputs, Outputs grad_inputs) const {
  const T* x = inputs[0].as<T>().data();
  const T* scale = inputs[1].as<T>().data();
  const T* in_mean = inputs[3].as<T>().data();
  const T* in_var = inputs[4].as<T>().data();
  const T* dy = given(grad_outputs, 0) ? grad_outputs[0].as<T>().data() : nullptr;
  const T* d_run_mean = given(grad_outputs, 1) ? grad_outputs[1].as<T>().data() : nullptr;
  const T* d_run_var = given(grad_outputs, 2) ? grad_outputs[2].as<T>().data() : nullptr;
  T* dx = wanted(grad_inputs, 0) ? grad_inputs[0].as<T>().data() : nullptr;
  T* g[5] = {};  // g[1..4]: dscale, dB, dinput_mean, dinput_var (dX is dx)
  for (size_t i = 1; i < 5; ++i)
    g[i] = wanted(grad_inputs, i) ? grad_inputs[i].as<T>().data() : nullptr;
  const double count = static_cast<double>(n_ * spatial_);
  for (int64_t c = 0; c < c_; ++c) {
    double mean = in_mean[c], var = in_var[c];
    if (training_) batch_stats(x, c, mean, var);
    const double inv = 1 / std::sqrt(var + epsilon_);
    // With xhat = (x - mean) * inv: sums of dY and of dY * xhat over the channel.
    double sum_dy = 0, sum_dy_xhat = 0;
    for (int64_t n = 0; n < n_; ++n)
      for (int64_t i = 0; i < spatial_; ++i) {
        const int64_t at = (n * c_ + c) * spatial_ + i;
        const double g_y = dy ? static_cast<double>(dy[at]) : 0.0;
        sum_dy += g_y;
        sum_dy_xhat += g_y * (x[at] - mean) * inv;
      }
    if (g[1]) g[1][c] = static_cast<T>(sum_dy_xhat);
    if (g[2]) g[2][c] = static_cast<T>(sum_dy);
    const double drm = d_run_mean ? static_cast<double>(d_run_mean[c]) : 0.0;
    const double drv = d_run_var ? static_cast<double>(d_run_var[c]) : 0.0;
    if (training_) {
      // Y depends on X through the batch statistics too; input_mean and input_var reach only
      // the running statistics, each with weight momentum.
      if (g[3]) g[3][c] = static_cast<T>(momentum_ * drm);
      if (g[4]) g[4][c] = static_cast<T>(momentum_ * drv);
    } else {
      // Y = scale * (x - mean) * inv + B with mean and var inputs: dY/dmean = -scale * inv,
      // dY/dvar = -scale * (x - mean) * inv^3 / 2.
      if (g[3]) g[3][c] = static_cast<T>(-scale[c] * inv * sum_dy);
      if (g[4]) g[4][c] = static_cast<T>(-0.5 * scale[c] * inv * inv * sum_dy_xhat);
    }
    if (!dx) continue;
    for (int64_t n = 0; n < n_; ++n)
      for (int64_t i = 0; i < spatial_; ++i) {
        const int64_t at = (n * c_ + c) * spatial_ + i;
        const double g_y = dy ? static_cast<double>(dy[at]) : 0.0;
        if (!training_) {
          dx[at] = static_cast<T>(g_y * scale[c] * inv);
          continue;
        }
        // The batch-norm gradient: scale * inv / M * (M dY - sum dY - xhat sum(dY xhat)), plus
        // what the running statistics pass back through the batch mean (1/M each) and
        // population variance (2 (x - mean) / M).
        const double xhat = (x[at] - mean) * inv;
        const double through_y =
            scale[c] * inv / count * (count * g_y - sum_dy - xhat * sum_dy_xhat);
        const double through_stats = (1 - momentum_) * (drm + drv * 2 * (x[at] - mean)) / count;
        dx[at] = static_cast<T>(through_y + through_stats);
      }
  }
}

Cost BatchNormalization::cost() const {
  // Per element: a subtract, multiply and add for Y (scale/sqrt folded per channel); training
  // adds the two statistics passes (an add, and a subtract, multiply and add).
  const double elements = static_cast<double>(numel(x_shape_));
  Cost c;
  c.flops = (training_ ? 7.0 : 3.0) * elements + 4.0 * static_cast<double>(c_);
  const double moved = 2.0 * elements + (training_ ? 6.0 : 4.0) * static_cast<double>(c_);
  c.bytes = moved * static_cast<double>(real_size(dtype_));
  return c;
}

}  // namespace d500::reference
