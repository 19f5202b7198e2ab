// Operators offered by loaded plugins, by ONNX op type + domain + device, and a host-side handle
// that calls one through the C ABI and turns status codes into D500Error.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <variant>
#include <vector>

#include "d500/plugin.h"
#include "d500/tensor.h"

namespace d500::plugin {

// An opset range as users read it: "13+", "10-18", "up to 12", "any" (0: unbounded).
std::string opset_range_text(int32_t since, int32_t until);

struct OperatorImpl {
  std::string plugin;               // plugin name
  const d500_operator* op;          // owned by the plugin; valid while the PluginManager lives
  uint32_t abi = D500_ABI_VERSION;  // the plugin's abi_version: the layout of the arrays it reads
  std::string op_type() const { return op->op_type; }
  std::string domain() const { return op->domain ? op->domain : ""; }
  std::string variant() const { return op->variant ? op->variant : "default"; }
  int device_type() const { return op->device_type; }
  bool has_backward() const { return op->backward && (op->flags & D500_OP_HAS_BACKWARD); }
  // ABI 1.3: the operator can hand back outputs it allocated.
  bool has_forward_owned() const {
    return D500_ABI_MINOR_OF(abi) >= 3 &&
           op->struct_size >= offsetof(d500_operator, forward_owned) + sizeof(void*) &&
           op->forward_owned != nullptr;
  }
  // Output shapes known only after the call (D500_OP_RUNTIME_SHAPES), honoured with forward_owned.
  bool runtime_shapes() const {
    return (op->flags & D500_OP_RUNTIME_SHAPES) && has_forward_owned();
  }
  // ABI 1.3: the opsets of op_type the implementation follows (0: unbounded on that side).
  int32_t since_opset() const { return has_opset_range() ? op->since_opset : 0; }
  int32_t until_opset() const { return has_opset_range() ? op->until_opset : 0; }
  // Whether a node of the model's opset `opset` (0: unknown) may run on it.
  bool follows_opset(int64_t opset) const {
    return opset <= 0 || ((since_opset() <= 0 || opset >= since_opset()) &&
                          (until_opset() <= 0 || opset <= until_opset()));
  }
  std::string opset_range() const { return opset_range_text(since_opset(), until_opset()); }
  // "plugin/variant", the name users write in experiment files.
  std::string id() const { return plugin + "/" + variant(); }

 private:
  bool has_opset_range() const {
    return D500_ABI_MINOR_OF(abi) >= 3 &&
           op->struct_size >= offsetof(d500_operator, until_opset) + sizeof(int32_t);
  }
};

class OperatorRegistry {
 public:
  void add(OperatorImpl impl);
  // Every implementation of op_type in domain ("" = ai.onnx), any device when device_type < 0.
  std::vector<const OperatorImpl*> find(const std::string& op_type, const std::string& domain = "",
                                        int device_type = -1) const;
  // The implementation named "plugin" or "plugin/variant" (variant "default" when omitted).
  // Returned pointers stay valid until the next add() (loading another plugin).
  const OperatorImpl* find_impl(const std::string& op_type, const std::string& domain,
                                const std::string& impl_id) const;
  const std::vector<OperatorImpl>& all() const { return impls_; }

 private:
  std::vector<OperatorImpl> impls_;
};

// An ONNX attribute on the host side. TENSOR and STRINGS exist from ABI 1.3 (the tensor is shared:
// attributes are copied freely).
struct Attribute {
  std::string name;
  std::variant<int64_t, double, std::string, std::vector<int64_t>, std::vector<double>,
               std::shared_ptr<const Tensor>, std::vector<std::string>>
      value;
};
// "int", "float", "string", "ints", "floats", "tensor", "strings".
const char* attribute_type_name(const Attribute& a);

// Host attributes in the C layout a plugin of ABI `abi` reads: d500_attr from ABI 1.3, the frozen
// d500_attr_v1_2 (a smaller stride) before. Borrowed views, valid while `attrs` lives unchanged.
// An attribute of a type the plugin's ABI lacks throws D500Error naming it and both versions.
class CAttributes {
 public:
  CAttributes(const std::vector<Attribute>& attrs, uint32_t abi);
  // The array as the plugin's functions take it (for an old plugin, d500_attr_v1_2 elements).
  const d500_attr* data() const;
  size_t size() const { return size_; }

 private:
  std::vector<d500_attr> attrs_;
  std::vector<d500_attr_v1_2> old_;
  std::vector<DLTensor> tensors_;
  std::vector<std::vector<const char*>> strings_;
  size_t size_ = 0;
};

// "1.2" for an abi_version.
std::string abi_string(uint32_t abi);

// Outputs an operator allocated (forward_owned): released exactly once, when this goes away.
class OwnedOutputs {
 public:
  OwnedOutputs() = default;
  explicit OwnedOutputs(size_t n) : t_(n) {}
  ~OwnedOutputs() { release(); }
  OwnedOutputs(OwnedOutputs&& o) noexcept : t_(std::move(o.t_)) { o.t_.clear(); }
  OwnedOutputs& operator=(OwnedOutputs&& o) noexcept;
  OwnedOutputs(const OwnedOutputs&) = delete;
  OwnedOutputs& operator=(const OwnedOutputs&) = delete;
  void release();  // calls each output's release once; the outputs are gone after it
  size_t size() const { return t_.size(); }
  const DLTensor& operator[](size_t j) const { return t_[j].tensor; }
  d500_owned_tensor* raw() { return t_.data(); }

 private:
  std::vector<d500_owned_tensor> t_;
};

// What OperatorInstance throws when the plugin returns an error: its message and its d500_status,
// so a caller can tell a refusal (D500_ERR_UNSUPPORTED: this shape, algorithm or CPU is not
// implemented) from a failure.
class CallError : public D500Error {
 public:
  CallError(std::string message, std::string where, int32_t status)
      : D500Error(std::move(message), std::move(where)), status_(status) {}
  int32_t status() const { return status_; }

 private:
  int32_t status_;
};

// One created operator instance (RAII over create/destroy). Methods throw CallError (a D500Error)
// whose message is the plugin's, prefixed with the implementation id. Not thread-safe.
class OperatorInstance {
 public:
  // `constants`, when given, holds one entry per input: NULL or the input's known value (passed
  // to plugins of ABI >= 1.1 through create_with_constants). An absent optional input has
  // ndim D500_ABSENT_NDIM.
  OperatorInstance(const OperatorImpl& impl, const std::vector<Attribute>& attrs,
                   const std::vector<d500_tensor_info>& inputs,
                   const std::vector<const DLTensor*>& constants = {});
  ~OperatorInstance();
  OperatorInstance(const OperatorInstance&) = delete;
  OperatorInstance& operator=(const OperatorInstance&) = delete;

  // Dimensions the operator tells only at run time (D500_OP_RUNTIME_SHAPES) are -1.
  std::vector<d500_tensor_info> output_info();
  void forward(const std::vector<DLTensor>& inputs, std::vector<DLTensor>& outputs);
  bool has_forward_owned() const { return impl_.has_forward_owned(); }
  // ABI 1.3: outputs the operator allocates. Each is checked (rank, non-negative dimensions
  // without overflow, contiguous, data present), so a bad run-time shape is a D500Error here.
  OwnedOutputs forward_owned(const std::vector<DLTensor>& inputs, size_t n_outputs);
  // forward_owned without the checks, for the timed loop (release happens when `out` goes).
  void forward_owned_unchecked(const std::vector<DLTensor>& inputs, OwnedOutputs& out);
  // Runs on host tensors and returns the outputs as host tensors: through forward_owned (and a
  // copy) when the operator has it, else into buffers of output_info's shapes. CPU only.
  std::vector<Tensor> run(const std::vector<DLTensor>& inputs);
  void backward(const std::vector<DLTensor>& grad_outputs, const std::vector<DLTensor>& inputs,
                const std::vector<DLTensor>& outputs, std::vector<DLTensor>& grad_inputs);
  bool has_cost() const { return impl_.op->cost != nullptr; }
  // flops and bytes of one forward call; {0, 0} when the plugin cannot tell.
  std::pair<double, double> cost();
  const OperatorImpl& impl() const { return impl_; }
  // The plugin's handle of the instance (what its functions take), for optional exports that ask
  // about an instance (plugin_report.h).
  const void* handle() const { return instance_; }

 private:
  void check(int32_t status, const d500_error& err, const char* what) const;
  std::string where() const;  // "<impl id> <op type>", the prefix of every error
  // A copy, not a reference into the registry: loading more plugins may grow (and move) the
  // registry's storage while this instance lives.
  OperatorImpl impl_;
  void* instance_ = nullptr;
};

d500_tensor_info tensor_info(DType dtype, const Shape& shape);

// The shape of an owned output after checking it: rank within the ABI, no negative dimension, no
// overflow, within memory. D500Error saying what is wrong otherwise.
Shape checked_shape(const DLTensor& t);
// A host copy of a contiguous CPU tensor (an owned output); D500Error for a dtype d500 lacks.
Tensor copy_to_host(const DLTensor& t);

}  // namespace d500::plugin
