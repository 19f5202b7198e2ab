#include "d500/training/step_profile.h"

#include <cstddef>

namespace d500::training {

const char* StepProfile::name(int phase) {
  static const char* const names[kPhases] = {
      "data_wait", "input",  "forward_backward", "loss_read", "optimizer",
      "accuracy",  "record", "events",           "control",   "evaluation"};
  return phase >= 0 && phase < kPhases ? names[phase] : "?";
}

double StepProfile::us_per_step(int phase) const {
  if (steps <= 0 || phase < 0 || phase >= kPhases) return 0;
  return static_cast<double>(ns[static_cast<size_t>(phase)]) * 1e-3 / static_cast<double>(steps);
}

bool StepProfile::is_overhead(int phase) {
  return phase != DataWait && phase != ForwardBackward && phase != Optimizer &&
         phase != Evaluation && phase >= 0 && phase < kPhases;
}

double StepProfile::overhead_us_per_step() const {
  double us = 0;
  for (int p = 0; p < kPhases; ++p)
    if (is_overhead(p)) us += us_per_step(p);
  return us;
}

StepProfile& StepProfile::operator+=(const StepProfile& o) {
  for (size_t p = 0; p < ns.size(); ++p) ns[p] += o.ns[p];
  steps += o.steps;
  return *this;
}

}  // namespace d500::training
