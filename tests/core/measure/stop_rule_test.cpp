// The stop rule and block sizing that the measurement loop and the collective timing share.
#include "d500/measure/stop_rule.h"

#include <gtest/gtest.h>

#include <vector>

using namespace d500::measure;

TEST(StopRule, ConvergesAtTheFirstCheckOnceTheCiIsTight) {
  Policy p;
  p.min_samples = 10;
  p.check_every = 5;
  p.target_rel_ci = 0.05;
  StopRule rule(p);
  std::vector<double> samples;
  std::optional<StopReason> reason;
  while (!reason) {
    samples.push_back(100.0 + static_cast<double>(samples.size() % 3));  // 100..102: tight
    reason = rule.after_sample(samples, 0);
  }
  EXPECT_EQ(*reason, StopReason::Converged);
  EXPECT_EQ(samples.size(), 10u);  // min_samples, and a multiple of check_every
  EXPECT_GT(rule.rel_ci(), 0.0);
  EXPECT_LE(rule.rel_ci(), 0.05);
}

TEST(StopRule, CountAndTimeCapsStopAWideSpread) {
  Policy p;
  p.min_samples = 4;
  p.max_samples = 12;
  p.check_every = 1;
  p.target_rel_ci = 1e-6;
  StopRule rule(p);
  std::vector<double> samples;
  std::optional<StopReason> reason;
  while (!reason) {
    samples.push_back(samples.size() % 2 ? 1.0 : 1000.0);
    reason = rule.after_sample(samples, 0);
  }
  EXPECT_EQ(*reason, StopReason::MaxSamples);
  EXPECT_EQ(samples.size(), 12u);

  p.max_seconds = 1.0;
  StopRule timed(p);
  std::vector<double> few = {1.0, 1000.0, 1.0};
  EXPECT_FALSE(timed.after_sample(few, 2e9).has_value());  // under min_samples: the cap waits
  few.push_back(1000.0);
  EXPECT_EQ(timed.after_sample(few, 2e9), StopReason::MaxTime);
}

TEST(StopRule, ChooseBlockGrowsUntilTheTimerOverheadIsSmall) {
  TimerInfo timer{.overhead_ns = 20, .resolution_ns = 1};
  std::vector<uint64_t> asked;
  auto time_block = [&](uint64_t n) -> std::optional<double> {
    asked.push_back(n);
    return 2.0 * static_cast<double>(n);  // 2 ns a call
  };
  // A 2 ns call is under 10x the timer's resolution, so calls are timed in blocks; 20 ns of
  // overhead is <= 1e-4 of a block from 200 000 ns on, i.e. 100 000 calls.
  EXPECT_EQ(choose_block(timer, 2.0, 1e-4, time_block), std::optional<uint64_t>{100'000});
  EXPECT_EQ(asked, (std::vector<uint64_t>{10, 100, 1'000, 10'000, 100'000}));
  EXPECT_EQ(choose_block(timer, 1e6, 1e-4, time_block), std::optional<uint64_t>{1});
  auto cancelled = [](uint64_t) -> std::optional<double> { return std::nullopt; };
  EXPECT_FALSE(choose_block(timer, 2.0, 1e-4, cancelled).has_value());
}
