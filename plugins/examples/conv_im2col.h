#pragma once
#include "conv_params.h"

namespace examples {

// Lowers the convolution to a matrix product: each image's patches are unrolled into a
// (C/group * R * S) x (Ho * Wo) matrix, then multiplied by the filters with a cache-friendly loop.
class ConvIm2col : public d500::sdk::Operator<ConvIm2col> {
 public:
  ConvIm2col(const d500::sdk::Attributes& attrs, const std::vector<d500::sdk::TensorInfo>& in);
  std::vector<d500::sdk::TensorInfo> outputs() const;
  void forward(d500::sdk::Inputs in, d500::sdk::Outputs out);
  d500::sdk::Cost cost() const { return {p_.flops(), p_.bytes()}; }

 private:
  ConvParams p_;
  std::vector<float> columns_;  // allocated once, reused by every call
};

}  // namespace examples
