#include "grad_norm_metric.h"

#include <cmath>
#include <stdexcept>
#include <string>

namespace examples {

GradNorm::GradNorm(const d500::sdk::Attributes& hyper) {
  hyper.expect_only({"every"});
  const double every = hyper.get_float("every", 1);
  if (!(every >= 1 && every <= 1e9) || every != std::floor(every))
    throw std::invalid_argument("params.every must be a whole number >= 1, got " +
                                std::to_string(every));
  every_ = static_cast<int64_t>(every);
}

std::optional<double> GradNorm::step(const d500::sdk::MetricStep& s) {
  double sum = 0;
  for (size_t i = 0; i < s.grads.size(); ++i) {
    const auto g = s.grads[i];
    if (g.is<float>()) {
      for (float x : g.as<float>()) sum += static_cast<double>(x) * x;
    } else {
      for (double x : g.as<double>()) sum += x * x;
    }
  }
  const double norm = std::sqrt(sum);
  sum_ += norm;
  ++steps_;
  if (s.step % every_ != 0) return std::nullopt;
  return norm;
}

std::optional<double> GradNorm::end_epoch(int64_t) {
  if (steps_ == 0) return std::nullopt;
  const double mean = sum_ / static_cast<double>(steps_);
  sum_ = 0;
  steps_ = 0;
  return mean;
}

}  // namespace examples
