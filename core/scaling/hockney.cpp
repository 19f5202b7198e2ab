// Weighted least squares of T(n) = alpha + beta * n with a bootstrap over each size's samples.
#include "d500/scaling/hockney.h"

#include <algorithm>
#include <cmath>
#include <random>

#include "d500/error.h"
#include "d500/measure/stats.h"
#include "weighted_fit.h"

namespace d500::scaling {

namespace {

Interval interval(double value, std::vector<double> boot) {
  std::sort(boot.begin(), boot.end());
  return {value, stats::quantile_sorted(boot, 0.025), stats::quantile_sorted(boot, 0.975)};
}

void check_input(const std::vector<SizePoint>& points) {
  size_t sizes = 0;
  for (const auto& p : points) {
    if (p.samples_ns.empty()) continue;
    ++sizes;
    for (double v : p.samples_ns)
      if (!std::isfinite(v) || v <= 0)
        throw D500Error("a sample of the " + std::to_string(static_cast<int64_t>(p.bytes)) +
                        " B point is not a positive time");
  }
  if (sizes < 2)
    throw D500Error("a latency and bandwidth model needs at least 2 sizes with samples, got " +
                    std::to_string(sizes));
}

}  // namespace

LinearModel fit_linear(const std::vector<SizePoint>& points, int bootstrap, uint64_t seed) {
  check_input(points);
  std::vector<double> x, y;
  std::vector<const std::vector<double>*> samples;
  for (const auto& p : points)
    if (!p.samples_ns.empty()) {
      x.push_back(p.bytes);
      y.push_back(stats::median(p.samples_ns));
      samples.push_back(&p.samples_ns);
    }
  const auto [fa, fb] = detail::weighted_line(x, y);
  std::mt19937_64 rng(seed);
  std::vector<double> as, bs;
  std::vector<std::vector<double>> predictions(x.size());
  std::vector<double> yb;
  for (int r = 0; r < bootstrap; ++r) {
    detail::resampled_medians(samples, rng, yb);
    const auto [a, b] = detail::weighted_line(x, yb);
    as.push_back(a);
    bs.push_back(b);
    for (size_t i = 0; i < x.size(); ++i) predictions[i].push_back(a + b * x[i]);
  }
  LinearModel m;
  m.alpha_ns = interval(fa, as);
  m.ns_per_byte = interval(fb, bs);
  std::vector<double> errors;
  for (size_t i = 0; i < x.size(); ++i) {
    const Interval band = interval(fa + fb * x[i], predictions[i]);
    PointCheck c{x[i], y[i], band.value, band.lo, band.hi, band.value / y[i] - 1, false};
    // Covered: the model's band and the measured median's CI overlap.
    std::vector<double> sorted = *samples[i];
    std::sort(sorted.begin(), sorted.end());
    const auto ci = stats::median_ci(sorted);
    const double lo = ci.valid ? ci.lo : y[i], hi = ci.valid ? ci.hi : y[i];
    c.covered = band.lo <= hi && lo <= band.hi;
    m.covered += c.covered ? 1 : 0;
    errors.push_back(std::fabs(c.rel_error));
    m.checks.push_back(c);
  }
  m.median_abs_error = stats::median(errors);
  return m;
}

}  // namespace d500::scaling
