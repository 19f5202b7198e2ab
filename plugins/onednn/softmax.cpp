// ONNX Softmax and LogSoftmax through oneDNN's softmax_v2 primitive (softmax_accurate,
// softmax_log), forward and backward, float32, on the caller's row-major memory. From opset 13
// the operator normalises along `axis` (default -1); before, it flattens X to 2-D at `axis`
// (default 1) and normalises the rows, which is the same primitive on a [outer, inner] view.
#include <algorithm>

#include "common.h"

namespace d500::onednn_plugin {
namespace {

class SoftmaxImpl {
 public:
  SoftmaxImpl(const Attributes& attrs, const std::vector<TensorInfo>& in, bool log,
              const void* owner)
      : alg_(log ? dnnl::algorithm::softmax_log : dnnl::algorithm::softmax_accurate),
        kernel_(owner) {
    const char* op = log ? "LogSoftmax" : "Softmax";
    sdk::expect_count(in.size(), 1, "input (X)");
    require_f32(in, op);
    shape_ = in[0].shape();
    const int64_t rank = static_cast<int64_t>(shape_.size());
    const bool flattens = attrs.get_int(D500_ATTR_OPSET, 13) < 13;
    int64_t axis = attrs.get_int("axis", flattens ? 1 : -1);
    if (axis < -rank || axis >= std::max<int64_t>(rank, 1))
      throw std::invalid_argument(std::string("onednn ") + op + ": axis " + std::to_string(axis) +
                                  " outside X " + in[0].str());
    if (axis < 0) axis += rank;
    view_ = shape_.empty() ? Shape{1} : shape_;
    axis_ = static_cast<int>(axis);
    if (flattens) {
      const Shape outer(shape_.begin(), shape_.begin() + axis);
      const Shape inner(shape_.begin() + axis, shape_.end());
      view_ = {numel(outer), numel(inner)};
      axis_ = 1;
    }
    what_ = std::string("onednn ") + op + " of X " + in[0].str() + " along axis " +
            std::to_string(axis);
    const dnnl::memory::desc md = plain_md(view_);
    const auto pd =
        create_pd(what_, [&] { return forward_pd(dnnl::prop_kind::forward_inference); });
    fwd_ =
        Bound::make<dnnl::softmax_v2_forward>(pd, {{DNNL_ARG_SRC, md}, {DNNL_ARG_DST, md}}, what_);
    kernel_.set("forward " + fwd_.impl());
  }

  std::vector<TensorInfo> outputs() const { return {TensorInfo(sdk::dtype_of<float>(), shape_)}; }

  void forward(Inputs in, Outputs out) {
    fwd_.run({{DNNL_ARG_SRC, data_of(in[0])}, {DNNL_ARG_DST, data_of(out[0])}});
  }

  // From Y alone: oneDNN's softmax backward reads the output, not the input.
  void backward(Inputs grad_outputs, Inputs outputs, Outputs grad_inputs) {
    if (grad_inputs.size() == 0 || !grad_inputs[0].defined()) return;
    if (!bwd_ready_) {
      const std::string what = what_ + " backward";
      const dnnl::memory::desc md = plain_md(view_);
      const auto hint =
          create_pd(what, [&] { return forward_pd(dnnl::prop_kind::forward_training); });
      const auto pd = create_pd(what, [&] {
        const dnnl::softmax_v2_backward::desc d(alg_, md, md, md, axis_);
        return dnnl::softmax_v2_backward::primitive_desc(d, engine(), hint);
      });
      bwd_ = Bound::make<dnnl::softmax_v2_backward>(
          pd, {{DNNL_ARG_DST, md}, {DNNL_ARG_DIFF_DST, md}, {DNNL_ARG_DIFF_SRC, md}}, what);
      kernel_.append("backward " + bwd_.impl());
      bwd_ready_ = true;
    }
    bwd_.run({{DNNL_ARG_DST, data_of(outputs[0])},
              {DNNL_ARG_DIFF_DST, data_of(grad_outputs[0])},
              {DNNL_ARG_DIFF_SRC, data_of(grad_inputs[0])}});
  }

  Cost cost() const {
    Cost c;
    c.flops = 4.0 * static_cast<double>(numel(shape_));
    c.bytes = 8.0 * static_cast<double>(numel(shape_));
    return c;
  }

 private:
  dnnl::softmax_v2_forward::primitive_desc forward_pd(dnnl::prop_kind prop) const {
    const dnnl::softmax_v2_forward::desc d(prop, alg_, plain_md(view_), plain_md(view_), axis_);
    return dnnl::softmax_v2_forward::primitive_desc(d, engine());
  }

  dnnl::algorithm alg_;
  KernelRecord kernel_;
  Shape shape_, view_;
  int axis_ = 0;
  std::string what_;
  Bound fwd_, bwd_;
  bool bwd_ready_ = false;
};

template <bool Log>
class Softmax : public sdk::Operator<Softmax<Log>> {
 public:
  Softmax(const Attributes& attrs, const std::vector<TensorInfo>& in)
      : impl_(attrs, in, Log, this) {}
  std::vector<TensorInfo> outputs() const { return impl_.outputs(); }
  void forward(Inputs in, Outputs out) { impl_.forward(in, out); }
  void backward(Inputs grad_outputs, Inputs, Inputs outputs, Outputs grad_inputs) {
    impl_.backward(grad_outputs, outputs, grad_inputs);
  }
  Cost cost() const { return impl_.cost(); }

 private:
  SoftmaxImpl impl_;
};

}  // namespace

void add_softmax_ops(std::vector<d500_operator>& ops) {
  ops.push_back(Softmax<false>::define(
      {"Softmax", "", "default", "oneDNN softmax_v2 (accurate); tolerance 1e-5 rel. L2"}));
  ops.push_back(Softmax<true>::define(
      {"LogSoftmax", "", "default", "oneDNN softmax_v2 (log); tolerance 1e-5 rel. L2"}));
}

}  // namespace d500::onednn_plugin
