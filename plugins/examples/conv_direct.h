#pragma once
#include "conv_params.h"

namespace examples {

// The textbook seven nested loops: easy to check, slow.
class ConvDirect : public d500::sdk::Operator<ConvDirect> {
 public:
  ConvDirect(const d500::sdk::Attributes& attrs, const std::vector<d500::sdk::TensorInfo>& in)
      : p_(attrs, in) {}
  std::vector<d500::sdk::TensorInfo> outputs() const;
  void forward(d500::sdk::Inputs in, d500::sdk::Outputs out);
  d500::sdk::Cost cost() const { return {p_.flops(), p_.bytes()}; }

 private:
  ConvParams p_;
};

}  // namespace examples
