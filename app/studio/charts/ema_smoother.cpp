#include "charts/ema_smoother.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace d500::studio {

EmaSmoother::EmaSmoother(double weight)
    : weight_(std::clamp(weight, 0.0, 0.999)), last_(std::numeric_limits<double>::quiet_NaN()) {}

void EmaSmoother::reset() {
  accumulated_ = 0;
  weightPower_ = 1;
  last_ = std::numeric_limits<double>::quiet_NaN();
}

double EmaSmoother::push(double y) {
  if (!std::isfinite(y)) return last_;
  accumulated_ = weight_ * accumulated_ + (1 - weight_) * y;
  weightPower_ *= weight_;
  last_ = accumulated_ / (1 - weightPower_);
  return last_;
}

std::vector<double> EmaSmoother::smooth(std::span<const double> ys, double weight) {
  EmaSmoother e(weight);
  std::vector<double> out;
  out.reserve(ys.size());
  for (double y : ys) out.push_back(e.push(y));
  return out;
}

}  // namespace d500::studio
