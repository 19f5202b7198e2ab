// ONNX Add, Sub, Mul, Div (numpy broadcasting) through oneDNN's binary primitive, forward,
// float32, on the caller's row-major memory. oneDNN broadcasts its second source only, so the
// first operand must have the output's shape; for Add and Mul the operands are swapped when the
// second one does. Anything else (both operands broadcast, [3, 1] + [1, 4]) is refused as
// unsupported, saying so. No backward yet.
#include <algorithm>
#include <utility>

#include "common.h"

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
    what_ = std::string("onednn ") + e.op_type + " of A " + in[0].str() + " and B " + in[1].str();
    const Shape& src1 = swapped_ ? a : b;
    const auto pd = create_pd(what_, [&] {
      const dnnl::binary::desc d(e.alg, plain_md(y_), plain_md(src1), plain_md(y_));
      return dnnl::binary::primitive_desc(d, engine());
    });
    prim_ = dnnl::binary(pd);
    src0_ = dnnl::memory(plain_md(y_), engine(), DNNL_MEMORY_NONE);
    src1_ = dnnl::memory(plain_md(src1), engine(), DNNL_MEMORY_NONE);
    dst_ = dnnl::memory(plain_md(y_), engine(), DNNL_MEMORY_NONE);
    kernel_.set("forward " + impl_of(pd));
  }

  std::vector<TensorInfo> outputs() const { return {TensorInfo(sdk::dtype_of<float>(), y_)}; }

  void forward(Inputs in, Outputs out) {
    src0_.set_data_handle(const_cast<void*>(data_of(in[swapped_ ? 1 : 0])));
    src1_.set_data_handle(const_cast<void*>(data_of(in[swapped_ ? 0 : 1])));
    dst_.set_data_handle(data_of(out[0]));
    execute(prim_, {{DNNL_ARG_SRC_0, src0_}, {DNNL_ARG_SRC_1, src1_}, {DNNL_ARG_DST, dst_}},
            what_);
  }

  Cost cost() const {
    Cost c;
    c.flops = static_cast<double>(numel(y_));
    c.bytes = 12.0 * static_cast<double>(numel(y_));
    return c;
  }

 private:
  KernelRecord kernel_;
  Shape y_;
  bool swapped_ = false;
  std::string what_;
  dnnl::binary prim_;
  dnnl::memory src0_, src1_, dst_;
};

template <size_t... I>
void add_all(std::vector<d500_operator>& ops, std::index_sequence<I...>) {
  (ops.push_back(Binary<I>::define(
       {kBinary[I].op_type, "", "default",
        "oneDNN binary, numpy broadcasting of one operand (forward only); exact"})),
   ...);
}

}  // namespace

void add_binary_ops(std::vector<d500_operator>& ops) {
  add_all(ops, std::make_index_sequence<sizeof(kBinary) / sizeof(kBinary[0])>());
}

}  // namespace d500::onednn_plugin
