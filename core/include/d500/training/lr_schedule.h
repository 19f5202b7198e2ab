// Learning-rate schedules: a pure function from the optimizer step (0-based) to the learning
// rate, so a run's rate at any step can be recomputed from its description.
//
//   auto s = LrSchedule::cosine(0.1, /*total_steps=*/1000, /*floor_lr=*/1e-4).with_warmup(100);
//   double lr = s.at(step);
//
// constant:  lr(t) = base
// step:      lr(t) = base * gamma^floor(t / every)
// cosine:    lr(t) = floor + (base - floor) * (1 + cos(pi * min(t, total) / total)) / 2
// warm-up (composes with any of them): for t < W, lr(t) = inner(0) * (f + (1 - f) * (t + 1) / W)
//            with start factor f; from t = W on, lr(t) = inner(t - W), so the inner schedule
//            starts when the warm-up ends.
#pragma once

#include <cstdint>
#include <string>

namespace d500::training {

struct LrSchedule {
  enum class Kind { Constant, Step, Cosine };

  Kind kind = Kind::Constant;
  double base_lr = 1e-3;
  int64_t step_every = 0;            // Step: steps between decays
  double gamma = 0.1;                // Step: factor per decay
  int64_t total_steps = 0;           // Cosine: steps from base_lr to floor_lr
  double floor_lr = 0.0;             // Cosine: the rate at and after total_steps
  int64_t warmup_steps = 0;          // 0: no warm-up
  double warmup_start_factor = 0.0;  // f in [0, 1]

  static LrSchedule constant(double lr);
  static LrSchedule step(double lr, int64_t every, double gamma);
  static LrSchedule cosine(double lr, int64_t total_steps, double floor_lr = 0.0);
  // A copy with a linear warm-up of `steps` steps in front.
  LrSchedule with_warmup(int64_t steps, double start_factor = 0.0) const;

  // The rate at optimizer step `t` >= 0. Calls validate() first (so a bad schedule is reported
  // on first use, not as a silent NaN).
  double at(int64_t t) const;
  // Throws D500Error (where "lr schedule") for a non-finite or negative rate, step_every < 1,
  // gamma <= 0, total_steps < 1, floor_lr > base_lr, negative warm-up or f outside [0, 1].
  void validate() const;
  // "cosine(lr 0.1 -> 0.0001 over 1000 steps) after warm-up(100 steps from 0)"
  std::string describe() const;
};

}  // namespace d500::training
