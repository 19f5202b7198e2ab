// ONNX MatMul (numpy semantics: 1-D operands promoted, batch dimensions broadcast) through
// oneDNN's matmul primitive, forward and backward, float32, on the caller's row-major memory (no
// reorders: transposes are strides). The gradient of a broadcast operand is summed over its
// broadcast batch dimensions with oneDNN's reduction primitive. Also Product and Reducer
// (product.h), which Gemm uses too.
#include <algorithm>

#include "product.h"

namespace d500::onednn_plugin {

dnnl::memory::desc transposed_md(const Shape& shape) {
  const dnnl::memory::desc plain = plain_md(shape);
  Shape dims = plain.dims();
  Shape strides(plain.data.format_desc.blocking.strides,
                plain.data.format_desc.blocking.strides + dims.size());
  const size_t n = dims.size();
  std::swap(dims[n - 1], dims[n - 2]);
  std::swap(strides[n - 1], strides[n - 2]);
  return dnnl::memory::desc(dims, dnnl::memory::data_type::f32, strides);
}

Product::Product(const dnnl::memory::desc& src, const dnnl::memory::desc& weights,
                 const dnnl::memory::desc& dst, float scale, const dnnl::memory::desc* addend,
                 const std::string& what)
    : what_(what) {
  dnnl::primitive_attr attr;
  if (scale != 1.f) attr.set_output_scales(0, {scale});
  if (addend) {
    dnnl::post_ops ops;
    ops.append_binary(dnnl::algorithm::binary_add, *addend);
    attr.set_post_ops(ops);
    addend_ = dnnl::memory(*addend, engine(), DNNL_MEMORY_NONE);
  }
  const auto pd = create_pd(what, [&] {
    return dnnl::matmul::primitive_desc(dnnl::matmul::desc(src, weights, dst), attr, engine());
  });
  prim_ = dnnl::matmul(pd);
  impl_ = impl_of(pd);
  src_ = dnnl::memory(src, engine(), DNNL_MEMORY_NONE);
  weights_ = dnnl::memory(weights, engine(), DNNL_MEMORY_NONE);
  dst_ = dnnl::memory(dst, engine(), DNNL_MEMORY_NONE);
}

void Product::run(const void* src, const void* weights, void* dst, const void* addend) {
  src_.set_data_handle(const_cast<void*>(src));
  weights_.set_data_handle(const_cast<void*>(weights));
  dst_.set_data_handle(dst);
  Args args = {{DNNL_ARG_SRC, src_}, {DNNL_ARG_WEIGHTS, weights_}, {DNNL_ARG_DST, dst_}};
  if (addend) {
    addend_.set_data_handle(const_cast<void*>(addend));
    args[DNNL_ARG_ATTR_MULTIPLE_POST_OP(0) | DNNL_ARG_SRC_1] = addend_;
  }
  execute(prim_, args, what_);
}

Reducer::Reducer(const Shape& from, const Shape& to, const std::string& what) {
  const auto pd = create_pd(what, [&] {
    return dnnl::reduction::primitive_desc(
        dnnl::reduction::desc(dnnl::algorithm::reduction_sum, plain_md(from), plain_md(to), 0, 0),
        engine());
  });
  bound_ = Bound::make<dnnl::reduction>(
      pd, {{DNNL_ARG_SRC, plain_md(from)}, {DNNL_ARG_DST, plain_md(to)}}, what);
}

void Reducer::run(const void* src, void* dst) {
  bound_.run({{DNNL_ARG_SRC, src}, {DNNL_ARG_DST, dst}});
}

MatMulShapes matmul_shapes(const std::vector<TensorInfo>& in) {
  sdk::expect_count(in.size(), 2, "inputs (A, B)");
  MatMulShapes m;
  m.a = in[0].shape();
  m.b = in[1].shape();
  if (m.a.empty() || m.b.empty())
    throw std::invalid_argument("onednn MatMul: scalars are not matrices (A " + in[0].str() +
                                ", B " + in[1].str() + ")");
  Shape a = m.a.size() == 1 ? Shape{1, m.a[0]} : m.a;
  Shape b = m.b.size() == 1 ? Shape{m.b[0], 1} : m.b;
  const size_t rank = std::max(a.size(), b.size());
  a.insert(a.begin(), rank - a.size(), 1);
  b.insert(b.begin(), rank - b.size(), 1);
  if (a[rank - 1] != b[rank - 2])
    throw std::invalid_argument("onednn MatMul: A " + in[0].str() + " and B " + in[1].str() +
                                " do not multiply");
  Shape full(rank);
  for (size_t i = 0; i + 2 < rank; ++i) {
    if (a[i] != b[i] && a[i] != 1 && b[i] != 1)
      throw std::invalid_argument("onednn MatMul: batch dimensions of A " + in[0].str() +
                                  " and B " + in[1].str() + " do not broadcast");
    full[i] = std::max(a[i], b[i]);
  }
  full[rank - 2] = a[rank - 2];
  full[rank - 1] = b[rank - 1];
  m.a2 = a;
  m.b2 = b;
  m.full = full;
  m.y.assign(full.begin(), full.end() - 2);
  if (m.a.size() > 1) m.y.push_back(a[rank - 2]);
  if (m.b.size() > 1) m.y.push_back(b[rank - 1]);
  return m;
}

namespace {

// A MatMul operand's gradient: computed at the full broadcast batch shape, then summed into the
// operand's shape when its batch dimensions were broadcast.
struct Gradient {
  Product product;
  Reducer reduce;
  bool reduces = false;
  std::vector<float> full;

  void run(const void* src, const void* weights, void* out) {
    if (!reduces) return product.run(src, weights, out);
    product.run(src, weights, full.data());
    reduce.run(full.data(), out);
  }
};

class MatMul : public sdk::Operator<MatMul> {
 public:
  MatMul(const Attributes&, const std::vector<TensorInfo>& in) : kernel_(this) {
    require_f32(in, "MatMul");
    const MatMulShapes m = matmul_shapes(in);
    a_ = m.a, b_ = m.b, a2_ = m.a2, b2_ = m.b2, full_ = m.full, y_ = m.y;
    what_ = "onednn MatMul of A " + in[0].str() + " and B " + in[1].str();
    fwd_ = Product(plain_md(a2_), plain_md(b2_), plain_md(full_), 1.f, nullptr, what_);
    kernel_.set("forward " + fwd_.impl());
  }

  std::vector<TensorInfo> outputs() const { return {TensorInfo(sdk::dtype_of<float>(), y_)}; }

  void forward(Inputs in, Outputs out) {
    fwd_.run(data_of(in[0]), data_of(in[1]), data_of(out[0]));
  }

  void backward(Inputs grad_outputs, Inputs inputs, Inputs, Outputs grad_inputs) {
    if (!bwd_ready_) make_backward();
    const void* dy = data_of(grad_outputs[0]);
    if (grad_inputs.size() > 0 && grad_inputs[0].defined())  // dA = dY x B^T
      da_.run(dy, data_of(inputs[1]), data_of(grad_inputs[0]));
    if (grad_inputs.size() > 1 && grad_inputs[1].defined())  // dB = A^T x dY
      db_.run(data_of(inputs[0]), dy, data_of(grad_inputs[1]));
  }

  Cost cost() const {
    const size_t r = full_.size();
    Cost c;
    c.flops = 2.0 * static_cast<double>(numel(full_)) * static_cast<double>(a2_[r - 1]);
    c.bytes = 4.0 * static_cast<double>(numel(a_) + numel(b_) + numel(y_));
    return c;
  }

 private:
  void make_gradient(Gradient& g, const dnnl::memory::desc& src, const dnnl::memory::desc& wei,
                     const Shape& operand, const std::string& what) {
    Shape at_full = full_;
    const size_t r = full_.size();
    at_full[r - 2] = operand[r - 2];
    at_full[r - 1] = operand[r - 1];
    g.product = Product(src, wei, plain_md(at_full), 1.f, nullptr, what);
    g.reduces = at_full != operand;
    if (g.reduces) {
      g.reduce = Reducer(at_full, operand, what + " (sum over broadcast batch dimensions)");
      g.full.resize(static_cast<size_t>(numel(at_full)));
    }
  }

  void make_backward() {
    make_gradient(da_, plain_md(full_), transposed_md(b2_), a2_, what_ + " backward (dA)");
    make_gradient(db_, transposed_md(a2_), plain_md(full_), b2_, what_ + " backward (dB)");
    kernel_.append("backward dA " + da_.product.impl() + ", dB " + db_.product.impl());
    bwd_ready_ = true;
  }

  KernelRecord kernel_;
  Shape a_, b_, a2_, b2_, full_, y_;
  std::string what_;
  Product fwd_;
  bool bwd_ready_ = false;
  Gradient da_, db_;
};

}  // namespace

void add_matmul_ops(std::vector<d500_operator>& ops) {
  ops.push_back(MatMul::define(
      {"MatMul", "", "default",
       "oneDNN matmul on row-major memory, batch broadcasting; exact, tolerance 1e-5 rel. L2"}));
  add_matmul_lowp_ops(ops, cpu_has_bf16());
  add_gemm_ops(ops);
}

}  // namespace d500::onednn_plugin
