// ONNX Dropout (opset 12+): inputs data, optional ratio (default 0.5) and optional training_mode
// (default false); outputs output and mask (bool). In inference mode, or with ratio 0, the output
// is the input and the mask all true. In training mode element i is kept when the i-th uniform
// draw u in [0, 1) has u >= ratio and scaled by 1 / (1 - ratio). The draws are NumPy's legacy
// generator seeded with the seed attribute (np.random.seed(seed); np.random.uniform(0, 1, shape)),
// as in the ONNX reference, so the backend tests' masks are reproduced exactly. Each call reseeds:
// the same seed gives the same mask on every call and in backward; without a seed attribute
// seed 0 is used, so the reference stays deterministic.
// Before opset 12, ratio was an attribute and Dropout an identity at inference: so here.
#pragma once

#include <optional>

#include "spatial_common.h"

namespace d500::reference {

class Dropout : public sdk::Operator<Dropout> {
 public:
  Dropout(const Attributes& attrs, const std::vector<TensorInfo>& inputs,
          const sdk::Constants& constants);
  // output and mask; a caller that passes only output gets no mask written.
  std::vector<TensorInfo> outputs() const;
  void forward(Inputs in, Outputs out);
  // d data = dY * mask / (1 - ratio) in training mode, dY otherwise; ratio and training_mode
  // have no gradient (zeros when asked for).
  void backward(Inputs grad_outputs, Inputs inputs, Inputs outputs, Outputs grad_inputs);
  Cost cost() const;

 private:
  template <class T>
  void forward_t(Inputs in, Outputs out, double ratio, bool training) const;
  template <class T>
  void backward_t(Inputs grad_outputs, Inputs outputs, Outputs grad_inputs, double ratio,
                  bool training) const;
  // ratio and training_mode: the constants given at creation, else read from the inputs.
  double ratio(Inputs in) const;
  bool training(Inputs in) const;
  void check_inputs(Inputs in) const;
  // 1 where the element is kept: the draws of one call, in row-major order.
  std::vector<uint8_t> keep_mask(double ratio) const;

  Real dtype_;
  Shape shape_;
  uint32_t seed_ = 0;
  bool has_ratio_ = false, has_training_ = false;  // the optional inputs are present
  std::optional<double> ratio_;                    // known at creation
  std::optional<bool> training_;
};

}  // namespace d500::reference
