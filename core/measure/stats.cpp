// Statistics of measurement.md as pure functions. Formulas follow R's stats package where R has
// the same test, so that a number d500 prints can be checked by anyone with R at hand.
#include "d500/measure/stats.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>
#include <numeric>

namespace d500::stats {

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

// Ranks (1-based, ties get their average rank) of `values`, and the tie term sum(t^3 - t) over
// groups of t equal values, which both rank tests need for their variance.
struct Ranked {
  std::vector<double> ranks;
  double tie_term = 0;
};

Ranked rank_with_ties(std::span<const double> values) {
  const size_t n = values.size();
  std::vector<size_t> order(n);
  std::iota(order.begin(), order.end(), size_t{0});
  std::sort(order.begin(), order.end(), [&](size_t a, size_t b) { return values[a] < values[b]; });
  Ranked r;
  r.ranks.resize(n);
  for (size_t i = 0; i < n;) {
    size_t j = i + 1;
    while (j < n && values[order[j]] == values[order[i]]) ++j;
    // Positions i..j-1 (0-based) hold ranks i+1..j; their average is (i + 1 + j) / 2.
    const double avg_rank = 0.5 * static_cast<double>(i + 1 + j);
    for (size_t k = i; k < j; ++k) r.ranks[order[k]] = avg_rank;
    const double t = static_cast<double>(j - i);
    r.tie_term += t * t * t - t;
    i = j;
  }
  return r;
}

// Regularized lower incomplete gamma P(a, x) by its power series; converges fast for x < a + 1.
double gamma_p_series(double a, double x) {
  double term = 1.0 / a, sum = term;
  for (int i = 1; i < 10000; ++i) {
    term *= x / (a + i);
    sum += term;
    if (std::fabs(term) < std::fabs(sum) * 1e-16) break;
  }
  return sum * std::exp(-x + a * std::log(x) - std::lgamma(a));
}

// Regularized upper incomplete gamma Q(a, x) by its continued fraction (modified Lentz); converges
// fast for x >= a + 1 and keeps relative precision deep in the tail, where 1 - P would not.
double gamma_q_continued_fraction(double a, double x) {
  constexpr double tiny = 1e-300;
  double b = x + 1.0 - a, c = 1.0 / tiny, d = 1.0 / b, h = d;
  for (int i = 1; i < 10000; ++i) {
    const double an = -i * (i - a);
    b += 2.0;
    d = an * d + b;
    if (std::fabs(d) < tiny) d = tiny;
    c = b + an / c;
    if (std::fabs(c) < tiny) c = tiny;
    d = 1.0 / d;
    const double delta = d * c;
    h *= delta;
    if (std::fabs(delta - 1.0) < 1e-16) break;
  }
  return std::exp(-x + a * std::log(x) - std::lgamma(a)) * h;
}

// Acklam's rational approximation of the normal quantile, |relative error| < 1.15e-9, for the
// lower half only (p <= 0.5); the caller refines it.
double acklam_lower(double p) {
  static constexpr double a[] = {-3.969683028665376e+01, 2.209460984245205e+02,
                                 -2.759285104469687e+02, 1.383577518672690e+02,
                                 -3.066479806614716e+01, 2.506628277459239e+00};
  static constexpr double b[] = {-5.447609879822406e+01, 1.615858368580409e+02,
                                 -1.556989798598866e+02, 6.680131188771972e+01,
                                 -1.328068155288572e+01};
  static constexpr double c[] = {-7.784894002430293e-03, -3.223964580411365e-01,
                                 -2.400758277161838e+00, -2.549732539343734e+00,
                                 4.374664141464968e+00,  2.938163982698783e+00};
  static constexpr double d[] = {7.784695709041462e-03, 3.224671290700398e-01,
                                 2.445134137142996e+00, 3.754408661907416e+00};
  constexpr double p_low = 0.02425;
  if (p < p_low) {
    const double q = std::sqrt(-2.0 * std::log(p));
    return (((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5]) /
           ((((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1.0);
  }
  const double q = p - 0.5, r = q * q;
  return (((((a[0] * r + a[1]) * r + a[2]) * r + a[3]) * r + a[4]) * r + a[5]) * q /
         (((((b[0] * r + b[1]) * r + b[2]) * r + b[3]) * r + b[4]) * r + 1.0);
}

// Two passes (the mean first): the one-pass formula loses every digit when the spread is tiny
// next to the mean, which is exactly the case of a stable timing.
double stddev_about(std::span<const double> xs, double m) {
  if (xs.size() < 2) return kNaN;
  double ss = 0;
  for (double x : xs) ss += (x - m) * (x - m);
  return std::sqrt(ss / static_cast<double>(xs.size() - 1));
}

}  // namespace

double median(std::span<const double> xs) {
  if (xs.empty()) return kNaN;
  std::vector<double> v(xs.begin(), xs.end());
  const size_t mid = v.size() / 2;
  std::nth_element(v.begin(), v.begin() + mid, v.end());
  const double upper = v[mid];
  if (v.size() % 2 == 1) return upper;
  const double lower = *std::max_element(v.begin(), v.begin() + mid);
  return lower + 0.5 * (upper - lower);
}

double quantile_sorted(std::span<const double> sorted, double q) {
  if (sorted.empty() || !(q >= 0.0 && q <= 1.0)) return kNaN;
  // Type 7: h = (n - 1) q, interpolate between x[floor h] and x[floor h + 1] (0-based).
  const double h = static_cast<double>(sorted.size() - 1) * q;
  const auto lo = static_cast<size_t>(std::floor(h));
  const size_t hi = std::min(lo + 1, sorted.size() - 1);
  return sorted[lo] + (h - static_cast<double>(lo)) * (sorted[hi] - sorted[lo]);
}

double mean(std::span<const double> xs) {
  if (xs.empty()) return kNaN;
  double sum = 0;
  for (double x : xs) sum += x;
  return sum / static_cast<double>(xs.size());
}

double stddev(std::span<const double> xs) {
  return stddev_about(xs, mean(xs));
}

double cv(std::span<const double> xs) {
  const double m = mean(xs);
  if (!(m != 0.0)) return kNaN;
  return stddev(xs) / m;
}

double normal_cdf(double z) {
  return 0.5 * std::erfc(-z / std::numbers::sqrt2);
}

double normal_quantile(double p) {
  if (std::isnan(p) || p < 0.0 || p > 1.0) return kNaN;
  if (p == 0.0) return -std::numeric_limits<double>::infinity();
  if (p == 1.0) return std::numeric_limits<double>::infinity();
  // Work in the lower tail, where 1 - p is exact and the CDF keeps its relative precision.
  if (p > 0.5) return -normal_quantile(1.0 - p);
  double x = acklam_lower(p);
  // One Halley step on Phi(x) - p brings the error to the level of double rounding.
  const double e = normal_cdf(x) - p;
  const double u = e * std::sqrt(2.0 * std::numbers::pi) * std::exp(0.5 * x * x);
  x -= u / (1.0 + 0.5 * x * u);
  return x;
}

double chi2_sf(double x, double k) {
  if (std::isnan(x) || !(k > 0)) return kNaN;
  if (x <= 0) return 1.0;
  if (std::isinf(x)) return 0.0;
  const double a = 0.5 * k, half_x = 0.5 * x;
  if (half_x < a + 1.0) return 1.0 - gamma_p_series(a, half_x);
  return gamma_q_continued_fraction(a, half_x);
}

MedianCI median_ci_ranks(size_t n, double confidence) {
  MedianCI ci;
  if (n == 0 || !(confidence > 0.0 && confidence < 1.0)) return ci;
  const double z = normal_quantile(0.5 * (1.0 + confidence));
  const double nd = static_cast<double>(n), spread = z * std::sqrt(nd);
  const double lo = std::floor(0.5 * (nd - spread));
  const double hi = std::ceil(1.0 + 0.5 * (nd + spread));
  ci.valid = lo >= 1.0 && hi <= nd;
  // Out-of-range ranks are clamped so callers can still read the extreme order statistics, but
  // valid tells them the interval does not have the asked-for coverage.
  ci.lo_rank = static_cast<size_t>(std::max(lo, 1.0));
  ci.hi_rank = static_cast<size_t>(std::min(hi, nd));
  return ci;
}

MedianCI median_ci(std::span<const double> sorted, double confidence) {
  MedianCI ci = median_ci_ranks(sorted.size(), confidence);
  if (ci.lo_rank == 0) return ci;  // no data, or a confidence level outside (0, 1)
  ci.lo = sorted[ci.lo_rank - 1];
  ci.hi = sorted[ci.hi_rank - 1];
  return ci;
}

Tukey tukey(std::span<const double> sorted, double k) {
  Tukey t;
  if (sorted.empty()) return t;
  t.q1 = quantile_sorted(sorted, 0.25);
  t.q3 = quantile_sorted(sorted, 0.75);
  const double iqr = t.q3 - t.q1;
  t.low_fence = t.q1 - k * iqr;
  t.high_fence = t.q3 + k * iqr;
  t.n_low = static_cast<size_t>(std::lower_bound(sorted.begin(), sorted.end(), t.low_fence) -
                                sorted.begin());
  t.n_high = static_cast<size_t>(sorted.end() -
                                 std::upper_bound(sorted.begin(), sorted.end(), t.high_fence));
  return t;
}

MannWhitney mann_whitney(std::span<const double> a, std::span<const double> b) {
  MannWhitney r;
  if (a.empty() || b.empty()) return r;
  std::vector<double> all(a.begin(), a.end());
  all.insert(all.end(), b.begin(), b.end());
  const Ranked ranked = rank_with_ties(all);
  const double na = static_cast<double>(a.size()), nb = static_cast<double>(b.size());
  const double n = na + nb;
  double rank_sum_a = 0;
  for (size_t i = 0; i < a.size(); ++i) rank_sum_a += ranked.ranks[i];
  r.u = rank_sum_a - na * (na + 1.0) / 2.0;
  r.cles = r.u / (na * nb);
  // As R's wilcox.test(correct = TRUE, exact = FALSE): tie-corrected variance, and the
  // continuity correction moves U half a unit toward its mean.
  const double variance = na * nb / 12.0 * ((n + 1.0) - ranked.tie_term / (n * (n - 1.0)));
  if (!(variance > 0)) return r;  // every value tied: no evidence either way
  const double shift = r.u - na * nb / 2.0;
  const double correction = shift > 0 ? 0.5 : (shift < 0 ? -0.5 : 0.0);
  r.z = (shift - correction) / std::sqrt(variance);
  r.p_value = std::min(1.0, std::erfc(std::fabs(r.z) / std::numbers::sqrt2));
  r.effect_r = std::fabs(r.z) / std::sqrt(n);
  return r;
}

KruskalWallis kruskal_wallis(std::span<const std::vector<double>> groups) {
  KruskalWallis r;
  std::vector<double> all;
  std::vector<size_t> sizes;
  for (const auto& g : groups) {
    if (g.empty()) continue;  // an empty group carries no ranks and no degree of freedom
    all.insert(all.end(), g.begin(), g.end());
    sizes.push_back(g.size());
  }
  if (sizes.size() < 2) return r;
  r.df = static_cast<double>(sizes.size() - 1);
  const Ranked ranked = rank_with_ties(all);
  const double n = static_cast<double>(all.size());
  double sum_sq_over_size = 0;
  size_t offset = 0;
  for (size_t size : sizes) {
    double rank_sum = 0;
    for (size_t i = 0; i < size; ++i) rank_sum += ranked.ranks[offset + i];
    sum_sq_over_size += rank_sum * rank_sum / static_cast<double>(size);
    offset += size;
  }
  const double h_raw = 12.0 / (n * (n + 1.0)) * sum_sq_over_size - 3.0 * (n + 1.0);
  const double tie_factor = 1.0 - ranked.tie_term / (n * n * n - n);
  if (!(tie_factor > 0)) return r;  // every value tied
  r.h = h_raw / tie_factor;
  r.p_value = chi2_sf(r.h, r.df);
  return r;
}

Summary summarize(std::span<const double> samples, double confidence) {
  Summary s;
  s.ci_level = confidence;
  s.n = samples.size();
  if (samples.empty()) return s;
  std::vector<double> sorted(samples.begin(), samples.end());
  std::sort(sorted.begin(), sorted.end());
  s.median = quantile_sorted(sorted, 0.5);
  const MedianCI ci = median_ci(sorted, confidence);
  s.ci_lo = ci.lo;
  s.ci_hi = ci.hi;
  s.ci_valid = ci.valid;
  const Tukey t = tukey(sorted);
  s.q1 = t.q1;
  s.q3 = t.q3;
  s.n_outliers = t.n_low + t.n_high;
  s.min = sorted.front();
  s.max = sorted.back();
  s.p90 = quantile_sorted(sorted, 0.90);
  s.p99 = quantile_sorted(sorted, 0.99);
  s.p999 = quantile_sorted(sorted, 0.999);
  s.mean = mean(sorted);
  s.sd = stddev_about(sorted, s.mean);
  s.cv = s.mean != 0.0 ? s.sd / s.mean : kNaN;
  if (sorted.size() >= 3 && sorted.size() <= 5000) {
    const ShapiroWilk sw = shapiro_wilk(sorted);
    s.shapiro_w = sw.w;
    s.shapiro_p = sw.p_value;
    s.shapiro_valid = sw.valid;
  }
  return s;
}

}  // namespace d500::stats
