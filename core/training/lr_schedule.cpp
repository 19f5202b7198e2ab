#include "d500/training/lr_schedule.h"

#include <cmath>
#include <sstream>

#include "d500/error.h"

namespace d500::training {

LrSchedule LrSchedule::constant(double lr) {
  LrSchedule s;
  s.base_lr = lr;
  return s;
}

LrSchedule LrSchedule::step(double lr, int64_t every, double gamma) {
  LrSchedule s;
  s.kind = Kind::Step;
  s.base_lr = lr;
  s.step_every = every;
  s.gamma = gamma;
  return s;
}

LrSchedule LrSchedule::cosine(double lr, int64_t total_steps, double floor_lr) {
  LrSchedule s;
  s.kind = Kind::Cosine;
  s.base_lr = lr;
  s.total_steps = total_steps;
  s.floor_lr = floor_lr;
  return s;
}

LrSchedule LrSchedule::with_warmup(int64_t steps, double start_factor) const {
  LrSchedule s = *this;
  s.warmup_steps = steps;
  s.warmup_start_factor = start_factor;
  return s;
}

void LrSchedule::validate() const {
  auto fail = [](const std::string& m) { throw D500Error(m, "lr schedule"); };
  if (!std::isfinite(base_lr) || base_lr < 0) fail("base lr must be finite and >= 0");
  if (kind == Kind::Step) {
    if (step_every < 1) fail("step schedule: the decay interval must be >= 1 step");
    if (!std::isfinite(gamma) || gamma <= 0) fail("step schedule: gamma must be finite and > 0");
  }
  if (kind == Kind::Cosine) {
    if (total_steps < 1) fail("cosine schedule: total steps must be >= 1");
    if (!std::isfinite(floor_lr) || floor_lr < 0 || floor_lr > base_lr)
      fail("cosine schedule: the floor must be in [0, base lr]");
  }
  if (warmup_steps < 0) fail("warm-up steps must be >= 0");
  if (!(warmup_start_factor >= 0 && warmup_start_factor <= 1))
    fail("warm-up start factor must be in [0, 1]");
}

double LrSchedule::at(int64_t t) const {
  validate();
  if (t < 0) throw D500Error("step " + std::to_string(t) + " is negative", "lr schedule");
  auto inner = [this](int64_t s) {
    switch (kind) {
      case Kind::Constant:
        return base_lr;
      case Kind::Step:
        return base_lr * std::pow(gamma, static_cast<double>(s / step_every));
      case Kind::Cosine: {
        const double x = static_cast<double>(std::min(s, total_steps)) / total_steps;
        return floor_lr + (base_lr - floor_lr) * 0.5 * (1.0 + std::cos(M_PI * x));
      }
    }
    return base_lr;
  };
  if (t < warmup_steps) {
    const double f = warmup_start_factor;
    return inner(0) * (f + (1.0 - f) * static_cast<double>(t + 1) / warmup_steps);
  }
  return inner(t - warmup_steps);
}

std::string LrSchedule::describe() const {
  std::ostringstream os;
  switch (kind) {
    case Kind::Constant:
      os << "constant(lr " << base_lr << ")";
      break;
    case Kind::Step:
      os << "step(lr " << base_lr << ", x" << gamma << " every " << step_every << " steps)";
      break;
    case Kind::Cosine:
      os << "cosine(lr " << base_lr << " -> " << floor_lr << " over " << total_steps << " steps)";
      break;
  }
  if (warmup_steps > 0)
    os << " after warm-up(" << warmup_steps << " steps from " << warmup_start_factor << ")";
  return os.str();
}

}  // namespace d500::training
