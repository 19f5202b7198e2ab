// Guards issue 6, item 5: "Large series stay fast ... decimate to about two points per pixel
// column" with "the drawn polyline keeps every local minimum and maximum", and the EMA drawn over
// the raw line.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <numeric>
#include <random>
#include <set>
#include <vector>

#include "charts/decimate.h"
#include "charts/ema_smoother.h"

using d500::studio::decimateMinMax;
using d500::studio::DecimateOptions;
using d500::studio::EmaSmoother;

namespace {

struct Walk {
  std::vector<double> xs, ys;
};

Walk randomWalk(size_t n, unsigned seed, double x0 = 0) {
  std::mt19937_64 rng(seed);
  std::normal_distribution<double> step(0, 1);
  Walk w;
  double y = 0;
  for (size_t i = 0; i < n; ++i) {
    y += step(rng);
    w.xs.push_back(x0 + static_cast<double>(i));
    w.ys.push_back(y);
  }
  return w;
}

bool contains(const QList<QPointF>& pts, double x, double y) {
  for (const auto& p : pts)
    if (p.x() == x && p.y() == y) return true;
  return false;
}

// For every column of the visible range, its lowest and highest point must be in the output.
void expectKeepsColumnExtremes(const Walk& w, const DecimateOptions& o, const QList<QPointF>& out) {
  const bool log = o.logX;
  const double a = log ? std::log10(o.xMin) : o.xMin, b = log ? std::log10(o.xMax) : o.xMax;
  std::vector<int> lo(o.columns, -1), hi(o.columns, -1);
  for (size_t i = 0; i < w.xs.size(); ++i) {
    if (w.xs[i] < o.xMin || w.xs[i] > o.xMax || (log && w.xs[i] <= 0)) continue;
    const double x = log ? std::log10(w.xs[i]) : w.xs[i];
    int c = std::clamp(static_cast<int>((x - a) * o.columns / (b - a)), 0, o.columns - 1);
    if (lo[c] < 0 || w.ys[i] < w.ys[lo[c]]) lo[c] = static_cast<int>(i);
    if (hi[c] < 0 || w.ys[i] > w.ys[hi[c]]) hi[c] = static_cast<int>(i);
  }
  int checked = 0;
  for (int c = 0; c < o.columns; ++c) {
    if (lo[c] < 0) continue;
    EXPECT_TRUE(contains(out, w.xs[lo[c]], w.ys[lo[c]])) << "column " << c << " minimum";
    EXPECT_TRUE(contains(out, w.xs[hi[c]], w.ys[hi[c]])) << "column " << c << " maximum";
    ++checked;
  }
  EXPECT_GT(checked, 0);
}

}  // namespace

TEST(ChartsDecimate, KeepsEveryColumnsMinimumAndMaximum) {
  const Walk w = randomWalk(200000, 7);
  DecimateOptions o;
  o.xMin = 0;
  o.xMax = 199999;
  o.columns = 640;
  o.sortedX = true;
  const auto out = decimateMinMax(w.xs, w.ys, o);
  EXPECT_LE(out.size(), 2 * o.columns + 2);
  EXPECT_GE(out.size(), o.columns);  // every column holds points here
  expectKeepsColumnExtremes(w, o, out);
  // The global extremes are among them, and the output runs left to right.
  const auto [mn, mx] = std::minmax_element(w.ys.begin(), w.ys.end());
  EXPECT_TRUE(contains(out, w.xs[mn - w.ys.begin()], *mn));
  EXPECT_TRUE(contains(out, w.xs[mx - w.ys.begin()], *mx));
  for (qsizetype i = 1; i < out.size(); ++i) EXPECT_LE(out[i - 1].x(), out[i].x());
}

TEST(ChartsDecimate, ASingleSpikeSurvives) {
  std::vector<double> xs, ys;
  for (int i = 0; i < 100000; ++i) {
    xs.push_back(i);
    ys.push_back(i == 54321 ? 1e6 : (i == 777 ? -1e6 : 1.0));
  }
  DecimateOptions o{0, 99999, 100, false, false, true};
  const auto out = decimateMinMax(xs, ys, o);
  EXPECT_TRUE(contains(out, 54321, 1e6));
  EXPECT_TRUE(contains(out, 777, -1e6));
  EXPECT_LE(out.size(), 2 * 100 + 2);
}

TEST(ChartsDecimate, ZoomedRangeKeepsExtremesAndEdgeNeighbours) {
  const Walk w = randomWalk(100000, 11);
  DecimateOptions o{25000.5, 30000.5, 300, false, false, true};
  const auto out = decimateMinMax(w.xs, w.ys, o);
  expectKeepsColumnExtremes(w, o, out);
  // The nearest points outside the range keep the line running to the plot's edges.
  EXPECT_EQ(out.front().x(), 25000);
  EXPECT_EQ(out.back().x(), 30001);
  EXPECT_LE(out.size(), 2 * 300 + 2);
}

TEST(ChartsDecimate, LogXColumnsAndLogYDropNonPositive) {
  Walk w = randomWalk(50000, 3, 1);  // x from 1
  for (auto& y : w.ys) y = std::fabs(y) + 0.5;
  DecimateOptions o{1, 50000, 200, true, true, true};
  const auto out = decimateMinMax(w.xs, w.ys, o);
  expectKeepsColumnExtremes(w, o, out);  // columns equally wide in log10(x)
  EXPECT_LE(out.size(), 2 * 200 + 2);

  w.ys[10] = -1;  // cannot sit on a log axis
  for (const auto& p : decimateMinMax(w.xs, w.ys, o)) EXPECT_GT(p.y(), 0);
}

TEST(ChartsDecimate, UnsortedInputStillKeepsExtremesInColumnOrder) {
  Walk w = randomWalk(20000, 5);
  std::mt19937 rng(1);
  std::vector<size_t> perm(w.xs.size());
  std::iota(perm.begin(), perm.end(), 0);
  std::shuffle(perm.begin(), perm.end(), rng);
  Walk shuffled;
  for (size_t i : perm) {
    shuffled.xs.push_back(w.xs[i]);
    shuffled.ys.push_back(w.ys[i]);
  }
  DecimateOptions o{0, 19999, 128, false, false, false};
  const auto out = decimateMinMax(shuffled.xs, shuffled.ys, o);
  expectKeepsColumnExtremes(shuffled, o, out);
  // Columns come out left to right even though the input was not sorted.
  for (qsizetype i = 2; i < out.size(); i += 2)
    EXPECT_LT(std::floor(out[i - 2].x() * 128 / 19999), std::floor(out[i].x() * 128 / 19999) + 1);
}

TEST(ChartsDecimate, SkipsNonFiniteAndHandlesEmptyAndDegenerateRanges) {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  std::vector<double> xs{0, 1, 2, 3}, ys{1, nan, 3, INFINITY};
  DecimateOptions o{0, 3, 10, false, false, true};
  const auto out = decimateMinMax(xs, ys, o);
  EXPECT_EQ(out.size(), 2);
  EXPECT_TRUE(decimateMinMax({}, {}, o).isEmpty());
  std::vector<double> one{5}, oneY{2};
  DecimateOptions same{5, 5, 10, false, false, true};
  EXPECT_EQ(decimateMinMax(one, oneY, same).size(), 1);
}

TEST(ChartsEma, DebiasedAndSkipsNaN) {
  // weight 0 is the raw series.
  EXPECT_EQ(EmaSmoother::smooth(std::vector<double>{1, 2, 3}, 0), (std::vector<double>{1, 2, 3}));
  // Debiased: a constant series stays constant from the first value on.
  for (double v : EmaSmoother::smooth(std::vector<double>(50, 4.0), 0.9))
    EXPECT_NEAR(v, 4.0, 1e-12);
  // TensorBoard's formula: s_k = (w s_{k-1} + (1-w) y_k), divided by 1 - w^k.
  const auto s = EmaSmoother::smooth(std::vector<double>{0, 10}, 0.5);
  EXPECT_DOUBLE_EQ(s[0], 0);
  EXPECT_DOUBLE_EQ(s[1], (0.5 * 0 * 0.5 + 0.5 * 10) / (1 - 0.25));
  EmaSmoother e(0.5);
  EXPECT_TRUE(std::isnan(e.push(std::nan(""))));
  EXPECT_DOUBLE_EQ(e.push(2), 2);
  EXPECT_DOUBLE_EQ(e.push(std::nan("")), 2);
}
