// ONNX Softmax and LogSoftmax. One template serves both.
//
// Opset >= 13: `axis` (default -1) is the one dimension normalised over; the input is viewed as
// [outer, n, inner] with n = shape[axis].
// Opset < 13 ("_opset" attribute): the input is coerced to 2-D at `axis` (default 1), and each
// row of [prod(shape[:axis]), prod(shape[axis:])] is normalised; that is the same loop with
// n = prod(shape[axis:]) and inner = 1.
//   Softmax:    y_j = exp(x_j - m) / sum_k exp(x_k - m),   m = max_k x_k
//   LogSoftmax: y_j = x_j - m - log(sum_k exp(x_k - m))
#pragma once

#include "common.h"

namespace d500::reference {

enum class SoftmaxKind { Softmax, LogSoftmax };

template <SoftmaxKind K>
class SoftmaxFamily : public sdk::Operator<SoftmaxFamily<K>> {
 public:
  SoftmaxFamily(const Attributes& attrs, const std::vector<TensorInfo>& inputs);
  std::vector<TensorInfo> outputs() const { return {x_}; }
  void forward(Inputs in, Outputs out);
  void backward(Inputs grad_outputs, Inputs inputs, Inputs outputs, Outputs grad_inputs);
  Cost cost() const;

 private:
  Real dtype_;
  TensorInfo x_;
  int64_t outer_ = 1, n_ = 1, inner_ = 1;  // X viewed as [outer, n, inner], normalised along n
};

using Softmax = SoftmaxFamily<SoftmaxKind::Softmax>;
using LogSoftmax = SoftmaxFamily<SoftmaxKind::LogSoftmax>;

extern template class SoftmaxFamily<SoftmaxKind::Softmax>;
extern template class SoftmaxFamily<SoftmaxKind::LogSoftmax>;

// What normalises one line of n values x[0], x[stride], ..., x[(n-1)*stride]:
//   softmax_j = exp(x_j - max) / sum,   log_softmax_j = x_j - max - log(sum).
// Shared with SoftmaxCrossEntropyLoss.
struct Normaliser {
  double max;
  double sum;  // of exp(x_j - max)
  double softmax(double x) const;
  double log_softmax(double x) const;
};
template <class T>
Normaliser normaliser(const T* x, int64_t n, int64_t stride);

}  // namespace d500::reference
