// ONNX element-wise activations through oneDNN's eltwise primitive, forward and backward,
// float32, on the caller's row-major memory. One table row per operator: its oneDNN algorithm
// and the attribute that gives alpha (LeakyRelu's slope, Elu's alpha), if any. Log is left out:
// oneDNN's JIT log is off by ~1.4e-6 at x = 1 (ONNX conformance wants 0 within 1e-7).
#include <type_traits>
#include <utility>

#include "common.h"

namespace d500::onednn_plugin {
namespace {

using dnnl::algorithm;

struct EltwiseEntry {
  const char* op_type;
  algorithm alg;
  const char* alpha_attr;  // nullptr: alpha is fixed
  double alpha;            // the ONNX default (or the fixed value)
  double beta;
  bool backward;  // oneDNN has a backward for the algorithm
  const char* description;
};

constexpr EltwiseEntry kEltwise[] = {
    {"Relu", algorithm::eltwise_relu, nullptr, 0.0, 0.0, true, "max(x, 0)"},
    {"LeakyRelu", algorithm::eltwise_relu, "alpha", 0.01, 0.0, true, "x or alpha*x below 0"},
    {"Elu", algorithm::eltwise_elu, "alpha", 1.0, 0.0, true, "x or alpha*(exp(x)-1)"},
    {"Sigmoid", algorithm::eltwise_logistic, nullptr, 0.0, 0.0, true, "1/(1+exp(-x))"},
    {"Tanh", algorithm::eltwise_tanh, nullptr, 0.0, 0.0, true, "tanh(x)"},
    {"Exp", algorithm::eltwise_exp, nullptr, 0.0, 0.0, true, "exp(x)"},
    {"Sqrt", algorithm::eltwise_sqrt, nullptr, 0.0, 0.0, true, "sqrt(x)"},
    {"Abs", algorithm::eltwise_abs, nullptr, 0.0, 0.0, true, "|x|"},
    {"Softplus", algorithm::eltwise_soft_relu, nullptr, 0.0, 0.0, true, "log(1+exp(x))"},
    {"HardSwish", algorithm::eltwise_hardswish, nullptr, 0.0, 0.0, true, "x*relu6(x+3)/6"},
    {"Neg", algorithm::eltwise_linear, nullptr, -1.0, 0.0, true, "-x (linear, alpha -1)"},
    {"Reciprocal", algorithm::eltwise_pow, nullptr, 1.0, -1.0, true, "1/x (pow, beta -1)"},
    {"Round", algorithm::eltwise_round, nullptr, 0.0, 0.0, false, "round half to even"},
};

class EltwiseImpl {
 public:
  EltwiseImpl(const EltwiseEntry& e, const Attributes& attrs, const std::vector<TensorInfo>& in,
              const void* owner)
      : e_(e), kernel_(owner) {
    sdk::expect_count(in.size(), 1, "input (X)");
    require_f32(in, e.op_type);
    shape_ = in[0].shape();
    alpha_ = static_cast<float>(e.alpha_attr ? attrs.get_float(e.alpha_attr, e.alpha) : e.alpha);
    what_ = std::string("onednn ") + e.op_type + " of X " + in[0].str();
    const dnnl::memory::desc md = plain_md(shape_);
    const auto pd =
        create_pd(what_, [&] { return forward_pd(dnnl::prop_kind::forward_inference); });
    fwd_ = Bound::make<dnnl::eltwise_forward>(pd, {{DNNL_ARG_SRC, md}, {DNNL_ARG_DST, md}}, what_);
    kernel_.set("forward " + fwd_.impl());
  }

  std::vector<TensorInfo> outputs() const { return {TensorInfo(sdk::dtype_of<float>(), shape_)}; }

  void forward(Inputs in, Outputs out) {
    fwd_.run({{DNNL_ARG_SRC, data_of(in[0])}, {DNNL_ARG_DST, data_of(out[0])}});
  }

  void backward(Inputs grad_outputs, Inputs inputs, Outputs grad_inputs) {
    if (grad_inputs.size() == 0 || !grad_inputs[0].defined()) return;
    if (!bwd_ready_) {
      const std::string what = what_ + " backward";
      const dnnl::memory::desc md = plain_md(shape_);
      const auto hint =
          create_pd(what, [&] { return forward_pd(dnnl::prop_kind::forward_training); });
      const auto pd = create_pd(what, [&] {
        const dnnl::eltwise_backward::desc d(e_.alg, md, md, alpha_, static_cast<float>(e_.beta));
        return dnnl::eltwise_backward::primitive_desc(d, engine(), hint);
      });
      bwd_ = Bound::make<dnnl::eltwise_backward>(
          pd, {{DNNL_ARG_SRC, md}, {DNNL_ARG_DIFF_DST, md}, {DNNL_ARG_DIFF_SRC, md}}, what);
      kernel_.append("backward " + bwd_.impl());
      bwd_ready_ = true;
    }
    bwd_.run({{DNNL_ARG_SRC, data_of(inputs[0])},
              {DNNL_ARG_DIFF_DST, data_of(grad_outputs[0])},
              {DNNL_ARG_DIFF_SRC, data_of(grad_inputs[0])}});
  }

  Cost cost() const {
    Cost c;
    c.flops = static_cast<double>(numel(shape_));
    c.bytes = 8.0 * static_cast<double>(numel(shape_));
    return c;
  }

 private:
  dnnl::eltwise_forward::primitive_desc forward_pd(dnnl::prop_kind prop) const {
    const dnnl::eltwise_forward::desc d(prop, e_.alg, plain_md(shape_), alpha_,
                                        static_cast<float>(e_.beta));
    return dnnl::eltwise_forward::primitive_desc(d, engine());
  }

  const EltwiseEntry& e_;
  KernelRecord kernel_;
  Shape shape_;
  float alpha_ = 0.f;
  std::string what_;
  Bound fwd_, bwd_;
  bool bwd_ready_ = false;
};

// backward() exists only where oneDNN has one (the SDK lists the operator without backward
// otherwise).
template <size_t I>
class Eltwise : public sdk::Operator<Eltwise<I>> {
 public:
  Eltwise(const Attributes& attrs, const std::vector<TensorInfo>& in)
      : impl_(kEltwise[I], attrs, in, this) {}
  std::vector<TensorInfo> outputs() const { return impl_.outputs(); }
  void forward(Inputs in, Outputs out) { impl_.forward(in, out); }
  template <bool B = kEltwise[I].backward, std::enable_if_t<B, int> = 0>
  void backward(Inputs grad_outputs, Inputs inputs, Inputs, Outputs grad_inputs) {
    impl_.backward(grad_outputs, inputs, grad_inputs);
  }
  Cost cost() const { return impl_.cost(); }

 private:
  EltwiseImpl impl_;
};

template <size_t I>
d500_operator eltwise_op() {
  const EltwiseEntry& e = kEltwise[I];
  static const std::string description =
      std::string("oneDNN eltwise: ") + e.description + "; exact, tolerance 1e-5 rel. L2";
  return Eltwise<I>::define({e.op_type, "", "default", description.c_str()});
}

template <size_t... I>
void add_all(std::vector<d500_operator>& ops, std::index_sequence<I...>) {
  (ops.push_back(eltwise_op<I>()), ...);
}

}  // namespace

void add_eltwise_ops(std::vector<d500_operator>& ops) {
  add_all(ops, std::make_index_sequence<sizeof(kEltwise) / sizeof(kEltwise[0])>());
}

}  // namespace d500::onednn_plugin
