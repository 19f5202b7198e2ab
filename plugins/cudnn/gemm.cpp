// ONNX Gemm and MatMul through cuBLAS (cublasGemmEx / cublasGemmStridedBatchedEx), forward and
// backward. Variants: "default" computes in float32 (CUBLAS_COMPUTE_32F with the handle in
// CUBLAS_DEFAULT_MATH: no TF32; float64 also accepted) and "tf32" lets the tensor cores round the
// inputs to TF32 (CUBLAS_COMPUTE_32F_FAST_TF32: ~1e-3 relative error, float32 only).
#include <algorithm>

#include "common.h"
#include "kernels.h"

namespace d500::cudnn_plugin {
namespace {

// out[m x n] = alpha * op(X)[m x k] * op(Y)[k x n] + beta * out, all row-major, `batch` times
// with element strides sx, sy, so (0 broadcasts an operand). cuBLAS is column-major, so this asks
// for out^T = op(Y)^T * op(X)^T, which needs no transposition of the stored data.
void gemm_rm(bool tx, bool ty, int64_t m, int64_t n, int64_t k, double alpha, const void* x,
             const void* y, double beta, void* out, bool f64, bool tf32, int64_t batch = 1,
             int64_t sx = 0, int64_t sy = 0, int64_t so = 0) {
  const int ldx = static_cast<int>(tx ? m : k), ldy = static_cast<int>(ty ? k : n);
  const cudaDataType_t t = f64 ? CUDA_R_64F : CUDA_R_32F;
  const cublasComputeType_t ct = f64    ? CUBLAS_COMPUTE_64F
                                 : tf32 ? CUBLAS_COMPUTE_32F_FAST_TF32
                                        : CUBLAS_COMPUTE_32F;
  const float af = static_cast<float>(alpha), bf = static_cast<float>(beta);
  const void* a = f64 ? static_cast<const void*>(&alpha) : &af;
  const void* b = f64 ? static_cast<const void*>(&beta) : &bf;
  const cublasOperation_t oy = ty ? CUBLAS_OP_T : CUBLAS_OP_N, ox = tx ? CUBLAS_OP_T : CUBLAS_OP_N;
  if (batch == 1)
    D500_CUBLAS(cublasGemmEx(cublas(), oy, ox, static_cast<int>(n), static_cast<int>(m),
                             static_cast<int>(k), a, y, t, ldy, x, t, ldx, b, out, t,
                             static_cast<int>(n), ct, CUBLAS_GEMM_DEFAULT));
  else
    D500_CUBLAS(cublasGemmStridedBatchedEx(cublas(), oy, ox, static_cast<int>(n),
                                           static_cast<int>(m), static_cast<int>(k), a, y, t, ldy,
                                           sy, x, t, ldx, sx, b, out, t, static_cast<int>(n), so,
                                           static_cast<int>(batch), ct, CUBLAS_GEMM_DEFAULT));
}

void check_int(int64_t v, const char* op) {
  if (v > INT32_MAX)
    throw sdk::unsupported(std::string("cudnn ") + op + ": a dimension exceeds 2^31");
}

// Y = alpha * op(A) * op(B) + beta * C, C broadcast to [M, N].
template <bool TF32>
class Gemm : public sdk::Operator<Gemm<TF32>> {
 public:
  Gemm(const Attributes& attrs, const std::vector<TensorInfo>& in) {
    if (in.size() < 2 || in.size() > 3) sdk::expect_count(in.size(), 3, "inputs (A, B[, C])");
    f64_ = cudnn_dtype(in[0], "Gemm", !TF32) == CUDNN_DATA_DOUBLE;
    has_c_ = in.size() == 3 && in[2].present();
    for (size_t i = 1; i < in.size(); ++i)
      if (in[i].present() && !sdk::same_dtype(in[i].dtype(), in[0].dtype()))
        throw std::invalid_argument("cudnn Gemm: inputs must share A's dtype, got " + in[i].str());
    if (in[0].ndim() != 2 || in[1].ndim() != 2)
      throw std::invalid_argument("cudnn Gemm: A and B must be matrices, got " + in[0].str() +
                                  " and " + in[1].str());
    ta_ = attrs.get_flag("transA", false);
    tb_ = attrs.get_flag("transB", false);
    alpha_ = attrs.get_float("alpha", 1.0);
    beta_ = attrs.get_float("beta", 1.0);
    m_ = ta_ ? in[0].dim(1) : in[0].dim(0);
    k_ = ta_ ? in[0].dim(0) : in[0].dim(1);
    const int64_t kb = tb_ ? in[1].dim(1) : in[1].dim(0);
    n_ = tb_ ? in[1].dim(0) : in[1].dim(1);
    if (kb != k_)
      throw std::invalid_argument("cudnn Gemm: inner dimensions differ: A " + in[0].str() + ", B " +
                                  in[1].str() + ", transA " + std::to_string(ta_) + ", transB " +
                                  std::to_string(tb_));
    for (int64_t v : {m_, n_, k_}) check_int(v, "Gemm");
    if (has_c_) {
      c_ = in[2].shape();
      if (broadcast_shape({m_, n_}, c_) != std::vector<int64_t>{m_, n_})
        throw std::invalid_argument("cudnn Gemm: C " + in[2].str() + " does not broadcast to [" +
                                    std::to_string(m_) + ", " + std::to_string(n_) + "]");
      ix_ = broadcast_index({m_, n_}, c_, c_);
    }
    dtype_ = in[0].dtype();
  }

  std::vector<TensorInfo> outputs() const { return {TensorInfo(dtype_, {m_, n_})}; }

  void forward(Inputs in, Outputs out) {
    require_device_all(in, "Gemm input");
    require_device_all(out, "Gemm output");
    double beta = 0;
    if (has_c_ && beta_ != 0) {
      launch_broadcast_copy(f64_, data_of(in[2]), data_of(out[0]), ix_, m_ * n_, beta_);
      beta = 1;
    }
    gemm_rm(ta_, tb_, m_, n_, k_, alpha_, data_of(in[0]), data_of(in[1]), beta, data_of(out[0]),
            f64_, TF32);
    finish_call("cudnn Gemm forward");
  }

  void backward(Inputs gout, Inputs in, Inputs, Outputs gin) {
    require_device_all(gout, "Gemm output gradient");
    require_device_all(in, "Gemm input");
    require_device_all(gin, "Gemm input gradient");
    const void* dy = data_of(gout[0]);
    if (gin.size() > 0 && gin[0].defined()) {
      if (!ta_)  // dA[M x K] = alpha dY op(B)^T
        gemm_rm(false, !tb_, m_, k_, n_, alpha_, dy, data_of(in[1]), 0, data_of(gin[0]), f64_,
                TF32);
      else  // dA[K x M] = alpha op(B) dY^T
        gemm_rm(tb_, true, k_, m_, n_, alpha_, data_of(in[1]), dy, 0, data_of(gin[0]), f64_, TF32);
    }
    if (gin.size() > 1 && gin[1].defined()) {
      if (!tb_)  // dB[K x N] = alpha op(A)^T dY
        gemm_rm(!ta_, false, k_, n_, m_, alpha_, data_of(in[0]), dy, 0, data_of(gin[1]), f64_,
                TF32);
      else  // dB[N x K] = alpha dY^T op(A)
        gemm_rm(true, ta_, n_, k_, m_, alpha_, dy, data_of(in[0]), 0, data_of(gin[1]), f64_, TF32);
    }
    if (has_c_ && gin.size() > 2 && gin[2].defined()) {
      int64_t nc = 1;
      for (int64_t d : c_) nc *= d;
      D500_CUDA(
          cudaMemsetAsync(data_of(gin[2]), 0, static_cast<size_t>(nc) * (f64_ ? 8 : 4), nullptr));
      launch_reduce_to(f64_, dy, data_of(gin[2]), ix_, m_ * n_, beta_);
    }
    finish_call("cudnn Gemm backward");
  }

  Cost cost() const {
    const double e = f64_ ? 8.0 : 4.0;
    return {2.0 * static_cast<double>(m_ * n_ * k_),
            e * static_cast<double>(m_ * k_ + k_ * n_ + m_ * n_ * (has_c_ ? 2 : 1))};
  }

 private:
  GpuRequired gpu_;
  bool f64_ = false, has_c_ = false, ta_ = false, tb_ = false;
  double alpha_ = 1, beta_ = 1;
  int64_t m_ = 0, n_ = 0, k_ = 0;
  std::vector<int64_t> c_;
  BroadcastIndex ix_;
  DLDataType dtype_{};
};

// Y[..., M, N] = A[..., M, K] B[..., K, N]. Batch dimensions must be equal, or one operand a
// plain matrix shared by every batch (other numpy broadcasts and 1-D operands: unsupported).
template <bool TF32>
class MatMul : public sdk::Operator<MatMul<TF32>> {
 public:
  MatMul(const Attributes&, const std::vector<TensorInfo>& in) {
    sdk::expect_count(in.size(), 2, "inputs (A, B)");
    f64_ = cudnn_dtype(in[0], "MatMul", !TF32) == CUDNN_DATA_DOUBLE;
    if (!sdk::same_dtype(in[0].dtype(), in[1].dtype()))
      throw std::invalid_argument("cudnn MatMul: A is " + in[0].str() + " but B is " + in[1].str());
    const auto& a = in[0].shape();
    const auto& b = in[1].shape();
    if (a.size() < 2 || b.size() < 2)
      throw sdk::unsupported("cudnn MatMul takes operands of rank >= 2, got " + in[0].str() +
                             " and " + in[1].str());
    m_ = a[a.size() - 2];
    k_ = a.back();
    n_ = b.back();
    if (b[b.size() - 2] != k_)
      throw std::invalid_argument("cudnn MatMul: inner dimensions differ: " + in[0].str() + " x " +
                                  in[1].str());
    const std::vector<int64_t> ba(a.begin(), a.end() - 2), bb(b.begin(), b.end() - 2);
    a_batched_ = !ba.empty();
    b_batched_ = !bb.empty();
    if (a_batched_ && b_batched_ && ba != bb)
      throw sdk::unsupported(
          "cudnn MatMul: batch dimensions must be equal or one operand a matrix, got " +
          in[0].str() + " x " + in[1].str());
    y_ = a_batched_ ? ba : bb;
    for (int64_t d : y_) batch_ *= d;
    y_.push_back(m_);
    y_.push_back(n_);
    for (int64_t v : {m_, n_, k_, batch_ * m_}) check_int(v, "MatMul");
    dtype_ = in[0].dtype();
  }

  std::vector<TensorInfo> outputs() const { return {TensorInfo(dtype_, y_)}; }

  void forward(Inputs in, Outputs out) {
    require_device_all(in, "MatMul input");
    require_device_all(out, "MatMul output");
    gemm_rm(false, false, m_, n_, k_, 1.0, data_of(in[0]), data_of(in[1]), 0, data_of(out[0]), f64_,
            TF32, batch_, a_batched_ ? m_ * k_ : 0, b_batched_ ? k_ * n_ : 0, m_ * n_);
    finish_call("cudnn MatMul forward");
  }

  void backward(Inputs gout, Inputs in, Inputs, Outputs gin) {
    require_device_all(gout, "MatMul output gradient");
    require_device_all(in, "MatMul input");
    require_device_all(gin, "MatMul input gradient");
    const char* dy = static_cast<const char*>(data_of(gout[0]));
    const size_t e = f64_ ? 8 : 4;
    if (gin.size() > 0 && gin[0].defined()) {  // dA = dY B^T, summed over batches when shared
      if (a_batched_ || batch_ == 1)
        gemm_rm(false, true, m_, k_, n_, 1.0, dy, data_of(in[1]), 0, data_of(gin[0]), f64_, TF32,
                batch_, m_ * n_, b_batched_ ? k_ * n_ : 0, m_ * k_);
      else
        for (int64_t i = 0; i < batch_; ++i)
          gemm_rm(false, true, m_, k_, n_, 1.0, dy + i * m_ * n_ * e,
                  static_cast<const char*>(data_of(in[1])) + i * k_ * n_ * e, i ? 1.0 : 0.0,
                  data_of(gin[0]), f64_, TF32);
    }
    if (gin.size() > 1 && gin[1].defined()) {  // dB = A^T dY; a shared B sums all rows at once
      if (b_batched_ || batch_ == 1)
        gemm_rm(true, false, k_, n_, m_, 1.0, data_of(in[0]), dy, 0, data_of(gin[1]), f64_, TF32,
                batch_, a_batched_ ? m_ * k_ : 0, m_ * n_, k_ * n_);
      else
        gemm_rm(true, false, k_, n_, batch_ * m_, 1.0, data_of(in[0]), dy, 0, data_of(gin[1]), f64_,
                TF32);
    }
    finish_call("cudnn MatMul backward");
  }

  Cost cost() const {
    const double e = f64_ ? 8.0 : 4.0;
    return {2.0 * static_cast<double>(batch_ * m_ * n_ * k_),
            e * static_cast<double>((a_batched_ ? batch_ : 1) * m_ * k_ +
                                    (b_batched_ ? batch_ : 1) * k_ * n_ + batch_ * m_ * n_)};
  }

 private:
  GpuRequired gpu_;
  bool f64_ = false, a_batched_ = false, b_batched_ = false;
  int64_t m_ = 0, n_ = 0, k_ = 0, batch_ = 1;
  std::vector<int64_t> y_;
  DLDataType dtype_{};
};

}  // namespace

void add_gemm_ops(std::vector<d500_operator>& ops) {
  const uint32_t det = D500_OP_DETERMINISTIC;
  ops.push_back(Gemm<false>::define({"Gemm", "", "default",
                                     "cuBLAS GemmEx, float32 compute (no TF32) or float64; exact",
                                     kDLCUDA, 0}));  // dC sums with atomics
  ops.push_back(Gemm<true>::define({"Gemm", "", "tf32",
                                    "cuBLAS GemmEx, TF32 tensor cores; approximate, 1e-2 rel. L2",
                                    kDLCUDA, 0}));
  ops.push_back(MatMul<false>::define(
      {"MatMul", "", "default", "cuBLAS strided batched GEMM, float32 (no TF32) or float64; exact",
       kDLCUDA, det}));
  ops.push_back(MatMul<true>::define(
      {"MatMul", "", "tf32", "cuBLAS strided batched GEMM, TF32 tensor cores; approximate, 1e-2",
       kDLCUDA, det}));
}

}  // namespace d500::cudnn_plugin
