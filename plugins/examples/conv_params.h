// Conv attributes and shapes for the example kernels: 2-D, NCHW, float32, explicit pads.
#pragma once

#include <array>
#include <vector>

#include "d500/sdk/operator.h"

namespace examples {

struct ConvParams {
  int64_t n = 0, c = 0, h = 0, w = 0;  // input
  int64_t k = 0, r = 0, s = 0;         // filters: K x C/group x R x S
  int64_t group = 1;
  std::array<int64_t, 2> stride{1, 1}, dilation{1, 1};
  std::array<int64_t, 4> pads{0, 0, 0, 0};  // top, left, bottom, right (ONNX order)
  int64_t ho = 0, wo = 0;                   // output
  bool has_bias = false;

  // Reads the ONNX attributes this example supports and checks the shapes; throws
  // std::invalid_argument or sdk::unsupported with a message the user can act on.
  ConvParams(const d500::sdk::Attributes& attrs, const std::vector<d500::sdk::TensorInfo>& in);
  double flops() const { return 2.0 * n * k * (c / group) * r * s * ho * wo; }
  double bytes() const { return 4.0 * (n * c * h * w + k * (c / group) * r * s + n * k * ho * wo); }
};

}  // namespace examples
