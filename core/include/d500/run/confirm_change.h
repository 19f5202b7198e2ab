// Rerun to confirm a change point (issue 31, item 6): the experiments of the run before the change
// (A) and the first run after it (B) run again on this machine, interleaved as randomized blocks
// (each block A then B or B then A, by a coin), so that a noisy day hits both alike. The verdict
// (history::judge_reruns) is stored beside the change point, as an artifact of run B.
#pragma once

#include <atomic>
#include <cstdint>
#include <string>
#include <vector>

#include "d500/history/confirmation.h"
#include "d500/run/run.h"

namespace d500::run {

struct ConfirmRequest {
  std::string db = "d500.d500db";
  int64_t before_run = 0, after_run = 0;
  int blocks = 5;  // at least history::min_blocks(alpha)
  double alpha = 0.05;
  uint64_t seed = 0;  // of the blocks' order; 0 = a fresh one
  std::vector<std::string> plugin_path;
  std::string program_dir;
  std::atomic<bool>* cancel = nullptr;
};

// Runs the 2 * blocks reruns (each through run_experiment, recorded as reruns of A or B with
// history::kConfirmSource as their source, so history leaves them out), judges them and stores
// the verdict. Throws Failure: kBadInput for runs that are not two operator or network runs of
// one store, or too few blocks; kRunFailed when a rerun fails; kCancelled.
history::Confirmation confirm_change(const ConfirmRequest& req, Observer& observer);

}  // namespace d500::run
