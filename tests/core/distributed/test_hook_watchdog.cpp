// Guards issue #30 "a scheme that deadlocks gets a clear refusal": the hook watchdog reports a
// hook that does not return within its timeout, once, naming the hook and the step, and says
// nothing of hooks that return. Orderings and counts only: the stuck hook waits for the report
// itself, so no test depends on how fast the machine is.
#include <gtest/gtest.h>

#include <atomic>
#include <condition_variable>
#include <mutex>

#include "d500/distributed/hook_watchdog.h"

namespace d500::distributed {
namespace {

std::string describe(const char* hook, int64_t step) {
  return std::string(hook) + " of step " + std::to_string(step);
}

TEST(HookWatchdog, AHookThatNeverReturnsIsReportedOnceWithItsStep) {
  std::mutex mu;
  std::condition_variable cv;
  std::vector<std::string> reports;
  HookWatchdog w(std::chrono::milliseconds(20), describe, [&](const std::string& why) {
    std::lock_guard lock(mu);
    reports.push_back(why);
    cv.notify_all();
  });
  {
    HookWatchdog::Scope fine(&w, "before_optimizer", 1);  // returns at once
  }
  {
    // "Stuck": this hook returns only once the watchdog has reported it.
    HookWatchdog::Scope stuck(&w, "after_optimizer", 2);
    std::unique_lock lock(mu);
    cv.wait(lock, [&] { return !reports.empty(); });
  }
  { HookWatchdog::Scope later(&w, "after_optimizer", 3); }
  std::lock_guard lock(mu);
  ASSERT_EQ(reports.size(), 1u) << "reported once, the returning hooks never";
  EXPECT_EQ(reports[0], "after_optimizer of step 2");
}

TEST(HookWatchdog, HooksThatReturnAreNeverReported) {
  std::atomic<int> reports{0};
  {
    HookWatchdog w(std::chrono::hours(1), describe, [&](const std::string&) { ++reports; });
    for (int64_t step = 0; step < 1000; ++step) {
      HookWatchdog::Scope s(&w, "before_optimizer", step);
    }
  }  // joins the watchdog's thread
  EXPECT_EQ(reports.load(), 0);
  HookWatchdog::Scope none(nullptr, "before_optimizer", 0);  // no watchdog: nothing to do
}

}  // namespace
}  // namespace d500::distributed
