// Guards issue #31 item 3 "Change points": E-divisive means over runs' raw samples finds a shift
// where it is, with its size and a CI that holds it, finds none in noise, sees a change of the
// tail that leaves the median alone, finds two changes, and refuses what it cannot test. Seeded
// data and permutations: every outcome is deterministic.
#include "d500/measure/change_points.h"

#include <gtest/gtest.h>

#include <random>

#include "d500/error.h"

namespace d500::measure {
namespace {

using Runs = std::vector<std::vector<double>>;

// `count` runs of `samples` normal samples around `mean` (sd 1), appended to `runs`.
void add_runs(Runs& runs, std::mt19937_64& rng, size_t count, double mean, size_t samples = 40) {
  std::normal_distribution<double> noise(0, 1);
  for (size_t r = 0; r < count; ++r) {
    std::vector<double> x;
    for (size_t i = 0; i < samples; ++i) x.push_back(mean + noise(rng));
    runs.push_back(std::move(x));
  }
}

TEST(ChangePoints, AShiftIsFoundWhereItIsWithItsSize) {
  std::mt19937_64 rng(7);
  Runs runs;
  add_runs(runs, rng, 10, 100);
  add_runs(runs, rng, 10, 110);
  const auto cps = change_points(runs);
  ASSERT_EQ(cps.size(), 1u);
  EXPECT_EQ(cps[0].index, 10u) << "the first run after the change";
  EXPECT_LE(cps[0].p_value, 0.05);
  EXPECT_NEAR(cps[0].change, 0.10, 0.01);
  EXPECT_LE(cps[0].ci_lo, 0.10);
  EXPECT_GE(cps[0].ci_hi, 0.10);
  EXPECT_LT(cps[0].ci_lo, cps[0].ci_hi);
}

TEST(ChangePoints, NoiseAloneHasNone) {
  for (uint64_t seed : {1, 2, 3, 4, 5}) {
    std::mt19937_64 rng(seed);
    Runs runs;
    add_runs(runs, rng, 30, 100);
    EXPECT_TRUE(change_points(runs).empty()) << "seed " << seed;
  }
}

// Later runs keep the median but one sample in five is 30 slower (a new stall): a method on the
// medians would miss it; the runs' sketches do not.
TEST(ChangePoints, ATailThatGrowsIsAChangeEvenWhenTheMedianStays) {
  std::mt19937_64 rng(11);
  Runs runs;
  add_runs(runs, rng, 12, 100);
  add_runs(runs, rng, 12, 100);
  for (size_t r = 12; r < runs.size(); ++r)
    for (size_t i = 0; i < runs[r].size(); i += 5) runs[r][i] += 30;
  const auto cps = change_points(runs);
  ASSERT_EQ(cps.size(), 1u);
  EXPECT_EQ(cps[0].index, 12u);
  EXPECT_LT(std::abs(cps[0].change), 0.01) << "the median barely moved";
}

TEST(ChangePoints, TwoShiftsAreBothFoundInOrder) {
  std::mt19937_64 rng(3);
  Runs runs;
  add_runs(runs, rng, 10, 100);
  add_runs(runs, rng, 10, 120);
  add_runs(runs, rng, 10, 100);
  const auto cps = change_points(runs);
  ASSERT_EQ(cps.size(), 2u);
  EXPECT_EQ(cps[0].index, 10u);
  EXPECT_EQ(cps[1].index, 20u);
  EXPECT_GT(cps[0].change, 0.15);
  EXPECT_LT(cps[1].change, -0.1);
}

TEST(ChangePoints, WhatCannotBeTestedIsSaidOrRefused) {
  std::mt19937_64 rng(5);
  Runs runs;
  add_runs(runs, rng, 5, 100);
  EXPECT_FALSE(series_testable(runs.size()));
  EXPECT_TRUE(change_points(runs).empty()) << "5 runs cannot hold 3 on each side";
  EXPECT_TRUE(series_testable(6));
  runs.push_back({});
  EXPECT_THROW(change_points(runs), D500Error);
  runs.back() = {1.0, std::nan("")};
  EXPECT_THROW(change_points(runs), D500Error);
}

}  // namespace
}  // namespace d500::measure
