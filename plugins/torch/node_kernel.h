// The operator kernel of an operator that has only a Compile function (graph_ops.h): the same
// function the torch executor runs serves the operator benchmark, so such an operator is one
// table entry (NodeOp) in its family's file.
//
// create compiles the node from the attributes, the input types and the constant inputs, and
// learns the outputs' dtypes and shapes by running it once on meta tensors (or, for an ATen
// function without a meta kernel, on the constants and zeros: Compile functions read every
// value that decides a shape from a constant at compile time, so the shapes do not depend on
// the zeros). forward runs it on the caller's buffers and copies each result into its output;
// backward runs it again with autograd recording and hands LibTorch's gradients of the floating
// inputs back (zeros for integer and boolean inputs, and where an output does not depend on one).
#pragma once

#include <algorithm>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>

#include "common.h"
#include "graph_ops.h"

namespace d500::torch_plugin {

// An input's info as a NodeSignature holds it (ndim D500_ABSENT_NDIM when absent).
d500_tensor_info c_info(const TensorInfo& t);
// A host tensor's values, copied (a constant input kept by the kernel).
at::Tensor host_copy(const DLTensor& t);
// A tensor over the caller's memory, made anew (outside InferenceMode it may record autograd).
at::Tensor fresh(const DLTensor& t, at::ScalarType type);

struct NodeOp {
  const char* op;
  const char* description;
  Compile compile;
};

class NodeKernel {
 public:
  NodeKernel(const Setup& setup, Compile compile, const Attributes& a,
             const std::vector<TensorInfo>& in, const Constants& c);

  std::vector<TensorInfo> outputs() const { return outputs_; }
  void forward(Inputs in, Outputs out);
  void backward(Inputs go, Inputs in, Inputs out, Outputs gi);
  Cost cost() const;

 private:
  std::vector<at::Tensor> probe(bool meta) const;
  std::vector<at::Tensor> bind(Inputs in);

  Setup setup_;
  NodeFn fn_;
  std::vector<TensorInfo> inputs_, outputs_;
  std::vector<at::Tensor> constants_;
  std::vector<Slot> in_, out_, dy_, dx_;
};

// Input i's ATen dtype; sdk::Error unsupported for a dtype without one.
inline at::ScalarType input_type(const NodeSignature& s, size_t i) {
  if (!graph::given(s, i))
    throw std::invalid_argument("input " + std::to_string(i) + " is missing");
  return scalar_type(s.inputs[i].dtype);
}
// The one dtype of inputs [first, last) (those given, at least one); std::invalid_argument when
// they differ, as ONNX requires them equal.
inline at::ScalarType common_type(const NodeSignature& s, size_t first = 0,
                                  size_t last = SIZE_MAX) {
  last = std::min(last, s.inputs.size());
  const at::ScalarType t = input_type(s, first);
  for (size_t i = first + 1; i < last; ++i)
    if (graph::given(s, i) && input_type(s, i) != t)
      throw std::invalid_argument("inputs differ in dtype: " + sdk::dtype_name(dl_type(t)) +
                                  " and " + sdk::dtype_name(dl_type(input_type(s, i))));
  return t;
}
// sdk::Error unsupported unless the dtype is one the operator offers (`offered` says which).
inline void offer(bool ok, at::ScalarType t, const char* offered) {
  if (!ok)
    throw sdk::unsupported("dtype " + sdk::dtype_name(dl_type(t)) + " is not offered; " + offered);
}
inline bool is_real(at::ScalarType t) {
  return t == at::kFloat || t == at::kDouble;
}
inline bool is_integer(at::ScalarType t) {
  return t == at::kLong || t == at::kInt || t == at::kByte;
}

// The kernel of entry I of a NodeOp table (one type per operator, as Bound<> needs).
template <const auto& Table, size_t I>
class NodeAt : public NodeKernel {
 public:
  NodeAt(const Setup& s, const Attributes& a, const std::vector<TensorInfo>& in, const Constants& c)
      : NodeKernel(s, Table[I].compile, a, in, c) {}
};

// A hand-written float32/float64 kernel (Real), and for any other dtype the kernel built from
// the operator's Compile function G: Add of uint8, Pow of an int64 base, and so on.
template <class Real, Compile G>
class RealOrNode {
 public:
  RealOrNode(const Setup& s, const Attributes& a, const std::vector<TensorInfo>& in,
             const Constants& c) {
    bool real = true;
    for (const TensorInfo& t : in) real = real && (!t.present() || t.is<float>() || t.is<double>());
    if (real)
      real_.emplace(s, a, in, c);
    else
      node_.emplace(s, G, a, in, c);
  }
  std::vector<TensorInfo> outputs() const { return real_ ? real_->outputs() : node_->outputs(); }
  void forward(Inputs in, Outputs out) {
    real_ ? real_->forward(in, out) : node_->forward(in, out);
  }
  void backward(Inputs go, Inputs in, Inputs out, Outputs gi) {
    real_ ? real_->backward(go, in, out, gi) : node_->backward(go, in, out, gi);
  }
  Cost cost() const { return real_ ? real_->cost() : node_->cost(); }

 private:
  std::optional<Real> real_;
  std::optional<NodeKernel> node_;
};

template <const auto& Table, size_t... I>
void add_node_ops(std::vector<d500_operator>& ops, bool cuda, std::index_sequence<I...>) {
  (add<NodeAt<Table, I>>(ops, cuda, Table[I].op, Table[I].description, Table[I].compile), ...);
}
// Every entry of Table, each with its kernel and its executor function.
template <const auto& Table>
void add_node_ops(std::vector<d500_operator>& ops, bool cuda) {
  add_node_ops<Table>(ops, cuda, std::make_index_sequence<std::size(Table)>());
}

}  // namespace d500::torch_plugin
