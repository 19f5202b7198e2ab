// ai.d500.test Noop: accepts anything and does nothing. The dispatch benchmark calls it to
// measure what one call through the plugin ABI costs on its own.
#pragma once

#include "common.h"

namespace d500::reference {

class Noop : public sdk::Operator<Noop> {
 public:
  Noop(const Attributes&, const std::vector<TensorInfo>&) {}
  std::vector<TensorInfo> outputs() const { return {}; }
  void forward(Inputs, Outputs) {}
  Cost cost() const { return {}; }
};

}  // namespace d500::reference
