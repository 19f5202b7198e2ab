// ONNX MatMul in low precision (issue 18), forward only, with the shapes and broadcasting of the
// float32 MatMul (matmul_shapes):
// - bf16: A and B rounded to bfloat16 by reorder primitives (made once), oneDNN matmul with
//   float32 accumulation into the caller's float32 output; approximate.
// - int8: A and B quantized per call (quantize(): one scale per tensor), an s8 x s8 -> s32 matmul,
//   the result dequantized into float32 (acc * scale_A * scale_B); exact against the reference on
//   the dequantized inputs, approximate against float32.
// The conversions (rounding, quantizing, dequantizing) are timed apart and reported through
// d500_report_instance, so a measurement's time is the matmul's own.
#include "product.h"

namespace d500::onednn_plugin {
namespace {

template <DataType T>
class MatMulLowp : public sdk::Operator<MatMulLowp<T>> {
 public:
  MatMulLowp(const Attributes&, const std::vector<TensorInfo>& in) : kernel_(this) {
    const MatMulShapes m = matmul_shapes(in);
    require_f32(in, "MatMul");
    s_ = m;
    const DataType out = T == DataType::s8 ? DataType::s32 : DataType::f32;
    what_ = std::string("onednn MatMul ") + (T == DataType::s8 ? "int8" : "bf16") + " of A " +
            in[0].str() + " and B " + in[1].str();
    const auto pd = create_pd(what_, [&] {
      return dnnl::matmul::primitive_desc(
          dnnl::matmul::desc(plain_md(m.a2, T), plain_md(m.b2, T), plain_md(m.full, out)),
          engine());
    });
    prim_ = dnnl::matmul(pd);
    dst_ = dnnl::memory(plain_md(m.full, out), engine(), DNNL_MEMORY_NONE);
    if (T == DataType::s8) {
      qa_.resize(static_cast<size_t>(numel(m.a2)));
      qb_.resize(static_cast<size_t>(numel(m.b2)));
      acc_.resize(static_cast<size_t>(numel(m.full)));
      a_ = dnnl::memory(plain_md(m.a2, T), engine(), qa_.data());
      b_ = dnnl::memory(plain_md(m.b2, T), engine(), qb_.data());
      dst_.set_data_handle(acc_.data());
    } else {
      a_port_ = Port(m.a2, plain_md(m.a2, T));
      b_port_ = Port(m.b2, plain_md(m.b2, T));
    }
    kernel_.set("forward " + impl_of(pd) + (T == DataType::s8 ? " int8" : " bf16"));
  }

  std::vector<TensorInfo> outputs() const { return {TensorInfo(sdk::dtype_of<float>(), s_.y)}; }

  void forward(Inputs in, Outputs out) {
    LayoutTimer layout(true);
    layout.start();
    const float* a = static_cast<const float*>(data_of(in[0]));
    const float* b = static_cast<const float*>(data_of(in[1]));
    float sa = 1, sb = 1;
    Args args;
    if (T == DataType::s8) {
      sa = quantize(a, numel(s_.a2), qa_.data());
      sb = quantize(b, numel(s_.b2), qb_.data());
      args = {{DNNL_ARG_SRC, a_}, {DNNL_ARG_WEIGHTS, b_}, {DNNL_ARG_DST, dst_}};
    } else {
      dst_.set_data_handle(data_of(out[0]));
      args = {{DNNL_ARG_SRC, a_port_.input(a)},
              {DNNL_ARG_WEIGHTS, b_port_.input(b)},
              {DNNL_ARG_DST, dst_}};
    }
    layout.stop();
    execute(prim_, args, what_);
    const double ab = static_cast<double>(numel(s_.a2) + numel(s_.b2));
    if (T != DataType::s8) return layout.report(kernel_, 6 * ab);  // read f32, write bf16
    layout.start();
    float* y = static_cast<float*>(data_of(out[0]));
    const float s = sa * sb;
    for (size_t i = 0; i < acc_.size(); ++i) y[i] = static_cast<float>(acc_[i]) * s;
    layout.stop();
    layout.report(kernel_, 5 * ab + 8.0 * static_cast<double>(acc_.size()));
  }

  Cost cost() const {
    Cost c;
    c.flops =
        2.0 * static_cast<double>(numel(s_.full)) * static_cast<double>(s_.a2[s_.a2.size() - 1]);
    c.bytes = 4.0 * static_cast<double>(numel(s_.a) + numel(s_.b) + numel(s_.y));
    return c;
  }

 private:
  KernelRecord kernel_;
  MatMulShapes s_;
  std::string what_;
  dnnl::matmul prim_;
  dnnl::memory a_, b_, dst_;
  Port a_port_, b_port_;
  std::vector<int8_t> qa_, qb_;
  std::vector<int32_t> acc_;
};

}  // namespace

void add_matmul_lowp_ops(std::vector<d500_operator>& ops, bool bf16) {
  if (bf16)
    ops.push_back(MatMulLowp<DataType::bf16>::define(
        {"MatMul", "", "bf16",
         "oneDNN matmul, A and B rounded to bfloat16, float32 accumulation and output, forward "
         "only; approximate, tolerance 1e-2 rel. L2"}));
  ops.push_back(MatMulLowp<DataType::s8>::define(
      {"MatMul", "", "int8",
       "oneDNN matmul, A and B quantized to int8 per call (one scale per tensor, max|v|/127), "
       "int32 accumulation, dequantized to float32, forward only; quantized: exact (1e-5) "
       "against the reference on the dequantized inputs, tolerance 2e-2 rel. L2 against "
       "float32"}));
}

}  // namespace d500::onednn_plugin
