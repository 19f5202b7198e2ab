// An example training metric: the global L2 norm of the gradients, the number people watch for
// exploding or vanishing gradients. A point every `params.every` steps (default 1) and the
// epoch's mean over all its steps.
#pragma once

#include <d500/sdk/metric.h>

#include <cstdint>
#include <optional>

namespace examples {

class GradNorm : public d500::sdk::Metric<GradNorm> {
 public:
  explicit GradNorm(const d500::sdk::Attributes& hyper);
  std::optional<double> step(const d500::sdk::MetricStep& s);
  std::optional<double> end_epoch(int64_t epoch);

 private:
  int64_t every_;
  double sum_ = 0;  // of this epoch's norms
  int64_t steps_ = 0;
};

}  // namespace examples
