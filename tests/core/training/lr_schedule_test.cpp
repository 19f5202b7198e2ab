// Issue 5 (level 2): learning-rate schedules against their formulas.
#include "d500/training/lr_schedule.h"

#include <gtest/gtest.h>

#include <cmath>

#include "d500/error.h"

namespace d500::training {
namespace {

TEST(LrSchedule, Constant) {
  const auto s = LrSchedule::constant(0.05);
  EXPECT_DOUBLE_EQ(s.at(0), 0.05);
  EXPECT_DOUBLE_EQ(s.at(100000), 0.05);
}

TEST(LrSchedule, StepDecaysByGammaEveryKSteps) {
  const auto s = LrSchedule::step(0.1, 30, 0.5);
  EXPECT_DOUBLE_EQ(s.at(0), 0.1);
  EXPECT_DOUBLE_EQ(s.at(29), 0.1);
  EXPECT_DOUBLE_EQ(s.at(30), 0.05);
  EXPECT_DOUBLE_EQ(s.at(59), 0.05);
  EXPECT_DOUBLE_EQ(s.at(60), 0.025);
  EXPECT_DOUBLE_EQ(s.at(95), 0.0125);
}

TEST(LrSchedule, CosineFromBaseToFloor) {
  const auto s = LrSchedule::cosine(0.1, 100, 0.001);
  EXPECT_DOUBLE_EQ(s.at(0), 0.1);
  EXPECT_NEAR(s.at(50), 0.001 + 0.099 * 0.5, 1e-12);
  EXPECT_NEAR(s.at(25), 0.001 + 0.099 * (1 + std::cos(M_PI / 4)) / 2, 1e-12);
  EXPECT_DOUBLE_EQ(s.at(100), 0.001);
  EXPECT_DOUBLE_EQ(s.at(1000), 0.001);
  for (int t = 1; t <= 100; ++t) EXPECT_LE(s.at(t), s.at(t - 1)) << t;
}

TEST(LrSchedule, WarmupRampsLinearlyThenHandsOver) {
  const auto s = LrSchedule::cosine(0.1, 100).with_warmup(10);
  EXPECT_NEAR(s.at(0), 0.01, 1e-15);
  EXPECT_NEAR(s.at(4), 0.05, 1e-15);
  EXPECT_NEAR(s.at(9), 0.1, 1e-15);
  EXPECT_DOUBLE_EQ(s.at(10), 0.1);  // the cosine starts where the warm-up ends
  EXPECT_NEAR(s.at(60), 0.05, 1e-12);
  EXPECT_DOUBLE_EQ(s.at(110), 0.0);
  const auto st = LrSchedule::step(1.0, 5, 0.1).with_warmup(4, 0.2);
  EXPECT_NEAR(st.at(0), 0.4, 1e-15);  // 0.2 + 0.8 * 1/4
  EXPECT_NEAR(st.at(3), 1.0, 1e-15);
  EXPECT_DOUBLE_EQ(st.at(4 + 5), 0.1);
  EXPECT_NE(s.describe().find("warm-up(10 steps"), std::string::npos) << s.describe();
}

TEST(LrSchedule, InvalidSchedulesAreErrors) {
  EXPECT_THROW(LrSchedule::step(0.1, 0, 0.5).at(0), D500Error);
  EXPECT_THROW(LrSchedule::step(0.1, 10, 0.0).at(0), D500Error);
  EXPECT_THROW(LrSchedule::cosine(0.1, 0).at(0), D500Error);
  EXPECT_THROW(LrSchedule::cosine(0.1, 10, 0.2).at(0), D500Error);
  EXPECT_THROW(LrSchedule::constant(NAN).at(0), D500Error);
  EXPECT_THROW(LrSchedule::constant(0.1).with_warmup(5, 1.5).at(0), D500Error);
  EXPECT_THROW(LrSchedule::constant(0.1).at(-1), D500Error);
}

}  // namespace
}  // namespace d500::training
