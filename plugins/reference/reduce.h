// ONNX ReduceSum and ReduceMean over a set of axes.
//   axes       the attribute "axes" (ReduceSum before opset 13, ReduceMean before 18) or input 1
//              (later opsets), which must then be a constant (sdk::Constants): output shapes are
//              fixed when the instance is created. Negative axes count from the end; repeats are
//              refused. Omitted or empty: every axis, unless noop_with_empty_axes=1, when the
//              operator returns its input unchanged.
//   keepdims   1 (default) keeps reduced dimensions with length 1; 0 drops them.
// ReduceMean over no elements is 0/0 = NaN, as numpy's mean.
#pragma once

#include "common.h"

namespace d500::reference {

enum class ReduceKind { Sum, Mean };

template <ReduceKind K>
class Reduce : public sdk::Operator<Reduce<K>> {
 public:
  Reduce(const Attributes& attrs, const std::vector<TensorInfo>& inputs,
         const sdk::Constants& constants);
  std::vector<TensorInfo> outputs() const { return {real_info(dtype_, y_shape_)}; }
  void forward(Inputs in, Outputs out);
  void backward(Inputs grad_outputs, Inputs inputs, Inputs outputs, Outputs grad_inputs);
  Cost cost() const;

 private:
  Real dtype_;
  Shape x_shape_, y_shape_;
  std::vector<int64_t> y_strides_;  // Y (with kept dimensions) read at X's indices: 0 if reduced
  double scale_ = 1;                // 1, or 1 / (elements per output) for the mean
};

using ReduceSum = Reduce<ReduceKind::Sum>;
using ReduceMean = Reduce<ReduceKind::Mean>;

extern template class Reduce<ReduceKind::Sum>;
extern template class Reduce<ReduceKind::Mean>;

}  // namespace d500::reference
