// ONNX Gemm (Y = alpha * op(A) x op(B) + beta * C, C broadcast to [M, N]) through oneDNN's matmul
// primitive, forward and backward, float32. transA/transB are strides on the caller's memory,
// alpha an output scale, C a binary post-op (scaled by beta into a buffer of the instance first
// when beta is not 1). Gradients: dA and dB are matmuls of dY with the other operand, dC the sum
// of dY over C's broadcast dimensions (oneDNN's reduction) times beta.
#include <algorithm>

#include "product.h"

namespace d500::onednn_plugin {
namespace {

void scale_into(const float* from, float* to, int64_t n, float s) {
  for (int64_t i = 0; i < n; ++i) to[i] = s * from[i];
}

class Gemm : public sdk::Operator<Gemm> {
 public:
  Gemm(const Attributes& attrs, const std::vector<TensorInfo>& in) : kernel_(this) {
    if (in.size() < 2 || in.size() > 3) sdk::expect_count(in.size(), 3, "inputs (A, B[, C])");
    require_f32(in, "Gemm");
    alpha_ = static_cast<float>(attrs.get_float("alpha", 1.0));
    beta_ = static_cast<float>(attrs.get_float("beta", 1.0));
    ta_ = attrs.get_int("transA", 0) != 0;
    tb_ = attrs.get_int("transB", 0) != 0;
    a_ = in[0].shape();
    b_ = in[1].shape();
    if (a_.size() != 2 || b_.size() != 2)
      throw std::invalid_argument("onednn Gemm: A " + in[0].str() + " and B " + in[1].str() +
                                  " must be matrices");
    m_ = ta_ ? a_[1] : a_[0];
    k_ = ta_ ? a_[0] : a_[1];
    n_ = tb_ ? b_[0] : b_[1];
    if ((tb_ ? b_[1] : b_[0]) != k_)
      throw std::invalid_argument("onednn Gemm: op(A) and op(B) do not multiply (A " + in[0].str() +
                                  ", B " + in[1].str() + ")");
    has_c_ = in.size() == 3 && in[2].present() && beta_ != 0.f;
    what_ = "onednn Gemm of A " + in[0].str() + ", B " + in[1].str();
    dnnl::memory::desc c_md;
    if (has_c_) {
      c_ = in[2].shape();
      if (c_.size() > 2)
        throw std::invalid_argument("onednn Gemm: C " + in[2].str() + " has rank above 2");
      c_.insert(c_.begin(), 2 - c_.size(), 1);
      if ((c_[0] != 1 && c_[0] != m_) || (c_[1] != 1 && c_[1] != n_))
        throw std::invalid_argument("onednn Gemm: C " + in[2].str() + " does not broadcast to [" +
                                    std::to_string(m_) + ", " + std::to_string(n_) + "]");
      c_md = plain_md(c_);
      if (beta_ != 1.f) scaled_c_.resize(static_cast<size_t>(numel(c_)));
    }
    fwd_ = Product(op_a(), op_b(), plain_md({m_, n_}), alpha_, has_c_ ? &c_md : nullptr, what_);
    kernel_.set("forward " + fwd_.impl());
  }

  std::vector<TensorInfo> outputs() const { return {TensorInfo(sdk::dtype_of<float>(), {m_, n_})}; }

  void forward(Inputs in, Outputs out) {
    const void* c = nullptr;
    if (has_c_) {
      c = data_of(in[2]);
      if (beta_ != 1.f) {
        scale_into(static_cast<const float*>(c), scaled_c_.data(), numel(c_), beta_);
        c = scaled_c_.data();
      }
    }
    fwd_.run(data_of(in[0]), data_of(in[1]), data_of(out[0]), c);
  }

  void backward(Inputs grad_outputs, Inputs inputs, Inputs, Outputs grad_inputs) {
    if (!bwd_ready_) make_backward();
    const void* dy = data_of(grad_outputs[0]);
    const void* a = data_of(inputs[0]);
    const void* b = data_of(inputs[1]);
    if (grad_inputs.size() > 0 && grad_inputs[0].defined()) {
      if (ta_)
        da_.run(b, dy, data_of(grad_inputs[0]));  // dA [K, M] = op(B) x dY^T
      else
        da_.run(dy, b, data_of(grad_inputs[0]));  // dA [M, K] = dY x op(B)^T
    }
    if (grad_inputs.size() > 1 && grad_inputs[1].defined()) {
      if (tb_)
        db_.run(dy, a, data_of(grad_inputs[1]));  // dB [N, K] = dY^T x op(A)
      else
        db_.run(a, dy, data_of(grad_inputs[1]));  // dB [K, N] = op(A)^T x dY
    }
    if (has_c_ && grad_inputs.size() > 2 && grad_inputs[2].defined()) {
      auto* dc = static_cast<float*>(data_of(grad_inputs[2]));
      const float* from = static_cast<const float*>(dy);
      if (reduce_c_) {
        dc_.run(dy, dc);
        from = dc;
      }
      scale_into(from, dc, numel(c_), beta_);
    } else if (grad_inputs.size() > 2 && grad_inputs[2].defined()) {  // beta 0: C does not count
      auto* dc = static_cast<float*>(data_of(grad_inputs[2]));
      std::fill(dc, dc + grad_inputs[2].numel(), 0.f);
    }
  }

  Cost cost() const {
    Cost c;
    c.flops =
        2.0 * static_cast<double>(m_ * n_ * k_) + (has_c_ ? 2.0 * static_cast<double>(m_ * n_) : 0);
    c.bytes = 4.0 * static_cast<double>(numel(a_) + numel(b_) + m_ * n_ + (has_c_ ? numel(c_) : 0));
    return c;
  }

 private:
  // op(A) [M, K] and op(B) [K, N] as views of the caller's memory, and their transposes.
  dnnl::memory::desc op_a() const { return ta_ ? transposed_md(a_) : plain_md(a_); }
  dnnl::memory::desc op_b() const { return tb_ ? transposed_md(b_) : plain_md(b_); }
  dnnl::memory::desc op_a_t() const { return ta_ ? plain_md(a_) : transposed_md(a_); }
  dnnl::memory::desc op_b_t() const { return tb_ ? plain_md(b_) : transposed_md(b_); }

  void make_backward() {
    const dnnl::memory::desc dy = plain_md({m_, n_});
    const dnnl::memory::desc dy_t = transposed_md({m_, n_});
    const std::string what = what_ + " backward";
    da_ = ta_ ? Product(op_b(), dy_t, plain_md(a_), alpha_, nullptr, what + " (dA)")
              : Product(dy, op_b_t(), plain_md(a_), alpha_, nullptr, what + " (dA)");
    db_ = tb_ ? Product(dy_t, op_a(), plain_md(b_), alpha_, nullptr, what + " (dB)")
              : Product(op_a_t(), dy, plain_md(b_), alpha_, nullptr, what + " (dB)");
    reduce_c_ = has_c_ && c_ != Shape{m_, n_};
    if (reduce_c_) dc_ = Reducer({m_, n_}, c_, what + " (dC)");
    kernel_.append("backward dA " + da_.impl() + ", dB " + db_.impl());
    bwd_ready_ = true;
  }

  KernelRecord kernel_;
  float alpha_ = 1.f, beta_ = 1.f;
  bool ta_ = false, tb_ = false, has_c_ = false, reduce_c_ = false, bwd_ready_ = false;
  int64_t m_ = 0, k_ = 0, n_ = 0;
  Shape a_, b_, c_;
  std::string what_;
  std::vector<float> scaled_c_;
  Product fwd_, da_, db_;
  Reducer dc_;
};

}  // namespace

void add_gemm_ops(std::vector<d500_operator>& ops) {
  ops.push_back(Gemm::define(
      {"Gemm", "", "default",
       "oneDNN matmul with transposes as strides, alpha as output scale, C as a post-op; exact, "
       "tolerance 1e-5 rel. L2"}));
}

}  // namespace d500::onednn_plugin
