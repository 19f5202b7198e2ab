// The kernel of an operator with run-time output shapes (value_kernel.h).
#include "value_kernel.h"

#include "node_kernel.h"

namespace d500::torch_plugin {

ValueKernel::ValueKernel(const Setup& setup, Compile compile, Declare declare, const Attributes& a,
                         const std::vector<TensorInfo>& in, const Constants& c)
    : setup_(setup), inputs_(in) {
  const NodeSignature sig = signature_of(in, c, constants_);
  c10::InferenceMode inference;
  fn_ = compile(a, sig);
  outputs_ = declare(a, sig);
}

std::vector<at::Tensor> ValueKernel::forward_tensors(Inputs in) {
  std::vector<at::Tensor> args;
  for (size_t i = 0; i < inputs_.size(); ++i)
    args.push_back(inputs_[i].present() && given(in, i)
                       ? fresh(in[i].dl(), scalar_type(inputs_[i].dtype()))
                       : at::Tensor());
  std::vector<at::Tensor> res = fn_(args);
  for (at::Tensor& r : res)
    if (r.defined() && setup_.device == c10::DeviceType::CUDA && !r.is_cuda()) r = r.to(at::kCUDA);
  return res;
}

void ValueKernel::forward(Inputs in, Outputs out) {
  const std::vector<at::Tensor> res = forward_tensors(in);
  for (size_t i = 0; i < res.size(); ++i) {
    if (!wanted(out, i)) continue;
    const at::Tensor y = fresh(out[i].dl(), res[i].scalar_type());
    if (res[i].sizes() != y.sizes())
      throw sdk::Error(D500_ERR_RUNTIME,
                       "output " + std::to_string(i) + " came out " +
                           sdk::shape_string(Shape(res[i].sizes().begin(), res[i].sizes().end())) +
                           ", the buffer is " +
                           sdk::shape_string(Shape(y.sizes().begin(), y.sizes().end())));
    y.copy_(res[i]);
  }
}

void ValueKernel::backward(Inputs, Inputs, Inputs, Outputs gi) {
  for (size_t i = 0; i < gi.size(); ++i) zero_gradient(gi, i);
}

Cost ValueKernel::cost() const {
  double elements = 0, bytes = 0;
  for (const TensorInfo& t : inputs_) {
    if (!t.present()) continue;
    elements += static_cast<double>(numel(t.shape()));
    bytes += static_cast<double>(numel(t.shape()) * type_size(scalar_type(t.dtype())));
  }
  return {elements, bytes};
}

}  // namespace d500::torch_plugin
