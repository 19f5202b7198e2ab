#include "d500/measure/change_points.h"

#include <algorithm>
#include <cmath>
#include <random>
#include <string>

#include "d500/error.h"

namespace d500::measure {

namespace {

using Matrix = std::vector<std::vector<double>>;

// `k` quantiles of the run's samples at (i + 0.5) / k, interpolated between order statistics.
std::vector<double> sketch_of(std::vector<double> x, size_t k) {
  std::sort(x.begin(), x.end());
  std::vector<double> q(k);
  for (size_t i = 0; i < k; ++i) {
    const double pos =
        (static_cast<double>(i) + 0.5) / static_cast<double>(k) * static_cast<double>(x.size()) -
        0.5;
    const double c = std::clamp(pos, 0.0, static_cast<double>(x.size() - 1));
    const auto lo = static_cast<size_t>(std::floor(c));
    const size_t hi = std::min(lo + 1, x.size() - 1);
    q[i] = x[lo] + (c - static_cast<double>(lo)) * (x[hi] - x[lo]);
  }
  return q;
}

// Mean |a - b| over all pairs of two sorted sketches of equal length, in one merge.
double mean_distance(const std::vector<double>& a, const std::vector<double>& b) {
  double sum = 0, below_sum = 0;
  size_t below = 0, j = 0;
  double a_total = 0;
  for (double v : a) a_total += v;
  for (double v : b) {
    while (j < a.size() && a[j] <= v) below_sum += a[j++];
    below = j;
    const double above_sum = a_total - below_sum;
    sum += (static_cast<double>(below) * v - below_sum) +
           (above_sum - static_cast<double>(a.size() - below) * v);
  }
  return sum / static_cast<double>(a.size() * b.size());
}

// The largest weighted energy distance over the splits of the runs `order` (indices into d), and
// where: t runs on the left. Sums of the three blocks are updated as each run moves left.
std::pair<double, size_t> best_split(const Matrix& d, const std::vector<size_t>& order,
                                     size_t min_segment) {
  const size_t m = order.size();
  double s_ll = 0, s_rr = 0, s_lr = 0;
  for (size_t a : order)
    for (size_t b : order) s_rr += d[a][b];
  std::pair<double, size_t> best{-1, 0};
  for (size_t t = 0; t + min_segment <= m; ++t) {
    if (t >= min_segment) {
      const double nl = static_cast<double>(t), nr = static_cast<double>(m - t);
      const double e = 2 * s_lr / (nl * nr) - s_ll / (nl * nl) - s_rr / (nr * nr);
      const double q = nl * nr / static_cast<double>(m) * e;
      if (q > best.first) best = {q, t};
    }
    const size_t x = order[t];  // moves from the right to the left
    double row_l = 0, row_r = 0;
    for (size_t i = 0; i < t; ++i) row_l += d[x][order[i]];
    for (size_t i = t + 1; i < m; ++i) row_r += d[x][order[i]];
    s_ll += 2 * row_l + d[x][x];
    s_rr -= 2 * row_r + d[x][x];
    s_lr += row_r - row_l;
  }
  return best;
}

double median_of(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  const size_t n = v.size();
  return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

// The relative change of the median run from `left` to `right`, with a percentile bootstrap CI
// that resamples runs on each side.
void estimate_change(const std::vector<double>& left, const std::vector<double>& right,
                     const ChangePointOptions& o, std::mt19937_64& rng, ChangePoint& cp) {
  cp.change = median_of(right) / median_of(left) - 1;
  std::vector<double> boot;
  std::vector<double> l(left.size()), r(right.size());
  for (int b = 0; b < o.bootstrap; ++b) {
    for (auto& v : l) v = left[rng() % left.size()];
    for (auto& v : r) v = right[rng() % right.size()];
    boot.push_back(median_of(r) / median_of(l) - 1);
  }
  std::sort(boot.begin(), boot.end());
  const double tail = (1 - o.ci_level) / 2;
  const auto at = [&](double p) {
    return boot[std::min(boot.size() - 1,
                         static_cast<size_t>(p * static_cast<double>(boot.size())))];
  };
  cp.ci_lo = boot.empty() ? cp.change : at(tail);
  cp.ci_hi = boot.empty() ? cp.change : at(1 - tail);
}

void check_runs(const std::vector<std::vector<double>>& runs) {
  for (size_t i = 0; i < runs.size(); ++i) {
    if (runs[i].empty())
      throw D500Error("run " + std::to_string(i) + " of the series has no samples", "history");
    for (double v : runs[i])
      if (!std::isfinite(v))
        throw D500Error("run " + std::to_string(i) + " of the series has a non-finite sample",
                        "history");
  }
}

}  // namespace

bool series_testable(size_t runs, const ChangePointOptions& o) {
  return runs >= 2 * std::max<size_t>(o.min_segment, 1);
}

std::vector<ChangePoint> change_points(const std::vector<std::vector<double>>& runs,
                                       const ChangePointOptions& o) {
  check_runs(runs);
  const size_t min_segment = std::max<size_t>(o.min_segment, 1);
  if (!series_testable(runs.size(), o)) return {};
  std::vector<std::vector<double>> sketches;
  std::vector<double> medians;
  for (const auto& r : runs) {
    sketches.push_back(sketch_of(r, std::max<size_t>(o.sketch, 1)));
    medians.push_back(median_of(r));
  }
  Matrix d(runs.size(), std::vector<double>(runs.size()));
  for (size_t a = 0; a < runs.size(); ++a)
    for (size_t b = a; b < runs.size(); ++b)
      d[a][b] = d[b][a] = mean_distance(sketches[a], sketches[b]);

  std::mt19937_64 rng(o.seed);
  std::vector<ChangePoint> out;
  std::vector<std::pair<size_t, size_t>> segments{{0, runs.size()}};
  while (!segments.empty()) {
    const auto [lo, hi] = segments.back();
    segments.pop_back();
    if (hi - lo < 2 * min_segment) continue;
    std::vector<size_t> order(hi - lo);
    for (size_t i = 0; i < order.size(); ++i) order[i] = lo + i;
    const auto [observed, t] = best_split(d, order, min_segment);
    int as_large = 0;
    std::vector<size_t> shuffled = order;
    for (int p = 0; p < o.permutations; ++p) {
      for (size_t i = shuffled.size() - 1; i > 0; --i)
        std::swap(shuffled[i], shuffled[rng() % (i + 1)]);
      as_large += best_split(d, shuffled, min_segment).first >= observed;
    }
    ChangePoint cp;
    cp.index = lo + t;
    cp.statistic = observed;
    cp.p_value = (1.0 + as_large) / (1.0 + o.permutations);
    if (cp.p_value > o.alpha) continue;
    out.push_back(cp);
    segments.push_back({lo, cp.index});
    segments.push_back({cp.index, hi});
  }
  std::sort(out.begin(), out.end(),
            [](const ChangePoint& a, const ChangePoint& b) { return a.index < b.index; });
  // Each change measured between its neighbours: the runs since the previous change against
  // those up to the next, so that one change does not blur another.
  for (size_t i = 0; i < out.size(); ++i) {
    const auto from = static_cast<std::ptrdiff_t>(i ? out[i - 1].index : 0);
    const auto at = static_cast<std::ptrdiff_t>(out[i].index);
    const auto to =
        static_cast<std::ptrdiff_t>(i + 1 < out.size() ? out[i + 1].index : runs.size());
    estimate_change({medians.begin() + from, medians.begin() + at},
                    {medians.begin() + at, medians.begin() + to}, o, rng, out[i]);
  }
  return out;
}

}  // namespace d500::measure
