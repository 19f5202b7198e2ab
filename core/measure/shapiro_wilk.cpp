// Shapiro-Wilk W test: P. Royston, "Remark AS R94", Applied Statistics 44 (1995) 547-551, for
// complete (uncensored) samples, following R's swilk.c so W and p agree with shapiro.test.
#include <algorithm>
#include <cmath>
#include <numbers>
#include <vector>

#include "d500/measure/stats.h"

namespace d500::stats {

namespace {

// c[0] + c[1] x + ... evaluated in the order of AS 181.2, so results match R to the last bits.
template <size_t N>
double poly(const double (&c)[N], double x) {
  if constexpr (N == 1) {
    return c[0];
  } else {
    double p = x * c[N - 1];
    for (size_t j = N - 2; j > 0; --j) p = (p + c[j]) * x;
    return c[0] + p;
  }
}

// Royston's fitted polynomials (AS R94).
constexpr double kSmallGamma[] = {-2.273, 0.459};
constexpr double kC1[] = {0.0, 0.221157, -0.147981, -2.07119, 4.434685, -2.706056};
constexpr double kC2[] = {0.0, 0.042981, -0.293762, -1.752461, 5.682633, -3.582633};
constexpr double kC3[] = {0.544, -0.39978, 0.025054, -6.714e-4};
constexpr double kC4[] = {1.3822, -0.77857, 0.062767, -0.0020322};
constexpr double kC5[] = {-1.5861, -0.31082, -0.083751, 0.0038915};
constexpr double kC6[] = {-0.4803, -0.082676, 0.0030302};

// The upper half of the antisymmetric coefficient vector: a[i] weighs x(n-i) - x(i+1), 0-based i.
std::vector<double> coefficients(size_t n) {
  const size_t half = n / 2;
  std::vector<double> a(half);
  if (n == 3) {
    a[0] = std::numbers::sqrt2 / 2.0;
    return a;
  }
  const double an = static_cast<double>(n);
  // Blom's approximation to the expected normal order statistics, lower half (negative).
  std::vector<double> m(half);
  double summ2 = 0;
  for (size_t i = 0; i < half; ++i) {
    m[i] = normal_quantile((static_cast<double>(i + 1) - 0.375) / (an + 0.25));
    summ2 += m[i] * m[i];
  }
  summ2 *= 2.0;
  const double ssumm2 = std::sqrt(summ2);
  const double rsn = 1.0 / std::sqrt(an);
  // The one or two extreme coefficients come from Royston's polynomials; the rest are the
  // normalised order statistics, rescaled so that the whole vector has unit length.
  const double a1 = poly(kC1, rsn) - m[0] / ssumm2;
  size_t first_plain;
  double fac;
  if (n > 5) {
    first_plain = 2;
    const double a2 = -m[1] / ssumm2 + poly(kC2, rsn);
    fac = std::sqrt((summ2 - 2.0 * (m[0] * m[0]) - 2.0 * (m[1] * m[1])) /
                    (1.0 - 2.0 * (a1 * a1) - 2.0 * (a2 * a2)));
    a[1] = a2;
  } else {
    first_plain = 1;
    fac = std::sqrt((summ2 - 2.0 * (m[0] * m[0])) / (1.0 - 2.0 * (a1 * a1)));
  }
  a[0] = a1;
  for (size_t i = first_plain; i < half; ++i) a[i] = -m[i] / fac;
  return a;
}

double p_value(size_t n, double w, double one_minus_w) {
  if (n == 3) {
    // Exact null distribution for three observations.
    const double p = 6.0 / std::numbers::pi * (std::asin(std::sqrt(w)) - std::numbers::pi / 3.0);
    return std::clamp(p, 0.0, 1.0);
  }
  const double an = static_cast<double>(n);
  double y = std::log(one_minus_w);
  double mean, sd;
  if (n <= 11) {
    const double gamma = poly(kSmallGamma, an);
    if (y >= gamma) return 1e-99;  // beyond the fitted range: as R, an "obviously tiny" p
    y = -std::log(gamma - y);
    mean = poly(kC3, an);
    sd = std::exp(poly(kC4, an));
  } else {
    const double log_n = std::log(an);
    mean = poly(kC5, log_n);
    sd = std::exp(poly(kC6, log_n));
  }
  // Upper tail of N(mean, sd) at y.
  return 0.5 * std::erfc((y - mean) / (sd * std::numbers::sqrt2));
}

}  // namespace

ShapiroWilk shapiro_wilk(std::span<const double> xs) {
  ShapiroWilk r;
  const size_t n = xs.size();
  if (n < 3 || n > 5000) return r;
  std::vector<double> x(xs.begin(), xs.end());
  std::sort(x.begin(), x.end());
  double range = x[n - 1] - x[0];
  if (!(range > 0) || !std::isfinite(range)) return r;  // constant or non-finite data
  if (range < 1e-10) {
    // As R: rescale so the algorithm's absolute threshold does not reject a tiny-valued sample.
    for (double& v : x) v /= range;
    range = 1.0;
  }
  const std::vector<double> a = coefficients(n);

  // W is the squared correlation between the data and the antisymmetric coefficient vector,
  // computed from scaled data as 1 - W to keep precision when W is very near 1.
  double sa = 0, sx = 0;
  for (size_t i = 0; i < n; ++i) {
    const size_t j = n - 1 - i;
    if (i < j)
      sa -= a[i];
    else if (i > j)
      sa += a[j];
    sx += x[i] / range;
  }
  sa /= static_cast<double>(n);
  sx /= static_cast<double>(n);
  double ssa = 0, ssx = 0, sax = 0;
  for (size_t i = 0; i < n; ++i) {
    const size_t j = n - 1 - i;
    const double coef = i < j ? -a[i] : (i > j ? a[j] : 0.0);
    const double asa = coef - sa;
    const double xsx = x[i] / range - sx;
    ssa += asa * asa;
    ssx += xsx * xsx;
    sax += asa * xsx;
  }
  const double ssassx = std::sqrt(ssa * ssx);
  const double one_minus_w = (ssassx - sax) * (ssassx + sax) / (ssa * ssx);
  r.w = 1.0 - one_minus_w;
  r.p_value = p_value(n, r.w, one_minus_w);
  r.valid = true;
  return r;
}

}  // namespace d500::stats
