// ONNX GlobalAveragePool and GlobalMaxPool: the mean or maximum over all spatial positions of
// X [N, C, D1..Dn], giving Y [N, C, 1, ..., 1].
#pragma once

#include "spatial_common.h"

namespace d500::reference {

// What the two operators share: shapes and the checks of every call.
class GlobalPoolShapes {
 public:
  GlobalPoolShapes(const Attributes& attrs, const std::vector<TensorInfo>& inputs);
  std::vector<TensorInfo> outputs() const { return {TensorInfo(dl_dtype(dtype_), y_shape_)}; }

 protected:
  void check_forward(Inputs in, Outputs out) const;
  // False when dX is not wanted.
  bool check_backward(Inputs grad_outputs, Inputs inputs, Outputs grad_inputs) const;
  Cost cost_of(double flops_per_element) const;

  Real dtype_;
  Shape x_shape_, y_shape_;
  int64_t planes_ = 0, plane_size_ = 0;  // N * C planes of D1 * ... * Dn elements
};

class GlobalAveragePool : public sdk::Operator<GlobalAveragePool>, public GlobalPoolShapes {
 public:
  using GlobalPoolShapes::GlobalPoolShapes;
  using GlobalPoolShapes::outputs;
  void forward(Inputs in, Outputs out);
  void backward(Inputs grad_outputs, Inputs inputs, Inputs outputs, Outputs grad_inputs);
  Cost cost() const { return cost_of(1.0); }
};

class GlobalMaxPool : public sdk::Operator<GlobalMaxPool>, public GlobalPoolShapes {
 public:
  using GlobalPoolShapes::GlobalPoolShapes;
  using GlobalPoolShapes::outputs;
  void forward(Inputs in, Outputs out);
  // dY goes to the first maximum of each plane.
  void backward(Inputs grad_outputs, Inputs inputs, Inputs outputs, Outputs grad_inputs);
  Cost cost() const { return cost_of(1.0); }
};

}  // namespace d500::reference
