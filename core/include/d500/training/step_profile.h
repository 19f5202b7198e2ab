// Where the training loop's time goes, phase by phase, summed over a run's steps (issue 16, item
// 3): the framework's own work (forward + backward, the optimizer step) against what the loop
// adds around it (handing the batch over, reading the loss, the training accuracy, storing the
// series, user events). The loop reads the steady clock once between phases, so the phases add
// up to the loop's wall time, evaluation included.
#pragma once

#include <array>
#include <cstdint>

namespace d500::training {

// The runner stores a run's profile as one series point per seed and phase, named this prefix
// followed by the phase's name, with the seed as the step and microseconds per step as value.
inline constexpr const char* kStepProfilePrefix = "step_profile_us.";

struct StepProfile {
  enum Phase {
    DataWait,         // waiting for the loader's next batch
    Input,            // handing the batch to the executor (set_input)
    ForwardBackward,  // the executor's forward and backward pass
    LossRead,         // reading the scalar loss back
    Optimizer,        // the optimizer step
    Accuracy,         // reading the logits and counting correct predictions
    Record,           // the step's series points to the sink (the store)
    Events,           // user and runner events (progress, schemes)
    Control,          // the loop's own checks (cancel, time limit)
    Evaluation,       // test-set evaluations (every eval_every steps, each epoch)
    kPhases
  };
  std::array<int64_t, kPhases> ns{};
  int64_t steps = 0;

  static const char* name(int phase);  // "data_wait", "input", "forward_backward", ...
  // The phase's mean time per step, in microseconds (0 before the first step).
  double us_per_step(int phase) const;
  // What the loop adds per step, in microseconds: every phase but data wait, the framework's
  // work (forward/backward, optimizer) and evaluation.
  double overhead_us_per_step() const;
  // Whether `phase` is loop overhead in the sense of overhead_us_per_step.
  static bool is_overhead(int phase);
  StepProfile& operator+=(const StepProfile& o);
};

}  // namespace d500::training
