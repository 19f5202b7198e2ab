// ONNX Gemm and MatMul through BLAS-backed ATen kernels writing into the caller's buffers.
#include "common.h"
#include "registry.h"

namespace d500::torch_plugin {

// Gemm: Y = alpha * A' B' + beta * C, A' = transA ? A^T : A, B' likewise, C optional and
// broadcast to [M, N]. Forward is one at::addmm_out (or at::mm_out without C); the transposes
// are views, never copies.
class Gemm {
 public:
  Gemm(const Setup&, const Attributes& a, const std::vector<TensorInfo>& in, const Constants&)
      : type_(real_type(in)),
        trans_a_(a.get_flag("transA", false)),
        trans_b_(a.get_flag("transB", false)),
        alpha_(a.get_float("alpha", 1.0)),
        beta_(a.get_float("beta", 1.0)) {
    a.expect_only({"alpha", "beta", "transA", "transB"});
    if (in.size() != 2 && in.size() != 3)
      throw std::invalid_argument("expects inputs A, B and optional C, got " +
                                  std::to_string(in.size()) + " inputs");
    a_shape_ = in[0].shape();
    b_shape_ = in[1].shape();
    if (a_shape_.size() != 2 || b_shape_.size() != 2)
      throw std::invalid_argument("A and B must be 2-D, got A " + sdk::shape_string(a_shape_) +
                                  " and B " + sdk::shape_string(b_shape_));
    const int64_t m = trans_a_ ? a_shape_[1] : a_shape_[0];
    k_ = trans_a_ ? a_shape_[0] : a_shape_[1];
    const int64_t n = trans_b_ ? b_shape_[0] : b_shape_[1];
    if ((trans_b_ ? b_shape_[1] : b_shape_[0]) != k_)
      throw std::invalid_argument("inner dimensions differ: A " + sdk::shape_string(a_shape_) +
                                  " (transA=" + std::to_string(trans_a_) + ") and B " +
                                  sdk::shape_string(b_shape_) +
                                  " (transB=" + std::to_string(trans_b_) + ")");
    y_shape_ = {m, n};
    has_c_ = present(in, 2);
    if (has_c_) {
      c_shape_ = in[2].shape();
      if (c_shape_.size() > 2 || broadcast_shape(c_shape_, y_shape_) != y_shape_)
        throw std::invalid_argument("C " + sdk::shape_string(c_shape_) +
                                    " cannot be broadcast to " + sdk::shape_string(y_shape_));
      sum_c_ = SumTo(y_shape_, c_shape_);
      c_ = Slot("C", type_, c_shape_);
      dc_ = Slot("dC", type_, c_shape_, sum_c_.keep_shape());
    }
    a_ = Slot("A", type_, a_shape_), b_ = Slot("B", type_, b_shape_);
    da_ = Slot("dA", type_, a_shape_), db_ = Slot("dB", type_, b_shape_);
    y_ = Slot("Y", type_, y_shape_), dy_ = Slot("dY", type_, y_shape_);
  }

  std::vector<TensorInfo> outputs() const { return {info(type_, y_shape_)}; }

  void forward(Inputs in, Outputs out) {
    const at::Tensor& a = op_a(a_(in[0]));
    const at::Tensor& b = op_b(b_(in[1]));
    at::Tensor& y = y_(out[0]);
    if (has_c_) {
      at::addmm_out(y, c_(in[2]), a, b, beta_, alpha_);
    } else {
      at::mm_out(y, a, b);
      if (alpha_ != 1.0) y.mul_(alpha_);
    }
  }

  void backward(Inputs go, Inputs in, Inputs, Outputs gi) {
    const at::Tensor& dy = dy_(go[0]);
    if (wanted(gi, 0)) {  // dA' = alpha dY B'^T, stored transposed back when transA
      at::Tensor& da = da_(gi[0]);
      const at::Tensor& b = op_b(b_(in[1]));
      if (trans_a_)
        at::mm_out(da, b, dy.t());
      else
        at::mm_out(da, dy, b.t());
      if (alpha_ != 1.0) da.mul_(alpha_);
    }
    if (wanted(gi, 1)) {  // dB' = alpha A'^T dY
      at::Tensor& db = db_(gi[1]);
      const at::Tensor& a = op_a(a_(in[0]));
      if (trans_b_)
        at::mm_out(db, dy.t(), a);
      else
        at::mm_out(db, a.t(), dy);
      if (alpha_ != 1.0) db.mul_(alpha_);
    }
    if (has_c_ && wanted(gi, 2)) {  // dC = beta dY summed over C's broadcast dimensions
      at::Tensor& dc = dc_(gi[2]);
      sum_c_.run(dc, dy);
      if (beta_ != 1.0) dc.mul_(beta_);
    }
  }

  Cost cost() const {
    const double mn = static_cast<double>(numel(y_shape_));
    return {2.0 * mn * static_cast<double>(k_) + (has_c_ ? 2.0 * mn : 0.0),
            static_cast<double>(type_size(type_)) *
                (static_cast<double>(numel(a_shape_) + numel(b_shape_) + numel(c_shape_) * has_c_) +
                 mn)};
  }

 private:
  const at::Tensor& op_a(const at::Tensor& a) {
    return trans_a_ ? a_t_(a, [](const at::Tensor& t) { return t.t(); }) : a;
  }
  const at::Tensor& op_b(const at::Tensor& b) {
    return trans_b_ ? b_t_(b, [](const at::Tensor& t) { return t.t(); }) : b;
  }

  at::ScalarType type_;
  bool trans_a_, trans_b_;
  double alpha_, beta_;
  int64_t k_ = 0;
  Shape a_shape_, b_shape_, c_shape_, y_shape_;
  bool has_c_ = false;
  SumTo sum_c_;
  Slot a_, b_, c_, y_, dy_, da_, db_, dc_;
  ViewCache a_t_, b_t_;
};

// MatMul with numpy semantics: batch dimensions broadcast, 1-D operands promoted ([K] as [1, K]
// for A, [K, 1] for B) and that dimension dropped from Y. Forward is at::matmul_out; backward two
// matmuls, written straight into dA / dB unless a batch broadcast must be summed away first.
class MatMul {
 public:
  MatMul(const Setup&, const Attributes& a, const std::vector<TensorInfo>& in, const Constants&)
      : type_(real_type(in)) {
    a.expect_only({});
    sdk::expect_count(in.size(), 2, "inputs");
    const Shape sa = in[0].shape(), sb = in[1].shape();
    if (sa.empty() || sb.empty())
      throw std::invalid_argument("MatMul operands must not be scalars");
    a2_ = sa.size() == 1 ? Shape{1, sa[0]} : sa;
    b2_ = sb.size() == 1 ? Shape{sb[0], 1} : sb;
    const int64_t m = a2_[a2_.size() - 2], k = a2_.back(), n = b2_.back();
    if (b2_[b2_.size() - 2] != k)
      throw std::invalid_argument("inner dimensions differ: A " + sdk::shape_string(sa) +
                                  " and B " + sdk::shape_string(sb));
    const Shape batch =
        broadcast_shape(Shape(a2_.begin(), a2_.end() - 2), Shape(b2_.begin(), b2_.end() - 2));
    y2_ = batch;
    y2_.push_back(m);
    y2_.push_back(n);
    y_shape_ = batch;
    if (sa.size() > 1) y_shape_.push_back(m);
    if (sb.size() > 1) y_shape_.push_back(n);
    Shape ga = batch, gb = batch;
    ga.insert(ga.end(), {m, k});
    gb.insert(gb.end(), {k, n});
    sum_a_ = SumTo(ga, a2_);
    sum_b_ = SumTo(gb, b2_);
    direct_a_ = ga == a2_;
    direct_b_ = gb == b2_;
    flops_ = 2.0 * static_cast<double>(numel(batch) * m * n * k);
    a_ = Slot("A", type_, sa), b_ = Slot("B", type_, sb);
    y_ = Slot("Y", type_, y_shape_), dy_ = Slot("dY", type_, y_shape_, y2_);
    a2s_ = Slot("A", type_, sa, a2_), b2s_ = Slot("B", type_, sb, b2_);
    da_ = Slot("dA", type_, sa, direct_a_ ? a2_ : sum_a_.keep_shape());
    db_ = Slot("dB", type_, sb, direct_b_ ? b2_ : sum_b_.keep_shape());
    bytes_ = static_cast<double>(type_size(type_)) *
             static_cast<double>(numel(sa) + numel(sb) + numel(y_shape_));
  }

  std::vector<TensorInfo> outputs() const { return {info(type_, y_shape_)}; }

  void forward(Inputs in, Outputs out) { at::matmul_out(y_(out[0]), a_(in[0]), b_(in[1])); }

  void backward(Inputs go, Inputs in, Inputs, Outputs gi) {
    const at::Tensor& dy = dy_(go[0]);
    if (wanted(gi, 0)) {  // dA = dY B^T
      const at::Tensor& bt =
          bt_(b2s_(in[1]), [](const at::Tensor& t) { return t.transpose(-1, -2); });
      if (direct_a_)
        at::matmul_out(da_(gi[0]), dy, bt);
      else
        sum_a_.run(da_(gi[0]), at::matmul(dy, bt));
    }
    if (wanted(gi, 1)) {  // dB = A^T dY
      const at::Tensor& a_tr =
          at_v_(a2s_(in[0]), [](const at::Tensor& t) { return t.transpose(-1, -2); });
      if (direct_b_)
        at::matmul_out(db_(gi[1]), a_tr, dy);
      else
        sum_b_.run(db_(gi[1]), at::matmul(a_tr, dy));
    }
  }

  Cost cost() const { return {flops_, bytes_}; }

 private:
  at::ScalarType type_;
  Shape a2_, b2_, y2_, y_shape_;
  SumTo sum_a_, sum_b_;
  bool direct_a_ = true, direct_b_ = true;
  double flops_ = 0, bytes_ = 0;
  Slot a_, b_, y_, dy_, a2s_, b2s_, da_, db_;
  ViewCache bt_, at_v_;
};

// The torch executor's functions of this file's operators (graph_ops.h).
namespace {
using namespace graph;

NodeFn graph_gemm(const Attrs& a, const NodeSignature& s) {
  const bool ta = a.get_int("transA", 0) != 0, tb = a.get_int("transB", 0) != 0;
  const double alpha = a.get_float("alpha", 1.0), beta = a.get_float("beta", 1.0);
  const bool has_c = given(s, 2);
  return [=](const std::vector<at::Tensor>& in) {
    const at::Tensor A = ta ? in[0].t() : in[0];
    const at::Tensor B = tb ? in[1].t() : in[1];
    if (has_c) return std::vector<at::Tensor>{at::addmm(in[2], A, B, beta, alpha)};
    at::Tensor y = at::mm(A, B);
    return std::vector<at::Tensor>{alpha == 1.0 ? y : y * alpha};
  };
}

NodeFn graph_matmul(const Attrs& a, const NodeSignature&) {
  a.expect_only({});
  return one([](const Args& in) { return at::matmul(in[0], in[1]); });
}

}  // namespace

void add_gemm_ops(std::vector<d500_operator>& ops, bool cuda) {
  add<Gemm>(ops, cuda, "Gemm",
            "ONNX Gemm via at::addmm_out / at::mm_out (transposes as views); backward via "
            "at::mm_out",
            graph_gemm);
  add<MatMul>(ops, cuda, "MatMul",
              "ONNX MatMul (numpy broadcasting) via at::matmul_out; backward via matmuls, summed "
              "over broadcast batch dimensions",
              graph_matmul);
}

}  // namespace d500::torch_plugin
