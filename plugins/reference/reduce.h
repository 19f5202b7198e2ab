// ONNX ReduceSum, ReduceMean, ReduceSumSquare, ReduceL1, ReduceL2, ReduceLogSum, ReduceLogSumExp,
// ReduceMax, ReduceMin and ReduceProd over a set of axes, accumulated in double.
//   axes       the attribute "axes" (ReduceSum before opset 13, ReduceMean before 18) or input 1
//              (later opsets), which must then be a constant (sdk::Constants): output shapes are
//              fixed when the instance is created. Negative axes count from the end; repeats are
//              refused. Omitted or empty: every axis, unless noop_with_empty_axes=1, when the
//              operator returns its input unchanged.
//   keepdims   1 (default) keeps reduced dimensions with length 1; 0 drops them.
// ReduceMean over no elements is 0/0 = NaN, as numpy's mean.
// Gradients: L2's is X / Y (0 where Y = 0); LogSumExp's exp(X - Y); Max and Min share dY evenly
// among the elements equal to the extremum (as LibTorch's amax/amin); Prod's is the product of
// the other elements (exact with zeros: only a sole zero gets a gradient).
#pragma once

#include "common.h"

namespace d500::reference {

enum class ReduceKind { Sum, Mean, SumSquare, L1, L2, LogSum, LogSumExp, Max, Min, Prod };

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
  // Per output: Y, and what the gradient needs besides (ties of Max/Min; zeros of Prod, with the
  // product of the other elements in `aux`).
  template <class T>
  void reduce(const T* x, std::vector<double>& y, std::vector<double>& aux,
              std::vector<double>& count) const;

  Real dtype_;
  Shape x_shape_, y_shape_;
  std::vector<int64_t> y_strides_;  // Y (with kept dimensions) read at X's indices: 0 if reduced
  double scale_ = 1;                // 1, or 1 / (elements per output) for the mean
};

using ReduceSum = Reduce<ReduceKind::Sum>;
using ReduceMean = Reduce<ReduceKind::Mean>;
using ReduceSumSquare = Reduce<ReduceKind::SumSquare>;
using ReduceL1 = Reduce<ReduceKind::L1>;
using ReduceL2 = Reduce<ReduceKind::L2>;
using ReduceLogSum = Reduce<ReduceKind::LogSum>;
using ReduceLogSumExp = Reduce<ReduceKind::LogSumExp>;
using ReduceMax = Reduce<ReduceKind::Max>;
using ReduceMin = Reduce<ReduceKind::Min>;
using ReduceProd = Reduce<ReduceKind::Prod>;

extern template class Reduce<ReduceKind::Sum>;
extern template class Reduce<ReduceKind::Mean>;
extern template class Reduce<ReduceKind::SumSquare>;
extern template class Reduce<ReduceKind::L1>;
extern template class Reduce<ReduceKind::L2>;
extern template class Reduce<ReduceKind::LogSum>;
extern template class Reduce<ReduceKind::LogSumExp>;
extern template class Reduce<ReduceKind::Max>;
extern template class Reduce<ReduceKind::Min>;
extern template class Reduce<ReduceKind::Prod>;

}  // namespace d500::reference
