#include "d500/plugin/operator_registry.h"

#include <cstddef>
#include <cstdio>
#include <cstring>
#include <exception>

#include "d500/error.h"

namespace d500::plugin {

namespace {
// ABI 1.1 member: read only when the plugin's struct is large enough to hold it.
bool has_create_with_constants(const d500_operator& op) {
  return op.struct_size >= offsetof(d500_operator, create_with_constants) + sizeof(void*) &&
         op.create_with_constants != nullptr;
}

// ONNX writes the default domain both as "" and as "ai.onnx".
bool same_domain(const std::string& a, const std::string& b) {
  auto norm = [](const std::string& d) -> const std::string& {
    static const std::string empty;
    return d == "ai.onnx" ? empty : d;
  };
  return norm(a) == norm(b);
}

const char* status_name(int32_t status) {
  switch (status) {
    case D500_ERR_INVALID_ARGUMENT:
      return "invalid argument";
    case D500_ERR_UNSUPPORTED:
      return "unsupported";
    case D500_ERR_RUNTIME:
      return "runtime error";
    case D500_ERR_NO_DEVICE:
      return "no device";
    case D500_ERR_INTERNAL:
      return "internal error";
    default:
      return "unknown status";
  }
}

// Calls into the plugin. A plugin written without the SDK may let an exception escape; it is
// turned into a status like any other failure so that callers see one kind of error.
template <class F>
int32_t call_guarded(const char* phase, d500_error& err, F&& f) {
  err.code = 0;
  err.message[0] = '\0';
  auto escaped = [&](const char* what) {
    std::snprintf(err.message, sizeof err.message, "exception escaped the plugin in %s: %s", phase,
                  what);
    return static_cast<int32_t>(D500_ERR_INTERNAL);
  };
  try {
    return f();
  } catch (const std::exception& e) {
    return escaped(e.what());
  } catch (...) {
    return escaped("unknown exception");
  }
}

}  // namespace

std::string opset_range_text(int32_t lo, int32_t hi) {
  if (lo <= 0 && hi <= 0) return "any";
  if (hi <= 0) return std::to_string(lo) + "+";
  if (lo <= 0) return "up to " + std::to_string(hi);
  return lo == hi ? std::to_string(lo) : std::to_string(lo) + "-" + std::to_string(hi);
}

void OperatorRegistry::add(OperatorImpl impl) {
  impls_.push_back(std::move(impl));
}

std::vector<const OperatorImpl*> OperatorRegistry::find(const std::string& op_type,
                                                        const std::string& domain,
                                                        int device_type) const {
  std::vector<const OperatorImpl*> out;
  for (const auto& impl : impls_)
    if (impl.op_type() == op_type && same_domain(impl.domain(), domain) &&
        (device_type < 0 || impl.device_type() == device_type))
      out.push_back(&impl);
  return out;
}

const OperatorImpl* OperatorRegistry::find_impl(const std::string& op_type,
                                                const std::string& domain,
                                                const std::string& impl_id) const {
  const auto slash = impl_id.find('/');
  const std::string plugin = impl_id.substr(0, slash);
  const std::string variant = slash == std::string::npos ? "default" : impl_id.substr(slash + 1);
  for (const auto& impl : impls_)
    if (impl.plugin == plugin && impl.variant() == variant && impl.op_type() == op_type &&
        same_domain(impl.domain(), domain))
      return &impl;
  return nullptr;
}

d500_tensor_info tensor_info(DType dtype, const Shape& shape) {
  if (shape.size() > D500_MAX_DIMS)
    throw D500Error("rank " + std::to_string(shape.size()) + " of " + shape_to_string(shape) +
                    " exceeds the plugin ABI's " + std::to_string(D500_MAX_DIMS) + " dimensions");
  d500_tensor_info info{};
  info.dtype = to_dlpack(dtype);
  info.ndim = static_cast<int32_t>(shape.size());
  for (size_t i = 0; i < shape.size(); ++i) info.shape[i] = shape[i];
  return info;
}

OperatorInstance::OperatorInstance(const OperatorImpl& impl, const std::vector<Attribute>& attrs,
                                   const std::vector<d500_tensor_info>& inputs,
                                   const std::vector<const DLTensor*>& constants)
    : impl_(impl) {
  CAttributes c_attrs = [&] {
    try {
      return CAttributes(attrs, impl_.abi);
    } catch (const D500Error& e) {
      throw D500Error(e.what(), where());
    }
  }();
  void* instance = nullptr;
  d500_error err;
  int32_t st = call_guarded("create", err, [&] {
    if (has_create_with_constants(*impl_.op)) {
      std::vector<const DLTensor*> c = constants;
      c.resize(inputs.size(), nullptr);
      return impl_.op->create_with_constants(c_attrs.data(), c_attrs.size(), inputs.data(),
                                             inputs.size(), c.data(), &instance, &err);
    }
    return impl_.op->create(c_attrs.data(), c_attrs.size(), inputs.data(), inputs.size(), &instance,
                            &err);
  });
  if (st != D500_OK) check(st, err, "create");
  if (!instance) throw D500Error("create succeeded but returned no instance", where());
  instance_ = instance;
}

OperatorInstance::~OperatorInstance() {
  if (!instance_) return;
  try {
    impl_.op->destroy(instance_);
  } catch (...) {
    // A destructor has nowhere to report to; the instance is gone either way.
  }
}

std::vector<d500_tensor_info> OperatorInstance::output_info() {
  std::vector<d500_tensor_info> outs(4);
  size_t n = 0;
  d500_error err;
  auto ask = [&] {
    int32_t st = call_guarded("output_info", err, [&] {
      return impl_.op->output_info(instance_, &n, outs.data(), outs.size(), &err);
    });
    if (st != D500_OK) check(st, err, "output_info");
  };
  ask();
  if (n > outs.size()) {  // the plugin told the true count; ask again with room for all
    outs.resize(n);
    ask();
  }
  outs.resize(n);
  for (const auto& o : outs) {
    if (o.ndim < 0 || o.ndim > D500_MAX_DIMS)
      throw D500Error("output_info returned rank " + std::to_string(o.ndim), where());
    for (int32_t d = 0; d < o.ndim; ++d)
      if (o.shape[d] < 0 && !impl_.runtime_shapes())
        throw D500Error("output_info returned dimension " + std::to_string(o.shape[d]) +
                            " without D500_OP_RUNTIME_SHAPES and forward_owned (ABI 1.3)",
                        where());
  }
  return outs;
}

void OperatorInstance::forward_owned_unchecked(const std::vector<DLTensor>& inputs,
                                               OwnedOutputs& out) {
  d500_error err;
  int32_t st = call_guarded("forward_owned", err, [&] {
    return impl_.op->forward_owned(instance_, inputs.data(), inputs.size(), out.raw(), out.size(),
                                   &err);
  });
  if (st != D500_OK) {
    // The ABI: on failure the operator freed what it made; nothing is released twice.
    for (size_t j = 0; j < out.size(); ++j) out.raw()[j] = d500_owned_tensor{};
    check(st, err, "forward_owned");
  }
}

OwnedOutputs OperatorInstance::forward_owned(const std::vector<DLTensor>& inputs,
                                             size_t n_outputs) {
  if (!has_forward_owned()) throw D500Error("has no forward_owned (ABI 1.3)", where());
  OwnedOutputs out(n_outputs);
  forward_owned_unchecked(inputs, out);
  for (size_t j = 0; j < out.size(); ++j) {
    try {
      checked_shape(out[j]);
    } catch (const D500Error& e) {
      throw D500Error("output " + std::to_string(j) + ": " + e.what(), where());
    }
  }
  return out;
}

std::vector<Tensor> OperatorInstance::run(const std::vector<DLTensor>& inputs) {
  const std::vector<d500_tensor_info> infos = output_info();
  std::vector<Tensor> outputs;
  if (has_forward_owned()) {
    OwnedOutputs owned = forward_owned(inputs, infos.size());
    for (size_t j = 0; j < owned.size(); ++j) outputs.push_back(copy_to_host(owned[j]));
    return outputs;
  }
  if (!impl_.op->forward) throw D500Error("has neither forward nor forward_owned", where());
  std::vector<DLTensor> dls;
  for (const auto& info : infos) {
    const DType dt = from_dlpack(info.dtype);
    if (dt == DType::Invalid)
      throw D500Error("output of a dtype d500 tensors do not hold", where());
    outputs.emplace_back(dt, Shape(info.shape, info.shape + info.ndim));
  }
  for (const auto& t : outputs) dls.push_back(t.dl());
  forward(inputs, dls);
  return outputs;
}

void OperatorInstance::forward(const std::vector<DLTensor>& inputs,
                               std::vector<DLTensor>& outputs) {
  // The hot path of every benchmark: no allocation, one indirect call.
  if (!impl_.op->forward)
    throw D500Error("has no forward (its outputs are its own: forward_owned)", where());
  d500_error err;
  int32_t st = call_guarded("forward", err, [&] {
    return impl_.op->forward(instance_, inputs.data(), inputs.size(), outputs.data(),
                             outputs.size(), &err);
  });
  if (st != D500_OK) check(st, err, "forward");
}

void OperatorInstance::backward(const std::vector<DLTensor>& grad_outputs,
                                const std::vector<DLTensor>& inputs,
                                const std::vector<DLTensor>& outputs,
                                std::vector<DLTensor>& grad_inputs) {
  if (!impl_.op->backward) throw D500Error("has no backward", where());
  d500_error err;
  int32_t st = call_guarded("backward", err, [&] {
    return impl_.op->backward(instance_, grad_outputs.data(), grad_outputs.size(), inputs.data(),
                              inputs.size(), outputs.data(), outputs.size(), grad_inputs.data(),
                              grad_inputs.size(), &err);
  });
  if (st != D500_OK) check(st, err, "backward");
}

std::pair<double, double> OperatorInstance::cost() {
  if (!impl_.op->cost) return {0.0, 0.0};
  double flops = 0, bytes = 0;
  d500_error err;
  int32_t st =
      call_guarded("cost", err, [&] { return impl_.op->cost(instance_, &flops, &bytes, &err); });
  if (st != D500_OK) check(st, err, "cost");
  return {flops, bytes};
}

std::string OperatorInstance::where() const {
  return impl_.id() + " " + impl_.op_type();
}

void OperatorInstance::check(int32_t status, const d500_error& err, const char* what) const {
  std::string message(err.message, strnlen(err.message, sizeof err.message));
  if (message.empty())
    message = std::string(what) + " failed (" + status_name(status) + ", status " +
              std::to_string(status) + ")";
  throw CallError(std::move(message), where(), status);
}

}  // namespace d500::plugin
