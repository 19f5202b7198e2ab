// The kernel built from a Compile function (node_kernel.h).
#include "node_kernel.h"

#include <c10/core/GradMode.h>

#include "value_kernel.h"  // signature_of

namespace d500::torch_plugin {
namespace {

// Slot names (static storage, as Slot keeps the pointer).
constexpr const char* kInputNames[] = {"input 0", "input 1", "input 2", "input 3",
                                       "input 4", "input 5", "input 6", "input 7"};
constexpr const char* kOutputNames[] = {"output 0", "output 1", "output 2", "output 3",
                                        "output 4", "output 5", "output 6", "output 7"};
const char* name_of(const char* const* names, size_t n, size_t i, const char* fallback) {
  return i < n ? names[i] : fallback;
}

}  // namespace

d500_tensor_info c_info(const TensorInfo& t) {
  if (t.present()) return t.to_c();
  d500_tensor_info absent{};
  absent.ndim = D500_ABSENT_NDIM;
  return absent;
}

at::Tensor host_copy(const DLTensor& t) {
  const Shape shape(t.shape, t.shape + t.ndim);
  return at::from_blob(static_cast<char*>(t.data) + t.byte_offset, shape,
                       at::TensorOptions().dtype(scalar_type(t.dtype)))
      .clone();
}

at::Tensor fresh(const DLTensor& t, at::ScalarType type) {
  const c10::Device device = t.device.device_type == kDLCUDA
                                 ? c10::Device(c10::kCUDA, static_cast<int16_t>(t.device.device_id))
                                 : c10::Device(c10::kCPU);
  return at::from_blob(static_cast<char*>(t.data) + t.byte_offset,
                       at::IntArrayRef(t.shape, static_cast<size_t>(t.ndim)),
                       at::TensorOptions().dtype(type).device(device));
}

NodeSignature signature_of(const std::vector<TensorInfo>& in, const Constants& c,
                           std::vector<at::Tensor>& constants) {
  NodeSignature sig;
  constants.assign(in.size(), at::Tensor());
  for (size_t i = 0; i < in.size(); ++i) {
    sig.inputs.push_back(c_info(in[i]));
    if (in[i].present()) scalar_type(in[i].dtype());  // unsupported for dtypes without one
    if (in[i].present() && c.has(i)) constants[i] = host_copy(*c.get(i));
  }
  for (const at::Tensor& t : constants) sig.constants.push_back(t.defined() ? &t : nullptr);
  return sig;
}

NodeKernel::NodeKernel(const Setup& setup, Compile compile, const Attributes& a,
                       const std::vector<TensorInfo>& in, const Constants& c)
    : setup_(setup), inputs_(in) {
  const NodeSignature sig = signature_of(in, c, constants_);
  {
    c10::InferenceMode inference;
    fn_ = compile(a, sig);
  }
  std::vector<at::Tensor> res;
  try {
    res = probe(true);
  } catch (const std::exception&) {
    res = probe(false);  // an ATen function without a meta kernel
  }
  for (size_t i = 0; i < res.size(); ++i) {
    if (!res[i].defined())
      throw std::logic_error("NodeKernel: output " + std::to_string(i) + " not computed");
    const Shape shape(res[i].sizes().begin(), res[i].sizes().end());
    outputs_.push_back(info(res[i].scalar_type(), shape));
    out_.emplace_back(name_of(kOutputNames, std::size(kOutputNames), i, "an output"),
                      res[i].scalar_type(), shape);
    dy_.emplace_back("an output gradient", res[i].scalar_type(), shape);
  }
  for (size_t i = 0; i < in.size(); ++i) {
    if (!in[i].present()) {
      in_.emplace_back(), dx_.emplace_back();
      continue;
    }
    const at::ScalarType t = scalar_type(in[i].dtype());
    in_.emplace_back(name_of(kInputNames, std::size(kInputNames), i, "an input"), t, in[i].shape());
    dx_.emplace_back("an input gradient", t, in[i].shape());
  }
}

std::vector<at::Tensor> NodeKernel::probe(bool meta) const {
  c10::InferenceMode inference;
  std::vector<at::Tensor> args;
  for (size_t i = 0; i < inputs_.size(); ++i) {
    if (!inputs_[i].present()) {
      args.emplace_back();
      continue;
    }
    const auto options = at::TensorOptions().dtype(scalar_type(inputs_[i].dtype()));
    if (meta)
      args.push_back(at::empty(inputs_[i].shape(), options.device(at::kMeta)));
    else
      args.push_back(constants_[i].defined() ? constants_[i]
                                             : at::zeros(inputs_[i].shape(), options));
  }
  return fn_(args);
}

std::vector<at::Tensor> NodeKernel::bind(Inputs in) {
  std::vector<at::Tensor> args;
  for (size_t i = 0; i < inputs_.size(); ++i)
    args.push_back(inputs_[i].present() && given(in, i) ? in_[i](in[i]) : at::Tensor());
  return args;
}

void NodeKernel::forward(Inputs in, Outputs out) {
  const std::vector<at::Tensor> res = fn_(bind(in));
  for (size_t i = 0; i < out_.size() && i < res.size(); ++i) {
    if (!wanted(out, i)) continue;
    at::Tensor& y = out_[i](out[i]);
    if (res[i].sizes() != y.sizes() || res[i].scalar_type() != y.scalar_type())
      throw sdk::Error(D500_ERR_RUNTIME,
                       "output " + std::to_string(i) + " came out " +
                           sdk::shape_string(Shape(res[i].sizes().begin(), res[i].sizes().end())) +
                           ", created for " + sdk::shape_string(out_[i].shape()));
    y.copy_(res[i]);
  }
}

void NodeKernel::backward(Inputs go, Inputs in, Inputs, Outputs gi) {
  c10::InferenceMode off(false);
  c10::AutoGradMode grad(true);
  std::vector<at::Tensor> args;
  for (size_t i = 0; i < inputs_.size(); ++i) {
    if (!inputs_[i].present() || !given(in, i)) {
      args.emplace_back();
      continue;
    }
    at::Tensor t = fresh(in[i].dl(), in_[i].type());
    if (t.is_floating_point() && wanted(gi, i)) t.requires_grad_(true);
    args.push_back(t);
  }
  const std::vector<at::Tensor> res = fn_(args);
  at::Tensor loss;
  for (size_t j = 0; j < res.size() && j < dy_.size(); ++j) {
    if (!res[j].defined() || !res[j].requires_grad() || !given(go, j)) continue;
    const at::Tensor term = (res[j] * fresh(go[j].dl(), dy_[j].type())).sum();
    loss = loss.defined() ? loss + term : term;
  }
  if (loss.defined()) loss.backward();
  for (size_t i = 0; i < args.size(); ++i) {
    if (!wanted(gi, i)) continue;
    if (args[i].defined() && args[i].requires_grad() && args[i].grad().defined())
      dx_[i](gi[i]).copy_(args[i].grad());
    else
      zero_gradient(gi, i);
  }
}

Cost NodeKernel::cost() const {
  double elements = 0, bytes = 0;
  for (const TensorInfo& t : inputs_)
    if (t.present())
      bytes += static_cast<double>(numel(t.shape()) * type_size(scalar_type(t.dtype())));
  for (const TensorInfo& t : outputs_) {
    elements += static_cast<double>(numel(t.shape()));
    bytes += static_cast<double>(numel(t.shape()) * type_size(scalar_type(t.dtype())));
  }
  return {elements, bytes};
}

}  // namespace d500::torch_plugin
