// Deadlock detection for a distributed scheme's hooks (issue 30, bad input): a hook that has not
// returned `timeout` after it was entered is stuck (its ranks wait on each other in a collective
// or a send/receive that never matches, or one rank is far slower than the rest). The watchdog's
// thread then calls `on_stuck` once with what was running; the caller ends the run, since the
// stuck thread cannot be unblocked. A hook that returns in time costs two mutex operations.
#pragma once

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <mutex>
#include <string>
#include <thread>

namespace d500::distributed {

class HookWatchdog {
 public:
  using Stuck = std::function<void(const std::string& why)>;
  // What a stuck hook is, for on_stuck ("scheme x: after_optimizer of step 3 ..."); called only
  // when one is stuck, so that arming costs no string.
  using Describe = std::function<std::string(const char* hook, int64_t step)>;
  // `timeout` > 0. `on_stuck` runs on the watchdog's thread.
  HookWatchdog(std::chrono::milliseconds timeout, Describe describe, Stuck on_stuck);
  ~HookWatchdog();
  HookWatchdog(const HookWatchdog&) = delete;
  HookWatchdog& operator=(const HookWatchdog&) = delete;

  // Watches `hook` (a string literal) of `step` from now until disarm().
  void arm(const char* hook, int64_t step);
  void disarm();

  // arm() now, disarm() at the end of its scope; nothing when `w` is null.
  class Scope {
   public:
    Scope(HookWatchdog* w, const char* hook, int64_t step) : w_(w) {
      if (w_) w_->arm(hook, step);
    }
    ~Scope() {
      if (w_) w_->disarm();
    }
    Scope(const Scope&) = delete;
    Scope& operator=(const Scope&) = delete;

   private:
    HookWatchdog* w_;
  };

  std::chrono::milliseconds timeout() const { return timeout_; }

 private:
  void loop();

  const std::chrono::milliseconds timeout_;
  Describe describe_;
  Stuck on_stuck_;
  std::mutex mu_;
  std::condition_variable cv_;
  bool armed_ = false, stopping_ = false, fired_ = false;
  const char* hook_ = "";
  int64_t step_ = 0;
  std::chrono::steady_clock::time_point deadline_;
  std::thread thread_;
};

}  // namespace d500::distributed
