// ONNX Conv (2-D and 3-D, groups, strides, dilations, symmetric pads) through cuDNN's convolution
// API, forward, backward-data, backward-filter and bias gradient, float32.
//
// Each forward algorithm of cuDNN is its own variant ("implicit_gemm", "winograd", ...), so the
// "im2col or Winograd" question is an experiment over implementations; "default" is cuDNN's
// heuristic choice (cudnnGetConvolutionForwardAlgorithm_v7) and "fastest" what
// cudnnFindConvolutionForwardAlgorithm measured at create(). The backward passes of every variant
// use cuDNN's heuristic backward algorithms. All variants use CUDNN_FMA_MATH: no TF32, so the
// GEMM-like algorithms are exact to float32 rounding and FFT/Winograd only add their own
// transform error. An algorithm that cannot run a shape fails create() with D500_ERR_UNSUPPORTED.
// The workspace (allocated once at create) is reported by d500_cudnn_workspace_bytes().
#include <algorithm>
#include <array>
#include <memory>

#include "common.h"

namespace d500::cudnn_plugin {
namespace {

const char* fwd_algo_name(int a) {
  static const char* names[] = {
      "IMPLICIT_GEMM", "IMPLICIT_PRECOMP_GEMM", "GEMM", "DIRECT", "FFT", "FFT_TILING",
      "WINOGRAD",      "WINOGRAD_NONFUSED"};
  return a >= 0 && a < 8 ? names[a] : "?";
}

constexpr int kHeuristic = -1;  // cudnnGetConvolutionForwardAlgorithm_v7
constexpr int kFind = -2;       // cudnnFindConvolutionForwardAlgorithm

// Picks the first successful result, preferring FMA math (no TF32) when cuDNN offers it.
template <class Perf>
const Perf* pick(const Perf* perf, int n) {
  const Perf* first = nullptr;
  for (int i = 0; i < n; ++i) {
    if (perf[i].status != CUDNN_STATUS_SUCCESS) continue;
    if (perf[i].mathType == CUDNN_FMA_MATH) return &perf[i];
    if (!first) first = &perf[i];
  }
  return first;
}

struct FilterDesc {
  cudnnFilterDescriptor_t d = nullptr;
  FilterDesc() { D500_CUDNN(cudnnCreateFilterDescriptor(&d)); }
  ~FilterDesc() { cudnnDestroyFilterDescriptor(d); }
  FilterDesc(const FilterDesc&) = delete;
  FilterDesc& operator=(const FilterDesc&) = delete;
};

struct ConvDesc {
  cudnnConvolutionDescriptor_t d = nullptr;
  ConvDesc() { D500_CUDNN(cudnnCreateConvolutionDescriptor(&d)); }
  ~ConvDesc() { cudnnDestroyConvolutionDescriptor(d); }
  ConvDesc(const ConvDesc&) = delete;
  ConvDesc& operator=(const ConvDesc&) = delete;
};

class ConvImpl {
 public:
  ConvImpl(const Attributes& attrs, const std::vector<TensorInfo>& in, int algo, const void* owner)
      : owner_(owner) {
    if (in.size() < 2 || in.size() > 3) sdk::expect_count(in.size(), 3, "inputs (X, W[, B])");
    const TensorInfo& x = in[0];
    const TensorInfo& w = in[1];
    has_bias_ = in.size() == 3 && in[2].present();
    const cudnnDataType_t dt = cudnn_dtype(x, "Conv");
    if (!w.is<float>() || (has_bias_ && !in[2].is<float>()))
      throw std::invalid_argument("cudnn Conv: X, W and B must all be float32");
    if (x.ndim() != 4 && x.ndim() != 5)
      throw sdk::unsupported("cudnn Conv runs 2-D and 3-D convolutions (X of rank 4 or 5), got X " +
                             x.str());
    if (w.ndim() != x.ndim())
      throw std::invalid_argument("cudnn Conv: W " + w.str() + " must have X's rank");
    group_ = attrs.get_int("group", 1);
    if (group_ < 1 || x.dim(1) % group_ != 0 || w.dim(0) % group_ != 0 ||
        w.dim(1) * group_ != x.dim(1))
      throw std::invalid_argument("cudnn Conv: X " + x.str() + ", W " + w.str() + " and group " +
                                  std::to_string(group_) + " do not fit together");
    if (has_bias_ && (in[2].ndim() != 1 || in[2].dim(0) != w.dim(0)))
      throw std::invalid_argument("cudnn Conv: B must be [" + std::to_string(w.dim(0)) + "], got " +
                                  in[2].str());
    const std::vector<int64_t> spatial(x.shape().begin() + 2, x.shape().end());
    const std::vector<int64_t> kernel(w.shape().begin() + 2, w.shape().end());
    if (attrs.has("kernel_shape") && attrs.get_ints("kernel_shape") != kernel)
      throw std::invalid_argument("cudnn Conv: kernel_shape disagrees with W " + w.str());
    win_ = window_of(attrs, spatial, kernel, false, "Conv");
    x_shape_ = x.shape();
    w_shape_ = w.shape();
    y_shape_ = {x.dim(0), w.dim(0)};
    y_shape_.insert(y_shape_.end(), win_.out.begin(), win_.out.end());

    x_desc_.set(dt, x_shape_);
    y_desc_.set(dt, y_shape_);
    b_desc_.set(dt, std::vector<int64_t>(x_shape_.size(), 1));
    if (has_bias_) {
      std::vector<int64_t> b(x_shape_.size(), 1);
      b[1] = w.dim(0);
      b_desc_.set(dt, b);
    }
    const std::vector<int> wd(w_shape_.begin(), w_shape_.end());
    D500_CUDNN(cudnnSetFilterNdDescriptor(w_desc_, dt, CUDNN_TENSOR_NCHW,
                                          static_cast<int>(wd.size()), wd.data()));
    D500_CUDNN(cudnnSetConvolutionNdDescriptor(conv_, static_cast<int>(win_.pads.size()),
                                               win_.pads.data(), win_.strides.data(),
                                               win_.dilations.data(), CUDNN_CROSS_CORRELATION, dt));
    D500_CUDNN(cudnnSetConvolutionGroupCount(conv_, static_cast<int>(group_)));
    D500_CUDNN(cudnnSetConvolutionMathType(conv_, CUDNN_FMA_MATH));
    std::array<int, 8> out{};
    D500_CUDNN(cudnnGetConvolutionNdForwardOutputDim(
        conv_, x_desc_.get(), w_desc_, static_cast<int>(x_shape_.size()), out.data()));
    for (size_t i = 0; i < y_shape_.size(); ++i)
      if (out[i] != y_shape_[i])
        throw sdk::Error(
            D500_ERR_INTERNAL,
            "cudnn Conv: cuDNN's output shape differs from ONNX's " + sdk::shape_string(y_shape_));
    choose_algorithms(algo);
  }

  ~ConvImpl() { unregister_workspace(owner_); }
  ConvImpl(const ConvImpl&) = delete;
  ConvImpl& operator=(const ConvImpl&) = delete;

  std::vector<TensorInfo> outputs() const { return {TensorInfo(sdk::dtype_of<float>(), y_shape_)}; }

  void forward(Inputs in, Outputs out) {
    require_device_all(in, "Conv input");
    require_device_all(out, "Conv output");
    const float one = 1.f, zero = 0.f;
    D500_CUDNN(cudnnConvolutionForward(cudnn(), &one, x_desc_.get(), data_of(in[0]), w_desc_,
                                       data_of(in[1]), conv_, fwd_, ws_->get(), ws_->size(), &zero,
                                       y_desc_.get(), data_of(out[0])));
    if (has_bias_)
      D500_CUDNN(cudnnAddTensor(cudnn(), &one, b_desc_.get(), data_of(in[2]), &one, y_desc_.get(),
                                data_of(out[0])));
    finish_call("cudnn Conv forward");
  }

  void backward(Inputs grad_outputs, Inputs inputs, Outputs grad_inputs) {
    require_device_all(grad_outputs, "Conv output gradient");
    require_device_all(inputs, "Conv input");
    require_device_all(grad_inputs, "Conv input gradient");
    const float one = 1.f, zero = 0.f;
    const void* dy = data_of(grad_outputs[0]);
    if (grad_inputs.size() > 0 && grad_inputs[0].defined())
      D500_CUDNN(cudnnConvolutionBackwardData(
          cudnn(), &one, w_desc_, data_of(inputs[1]), y_desc_.get(), dy, conv_, bwd_data_,
          ws_->get(), ws_->size(), &zero, x_desc_.get(), data_of(grad_inputs[0])));
    if (grad_inputs.size() > 1 && grad_inputs[1].defined())
      D500_CUDNN(cudnnConvolutionBackwardFilter(
          cudnn(), &one, x_desc_.get(), data_of(inputs[0]), y_desc_.get(), dy, conv_, bwd_filter_,
          ws_->get(), ws_->size(), &zero, w_desc_, data_of(grad_inputs[1])));
    if (has_bias_ && grad_inputs.size() > 2 && grad_inputs[2].defined())
      D500_CUDNN(cudnnConvolutionBackwardBias(cudnn(), &one, y_desc_.get(), dy, &zero,
                                              b_desc_.get(), data_of(grad_inputs[2])));
    finish_call("cudnn Conv backward");
  }

  Cost cost() const {
    int64_t y = 1, x = 1, w = 1;
    for (int64_t d : y_shape_) y *= d;
    for (int64_t d : x_shape_) x *= d;
    for (int64_t d : w_shape_) w *= d;
    const double per_output = static_cast<double>(w / w_shape_[0]);  // C/group * kernel taps
    Cost c;
    c.flops = 2.0 * static_cast<double>(y) * per_output + (has_bias_ ? static_cast<double>(y) : 0);
    c.bytes = 4.0 * static_cast<double>(x + w + y + (has_bias_ ? w_shape_[0] : 0));
    return c;
  }

 private:
  void choose_algorithms(int algo) {
    cudnnHandle_t h = cudnn();
    std::string fwd_how;
    if (algo >= 0) {
      fwd_ = static_cast<cudnnConvolutionFwdAlgo_t>(algo);
      const cudnnStatus_t s = cudnnGetConvolutionForwardWorkspaceSize(
          h, x_desc_.get(), w_desc_, conv_, y_desc_.get(), fwd_, &fwd_bytes_);
      if (s == CUDNN_STATUS_NOT_SUPPORTED)
        throw sdk::unsupported(std::string("cuDNN's ") + fwd_algo_name(algo) +
                               " algorithm does not support this convolution (X " +
                               sdk::shape_string(x_shape_) + ", W " + sdk::shape_string(w_shape_) +
                               ", group " + std::to_string(group_) + ")");
      check_cudnn(s, "cudnnGetConvolutionForwardWorkspaceSize");
      fwd_how = "fixed";
    } else {
      std::array<cudnnConvolutionFwdAlgoPerf_t, CUDNN_CONVOLUTION_FWD_ALGO_COUNT> perf{};
      int n = 0;
      if (algo == kFind)
        D500_CUDNN(cudnnFindConvolutionForwardAlgorithm(
            h, x_desc_.get(), w_desc_, conv_, y_desc_.get(), perf.size(), &n, perf.data()));
      else
        D500_CUDNN(cudnnGetConvolutionForwardAlgorithm_v7(
            h, x_desc_.get(), w_desc_, conv_, y_desc_.get(), perf.size(), &n, perf.data()));
      const auto* best = pick(perf.data(), n);
      if (!best) throw sdk::unsupported("cuDNN offers no forward algorithm for this convolution");
      fwd_ = best->algo;
      fwd_bytes_ = best->memory;
      D500_CUDNN(cudnnSetConvolutionMathType(conv_, best->mathType));
      fwd_how = algo == kFind ? "measured" : "heuristic";
    }
    std::array<cudnnConvolutionBwdDataAlgoPerf_t, CUDNN_CONVOLUTION_BWD_DATA_ALGO_COUNT> pd{};
    std::array<cudnnConvolutionBwdFilterAlgoPerf_t, CUDNN_CONVOLUTION_BWD_FILTER_ALGO_COUNT> pf{};
    int nd = 0, nf = 0;
    D500_CUDNN(cudnnGetConvolutionBackwardDataAlgorithm_v7(
        h, w_desc_, y_desc_.get(), conv_, x_desc_.get(), pd.size(), &nd, pd.data()));
    D500_CUDNN(cudnnGetConvolutionBackwardFilterAlgorithm_v7(h, x_desc_.get(), y_desc_.get(), conv_,
                                                             w_desc_, pf.size(), &nf, pf.data()));
    const auto* bd = pick(pd.data(), nd);
    const auto* bf = pick(pf.data(), nf);
    if (!bd || !bf)
      throw sdk::unsupported("cuDNN offers no backward algorithm for this convolution");
    bwd_data_ = bd->algo;
    bwd_filter_ = bf->algo;
    D500_CUDNN(cudnnGetConvolutionBackwardDataWorkspaceSize(h, w_desc_, y_desc_.get(), conv_,
                                                            x_desc_.get(), bwd_data_, &bd_bytes_));
    D500_CUDNN(cudnnGetConvolutionBackwardFilterWorkspaceSize(
        h, x_desc_.get(), y_desc_.get(), conv_, w_desc_, bwd_filter_, &bf_bytes_));
    ws_ = std::make_unique<DeviceBuffer>(std::max({fwd_bytes_, bd_bytes_, bf_bytes_}));
    register_workspace(owner_, static_cast<int64_t>(fwd_bytes_), static_cast<int64_t>(bd_bytes_),
                       static_cast<int64_t>(bf_bytes_),
                       std::string("fwd=") + fwd_algo_name(fwd_) + " (" + fwd_how +
                           ") bwd_data=ALGO_" + std::to_string(static_cast<int>(bwd_data_)) +
                           " bwd_filter=ALGO_" + std::to_string(static_cast<int>(bwd_filter_)));
  }

  GpuRequired gpu_;
  const void* owner_;
  bool has_bias_ = false;
  int64_t group_ = 1;
  Window win_;
  std::vector<int64_t> x_shape_, w_shape_, y_shape_;
  TensorDesc x_desc_, y_desc_, b_desc_;
  FilterDesc w_holder_;
  ConvDesc conv_holder_;
  cudnnFilterDescriptor_t w_desc_ = w_holder_.d;
  cudnnConvolutionDescriptor_t conv_ = conv_holder_.d;
  cudnnConvolutionFwdAlgo_t fwd_ = CUDNN_CONVOLUTION_FWD_ALGO_IMPLICIT_GEMM;
  cudnnConvolutionBwdDataAlgo_t bwd_data_ = CUDNN_CONVOLUTION_BWD_DATA_ALGO_0;
  cudnnConvolutionBwdFilterAlgo_t bwd_filter_ = CUDNN_CONVOLUTION_BWD_FILTER_ALGO_0;
  size_t fwd_bytes_ = 0, bd_bytes_ = 0, bf_bytes_ = 0;
  std::unique_ptr<DeviceBuffer> ws_;
};

// One type per variant: the SDK constructs operators from (attributes, inputs) only.
template <int Algo>
class Conv : public sdk::Operator<Conv<Algo>> {
 public:
  Conv(const Attributes& attrs, const std::vector<TensorInfo>& in) : impl_(attrs, in, Algo, this) {}
  std::vector<TensorInfo> outputs() const { return impl_.outputs(); }
  void forward(Inputs in, Outputs out) { impl_.forward(in, out); }
  void backward(Inputs grad_outputs, Inputs inputs, Inputs, Outputs grad_inputs) {
    impl_.backward(grad_outputs, inputs, grad_inputs);
  }
  Cost cost() const { return impl_.cost(); }

 private:
  ConvImpl impl_;
};

template <int Algo>
d500_operator conv_op(const char* variant, const char* description) {
  return Conv<Algo>::define({"Conv", "", variant, description, kDLCUDA, 0});
}

}  // namespace

void add_conv_ops(std::vector<d500_operator>& ops) {
  ops.push_back(conv_op<kHeuristic>(
      "default", "cuDNN Conv, forward algorithm by cuDNN's heuristics (_v7); exact (FMA math)"));
  ops.push_back(conv_op<kFind>(
      "fastest",
      "cuDNN Conv, forward algorithm measured by cudnnFind at create; exact (FMA math)"));
  ops.push_back(conv_op<CUDNN_CONVOLUTION_FWD_ALGO_IMPLICIT_GEMM>(
      "implicit_gemm", "cuDNN Conv, IMPLICIT_GEMM forward; exact, tolerance 1e-5 rel. L2"));
  ops.push_back(conv_op<CUDNN_CONVOLUTION_FWD_ALGO_IMPLICIT_PRECOMP_GEMM>(
      "implicit_precomp_gemm",
      "cuDNN Conv, IMPLICIT_PRECOMP_GEMM forward; exact, tolerance 1e-5 rel. L2"));
  ops.push_back(conv_op<CUDNN_CONVOLUTION_FWD_ALGO_GEMM>(
      "gemm", "cuDNN Conv, GEMM (explicit im2col) forward; exact, tolerance 1e-5 rel. L2"));
  ops.push_back(conv_op<CUDNN_CONVOLUTION_FWD_ALGO_FFT>(
      "fft", "cuDNN Conv, FFT forward; approximate, tolerance 1e-4 rel. L2"));
  ops.push_back(conv_op<CUDNN_CONVOLUTION_FWD_ALGO_FFT_TILING>(
      "fft_tiling", "cuDNN Conv, FFT_TILING forward; approximate, tolerance 1e-4 rel. L2"));
  ops.push_back(conv_op<CUDNN_CONVOLUTION_FWD_ALGO_WINOGRAD>(
      "winograd",
      "cuDNN Conv, WINOGRAD forward (3x3 and 5x5, stride 1); approximate, 1e-4 rel. L2"));
  ops.push_back(conv_op<CUDNN_CONVOLUTION_FWD_ALGO_WINOGRAD_NONFUSED>(
      "winograd_nonfused",
      "cuDNN Conv, WINOGRAD_NONFUSED forward; approximate, tolerance 1e-4 rel. L2"));
}

}  // namespace d500::cudnn_plugin
