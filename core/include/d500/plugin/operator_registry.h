// Operators offered by loaded plugins, by ONNX op type + domain + device, and a host-side handle
// that calls one through the C ABI and turns status codes into D500Error.
#pragma once

#include <cstdint>
#include <string>
#include <variant>
#include <vector>

#include "d500/plugin.h"
#include "d500/tensor.h"

namespace d500::plugin {

struct OperatorImpl {
  std::string plugin;        // plugin name
  const d500_operator* op;   // owned by the plugin; valid while the PluginManager lives
  std::string op_type() const { return op->op_type; }
  std::string domain() const { return op->domain ? op->domain : ""; }
  std::string variant() const { return op->variant ? op->variant : "default"; }
  int device_type() const { return op->device_type; }
  bool has_backward() const { return op->backward && (op->flags & D500_OP_HAS_BACKWARD); }
  // "plugin/variant", the name users write in experiment files.
  std::string id() const { return plugin + "/" + variant(); }
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

// An ONNX attribute on the host side.
struct Attribute {
  std::string name;
  std::variant<int64_t, double, std::string, std::vector<int64_t>, std::vector<double>> value;
};

// Borrowed views of host attributes in the C layout; valid while `attrs` lives and is unchanged.
std::vector<d500_attr> to_c_attrs(const std::vector<Attribute>& attrs);

// One created operator instance (RAII over create/destroy). Methods throw D500Error whose message
// is the plugin's, prefixed with the implementation id. Not thread-safe.
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

  std::vector<d500_tensor_info> output_info();
  void forward(const std::vector<DLTensor>& inputs, std::vector<DLTensor>& outputs);
  void backward(const std::vector<DLTensor>& grad_outputs, const std::vector<DLTensor>& inputs,
                const std::vector<DLTensor>& outputs, std::vector<DLTensor>& grad_inputs);
  bool has_cost() const { return impl_.op->cost != nullptr; }
  // flops and bytes of one forward call; {0, 0} when the plugin cannot tell.
  std::pair<double, double> cost();
  const OperatorImpl& impl() const { return impl_; }

 private:
  void check(int32_t status, const d500_error& err, const char* what) const;
  std::string where() const;  // "<impl id> <op type>", the prefix of every error
  // A copy, not a reference into the registry: loading more plugins may grow (and move) the
  // registry's storage while this instance lives.
  OperatorImpl impl_;
  void* instance_ = nullptr;
};

d500_tensor_info tensor_info(DType dtype, const Shape& shape);

}  // namespace d500::plugin
