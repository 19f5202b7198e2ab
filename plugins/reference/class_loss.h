// ONNX NegativeLogLikelihoodLoss and SoftmaxCrossEntropyLoss, which share everything but where
// the log-probabilities come from.
//
// Inputs: X [N, C] or [N, C, d1, ..., dk] (float32/float64); labels [N] or [N, d1, ..., dk]
// (int64, or int32); optional weights [C] of X's dtype. Attributes: reduction none|sum|mean
// (default mean), ignore_index (none by default). With X viewed as [N, C, D], D = d1*...*dk, and
// position i = (n, d) of label t_i:
//   w_i = 0 if t_i == ignore_index, else weights[t_i] (1 without weights)
//   l_i = -w_i * logp[n, t_i, d]
//   none: the l_i, shaped like labels; sum: sum_i l_i; mean: sum_i l_i / sum_i w_i
// (the ONNX reference: a mean over only ignored positions is 0/0 = NaN). A label outside [0, C)
// that is not ignore_index is an error.
//   NegativeLogLikelihoodLoss: logp = X.
//   SoftmaxCrossEntropyLoss:   logp = LogSoftmax(X) along C. It also outputs logp ("log_prob",
//     X's shape); the plugin always reports both outputs, as it cannot tell whether the model
//     uses the optional second one.
// Backward: to X and to the weights (labels get zeros when a buffer is given for them). For
// SoftmaxCrossEntropyLoss a gradient for log_prob, when given, is added before the chain rule
// through LogSoftmax.
#pragma once

#include "common.h"

namespace d500::reference {

// The shapes, attributes and arithmetic both losses share, on logp held as N*C*D doubles.
class ClassLoss {
 public:
  ClassLoss() = default;
  ClassLoss(const Attributes& attrs, const std::vector<TensorInfo>& inputs);

  // One label position: the class picked (-1 when ignored) and its weight w_i.
  struct Pick {
    int64_t cls;
    double weight;
  };

  Real dtype() const { return dtype_; }
  const Shape& x_shape() const { return x_shape_; }
  int64_t rows() const { return n_; }     // N
  int64_t classes() const { return c_; }  // C
  int64_t columns() const { return d_; }  // D
  TensorInfo loss_info() const;
  bool has_weights() const { return has_weights_; }

  // Checks the inputs' shapes (X, labels, weights when given at creation).
  void check_inputs(Inputs in) const;
  // Reads labels and weights; throws on a label outside [0, C).
  std::vector<Pick> picks(Inputs in) const;
  // Writes output 0 (the loss) from logp.
  void write_loss(const std::vector<double>& logp, const std::vector<Pick>& picks,
                  const sdk::OutTensor& loss) const;
  // dL/dlogp (N*C*D doubles) for the loss's gradient dloss.
  std::vector<double> grad_logp(const std::vector<Pick>& picks, const sdk::InTensor& dloss) const;
  // dL/dweights, written into dw ([C]) when it is defined.
  void write_grad_weights(const std::vector<double>& logp, const std::vector<Pick>& picks,
                          const sdk::InTensor& dloss, const sdk::OutTensor& dw) const;
  // Work per call: flops_per_score operations on each element of X, then the picking.
  Cost cost(double flops_per_score, bool writes_log_prob) const;

 private:
  double denominator(const std::vector<Pick>& picks) const;  // sum of w_i: the mean's divisor
  // The incoming gradient of position i, before its weight: dloss[i], dloss, or dloss / sum(w).
  std::vector<double> position_grads(const std::vector<Pick>& picks,
                                     const sdk::InTensor& dloss) const;

  Real dtype_ = Real::Float64;
  Reduction reduction_ = Reduction::Mean;
  bool has_ignore_ = false;
  int64_t ignore_index_ = 0;
  bool has_weights_ = false;
  Shape x_shape_, labels_shape_;
  int64_t n_ = 0, c_ = 0, d_ = 1;
};

class NegativeLogLikelihoodLoss : public sdk::Operator<NegativeLogLikelihoodLoss> {
 public:
  NegativeLogLikelihoodLoss(const Attributes& attrs, const std::vector<TensorInfo>& inputs)
      : loss_(attrs, inputs) {}
  std::vector<TensorInfo> outputs() const { return {loss_.loss_info()}; }
  void forward(Inputs in, Outputs out);
  void backward(Inputs grad_outputs, Inputs inputs, Inputs outputs, Outputs grad_inputs);
  Cost cost() const { return loss_.cost(0, false); }

 private:
  ClassLoss loss_;
};

class SoftmaxCrossEntropyLoss : public sdk::Operator<SoftmaxCrossEntropyLoss> {
 public:
  SoftmaxCrossEntropyLoss(const Attributes& attrs, const std::vector<TensorInfo>& inputs)
      : loss_(attrs, inputs) {}
  std::vector<TensorInfo> outputs() const;
  void forward(Inputs in, Outputs out);
  void backward(Inputs grad_outputs, Inputs inputs, Inputs outputs, Outputs grad_inputs);
  // Per score: max, subtract, exp, sum, and the log-probability.
  Cost cost() const { return loss_.cost(5, true); }

 private:
  ClassLoss loss_;
};

}  // namespace d500::reference
