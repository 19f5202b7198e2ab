// Statistics against published values. Each expected number names its source; where none is
// published, the derivation is written out beside it.
#include "d500/measure/stats.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <numeric>
#include <vector>

namespace st = d500::stats;

namespace {

// R's built-in mtcars: mpg and am (0 = automatic, 1 = manual), in R's row order.
const std::vector<double> kMtcarsMpg = {
    21.0, 21.0, 22.8, 21.4, 18.7, 18.1, 14.3, 24.4, 22.8, 19.2, 17.8, 16.4, 17.3, 15.2, 10.4, 10.4,
    14.7, 32.4, 30.4, 33.9, 21.5, 15.5, 15.2, 13.3, 19.2, 27.3, 26.0, 30.4, 15.8, 19.7, 15.0, 21.4};
const std::vector<int> kMtcarsAm = {1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
                                    0, 1, 1, 1, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1};

// R's built-in ToothGrowth: len and dose, in R's row order.
const std::vector<double> kToothLen = {
    4.2,  11.5, 7.3,  5.8,  6.4,  10.0, 11.2, 11.2, 5.2,  7.0,  16.5, 16.5, 15.2, 17.3, 22.5,
    17.3, 13.6, 14.5, 18.8, 15.5, 23.6, 18.5, 33.9, 25.5, 26.4, 32.5, 26.7, 21.5, 23.3, 29.5,
    15.2, 21.5, 17.6, 9.7,  14.5, 10.0, 8.2,  9.4,  16.5, 9.7,  19.7, 23.3, 23.6, 26.4, 20.0,
    25.2, 25.8, 21.2, 14.5, 27.3, 25.5, 26.4, 22.4, 24.5, 24.8, 30.9, 26.4, 27.3, 29.4, 23.0};
const std::vector<double> kToothDose = {0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 1,   1,
                                        1,   1,   1,   1,   1,   1,   1,   1,   2,   2,   2,   2,
                                        2,   2,   2,   2,   2,   2,   0.5, 0.5, 0.5, 0.5, 0.5, 0.5,
                                        0.5, 0.5, 0.5, 0.5, 1,   1,   1,   1,   1,   1,   1,   1,
                                        1,   1,   2,   2,   2,   2,   2,   2,   2,   2,   2,   2};

std::vector<double> sorted(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v;
}

}  // namespace

TEST(Stats, BasicMoments) {
  const std::vector<double> one_to_ten = {3, 1, 4, 10, 5, 9, 2, 6, 8, 7};
  EXPECT_DOUBLE_EQ(st::median(one_to_ten), 5.5);
  EXPECT_DOUBLE_EQ(st::median(std::vector<double>{3, 1, 2}), 2.0);
  EXPECT_DOUBLE_EQ(st::mean(one_to_ten), 5.5);
  // var(1:10) = n (n + 1) / 12 = 110 / 12 (R: var(1:10) = 9.166667).
  EXPECT_NEAR(st::stddev(one_to_ten), std::sqrt(110.0 / 12.0), 1e-14);
  EXPECT_NEAR(st::cv(one_to_ten), std::sqrt(110.0 / 12.0) / 5.5, 1e-14);
  EXPECT_TRUE(std::isnan(st::median({})));
  EXPECT_TRUE(std::isnan(st::mean({})));
  EXPECT_TRUE(std::isnan(st::stddev(std::vector<double>{1.0})));
  EXPECT_TRUE(std::isnan(st::cv(std::vector<double>{-1.0, 1.0})));  // mean 0
}

TEST(Stats, QuantileType7MatchesR) {
  const auto x = sorted({3, 1, 4, 10, 5, 9, 2, 6, 8, 7});
  // R: quantile(1:10, c(0, .25, .5, .75, .9, .99, 1)) = 1, 3.25, 5.5, 7.75, 9.1, 9.91, 10
  // (type 7: h = 9 q, x[floor h] + frac(h) * step, 1 apart here).
  EXPECT_DOUBLE_EQ(st::quantile_sorted(x, 0.0), 1.0);
  EXPECT_DOUBLE_EQ(st::quantile_sorted(x, 0.25), 3.25);
  EXPECT_DOUBLE_EQ(st::quantile_sorted(x, 0.5), 5.5);
  EXPECT_DOUBLE_EQ(st::quantile_sorted(x, 0.75), 7.75);
  EXPECT_NEAR(st::quantile_sorted(x, 0.9), 9.1, 1e-12);
  EXPECT_NEAR(st::quantile_sorted(x, 0.99), 9.91, 1e-12);
  EXPECT_DOUBLE_EQ(st::quantile_sorted(x, 1.0), 10.0);
  EXPECT_TRUE(std::isnan(st::quantile_sorted({}, 0.5)));
  EXPECT_TRUE(std::isnan(st::quantile_sorted(x, 1.5)));
}

TEST(Stats, NormalDistribution) {
  // R: qnorm(0.975) = 1.959963984540054, qnorm(0.995) = 2.575829303548901,
  // qnorm(0.9) = 1.281551565544601, qnorm(1e-10) = -6.361340902404056.
  EXPECT_NEAR(st::normal_quantile(0.975), 1.959963984540054, 1e-14);
  EXPECT_NEAR(st::normal_quantile(0.995), 2.575829303548901, 1e-14);
  EXPECT_NEAR(st::normal_quantile(0.9), 1.281551565544601, 1e-14);
  EXPECT_NEAR(st::normal_quantile(1e-10), -6.361340902404056, 1e-12);
  EXPECT_DOUBLE_EQ(st::normal_quantile(0.5), 0.0);
  EXPECT_TRUE(std::isinf(st::normal_quantile(0.0)));
  EXPECT_TRUE(std::isnan(st::normal_quantile(-0.1)));
  // R: pnorm(1.96) = 0.9750021048517795; pnorm(-3) = 0.001349898031630095.
  EXPECT_NEAR(st::normal_cdf(1.96), 0.9750021048517795, 1e-15);
  EXPECT_NEAR(st::normal_cdf(-3.0), 0.001349898031630095, 1e-17);
  for (double p : {1e-300, 1e-20, 0.01, 0.3, 0.7, 0.999999})
    EXPECT_NEAR(st::normal_cdf(st::normal_quantile(p)) / p, 1.0, 1e-13) << p;
}

TEST(Stats, ChiSquareUpperTail) {
  // R: qchisq(0.95, df) = 3.841458820694124 (1), 7.814727903251178 (3), 18.30703805327515 (10).
  EXPECT_NEAR(st::chi2_sf(3.841458820694124, 1), 0.05, 1e-12);
  EXPECT_NEAR(st::chi2_sf(7.814727903251178, 3), 0.05, 1e-12);
  EXPECT_NEAR(st::chi2_sf(18.30703805327515, 10), 0.05, 1e-12);
  // With 2 df the tail is exp(-x / 2) exactly.
  for (double x : {0.1, 1.0, 5.0, 40.0, 200.0})
    EXPECT_NEAR(st::chi2_sf(x, 2) / std::exp(-x / 2), 1.0, 1e-12) << x;
  EXPECT_DOUBLE_EQ(st::chi2_sf(0.0, 4), 1.0);
  EXPECT_DOUBLE_EQ(st::chi2_sf(-1.0, 4), 1.0);
}

TEST(Stats, MedianCIRanksByHand) {
  // ranks floor((n - z sqrt n) / 2) .. ceil(1 + (n + z sqrt n) / 2), z = 1.959964 (95%):
  //   n = 8:   z sqrt n = 5.5437;  (8 - 5.5437)/2 = 1.23 -> 1;   1 + 13.5437/2 = 7.77 -> 8
  //   n = 10:  z sqrt n = 6.1980;  1.90 -> 1;                     1 + 16.198/2 = 9.10 -> 10
  //   n = 20:  z sqrt n = 8.7652;  5.62 -> 5;                     15.38 -> 16
  //   n = 50:  z sqrt n = 13.859;  18.07 -> 18;                   32.93 -> 33
  //   n = 100: z sqrt n = 19.600;  40.20 -> 40;                   60.80 -> 61
  //   n = 1000: z sqrt n = 61.980; 469.01 -> 469;                 531.99 -> 532
  // Le Boudec's table (exact binomial, small n) gives 2..9 for n = 10: P(Bin(10, 1/2) <= 1) =
  // 11/1024, coverage 0.979. The header's normal formula is more conservative there (1..10,
  // coverage 1 - 2/1024); d500 follows the header, and the two agree as n grows.
  struct Case {
    size_t n, lo, hi;
  };
  for (const Case c : {Case{8, 1, 8}, Case{10, 1, 10}, Case{20, 5, 16}, Case{50, 18, 33},
                       Case{100, 40, 61}, Case{1000, 469, 532}}) {
    const auto ci = st::median_ci_ranks(c.n);
    EXPECT_TRUE(ci.valid) << c.n;
    EXPECT_EQ(ci.lo_rank, c.lo) << c.n;
    EXPECT_EQ(ci.hi_rank, c.hi) << c.n;
  }
  // n = 7: (7 - 5.1856)/2 = 0.91 -> rank 0, outside [1, n]: too few samples for 95%.
  EXPECT_FALSE(st::median_ci_ranks(7).valid);
  EXPECT_FALSE(st::median_ci_ranks(0).valid);
  // 99%, z = 2.575829: n = 100: (100 - 25.758)/2 = 37.12 -> 37; 1 + 125.758/2 = 63.88 -> 64.
  //                    n = 10: (10 - 8.1455)/2 = 0.93 -> 0: invalid.
  const auto ci99 = st::median_ci_ranks(100, 0.99);
  EXPECT_TRUE(ci99.valid);
  EXPECT_EQ(ci99.lo_rank, 37u);
  EXPECT_EQ(ci99.hi_rank, 64u);
  EXPECT_FALSE(st::median_ci_ranks(10, 0.99).valid);
}

TEST(Stats, MedianCIValuesAreOrderStatistics) {
  std::vector<double> x(100);
  std::iota(x.begin(), x.end(), 1.0);  // x(i) = i
  const auto ci = st::median_ci(x);
  EXPECT_TRUE(ci.valid);
  EXPECT_DOUBLE_EQ(ci.lo, 40.0);
  EXPECT_DOUBLE_EQ(ci.hi, 61.0);
  EXPECT_FALSE(st::median_ci(std::vector<double>{}).valid);
}

TEST(Stats, TukeyFences) {
  // 1..10 and 100: type-7 quartiles of 11 values, h = 10 q: q1 = x(3.5) = 3.5, q3 = x(8.5) = 8.5,
  // IQR 5, fences -4 and 16: only 100 is out.
  auto x = sorted({1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 100});
  const auto t = st::tukey(x);
  EXPECT_DOUBLE_EQ(t.q1, 3.5);
  EXPECT_DOUBLE_EQ(t.q3, 8.5);
  EXPECT_DOUBLE_EQ(t.low_fence, -4.0);
  EXPECT_DOUBLE_EQ(t.high_fence, 16.0);
  EXPECT_EQ(t.n_low, 0u);
  EXPECT_EQ(t.n_high, 1u);
  // A value on a fence is not an outlier.
  x = sorted({1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 16});
  EXPECT_EQ(st::tukey(x).n_high, 0u);
}

TEST(Stats, MannWhitneyHollanderWolfe) {
  // ?wilcox.test, Hollander & Wolfe (1973) p. 69f, permeability of the chorioamnion.
  // R: wilcox.test(x, y, alternative = "greater") gives W = 35; with exact = FALSE,
  // correct = FALSE, p = 0.1103, i.e. z = (35 - 25) / sqrt(10*5*16/12) = 1.2247.
  // Two-sided with continuity correction, by hand: z = (35 - 25 - 0.5) / 8.16497 = 1.163508,
  // p = 2 (1 - Phi(1.163508)) = 0.244624.
  const std::vector<double> x = {0.80, 0.83, 1.89, 1.04, 1.45, 1.38, 1.91, 1.64, 0.73, 1.46};
  const std::vector<double> y = {1.15, 0.88, 0.90, 0.74, 1.21};
  const auto r = st::mann_whitney(x, y);
  EXPECT_DOUBLE_EQ(r.u, 35.0);
  EXPECT_NEAR(r.z, 1.163508, 1e-6);
  EXPECT_NEAR(r.p_value, 0.244624, 1e-6);
  EXPECT_NEAR(r.cles, 35.0 / 50.0, 1e-15);
  EXPECT_NEAR(r.effect_r, 1.163508 / std::sqrt(15.0), 1e-6);
  // Without the continuity correction the one-sided p is R's 0.1103: check the pieces agree.
  EXPECT_NEAR(1.0 - st::normal_cdf(10.0 / std::sqrt(10.0 * 5 * 16 / 12)), 0.1103, 5e-5);
}

TEST(Stats, MannWhitneyWithTiesMtcars) {
  // R: wilcox.test(mpg ~ am, data = mtcars): "Wilcoxon rank sum test with continuity
  // correction", W = 42, p-value = 0.001871 (ties present: 10.4, 15.2, 19.2, 21.0, 21.4, 22.8,
  // 30.4). W is U of the first group, am = 0.
  std::vector<double> automatic, manual;
  for (size_t i = 0; i < kMtcarsMpg.size(); ++i)
    (kMtcarsAm[i] == 0 ? automatic : manual).push_back(kMtcarsMpg[i]);
  ASSERT_EQ(automatic.size(), 19u);
  ASSERT_EQ(manual.size(), 13u);
  const auto r = st::mann_whitney(automatic, manual);
  EXPECT_DOUBLE_EQ(r.u, 42.0);
  EXPECT_NEAR(r.p_value, 0.001871, 5e-7);
  EXPECT_LT(r.z, 0.0);
  EXPECT_NEAR(r.cles, 42.0 / 247.0, 1e-15);
  // Swapping the samples mirrors U about n_a n_b / 2 and keeps p.
  const auto swapped = st::mann_whitney(manual, automatic);
  EXPECT_DOUBLE_EQ(swapped.u, 247.0 - 42.0);
  EXPECT_NEAR(swapped.p_value, r.p_value, 1e-15);
  EXPECT_NEAR(swapped.z, -r.z, 1e-15);
  EXPECT_NEAR(swapped.effect_r, r.effect_r, 1e-15);
}

TEST(Stats, MannWhitneyDegenerate) {
  const auto empty = st::mann_whitney(std::vector<double>{}, std::vector<double>{1.0});
  EXPECT_DOUBLE_EQ(empty.p_value, 1.0);
  // All values tied: variance 0, no evidence of a difference. U = 2 * 2 / 2 = 2.
  const auto tied = st::mann_whitney(std::vector<double>{5, 5}, std::vector<double>{5, 5});
  EXPECT_DOUBLE_EQ(tied.u, 2.0);
  EXPECT_DOUBLE_EQ(tied.p_value, 1.0);
  EXPECT_DOUBLE_EQ(tied.cles, 0.5);
}

TEST(Stats, KruskalWallisHollanderWolfe) {
  // ?kruskal.test, Hollander & Wolfe (1973) p. 116, mucociliary efficiency:
  // R: kruskal.test(list(x, y, z)): chi-squared = 0.77143, df = 2, p-value = 0.68.
  const std::vector<std::vector<double>> groups = {
      {2.9, 3.0, 2.5, 2.6, 3.2}, {3.8, 2.7, 4.0, 2.4}, {2.8, 3.4, 3.7, 2.2, 2.0}};
  const auto r = st::kruskal_wallis(groups);
  EXPECT_NEAR(r.h, 0.77143, 5e-6);
  EXPECT_DOUBLE_EQ(r.df, 2.0);
  EXPECT_NEAR(r.p_value, 0.68, 5e-3);
  // No ties, so H is exact: rank sums 36, 36, 33, and 12/(14*15) (36^2/5 + 36^2/4 + 33^2/5) - 45
  // = 12/210 * 801 - 45 = 27/35 = 0.771428...,
  // and p = exp(-H/2) for 2 df = 0.679964.
  EXPECT_NEAR(r.h, 27.0 / 35.0, 1e-12);
  EXPECT_NEAR(r.p_value, std::exp(-27.0 / 70.0), 1e-12);
}

TEST(Stats, KruskalWallisWithTiesAirquality) {
  // R: kruskal.test(Ozone ~ Month, data = airquality): chi-squared = 29.267, df = 4,
  // p-value = 6.901e-06 (116 non-missing Ozone values, many ties). Data: R's airquality.
  const std::vector<std::vector<double>> ozone_by_month = {
      {41, 36, 12, 18, 28, 23, 19, 8, 7,  16, 11, 14,  18,
       14, 34, 6,  30, 11, 1,  11, 4, 32, 23, 45, 115, 37},
      {29, 71, 39, 23, 21, 37, 20, 12, 13},
      {135, 49, 32, 64, 40, 77, 97,  97, 85, 10, 27, 7,  48,
       35,  61, 79, 63, 16, 80, 108, 20, 52, 82, 50, 64, 59},
      {39, 9,  16, 78, 35, 66, 122, 89,  110, 44, 28,  65, 22,
       59, 23, 31, 44, 21, 9,  45,  168, 73,  76, 118, 84, 85},
      {96, 78, 73, 91, 47, 32, 20, 23, 21, 24, 44, 21, 28, 9, 13,
       46, 18, 13, 24, 16, 13, 23, 36, 7,  14, 30, 14, 18, 20}};
  size_t n = 0;
  for (const auto& g : ozone_by_month) n += g.size();
  ASSERT_EQ(n, 116u);
  const auto r = st::kruskal_wallis(ozone_by_month);
  EXPECT_NEAR(r.h, 29.267, 5e-4);
  EXPECT_DOUBLE_EQ(r.df, 4.0);
  EXPECT_NEAR(r.p_value, 6.901e-06, 5e-10);
}

TEST(Stats, KruskalWallisWithTiesToothGrowth) {
  // R: kruskal.test(len ~ dose, data = ToothGrowth): chi-squared = 40.669, df = 2,
  // p-value = 1.475e-09.
  std::vector<std::vector<double>> by_dose(3);
  for (size_t i = 0; i < kToothLen.size(); ++i)
    by_dose[kToothDose[i] == 0.5 ? 0 : (kToothDose[i] == 1 ? 1 : 2)].push_back(kToothLen[i]);
  const auto r = st::kruskal_wallis(by_dose);
  EXPECT_NEAR(r.h, 40.669, 5e-4);
  EXPECT_DOUBLE_EQ(r.df, 2.0);
  EXPECT_NEAR(r.p_value, 1.475e-09, 5e-13);
}

TEST(Stats, KruskalWallisDegenerate) {
  const std::vector<std::vector<double>> one = {{1, 2, 3}};
  EXPECT_DOUBLE_EQ(st::kruskal_wallis(one).p_value, 1.0);
  const std::vector<std::vector<double>> tied = {{4, 4}, {4, 4, 4}};
  EXPECT_DOUBLE_EQ(st::kruskal_wallis(tied).p_value, 1.0);
  // An empty group is skipped: it neither adds a degree of freedom nor changes H.
  const std::vector<std::vector<double>> with_empty = {
      {2.9, 3.0, 2.5, 2.6, 3.2}, {}, {3.8, 2.7, 4.0, 2.4}, {2.8, 3.4, 3.7, 2.2, 2.0}};
  EXPECT_DOUBLE_EQ(st::kruskal_wallis(with_empty).df, 2.0);
  EXPECT_NEAR(st::kruskal_wallis(with_empty).h, 27.0 / 35.0, 1e-12);
}

TEST(Stats, SummarizeOneToTenAndOutlier) {
  std::vector<double> x = {7, 3, 100, 1, 4, 10, 5, 9, 2, 6, 8};
  const auto s = st::summarize(x);
  EXPECT_EQ(s.n, 11u);
  // Sorted: 1..10, 100. Type-7 quantiles with h = 10 q.
  EXPECT_DOUBLE_EQ(s.median, 6.0);
  EXPECT_DOUBLE_EQ(s.q1, 3.5);
  EXPECT_DOUBLE_EQ(s.q3, 8.5);
  EXPECT_DOUBLE_EQ(s.min, 1.0);
  EXPECT_DOUBLE_EQ(s.max, 100.0);
  EXPECT_NEAR(s.p90, 10.0, 1e-12);            // h = 9: x(10) = 10
  EXPECT_NEAR(s.p99, 10.0 + 0.9 * 90, 1e-9);  // h = 9.9: 10 + 0.9 (100 - 10) = 91
  EXPECT_NEAR(s.p999, 10.0 + 0.99 * 90, 1e-9);
  EXPECT_NEAR(s.mean, 155.0 / 11.0, 1e-12);
  EXPECT_NEAR(s.sd, st::stddev(x), 1e-15);
  EXPECT_NEAR(s.cv, s.sd / s.mean, 1e-15);
  EXPECT_EQ(s.n_outliers, 1u);
  // n = 11 at 95%: z sqrt 11 = 6.5005; (11 - 6.5)/2 = 2.25 -> 2; 1 + 17.5/2 = 9.75 -> 10.
  EXPECT_TRUE(s.ci_valid);
  EXPECT_DOUBLE_EQ(s.ci_lo, 2.0);
  EXPECT_DOUBLE_EQ(s.ci_hi, 10.0);
  EXPECT_DOUBLE_EQ(s.ci_level, 0.95);
  // The outlier makes the sample clearly non-normal.
  EXPECT_TRUE(s.shapiro_valid);
  EXPECT_LT(s.shapiro_p, 0.001);
}

TEST(Stats, SummarizeEdges) {
  const auto empty = st::summarize({});
  EXPECT_EQ(empty.n, 0u);
  EXPECT_FALSE(empty.ci_valid);
  EXPECT_FALSE(empty.shapiro_valid);
  const auto two = st::summarize(std::vector<double>{1.0, 3.0});
  EXPECT_DOUBLE_EQ(two.median, 2.0);
  EXPECT_FALSE(two.ci_valid);
  EXPECT_FALSE(two.shapiro_valid);
  // Past Shapiro-Wilk's range the other fields are still filled.
  std::vector<double> big(6000);
  std::iota(big.begin(), big.end(), 0.0);
  const auto s = st::summarize(big, 0.99);
  EXPECT_FALSE(s.shapiro_valid);
  EXPECT_TRUE(s.ci_valid);
  EXPECT_DOUBLE_EQ(s.ci_level, 0.99);
  EXPECT_DOUBLE_EQ(s.median, 2999.5);
}
