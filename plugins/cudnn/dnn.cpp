// cuDNN's non-convolution operators: MaxPool and AveragePool (2-D/3-D, symmetric pads), Relu,
// Sigmoid and Tanh, Softmax and LogSoftmax, all with backward, and BatchNormalization in
// inference mode (forward only). float32 and float64.
#include <algorithm>
#include <climits>

#include "common.h"

namespace d500::cudnn_plugin {
namespace {

// cuDNN's scaling factors are host values of the compute type: double for double tensors.
struct Scalars {
  explicit Scalars(bool f64) : f64_(f64) {}
  const void* one() const { return f64_ ? static_cast<const void*>(&d1_) : &f1_; }
  const void* zero() const { return f64_ ? static_cast<const void*>(&d0_) : &f0_; }

 private:
  bool f64_;
  float f1_ = 1.f, f0_ = 0.f;
  double d1_ = 1.0, d0_ = 0.0;
};

template <bool Max>
class Pool : public sdk::Operator<Pool<Max>> {
 public:
  Pool(const Attributes& attrs, const std::vector<TensorInfo>& in)
      : s_(cudnn_dtype(in.at(0), name(), true) == CUDNN_DATA_DOUBLE) {
    sdk::expect_count(in.size(), 1, "inputs (X)");
    const TensorInfo& x = in[0];
    const cudnnDataType_t dt = cudnn_dtype(x, name(), true);
    if (x.ndim() != 4 && x.ndim() != 5)
      throw sdk::unsupported(std::string("cudnn ") + name() +
                             " pools 2-D and 3-D inputs (rank 4 or 5), got " + x.str());
    const std::vector<int64_t> spatial(x.shape().begin() + 2, x.shape().end());
    const Window w = window_of(attrs, spatial, {}, attrs.get_int("ceil_mode", 0) != 0, name());
    for (int d : w.dilations)
      if (d != 1)
        throw sdk::unsupported(std::string("cudnn ") + name() + ": cuDNN pooling has no dilations");
    cudnnPoolingMode_t mode = CUDNN_POOLING_MAX_DETERMINISTIC;
    if (!Max)
      mode = attrs.get_int("count_include_pad", 0) ? CUDNN_POOLING_AVERAGE_COUNT_INCLUDE_PADDING
                                                   : CUDNN_POOLING_AVERAGE_COUNT_EXCLUDE_PADDING;
    D500_CUDNN(cudnnCreatePoolingDescriptor(&pool_));
    D500_CUDNN(cudnnSetPoolingNdDescriptor(pool_, mode, CUDNN_PROPAGATE_NAN,
                                           static_cast<int>(w.kernel.size()), w.kernel.data(),
                                           w.pads.data(), w.strides.data()));
    x_ = x.shape();
    y_ = {x.dim(0), x.dim(1)};
    y_.insert(y_.end(), w.out.begin(), w.out.end());
    x_desc_.set(dt, x_);
    y_desc_.set(dt, y_);
    dtype_ = x.dtype();
  }
  ~Pool() {
    if (pool_) cudnnDestroyPoolingDescriptor(pool_);
  }
  Pool(const Pool&) = delete;
  Pool& operator=(const Pool&) = delete;

  std::vector<TensorInfo> outputs() const { return {TensorInfo(dtype_, y_)}; }

  void forward(Inputs in, Outputs out) {
    require_device_all(in, name());
    require_device_all(out, name());
    D500_CUDNN(cudnnPoolingForward(cudnn(), pool_, s_.one(), x_desc_.get(), data_of(in[0]),
                                   s_.zero(), y_desc_.get(), data_of(out[0])));
    finish_call(name());
  }

  void backward(Inputs gout, Inputs in, Inputs out, Outputs gin) {
    require_device_all(gout, name());
    require_device_all(in, name());
    require_device_all(out, name());
    require_device_all(gin, name());
    if (gin.size() == 0 || !gin[0].defined()) return;
    D500_CUDNN(cudnnPoolingBackward(cudnn(), pool_, s_.one(), y_desc_.get(), data_of(out[0]),
                                    y_desc_.get(), data_of(gout[0]), x_desc_.get(), data_of(in[0]),
                                    s_.zero(), x_desc_.get(), data_of(gin[0])));
    finish_call(name());
  }

 private:
  static const char* name() { return Max ? "MaxPool" : "AveragePool"; }
  GpuRequired gpu_;
  Scalars s_;
  cudnnPoolingDescriptor_t pool_ = nullptr;
  std::vector<int64_t> x_, y_;
  TensorDesc x_desc_, y_desc_;
  DLDataType dtype_{};
};

// Element-wise activations, described to cuDNN as one flat [1, 1, 1, n] tensor.
template <cudnnActivationMode_t Mode>
class Activation : public sdk::Operator<Activation<Mode>> {
 public:
  Activation(const Attributes&, const std::vector<TensorInfo>& in)
      : s_(cudnn_dtype(in.at(0), name(), true) == CUDNN_DATA_DOUBLE), info_(in.at(0)) {
    sdk::expect_count(in.size(), 1, "inputs (X)");
    if (info_.numel() > INT32_MAX)
      throw sdk::unsupported(std::string("cudnn ") + name() + ": over 2^31 elements");
    if (info_.numel() > 0) desc_.set(cudnn_dtype(info_, name(), true), {1, 1, 1, info_.numel()});
    D500_CUDNN(cudnnCreateActivationDescriptor(&act_));
    D500_CUDNN(cudnnSetActivationDescriptor(act_, Mode, CUDNN_PROPAGATE_NAN, 0.0));
  }
  ~Activation() {
    if (act_) cudnnDestroyActivationDescriptor(act_);
  }
  Activation(const Activation&) = delete;
  Activation& operator=(const Activation&) = delete;

  std::vector<TensorInfo> outputs() const { return {info_}; }

  void forward(Inputs in, Outputs out) {
    require_device_all(in, name());
    require_device_all(out, name());
    if (info_.numel() == 0) return;
    D500_CUDNN(cudnnActivationForward(cudnn(), act_, s_.one(), desc_.get(), data_of(in[0]),
                                      s_.zero(), desc_.get(), data_of(out[0])));
    finish_call(name());
  }

  void backward(Inputs gout, Inputs in, Inputs out, Outputs gin) {
    require_device_all(gout, name());
    require_device_all(in, name());
    require_device_all(out, name());
    require_device_all(gin, name());
    if (info_.numel() == 0 || gin.size() == 0 || !gin[0].defined()) return;
    D500_CUDNN(cudnnActivationBackward(cudnn(), act_, s_.one(), desc_.get(), data_of(out[0]),
                                       desc_.get(), data_of(gout[0]), desc_.get(), data_of(in[0]),
                                       s_.zero(), desc_.get(), data_of(gin[0])));
    finish_call(name());
  }

  Cost cost() const {
    const double e = static_cast<double>(info_.dtype().bits / 8);
    return {static_cast<double>(info_.numel()), 2 * e * static_cast<double>(info_.numel())};
  }

 private:
  static const char* name() {
    return Mode == CUDNN_ACTIVATION_RELU      ? "Relu"
           : Mode == CUDNN_ACTIVATION_SIGMOID ? "Sigmoid"
                                              : "Tanh";
  }
  GpuRequired gpu_;
  Scalars s_;
  TensorInfo info_;
  TensorDesc desc_;
  cudnnActivationDescriptor_t act_ = nullptr;
};

// Softmax (opset >= 13: along `axis`, default -1; before 13: over the flattened dimensions from
// `axis`, default 1) as cuDNN's channel softmax of a [outer, axis, inner, 1] view.
template <bool Log>
class Softmax : public sdk::Operator<Softmax<Log>> {
 public:
  Softmax(const Attributes& attrs, const std::vector<TensorInfo>& in)
      : s_(cudnn_dtype(in.at(0), name(), true) == CUDNN_DATA_DOUBLE), info_(in.at(0)) {
    sdk::expect_count(in.size(), 1, "inputs (X)");
    const bool legacy = attrs.get_int(D500_ATTR_OPSET, 13) < 13;
    const int r = static_cast<int>(info_.ndim());
    int64_t axis = attrs.get_int("axis", legacy ? 1 : -1);
    if (axis < -r || axis >= std::max(r, 1))
      throw std::invalid_argument(std::string("cudnn ") + name() + ": axis " +
                                  std::to_string(axis) + " outside a rank-" + std::to_string(r) +
                                  " input");
    if (axis < 0) axis += r;
    int64_t outer = 1, mid = 1, inner = 1;
    for (int i = 0; i < r; ++i)
      (i < axis ? outer : i == axis || legacy ? mid : inner) *= info_.dim(i);
    if (info_.numel() > 0) desc_.set(cudnn_dtype(info_, name(), true), {outer, mid, inner, 1});
  }

  std::vector<TensorInfo> outputs() const { return {info_}; }

  void forward(Inputs in, Outputs out) {
    require_device_all(in, name());
    require_device_all(out, name());
    if (info_.numel() == 0) return;
    D500_CUDNN(cudnnSoftmaxForward(cudnn(), algo(), CUDNN_SOFTMAX_MODE_CHANNEL, s_.one(),
                                   desc_.get(), data_of(in[0]), s_.zero(), desc_.get(),
                                   data_of(out[0])));
    finish_call(name());
  }

  void backward(Inputs gout, Inputs, Inputs out, Outputs gin) {
    require_device_all(gout, name());
    require_device_all(out, name());
    require_device_all(gin, name());
    if (info_.numel() == 0 || gin.size() == 0 || !gin[0].defined()) return;
    D500_CUDNN(cudnnSoftmaxBackward(cudnn(), algo(), CUDNN_SOFTMAX_MODE_CHANNEL, s_.one(),
                                    desc_.get(), data_of(out[0]), desc_.get(), data_of(gout[0]),
                                    s_.zero(), desc_.get(), data_of(gin[0])));
    finish_call(name());
  }

 private:
  static const char* name() { return Log ? "LogSoftmax" : "Softmax"; }
  static cudnnSoftmaxAlgorithm_t algo() { return Log ? CUDNN_SOFTMAX_LOG : CUDNN_SOFTMAX_ACCURATE; }
  GpuRequired gpu_;
  Scalars s_;
  TensorInfo info_;
  TensorDesc desc_;
};

// BatchNormalization in inference mode: Y = scale * (X - mean) / sqrt(var + epsilon) + B.
class BatchNorm : public sdk::Operator<BatchNorm> {
 public:
  BatchNorm(const Attributes& attrs, const std::vector<TensorInfo>& in)
      : s_(cudnn_dtype(in.at(0), "BatchNormalization", true) == CUDNN_DATA_DOUBLE), x_(in.at(0)) {
    sdk::expect_count(in.size(), 5, "inputs (X, scale, B, input_mean, input_var)");
    if (attrs.get_int("training_mode", 0) != 0)
      throw sdk::unsupported("cudnn BatchNormalization runs inference mode only (training_mode 0)");
    eps_ = attrs.get_float("epsilon", 1e-5);
    if (x_.ndim() < 2 || x_.ndim() > 5)
      throw sdk::unsupported("cudnn BatchNormalization takes X of rank 2 to 5, got " + x_.str());
    for (size_t i = 1; i < 5; ++i)
      if (in[i].ndim() != 1 || in[i].dim(0) != x_.dim(1) ||
          !sdk::same_dtype(in[i].dtype(), x_.dtype()))
        throw std::invalid_argument("cudnn BatchNormalization: input " + std::to_string(i) +
                                    " must be " + sdk::dtype_name(x_.dtype()) + "[" +
                                    std::to_string(x_.dim(1)) + "], got " + in[i].str());
    const cudnnDataType_t dt = cudnn_dtype(x_, "BatchNormalization", true);
    x_desc_.set(dt, x_.shape());
    D500_CUDNN(
        cudnnDeriveBNTensorDescriptor(bn_desc_.get(), x_desc_.get(), CUDNN_BATCHNORM_SPATIAL));
  }

  std::vector<TensorInfo> outputs() const { return {x_}; }

  void forward(Inputs in, Outputs out) {
    require_device_all(in, "BatchNormalization");
    require_device_all(out, "BatchNormalization");
    D500_CUDNN(cudnnBatchNormalizationForwardInference(
        cudnn(), CUDNN_BATCHNORM_SPATIAL, s_.one(), s_.zero(), x_desc_.get(), data_of(in[0]),
        x_desc_.get(), data_of(out[0]), bn_desc_.get(), data_of(in[1]), data_of(in[2]),
        data_of(in[3]), data_of(in[4]), eps_));
    finish_call("BatchNormalization");
  }

 private:
  GpuRequired gpu_;
  Scalars s_;
  TensorInfo x_;
  double eps_ = 1e-5;
  TensorDesc x_desc_, bn_desc_;
};

}  // namespace

void add_dnn_ops(std::vector<d500_operator>& ops) {
  const uint32_t det = D500_OP_DETERMINISTIC;
  ops.push_back(Pool<true>::define({"MaxPool", "", "default",
                                    "cuDNN pooling (MAX_DETERMINISTIC), 2-D/3-D, symmetric pads, "
                                    "output Y only (no Indices)",
                                    kDLCUDA, det}));
  ops.push_back(Pool<false>::define({"AveragePool", "", "default",
                                     "cuDNN pooling, 2-D/3-D, symmetric pads, count_include_pad",
                                     kDLCUDA, det}));
  ops.push_back(Activation<CUDNN_ACTIVATION_RELU>::define(
      {"Relu", "", "default", "cuDNN activation", kDLCUDA, det}));
  ops.push_back(Activation<CUDNN_ACTIVATION_SIGMOID>::define(
      {"Sigmoid", "", "default", "cuDNN activation", kDLCUDA, det}));
  ops.push_back(Activation<CUDNN_ACTIVATION_TANH>::define(
      {"Tanh", "", "default", "cuDNN activation", kDLCUDA, det}));
  ops.push_back(Softmax<false>::define(
      {"Softmax", "", "default", "cuDNN softmax (ACCURATE), opset 1-13 axis rules", kDLCUDA, det}));
  ops.push_back(Softmax<true>::define(
      {"LogSoftmax", "", "default", "cuDNN softmax (LOG), opset 1-13 axis rules", kDLCUDA, det}));
  ops.push_back(
      BatchNorm::define({"BatchNormalization", "", "default",
                         "cuDNN batch normalization, inference mode, forward only", kDLCUDA, det}));
}

}  // namespace d500::cudnn_plugin
