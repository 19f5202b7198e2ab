// ONNX Add, Sub, Mul, Div (numpy broadcasting) through oneDNN's binary primitive, forward and
// backward, float32, on the caller's row-major memory. oneDNN broadcasts its second source only,
// so the first operand must have the output's shape; for Add and Mul the operands are swapped
// when the second one does. Anything else (both operands broadcast, [3, 1] + [1, 4]) is refused as
// unsupported, saying so. Backward through binary primitives and oneDNN's reduction (Reducer,
// product.h) for the broadcast operand.
#include <algorithm>
#include <array>
#include <utility>

#include "product.h"

namespace d500::onednn_plugin {
namespace {

using dnnl::algorithm;

struct BinaryEntry {
  const char* op_type;
  algorithm alg;
  bool commutative;
};

constexpr BinaryEntry kBinary[] = {
    {"Add", algorithm::binary_add, true},
    {"Sub", algorithm::binary_sub, false},
    {"Mul", algorithm::binary_mul, true},
    {"Div", algorithm::binary_div, false},
};

// dst = src0 (alg) src1 on row-major memory, src1 broadcast to dst's shape.
class BinaryPrim {
 public:
  BinaryPrim() = default;
  BinaryPrim(algorithm alg, const Shape& dst, const Shape& src1, const std::string& what) {
    const auto pd = create_pd(what, [&] {
      const dnnl::binary::desc d(alg, plain_md(dst), plain_md(src1), plain_md(dst));
      return dnnl::binary::primitive_desc(d, engine());
    });
    bound_ = Bound::make<dnnl::binary>(pd,
                                       {{DNNL_ARG_SRC_0, plain_md(dst)},
                                        {DNNL_ARG_SRC_1, plain_md(src1)},
                                        {DNNL_ARG_DST, plain_md(dst)}},
                                       what);
  }
  void run(const void* src0, const void* src1, void* dst) {
    bound_.run({{DNNL_ARG_SRC_0, src0}, {DNNL_ARG_SRC_1, src1}, {DNNL_ARG_DST, dst}});
  }
  const std::string& impl() const { return bound_.impl(); }

 private:
  Bound bound_;
};

// Backward: the gradient of each operand is a term of the output's shape (dY; dY*B or dY*A for
// Mul; dY/B and -dY*Y/B for Div), summed over the operand's broadcast dimensions.
template <size_t I>
class Binary : public sdk::Operator<Binary<I>> {
 public:
  Binary(const Attributes&, const std::vector<TensorInfo>& in) : kernel_(this) {
    const BinaryEntry& e = kBinary[I];
    sdk::expect_count(in.size(), 2, "inputs (A, B)");
    require_f32(in, e.op_type);
    Shape a = in[0].shape(), b = in[1].shape();
    const size_t rank = std::max(a.size(), b.size());
    a.insert(a.begin(), rank - a.size(), 1);
    b.insert(b.begin(), rank - b.size(), 1);
    for (size_t i = 0; i < rank; ++i) {
      if (a[i] != b[i] && a[i] != 1 && b[i] != 1)
        throw std::invalid_argument(std::string("onednn ") + e.op_type + ": A " + in[0].str() +
                                    " and B " + in[1].str() + " do not broadcast");
      y_.push_back(a[i] == 1 ? b[i] : a[i]);
    }
    swapped_ = a != y_;
    if (swapped_ && !(e.commutative && b == y_))
      throw sdk::unsupported(std::string("onednn ") + e.op_type + " of A " + in[0].str() +
                             " and B " + in[1].str() +
                             ": oneDNN's binary primitive broadcasts its second source only");
    operand_ = {a, b};
    what_ = std::string("onednn ") + e.op_type + " of A " + in[0].str() + " and B " + in[1].str();
    fwd_ = BinaryPrim(e.alg, y_, swapped_ ? a : b, what_);
    kernel_.set("forward " + fwd_.impl());
  }

  std::vector<TensorInfo> outputs() const { return {TensorInfo(sdk::dtype_of<float>(), y_)}; }

  void forward(Inputs in, Outputs out) {
    fwd_.run(data_of(in[swapped_ ? 1 : 0]), data_of(in[swapped_ ? 0 : 1]), data_of(out[0]));
  }

  void backward(Inputs grad_outputs, Inputs inputs, Inputs outputs, Outputs grad_inputs) {
    if (!bwd_ready_) make_backward();
    const auto* dy = static_cast<const float*>(data_of(grad_outputs[0]));
    for (size_t i = 0; i < 2; ++i) {
      if (i >= grad_inputs.size() || !grad_inputs[i].defined()) continue;
      auto* dx = static_cast<float*>(data_of(grad_inputs[i]));
      float* term = reduces_[i] ? scratch_.data() : dx;
      const algorithm alg = kBinary[I].alg;
      if (alg == algorithm::binary_mul) {
        times_other_[i].run(dy, data_of(inputs[1 - i]), term);
      } else if (alg == algorithm::binary_div && i == 0) {
        over_b_.run(dy, data_of(inputs[1]), term);
      } else if (alg == algorithm::binary_div) {  // dB = -dY * Y / B
        times_y_.run(dy, data_of(outputs[0]), term);
        over_b_.run(term, data_of(inputs[1]), term);
      } else {
        std::copy(dy, dy + numel(y_), term);
      }
      if (reduces_[i]) reduce_[i].run(term, dx);
      const bool negate = i == 1 && (alg == algorithm::binary_sub || alg == algorithm::binary_div);
      if (negate)
        for (int64_t k = 0; k < numel(operand_[i]); ++k) dx[k] = -dx[k];
    }
  }

  Cost cost() const {
    Cost c;
    c.flops = static_cast<double>(numel(y_));
    c.bytes = 12.0 * static_cast<double>(numel(y_));
    return c;
  }

 private:
  void make_backward() {
    const std::string what = what_ + " backward";
    const algorithm alg = kBinary[I].alg;
    for (size_t i = 0; i < 2; ++i) {
      reduces_[i] = operand_[i] != y_;
      if (reduces_[i]) reduce_[i] = Reducer(y_, operand_[i], what + " (sum over broadcast)");
      if (alg == algorithm::binary_mul)
        times_other_[i] = BinaryPrim(algorithm::binary_mul, y_, operand_[1 - i], what);
    }
    if (alg == algorithm::binary_div) {
      over_b_ = BinaryPrim(algorithm::binary_div, y_, operand_[1], what);
      times_y_ = BinaryPrim(algorithm::binary_mul, y_, y_, what);
    }
    scratch_.resize(static_cast<size_t>(numel(y_)));
    kernel_.append("backward binary and reduction primitives");
    bwd_ready_ = true;
  }

  KernelRecord kernel_;
  Shape y_;
  std::array<Shape, 2> operand_;  // A and B, left-padded to the output's rank
  bool swapped_ = false, bwd_ready_ = false;
  std::string what_;
  BinaryPrim fwd_, over_b_, times_y_;
  std::array<BinaryPrim, 2> times_other_;
  std::array<Reducer, 2> reduce_;
  std::array<bool, 2> reduces_{};
  std::vector<float> scratch_;
};

template <size_t... I>
void add_all(std::vector<d500_operator>& ops, std::index_sequence<I...>) {
  (ops.push_back(Binary<I>::define(
       {kBinary[I].op_type, "", "default",
        "oneDNN binary, numpy broadcasting of one operand; exact, tolerance 1e-5 rel. L2"})),
   ...);
}

}  // namespace

void add_binary_ops(std::vector<d500_operator>& ops) {
  add_all(ops, std::make_index_sequence<sizeof(kBinary) / sizeof(kBinary[0])>());
}

}  // namespace d500::onednn_plugin
