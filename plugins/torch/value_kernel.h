// The operator kernel of an operator whose outputs' shapes may be known only from its inputs'
// values (ConstantOfShape, Range, NonZero, Unique, NonMaxSuppression): the Compile function
// (graph_ops.h) the torch executor runs serves the benchmark too, as with node_kernel.h, and a
// Declare function states the outputs at create, -1 for a dimension known only at run time. The
// kernel hands ATen's results to the host as they are (ABI 1.3 forward_owned); forward copies
// them into the caller's buffers when their shapes are known. None of these operators is
// differentiable: backward hands back zeros.
#pragma once

#include <cstdint>
#include <utility>

#include "common.h"
#include "graph_ops.h"

namespace d500::torch_plugin {

// The outputs' dtypes and shapes from the attributes and the signature (-1: a run-time size).
using Declare = std::vector<TensorInfo> (*)(const sdk::Attributes& attrs, const NodeSignature& sig);

// The signature a Compile function sees of these inputs; the constant inputs' values are copied
// into `constants` (one entry per input, undefined where not constant), which the signature
// points into. Shared with NodeKernel (defined in node_kernel.cpp).
NodeSignature signature_of(const std::vector<TensorInfo>& in, const Constants& c,
                           std::vector<at::Tensor>& constants);

struct ValueOp {
  const char* op;
  const char* description;
  Compile compile;
  Declare declare;
};

class ValueKernel {
 public:
  ValueKernel(const Setup& setup, Compile compile, Declare declare, const Attributes& a,
              const std::vector<TensorInfo>& in, const Constants& c);

  std::vector<TensorInfo> outputs() const { return outputs_; }
  std::vector<at::Tensor> forward_tensors(Inputs in);
  void forward(Inputs in, Outputs out);
  void backward(Inputs, Inputs, Inputs, Outputs gi);
  Cost cost() const;

 private:
  Setup setup_;
  NodeFn fn_;
  std::vector<TensorInfo> inputs_, outputs_;
  std::vector<at::Tensor> constants_;
};

template <const auto& Table, size_t I>
class ValueAt : public ValueKernel {
 public:
  ValueAt(const Setup& s, const Attributes& a, const std::vector<TensorInfo>& in,
          const Constants& c)
      : ValueKernel(s, Table[I].compile, Table[I].declare, a, in, c) {}
};

template <const auto& Table, size_t... I>
void add_value_table(std::vector<d500_operator>& ops, bool cuda, std::index_sequence<I...>) {
  (add<ValueAt<Table, I>>(ops, cuda, Table[I].op, Table[I].description, Table[I].compile, "",
                          D500_OP_DETERMINISTIC | D500_OP_RUNTIME_SHAPES),
   ...);
}
// Every entry of Table, each with its kernel and its executor function.
template <const auto& Table>
void add_value_table(std::vector<d500_operator>& ops, bool cuda) {
  add_value_table<Table>(ops, cuda, std::make_index_sequence<std::size(Table)>());
}

}  // namespace d500::torch_plugin
