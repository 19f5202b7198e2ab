// Statistics as pure functions over samples (measurement.md). No state, no I/O; each has a unit
// test against published values in tests/core/measure/.
#pragma once

#include <cstddef>
#include <span>
#include <vector>

namespace d500::stats {

// Median of unsorted values (copies). NaN when empty.
double median(std::span<const double> xs);
// Quantile q in [0,1] of *sorted* values, linear interpolation between order statistics
// (Hyndman-Fan type 7, R's default). NaN when empty.
double quantile_sorted(std::span<const double> sorted, double q);
double mean(std::span<const double> xs);
// Sample standard deviation (n - 1 in the denominator). NaN for n < 2.
double stddev(std::span<const double> xs);
// Coefficient of variation sd / mean. NaN when undefined.
double cv(std::span<const double> xs);

// Standard normal CDF and its inverse (Acklam's algorithm refined by one Halley step).
double normal_cdf(double z);
double normal_quantile(double p);
// Upper tail P(X > x) of the chi-square distribution with k degrees of freedom.
double chi2_sf(double x, double k);

// Le Boudec's nonparametric confidence interval for the median: with n sorted samples, ranks
// floor((n - z sqrt(n)) / 2) and ceil(1 + (n + z sqrt(n)) / 2), 1-based, z the two-sided normal
// quantile of `confidence`. valid is false when n is too small for the ranks to lie in [1, n].
struct MedianCI {
  double lo = 0, hi = 0;
  size_t lo_rank = 0, hi_rank = 0;  // 1-based ranks into the sorted samples
  bool valid = false;
};
MedianCI median_ci_ranks(size_t n, double confidence = 0.95);  // lo/hi unset, ranks only
MedianCI median_ci(std::span<const double> sorted, double confidence = 0.95);

// Tukey's fences: outliers lie below q1 - k IQR or above q3 + k IQR. Input sorted.
struct Tukey {
  double q1 = 0, q3 = 0, low_fence = 0, high_fence = 0;
  size_t n_low = 0, n_high = 0;
};
Tukey tukey(std::span<const double> sorted, double k = 1.5);

// Two-sided Mann-Whitney U test with tie correction and continuity correction (normal
// approximation). u is U of sample a; effect sizes: r = |z| / sqrt(n_a + n_b) and the common
// language effect size P(a > b) + P(a = b) / 2.
struct MannWhitney {
  double u = 0, z = 0, p_value = 1, effect_r = 0, cles = 0.5;
};
MannWhitney mann_whitney(std::span<const double> a, std::span<const double> b);

// Kruskal-Wallis H test over k groups with tie correction; p from chi-square with k-1 df.
struct KruskalWallis {
  double h = 0, df = 0, p_value = 1;
};
KruskalWallis kruskal_wallis(std::span<const std::vector<double>> groups);

// Shapiro-Wilk W test of normality (Royston 1995, AS R94), for 3 <= n <= 5000.
struct ShapiroWilk {
  double w = 0, p_value = 1;
  bool valid = false;
};
ShapiroWilk shapiro_wilk(std::span<const double> xs);

// Everything measurement.md asks to report for one measurement point.
struct Summary {
  size_t n = 0;
  double median = 0, ci_lo = 0, ci_hi = 0, ci_level = 0.95;
  bool ci_valid = false;
  double q1 = 0, q3 = 0, min = 0, max = 0, p90 = 0, p99 = 0, p999 = 0;
  double mean = 0, sd = 0, cv = 0;
  size_t n_outliers = 0;                // Tukey, k = 1.5; kept in the data, flagged
  double shapiro_w = 0, shapiro_p = 1;  // shapiro_valid false when n is out of range
  bool shapiro_valid = false;
};
Summary summarize(std::span<const double> samples, double confidence = 0.95);

}  // namespace d500::stats
