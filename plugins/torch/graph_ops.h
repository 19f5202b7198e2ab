// The torch executor's operators: each ONNX node compiled once, at create, into a function over
// at::Tensors that records autograd when gradients are on (the executor's backward is LibTorch's
// autograd over these calls). ONNX semantics as the torch plugin's per-operator kernels state
// them; attributes arrive already adapted to the current opset (plus "_opset").
#pragma once

#include <ATen/ATen.h>

#include <functional>
#include <string>
#include <vector>

#include "d500/plugin.h"
#include "d500/sdk/attributes.h"

namespace d500::torch_plugin {

// What compiling a node may look at: its inputs' and outputs' types as the host inferred them,
// and the values of constant inputs (initializers that are not trained, such as Reshape's shape).
struct NodeSignature {
  std::vector<d500_tensor_info> inputs;   // ndim D500_ABSENT_NDIM for an omitted input
  std::vector<d500_tensor_info> outputs;  // ndim -1 when unknown
  std::vector<const at::Tensor*> constants;  // per input: its value, or nullptr
};

// Inputs in, outputs out (an omitted output may be left undefined).
using NodeFn = std::function<std::vector<at::Tensor>(const std::vector<at::Tensor>&)>;

// Throws std::invalid_argument (bad attributes or shapes) or sdk::Error unsupported (an operator
// or a form of one the executor does not run).
NodeFn compile_node(const std::string& op_type, const std::string& domain,
                    const sdk::Attributes& attrs, const NodeSignature& sig);

}  // namespace d500::torch_plugin
