// Shapiro-Wilk against R's shapiro.test (the same AS R94 algorithm).
#include <gtest/gtest.h>

#include <cmath>
#include <numbers>
#include <numeric>
#include <vector>

#include "d500/measure/stats.h"

namespace st = d500::stats;

TEST(ShapiroWilk, ShapiroWilk1965WeightsExample) {
  // Shapiro & Wilk (1965), Biometrika 52, p. 606, example 1: weights of 11 men, W = 0.79.
  // R 4.3.3 shapiro.test gives W = 0.788814694835387, p = 0.00670381405650293 (as recorded in
  // the test block of Octave's statistics package swtest.m, "checked against shapiro.test in
  // R 4.3.3"). n <= 11 exercises the small-sample p approximation.
  const std::vector<double> x = {148, 154, 158, 160, 161, 162, 166, 170, 182, 195, 236};
  const auto r = st::shapiro_wilk(x);
  ASSERT_TRUE(r.valid);
  EXPECT_NEAR(r.w, 0.788814694835387, 1e-10);
  EXPECT_NEAR(r.p_value, 0.00670381405650293, 1e-10);
}

TEST(ShapiroWilk, LargeSampleBranch) {
  // R 4.3.3: shapiro.test(log(1:25)): W = 0.881481586050452, p = 0.00741545379169184
  // (same source as above). n >= 12 uses the log(n) polynomials.
  std::vector<double> x(25);
  for (size_t i = 0; i < x.size(); ++i) x[i] = std::log(static_cast<double>(i + 1));
  const auto r = st::shapiro_wilk(x);
  ASSERT_TRUE(r.valid);
  EXPECT_NEAR(r.w, 0.881481586050452, 1e-10);
  EXPECT_NEAR(r.p_value, 0.00741545379169184, 1e-10);
}

TEST(ShapiroWilk, MtcarsMpg) {
  // R: shapiro.test(mtcars$mpg): W = 0.94756, p-value = 0.1229 (printed to 5 and 4 digits).
  const std::vector<double> mpg = {21.0, 21.0, 22.8, 21.4, 18.7, 18.1, 14.3, 24.4, 22.8, 19.2, 17.8,
                                   16.4, 17.3, 15.2, 10.4, 10.4, 14.7, 32.4, 30.4, 33.9, 21.5, 15.5,
                                   15.2, 13.3, 19.2, 27.3, 26.0, 30.4, 15.8, 19.7, 15.0, 21.4};
  const auto r = st::shapiro_wilk(mpg);
  ASSERT_TRUE(r.valid);
  EXPECT_NEAR(r.w, 0.94756, 5e-6);
  EXPECT_NEAR(r.p_value, 0.1229, 5e-5);
}

TEST(ShapiroWilk, ToothGrowthLen) {
  // R: shapiro.test(ToothGrowth$len): W = 0.96743, p-value = 0.1091.
  const std::vector<double> len = {
      4.2,  11.5, 7.3,  5.8,  6.4,  10.0, 11.2, 11.2, 5.2,  7.0,  16.5, 16.5, 15.2, 17.3, 22.5,
      17.3, 13.6, 14.5, 18.8, 15.5, 23.6, 18.5, 33.9, 25.5, 26.4, 32.5, 26.7, 21.5, 23.3, 29.5,
      15.2, 21.5, 17.6, 9.7,  14.5, 10.0, 8.2,  9.4,  16.5, 9.7,  19.7, 23.3, 23.6, 26.4, 20.0,
      25.2, 25.8, 21.2, 14.5, 27.3, 25.5, 26.4, 22.4, 24.5, 24.8, 30.9, 26.4, 27.3, 29.4, 23.0};
  const auto r = st::shapiro_wilk(len);
  ASSERT_TRUE(r.valid);
  EXPECT_NEAR(r.w, 0.96743, 5e-6);
  EXPECT_NEAR(r.p_value, 0.1091, 5e-5);
}

TEST(ShapiroWilk, SmallSamples) {
  // R 4.3.3 (same source as above): c(2, 3, 5, 8, 13): W = 0.920729192441235,
  // p = 0.534654754257205; c(1, 2, 4, 8): W = 0.92020267879194, p = 0.53808377727497.
  const auto five = st::shapiro_wilk(std::vector<double>{13, 2, 8, 3, 5});  // order irrelevant
  ASSERT_TRUE(five.valid);
  EXPECT_NEAR(five.w, 0.920729192441235, 1e-10);
  EXPECT_NEAR(five.p_value, 0.534654754257205, 1e-10);
  const auto four = st::shapiro_wilk(std::vector<double>{1, 2, 4, 8});
  ASSERT_TRUE(four.valid);
  EXPECT_NEAR(four.w, 0.92020267879194, 1e-10);
  EXPECT_NEAR(four.p_value, 0.53808377727497, 1e-10);
}

TEST(ShapiroWilk, ThreeIsExact) {
  // n = 3, by hand: a = (-1/sqrt 2, 0, 1/sqrt 2), so for (1, 2, 4) b = 3/sqrt 2, b^2 = 4.5;
  // SS = (4/3)^2 + (1/3)^2 + (5/3)^2 = 42/9; W = 4.5 / (42/9) = 27/28. The exact p (Shapiro &
  // Wilk 1965) is 6/pi (asin(sqrt W) - pi/3).
  const auto r = st::shapiro_wilk(std::vector<double>{1, 2, 4});
  ASSERT_TRUE(r.valid);
  EXPECT_NEAR(r.w, 27.0 / 28.0, 1e-7);  // R's a = 0.70710678 is rounded to 8 digits
  EXPECT_NEAR(r.p_value,
              6.0 / std::numbers::pi * (std::asin(std::sqrt(27.0 / 28.0)) - std::numbers::pi / 3),
              1e-6);
  // Equally spaced: W = 1, p = 1.
  const auto even = st::shapiro_wilk(std::vector<double>{1, 2, 3});
  EXPECT_NEAR(even.w, 1.0, 1e-12);
  EXPECT_NEAR(even.p_value, 1.0, 1e-9);
}

TEST(ShapiroWilk, InvariantUnderAffineMaps) {
  const std::vector<double> x = {148, 154, 158, 160, 161, 162, 166, 170, 182, 195, 236};
  std::vector<double> y;
  for (double v : x) y.push_back(1e-12 * v + 3.0e-9);  // tiny range: rescaled as in R
  const auto a = st::shapiro_wilk(x), b = st::shapiro_wilk(y);
  ASSERT_TRUE(b.valid);
  EXPECT_NEAR(a.w, b.w, 1e-6);
  EXPECT_NEAR(a.p_value, b.p_value, 1e-6);
}

TEST(ShapiroWilk, OutOfRange) {
  EXPECT_FALSE(st::shapiro_wilk(std::vector<double>{1, 2}).valid);
  EXPECT_FALSE(st::shapiro_wilk(std::vector<double>{4, 4, 4, 4}).valid);  // R: all identical
  std::vector<double> x(5001);
  std::iota(x.begin(), x.end(), 1.0);
  EXPECT_FALSE(st::shapiro_wilk(x).valid);
  x.pop_back();
  const auto r = st::shapiro_wilk(x);  // 1:5000, the largest n allowed; uniform, so rejected
  EXPECT_TRUE(r.valid);
  EXPECT_LT(r.p_value, 1e-6);
}
