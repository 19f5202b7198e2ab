// The torch executor's operators: each ONNX node compiled once, at create, into a function over
// at::Tensors that records autograd when gradients are on (the executor's backward is LibTorch's
// autograd over these calls). ONNX semantics as the torch plugin's per-operator kernels state
// them; attributes arrive already adapted to the current opset (plus "_opset").
//
// One registration per operator: the family file that adds an operator's kernel (common.h's
// add<>) passes its Compile function along, and the executor finds it by op type (graph_ops.cpp).
// Operators without a hand-written kernel get node_kernel.h's, built from the same Compile.
#pragma once

#include <ATen/ATen.h>

#include <functional>
#include <string>
#include <vector>

#include "d500/plugin.h"
#include "d500/sdk/attributes.h"
#include "d500/sdk/status.h"

namespace d500::torch_plugin {

// What compiling a node may look at: its inputs' and outputs' types as the host inferred them,
// and the values of constant inputs (initializers that are not trained, such as Reshape's shape).
struct NodeSignature {
  std::vector<d500_tensor_info> inputs;      // ndim D500_ABSENT_NDIM for an omitted input
  std::vector<d500_tensor_info> outputs;     // ndim -1 when unknown; empty: the count is not known
  std::vector<const at::Tensor*> constants;  // per input: its value, or nullptr
};

// Inputs in, outputs out (an omitted output may be left undefined).
using NodeFn = std::function<std::vector<at::Tensor>(const std::vector<at::Tensor>&)>;

// Throws std::invalid_argument (bad attributes or shapes) or sdk::Error unsupported (a form of
// the operator that is not run, an input that must be constant and is not).
using Compile = NodeFn (*)(const sdk::Attributes& attrs, const NodeSignature& sig);

// Called by add<> (common.h) for every operator registered with a Compile function.
void register_graph_op(const char* domain, const char* op_type, Compile compile);

// The registered Compile of the operator, run; sdk::Error unsupported when none is registered.
NodeFn compile_node(const std::string& op_type, const std::string& domain,
                    const sdk::Attributes& attrs, const NodeSignature& sig);

// Helpers for Compile functions.
namespace graph {

using Ints = std::vector<int64_t>;
using Attrs = sdk::Attributes;
using Args = std::vector<at::Tensor>;

inline Ints shape_of(const d500_tensor_info& t) {
  return Ints(t.shape, t.shape + std::max(t.ndim, 0));
}
inline bool given(const NodeSignature& s, size_t i) {
  return i < s.inputs.size() && s.inputs[i].ndim != D500_ABSENT_NDIM;
}
// Input i's shape; std::invalid_argument when it is not given.
inline Ints input_shape(const NodeSignature& s, size_t i) {
  if (!given(s, i)) throw std::invalid_argument("input " + std::to_string(i) + " is missing");
  return shape_of(s.inputs[i]);
}
inline int64_t rank_of(const NodeSignature& s, size_t i) {
  return static_cast<int64_t>(input_shape(s, i).size());
}
inline int64_t norm_axis(int64_t axis, int64_t rank) {
  const int64_t a = axis < 0 ? axis + rank : axis;
  if (a < 0 || a >= std::max<int64_t>(rank, 1))
    throw std::invalid_argument("axis " + std::to_string(axis) + " is out of range for rank " +
                                std::to_string(rank));
  return a;
}
// Input i's value, which decides the output's shape (or an argument ATen takes as a number):
// sdk::Error unsupported naming it when the value is not a constant of the graph.
inline const at::Tensor& constant_input(const NodeSignature& s, size_t i, const char* what) {
  if (!given(s, i)) throw std::invalid_argument(std::string("input '") + what + "' is missing");
  if (i >= s.constants.size() || !s.constants[i])
    throw sdk::unsupported(std::string("input ") + std::to_string(i) + " ('" + what +
                           "') must be a constant (an initializer): it decides the output's shape");
  return *s.constants[i];
}
inline Ints constant_ints(const NodeSignature& s, size_t i, const char* what) {
  const at::Tensor& t = constant_input(s, i, what);
  if (t.is_floating_point() || t.scalar_type() == at::kBool)
    throw std::invalid_argument(std::string("input '") + what + "' must be an integer tensor");
  const at::Tensor c = t.to(at::kLong).contiguous();
  return Ints(c.data_ptr<int64_t>(), c.data_ptr<int64_t>() + c.numel());
}
inline double constant_scalar(const NodeSignature& s, size_t i, const char* what) {
  const at::Tensor& t = constant_input(s, i, what);
  if (t.numel() != 1)
    throw std::invalid_argument(std::string("input '") + what + "' must hold one value, it has " +
                                std::to_string(t.numel()));
  return t.to(at::kDouble).item<double>();
}
// ATen's constant_pad_nd lists pads from the last dimension backwards.
inline Ints aten_pads(const Ints& begin, const Ints& end) {
  Ints p;
  for (size_t i = begin.size(); i-- > 0;) {
    p.push_back(begin[i]);
    p.push_back(end[i]);
  }
  return p;
}
// A NodeFn of one output.
template <class F>
NodeFn one(F f) {
  return [f](const Args& in) { return Args{f(in)}; };
}

}  // namespace graph
}  // namespace d500::torch_plugin
