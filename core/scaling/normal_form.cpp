// The normal-form search: every (i, j) term with the constant, scored by leave-one-out CV.
#include "d500/scaling/normal_form.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <random>

#include "d500/error.h"
#include "d500/measure/stats.h"
#include "weighted_fit.h"

namespace d500::scaling {

namespace {

struct Exponent {
  double value;
  const char* text;
};

constexpr Exponent kExponents[] = {
    {0, "0"},         {0.25, "1/4"},    {1.0 / 3, "1/3"}, {0.5, "1/2"},     {2.0 / 3, "2/3"},
    {0.75, "3/4"},    {1, "1"},         {1.25, "5/4"},    {4.0 / 3, "4/3"}, {1.5, "3/2"},
    {5.0 / 3, "5/3"}, {1.75, "7/4"},    {2, "2"},         {2.25, "9/4"},    {7.0 / 3, "7/3"},
    {2.5, "5/2"},     {8.0 / 3, "8/3"}, {2.75, "11/4"},   {3, "3"}};

double term(double x, double i, int j) {
  return std::pow(x, i) * std::pow(std::log2(x), j);
}

// Mean relative error on each scale when fitted without it.
double loo_error(const std::vector<double>& x, const std::vector<double>& y, double i, int j) {
  double err = 0;
  for (size_t out = 0; out < x.size(); ++out) {
    std::vector<double> t, yy;
    for (size_t k = 0; k < x.size(); ++k)
      if (k != out) t.push_back(term(x[k], i, j)), yy.push_back(y[k]);
    const auto [c0, c1] = detail::weighted_line(t, yy, i == 0 && j == 0);
    err += std::fabs((c0 + c1 * term(x[out], i, j)) / y[out] - 1);
  }
  return err / static_cast<double>(x.size());
}

std::string exponent_text(double i) {
  for (const auto& e : kExponents)
    if (std::fabs(e.value - i) < 1e-9) return e.text;
  char buf[32];
  std::snprintf(buf, sizeof buf, "%g", i);
  return buf;
}

// The model's coefficients, and their bootstrap CIs over each scale's samples.
void coefficients(NormalForm& f, const std::vector<double>& x, const std::vector<double>& y,
                  const std::vector<const std::vector<double>*>& samples, int bootstrap,
                  uint64_t seed) {
  std::vector<double> t;
  for (double v : x) t.push_back(term(v, f.i, f.j));
  const auto [c0, c1] = detail::weighted_line(t, y, f.constant());
  std::mt19937_64 rng(seed);
  std::vector<double> b0, b1, yb;
  for (int r = 0; r < bootstrap; ++r) {
    detail::resampled_medians(samples, rng, yb);
    const auto [a, b] = detail::weighted_line(t, yb, f.constant());
    b0.push_back(a);
    b1.push_back(b);
  }
  std::sort(b0.begin(), b0.end());
  std::sort(b1.begin(), b1.end());
  f.c0 = {c0, stats::quantile_sorted(b0, 0.025), stats::quantile_sorted(b0, 0.975)};
  f.c1 = {c1, stats::quantile_sorted(b1, 0.025), stats::quantile_sorted(b1, 0.975)};
}

}  // namespace

std::string NormalForm::formula(const std::string& var) const {
  char c0s[32], c1s[32];
  std::snprintf(c0s, sizeof c0s, "%.4g", c0.value);
  std::snprintf(c1s, sizeof c1s, "%.4g", c1.value);
  if (constant()) return c0s;
  std::string t;
  if (i != 0) t += " * " + var + (i == 1 ? "" : "^(" + exponent_text(i) + ")");
  if (j != 0) t += " * log2(" + var + ")" + (j == 1 ? "" : "^" + std::to_string(j));
  return std::string(c0s) + " + " + c1s + t;
}

double NormalForm::at(double x) const {
  return c0.value + c1.value * term(x, i, j);
}

ScalingFit fit_normal_form(const std::vector<ScalePoint>& points, size_t min_scales,
                           double max_cv_error, int bootstrap, uint64_t seed) {
  std::vector<double> x, y;
  std::vector<const std::vector<double>*> samples;
  for (const auto& p : points) {
    if (!(p.x > 0)) throw D500Error("a scale must be positive, got " + std::to_string(p.x));
    if (p.samples.empty()) continue;
    for (double v : p.samples)
      if (!std::isfinite(v) || v <= 0) throw D500Error("a sample is not a positive number");
    if (std::find(x.begin(), x.end(), p.x) != x.end())
      throw D500Error("the scale " + std::to_string(p.x) + " is given twice");
    x.push_back(p.x);
    y.push_back(stats::median(p.samples));
    samples.push_back(&p.samples);
  }
  ScalingFit out;
  if (x.size() < min_scales) {
    out.refusal = std::to_string(x.size()) + " scale(s) measured, " + std::to_string(min_scales) +
                  " needed to choose a model by cross-validation";
    return out;
  }
  std::vector<NormalForm> tried;
  for (const auto& e : kExponents)
    for (int j = 0; j <= 2; ++j) {
      NormalForm f;
      f.i = e.value;
      f.j = j;
      f.cv_error = loo_error(x, y, f.i, f.j);
      tried.push_back(f);
    }
  std::stable_sort(tried.begin(), tried.end(), [](const NormalForm& a, const NormalForm& b) {
    return a.cv_error < b.cv_error;
  });
  out.model = tried.front();
  out.runners_up.assign(tried.begin() + 1, tried.begin() + std::min<size_t>(4, tried.size()));
  coefficients(out.model, x, y, samples, bootstrap, seed);
  char err[32];
  std::snprintf(err, sizeof err, "%.0f%%", 100 * out.model.cv_error);
  if (out.model.cv_error > max_cv_error) {
    out.refusal = "no model predicts the scales left out: the best, " + out.model.formula() +
                  ", misses them by " + err + " on average";
  } else if (!out.model.constant() && out.model.c1.lo <= 0 && out.model.c1.hi >= 0) {
    // A growing term the noise cannot tell from none: the constant, said so.
    out.note = "the best term's coefficient is not distinguishable from 0: constant";
    out.model = NormalForm{};
    out.model.cv_error = loo_error(x, y, 0, 0);
    coefficients(out.model, x, y, samples, bootstrap, seed);
  }
  for (size_t k = 0; k < x.size(); ++k) {
    const double p = out.model.at(x[k]);
    out.checks.push_back({x[k], y[k], p, p, p, p / y[k] - 1, false});
  }
  return out;
}

}  // namespace d500::scaling
