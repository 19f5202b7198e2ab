#include "d500/distributed/hook_watchdog.h"

namespace d500::distributed {

HookWatchdog::HookWatchdog(std::chrono::milliseconds timeout, Describe describe, Stuck on_stuck)
    : timeout_(timeout),
      describe_(std::move(describe)),
      on_stuck_(std::move(on_stuck)),
      thread_([this] { loop(); }) {}

HookWatchdog::~HookWatchdog() {
  {
    std::lock_guard lock(mu_);
    stopping_ = true;
  }
  cv_.notify_all();
  thread_.join();
}

void HookWatchdog::arm(const char* hook, int64_t step) {
  {
    std::lock_guard lock(mu_);
    hook_ = hook;
    step_ = step;
    deadline_ = std::chrono::steady_clock::now() + timeout_;
    armed_ = true;
  }
  cv_.notify_all();
}

void HookWatchdog::disarm() {
  std::lock_guard lock(mu_);
  armed_ = false;
}

// Sleeps until armed, then until the deadline or the disarm; a deadline passed while still armed
// is reported once (the stuck hook never returns, and the caller ends the run).
void HookWatchdog::loop() {
  std::unique_lock lock(mu_);
  while (!stopping_) {
    if (!armed_ || fired_) {
      cv_.wait(lock);
      continue;
    }
    const auto deadline = deadline_;
    cv_.wait_until(lock, deadline);
    if (stopping_ || !armed_ || deadline_ != deadline) continue;
    if (std::chrono::steady_clock::now() < deadline) continue;
    fired_ = true;
    const char* hook = hook_;
    const int64_t step = step_;
    lock.unlock();
    on_stuck_(describe_(hook, step));
    lock.lock();
  }
}

}  // namespace d500::distributed
