#include "conformance_data_set.h"

#include <algorithm>
#include <optional>

#include "../operators/placed.h"
#include "d500/device/device_api.h"
#include "d500/onnx/tensor_file.h"

namespace d500::operators::conformance_detail {

namespace fs = std::filesystem;
using Outcome = ConformanceOutcome;

// Index of `name` among `values`, -1 when absent.
int index_of(const std::vector<onnx::ValueInfo>& values, const std::string& name) {
  for (size_t k = 0; k < values.size(); ++k)
    if (values[k].name == name) return static_cast<int>(k);
  return -1;
}

// The graph inputs a test feeds, in order: input_K.pb is the K-th of them. Inputs that also have
// an initializer (older models list those among the inputs) take the initializer's value.
std::vector<onnx::ValueInfo> fed_inputs(const onnx::Model& model) {
  const auto init = model.initializer_names();
  std::vector<onnx::ValueInfo> fed;
  for (const auto& v : model.inputs())
    if (std::find(init.begin(), init.end(), v.name) == init.end()) fed.push_back(v);
  return fed;
}

namespace {

// OperatorInstance turns every failed create into a D500Error and drops the status code, but a
// plugin's D500_ERR_UNSUPPORTED (a dtype it does not implement) must count as unsupported, not
// as an error. On that failure path only, this asks the plugin again through the C ABI.
int32_t create_status(const plugin::OperatorImpl& impl, const std::vector<plugin::Attribute>& attrs,
                      const std::vector<d500_tensor_info>& infos,
                      const std::vector<const DLTensor*>& constants) {
  std::unique_ptr<plugin::CAttributes> layout;
  try {
    layout = std::make_unique<plugin::CAttributes>(attrs, impl.abi);  // in the plugin's layout
  } catch (const D500Error&) {
    return D500_ERR_UNSUPPORTED;  // an attribute type the plugin's ABI cannot carry
  }
  const plugin::CAttributes& c = *layout;
  const d500_operator& op = *impl.op;
  void* instance = nullptr;
  d500_error err{};
  int32_t st = D500_ERR_INTERNAL;
  try {
    bool with_constants =
        op.struct_size >= offsetof(d500_operator, create_with_constants) + sizeof(void*) &&
        op.create_with_constants;
    st = with_constants
             ? op.create_with_constants(c.data(), c.size(), infos.data(), infos.size(),
                                        constants.data(), &instance, &err)
             : op.create(c.data(), c.size(), infos.data(), infos.size(), &instance, &err);
  } catch (...) {
    return D500_ERR_INTERNAL;
  }
  if (instance) op.destroy(instance);
  return st;
}

// A data file in a dtype d500 tensors do not hold (ONNX 1.12 stores bfloat16 test data as its
// uint16 bit pattern) makes the test unsupported, as such a dtype in the model does.
Outcome read_failure(const Error& e) {
  return e.message.rfind("unsupported dtype ", 0) == 0 ? Outcome::Unsupported : Outcome::Error;
}

// One data set's inputs, by node input position: the values read, and what the plugin is given
// (an omitted input has D500_ABSENT_NDIM; `dls` point into the device copies off the CPU).
struct DataSetInputs {
  std::vector<Tensor> values;
  std::vector<bool> present;
  std::vector<d500_tensor_info> infos;
  std::vector<DLTensor> dls, host_dls;
  std::vector<const DLTensor*> constants;
  device::DeviceApi* api = nullptr;  // the device's, when the implementation is off the CPU
  std::vector<device::DeviceTensor> dev_in;
};

// Reads the inputs: input_K.pb holds fed input K; the node names its inputs, "" for an omitted
// one, and one that is not fed is an initializer. A stop when one cannot be read.
std::optional<Step> read_inputs(const onnx::Model& model, const onnx::NodeInfo& node,
                                const fs::path& dir, DataSetInputs& in) {
  const std::vector<onnx::ValueInfo> fed = fed_inputs(model);
  const size_t n = node.inputs.size();
  in.values.resize(n);
  in.present.assign(n, false);
  for (size_t i = 0; i < n; ++i) {
    const std::string& name = node.inputs[i];
    if (name.empty()) continue;
    int k = index_of(fed, name);
    Result<Tensor> t =
        k >= 0 ? onnx::read_tensor_file((dir / ("input_" + std::to_string(k) + ".pb")).string())
               : model.initializer(name);
    if (!t) return stop(read_failure(t.error()), t.error().to_string());
    in.values[i] = std::move(t).value();
    in.present[i] = true;
  }
  return std::nullopt;
}

// What the plugin is given of the inputs read: their infos and host views (constants are host
// tensors on every device, ABI). A stop for a dtype the ABI does not carry.
std::optional<Step> describe_inputs(const onnx::NodeInfo& node, DataSetInputs& in) {
  const size_t n = node.inputs.size();
  in.infos.resize(n);
  in.dls.resize(n);
  in.host_dls.resize(n);
  in.constants.assign(n, nullptr);
  for (size_t i = 0; i < n; ++i) {
    if (!in.present[i]) {
      in.infos[i] = d500_tensor_info{};
      in.infos[i].ndim = D500_ABSENT_NDIM;
      in.dls[i] = DLTensor{};
      in.dls[i].device = {kDLCPU, 0};
      in.dls[i].ndim = D500_ABSENT_NDIM;
      continue;
    }
    try {
      in.infos[i] = plugin::tensor_info(in.values[i].dtype(), in.values[i].shape());
    } catch (const D500Error& e) {
      return stop(Outcome::Unsupported, "input \"" + node.inputs[i] + "\": " + e.what());
    }
    in.dls[i] = in.host_dls[i] = in.values[i].dl();
    in.constants[i] = &in.host_dls[i];
  }
  return std::nullopt;
}

// An implementation off the CPU runs on copies of the inputs in its device's memory.
std::optional<Step> upload_inputs(const plugin::OperatorImpl& impl, DataSetInputs& in) {
  if (impl.device_type() == kDLCPU) return std::nullopt;
  try {
    in.api = &device::require_device_api(impl.device_type());
    in.dev_in.reserve(in.values.size());
    for (size_t i = 0; i < in.values.size(); ++i) {
      if (!in.present[i]) continue;
      in.dev_in.emplace_back(*in.api, in.values[i].dtype(), in.values[i].shape());
      in.dev_in.back().upload(in.values[i]);
      in.dls[i] = in.dev_in.back().dl();
    }
  } catch (const D500Error& e) {
    return stop(Outcome::Error, e.what());
  }
  return std::nullopt;
}

// Expected outputs, by node output position; output_K.pb holds graph output K. An output that is
// not a graph output has nothing to compare with (`compared` false).
struct Expected {
  std::vector<Tensor> values;
  std::vector<bool> compared;
};

std::optional<Step> read_expected(const onnx::Model& model, const onnx::NodeInfo& node,
                                  const fs::path& dir, Expected& ex) {
  ex.values.resize(node.outputs.size());
  ex.compared.assign(node.outputs.size(), false);
  for (size_t j = 0; j < node.outputs.size(); ++j) {
    int k = node.outputs[j].empty() ? -1 : index_of(model.outputs(), node.outputs[j]);
    if (k < 0) continue;
    auto t = onnx::read_tensor_file((dir / ("output_" + std::to_string(k) + ".pb")).string());
    if (!t) return stop(read_failure(t.error()), t.error().to_string());
    ex.values[j] = std::move(t).value();
    ex.compared[j] = true;
  }
  return std::nullopt;
}

// What the plugin declares must agree with the expected outputs, as far as it can tell before
// the call (a run-time dimension is -1 until then); it may compute optional trailing outputs the
// node does not ask for, but fewer is wrong.
std::optional<Step> check_declared(const onnx::NodeInfo& node,
                                   const std::vector<d500_tensor_info>& out_infos,
                                   const Expected& ex) {
  if (out_infos.size() < node.outputs.size())
    return stop(Outcome::Failed, "the plugin gives " + std::to_string(out_infos.size()) +
                                     " outputs, the node has " +
                                     std::to_string(node.outputs.size()));
  for (size_t j = 0; j < out_infos.size(); ++j) {
    const auto& oi = out_infos[j];
    const DType dt = from_dlpack(oi.dtype);
    const std::string what = "output " + std::to_string(j) +
                             (j < node.outputs.size() ? " (\"" + node.outputs[j] + "\")" : "");
    if (j < ex.compared.size() && ex.compared[j]) {
      const Tensor& e = ex.values[j];
      bool same = dt == e.dtype() && static_cast<size_t>(oi.ndim) == e.shape().size();
      for (int32_t d = 0; same && d < oi.ndim; ++d)
        same = oi.shape[d] < 0 || oi.shape[d] == e.shape()[static_cast<size_t>(d)];
      if (!same)
        return stop(Outcome::Failed,
                    what + ": the plugin declares " +
                        std::string(dt == DType::Invalid ? "an unknown dtype" : dtype_name(dt)) +
                        shape_to_string(Shape(oi.shape, oi.shape + oi.ndim)) + ", expected " +
                        std::string(dtype_name(e.dtype())) + shape_to_string(e.shape()));
    }
    if (dt == DType::Invalid)
      return stop(Outcome::Error, what + " has a dtype d500 tensors do not hold");
  }
  return std::nullopt;
}

// Runs forward into caller-owned outputs (on the device off the CPU, copied back) or, for an
// implementation that allocates them (ABI 1.3), copies its outputs to the host and releases them.
std::optional<Step> run_forward(plugin::OperatorInstance& inst, DataSetInputs& in,
                                const std::vector<d500_tensor_info>& out_infos,
                                std::vector<Tensor>& outputs) {
  if (inst.has_forward_owned()) {
    try {
      plugin::OwnedOutputs owned = inst.forward_owned(in.dls, out_infos.size());
      for (size_t j = 0; j < owned.size(); ++j) outputs.push_back(owned_to_host(owned[j], in.api));
    } catch (const D500Error& e) {
      return stop(Outcome::Error, std::string("forward_owned: ") + e.what());
    }
    return std::nullopt;
  }
  for (const auto& oi : out_infos)
    outputs.emplace_back(from_dlpack(oi.dtype), Shape(oi.shape, oi.shape + oi.ndim));
  std::vector<device::DeviceTensor> dev_out;
  std::vector<DLTensor> out_dls;
  const char* doing = "";
  try {
    dev_out.reserve(outputs.size());
    for (auto& t : outputs) {
      if (in.api) dev_out.emplace_back(*in.api, t.dtype(), t.shape());
      out_dls.push_back(in.api ? dev_out.back().dl() : t.dl());
    }
    doing = "forward: ";
    inst.forward(in.dls, out_dls);
    doing = "copying the outputs back: ";
    for (size_t j = 0; j < dev_out.size(); ++j) dev_out[j].download(outputs[j]);
  } catch (const D500Error& e) {
    return stop(Outcome::Error, std::string(doing) + e.what());
  }
  return std::nullopt;
}

// The outputs against the expected: the first that differs fails the data set; the largest
// errors are kept.
Step compare_outputs(const onnx::NodeInfo& node, const std::vector<Tensor>& outputs,
                     const Expected& ex, const Tolerance& tol) {
  Step s;
  for (size_t j = 0; j < node.outputs.size(); ++j) {
    if (!ex.compared[j]) continue;
    Comparison c = compare_allclose(outputs[j], ex.values[j], tol);
    s.max_abs = std::max(s.max_abs, c.max_abs_error);
    s.max_rel = std::max(s.max_rel, c.max_rel_error);
    if (!c.passed && s.outcome == Outcome::Passed) {
      s.outcome = Outcome::Failed;
      s.reason = "output " + std::to_string(j) + " (\"" + node.outputs[j] + "\"): " + c.message;
    }
  }
  return s;
}

// The instance for the data set's inputs, or a stop: unsupported when the plugin says so.
std::optional<Step> create_instance(const plugin::OperatorImpl& impl,
                                    const std::vector<plugin::Attribute>& attrs,
                                    const DataSetInputs& in,
                                    std::unique_ptr<plugin::OperatorInstance>& inst) {
  try {
    inst = std::make_unique<plugin::OperatorInstance>(impl, attrs, in.infos, in.constants);
  } catch (const D500Error& e) {
    Outcome o = create_status(impl, attrs, in.infos, in.constants) == D500_ERR_UNSUPPORTED
                    ? Outcome::Unsupported
                    : Outcome::Error;
    return stop(o, std::string("create: ") + e.what());
  }
  return std::nullopt;
}

}  // namespace

// Creates an instance for one data set, runs it and compares its outputs with the expected.
Step run_data_set(const plugin::OperatorImpl& impl, const onnx::Model& model,
                  const onnx::NodeInfo& node, const std::vector<plugin::Attribute>& attrs,
                  const fs::path& dir, const Tolerance& tol) {
  DataSetInputs in;
  Expected ex;
  if (auto s = read_inputs(model, node, dir, in)) return *s;
  if (auto s = describe_inputs(node, in)) return *s;
  if (auto s = upload_inputs(impl, in)) return *s;
  if (auto s = read_expected(model, node, dir, ex)) return *s;
  std::unique_ptr<plugin::OperatorInstance> inst;
  if (auto s = create_instance(impl, attrs, in, inst)) return *s;
  std::vector<d500_tensor_info> out_infos;
  try {
    out_infos = inst->output_info();
  } catch (const D500Error& e) {
    return stop(Outcome::Error, std::string("output_info: ") + e.what());
  }
  if (auto s = check_declared(node, out_infos, ex)) return *s;
  std::vector<Tensor> outputs;
  if (auto s = run_forward(*inst, in, out_infos, outputs)) return *s;
  return compare_outputs(node, outputs, ex, tol);
}

}  // namespace d500::operators::conformance_detail
