// Guards issue 6, item 5: "median with a CI band across seeds". The band's statistics against
// the exact binomial coverage counted by brute force, and the chart over a store that the real
// runner wrote while training one network with three seeds: per step, the median and the band
// are those of the three stored values, and the CSV says so.
#include <gtest/gtest.h>

#include <QFile>
#include <QtCharts/QAreaSeries>
#include <QtCharts/QChart>
#include <QtCharts/QChartView>
#include <algorithm>
#include <cmath>
#include <map>

#include "charts/chart_panel.h"
#include "charts/seed_band.h"
#include "charts_support.h"

using d500::studio::BandPoint;
using d500::studio::ChartPanel;
using namespace d500::test;
using d500::store::ResultStore;

namespace {

// P(X(r) <= median <= X(n+1-r)) counted over all 2^n sign patterns (n small).
double bruteCoverage(size_t n, size_t r) {
  double hit = 0;
  for (uint32_t mask = 0; mask < (1u << n); ++mask) {
    const size_t below = size_t(__builtin_popcount(mask));  // samples below the median
    if (below >= r && below <= n - r) hit += 1;
  }
  return hit / double(1u << n);
}

}  // namespace

TEST(ChartsSeeds, SeedNamesSplit) {
  auto s = d500::studio::splitSeedName("test_accuracy@seed12");
  ASSERT_TRUE(s);
  EXPECT_EQ(s->first, "test_accuracy");
  EXPECT_EQ(s->second, 12);
  EXPECT_FALSE(d500::studio::splitSeedName("loss"));
  EXPECT_FALSE(d500::studio::splitSeedName("loss@seed"));
  EXPECT_FALSE(d500::studio::splitSeedName("loss@seedx"));
  EXPECT_FALSE(d500::studio::splitSeedName("@seed1"));
}

TEST(ChartsSeeds, OrderIntervalHasTheExactCoverage) {
  for (size_t n = 1; n <= 20; ++n) {
    const auto ci = d500::studio::medianOrderInterval(n, 0.95);
    ASSERT_GE(ci.loRank, 1u);
    ASSERT_EQ(ci.hiRank, n + 1 - ci.loRank);
    EXPECT_NEAR(ci.coverage, bruteCoverage(n, ci.loRank), 1e-12) << "n=" << n;
    if (n >= 6) {
      EXPECT_GE(ci.coverage, 0.95) << "n=" << n;
      // The next pair inward would fall below 95%: the interval is the narrowest that holds.
      if (2 * (ci.loRank + 1) <= n) EXPECT_LT(bruteCoverage(n, ci.loRank + 1), 0.95) << "n=" << n;
    } else {
      EXPECT_EQ(ci.loRank, 1u) << "fewer than 6 seeds: the range, with its lower coverage";
      EXPECT_LT(ci.coverage, 0.95);
    }
  }
}

TEST(ChartsSeeds, BandFollowsTheSeedsThatHaveAValue) {
  d500::studio::SeedPoints seeds;
  seeds[0] = {{1, 0.5}, {2, 0.7}, {3, 0.9}};
  seeds[1] = {{1, 0.3}, {2, 0.8}};
  seeds[2] = {{2, 0.6}, {1, 0.4}, {3, NAN}};  // out of order; a NaN is no value
  const auto band = d500::studio::seedBand(seeds);
  ASSERT_EQ(band.size(), 3u);
  EXPECT_EQ(band[0].step, 1);
  EXPECT_EQ(band[0].seeds, 3u);
  EXPECT_DOUBLE_EQ(band[0].median, 0.4);
  EXPECT_DOUBLE_EQ(band[0].lo, 0.3);
  EXPECT_DOUBLE_EQ(band[0].hi, 0.5);
  EXPECT_DOUBLE_EQ(band[1].median, 0.7);
  EXPECT_EQ(band[2].seeds, 1u);
  EXPECT_DOUBLE_EQ(band[2].median, 0.9);
}

TEST(ChartsSeeds, ChartOverARealThreeSeedRun) {
  TempDir dir;
  const std::string spec = dir.file("seeds.json");
  std::ofstream(spec) << R"({"d500": 1, "name": "three-seeds", "level": "training", "seed": 7,
    "training": {"dataset": "synthetic",
                 "synthetic": {"samples": 512, "test_samples": 128, "shape": [1, 8, 8], "classes": 4, "noise": 1.0},
                 "network": {"builder": "mlp", "hidden": [16]}, "executor": "reference",
                 "optimizer": {"plugin": "reference", "name": "sgd", "lr": 0.05},
                 "batch": 32, "epochs": 2, "seeds": 3}})";
  const std::string db = dir.file("s.d500db");
  auto r = run({kRunner, "--db", db, "run", spec, "--progress", "none"}, dir.path());
  ASSERT_EQ(r.exit_code, 0) << r.err;

  // What the store holds, per seed and step.
  std::map<std::string, std::map<int64_t, std::vector<double>>> stored;  // series -> step -> values
  {
    auto s = ResultStore::open(db, ResultStore::Mode::ReadOnly).value();
    for (const auto& p : s->series_after(1, 0, 1000000))
      if (auto split = d500::studio::splitSeedName(p.name))
        stored[split->first][p.step].push_back(p.value);
  }
  ASSERT_TRUE(stored.count("loss"));
  ASSERT_TRUE(stored.count("test_accuracy"));

  ChartPanel panel(QStringLiteral("seeds"), qs(db), {1});
  panel.resize(800, 500);
  panel.refresh();
  const QStringList names = panel.availableSeries();
  EXPECT_TRUE(names.contains(QStringLiteral("loss")));
  EXPECT_TRUE(names.contains(QStringLiteral("test_accuracy")));
  for (const QString& n : names) EXPECT_FALSE(n.contains(QLatin1Char('@'))) << n.toStdString();

  // The CSV: one line per step of the series shown (test accuracy by default), median and band
  // equal to those of the stored values.
  const QString csv = QString::fromStdString(dir.file("seeds.csv"));
  QString error;
  ASSERT_TRUE(panel.exportCsv(csv, &error)) << error.toStdString();
  QFile f(csv);
  ASSERT_TRUE(f.open(QIODevice::ReadOnly));
  int rows = 0;
  bool header = false;
  for (const QByteArray& raw : f.readAll().split('\n')) {
    const QString line = QString::fromUtf8(raw);
    if (line.startsWith(QLatin1Char('#')) || line.isEmpty()) continue;
    if (!header) {
      EXPECT_EQ(line,
                QStringLiteral("run_id,rank,series,step,seeds,median,band_low,band_high,coverage"));
      header = true;
      continue;
    }
    const QStringList c = line.split(QLatin1Char(','));
    ASSERT_EQ(c.size(), 9) << line.toStdString();
    EXPECT_EQ(c[2], QStringLiteral("test_accuracy"));
    std::vector<double> values = stored["test_accuracy"][c[3].toLongLong()];
    ASSERT_EQ(size_t(c[4].toInt()), values.size());
    std::sort(values.begin(), values.end());
    EXPECT_EQ(values.size(), 3u) << "every seed evaluates at the same steps";
    EXPECT_DOUBLE_EQ(c[5].toDouble(), values[1]);
    EXPECT_DOUBLE_EQ(c[6].toDouble(), values.front());
    EXPECT_DOUBLE_EQ(c[7].toDouble(), values.back());
    EXPECT_NEAR(c[8].toDouble(), 0.75, 1e-12);  // 1 - 2 / 2^3
    ++rows;
  }
  EXPECT_EQ(rows, int(stored["test_accuracy"].size()));

  // Drawn: one band and one median line per shown series.
  auto* view = panel.findChild<QChartView*>();
  ASSERT_TRUE(view);
  int areas = 0, lines = 0;
  for (auto* s : view->chart()->series()) {
    areas += qobject_cast<QAreaSeries*>(s) != nullptr;
    lines += s->type() == QAbstractSeries::SeriesTypeLine;
  }
  EXPECT_EQ(areas, 1);
  EXPECT_EQ(lines, 1);
  const QString svg = QString::fromStdString(dir.file("seeds.svg"));
  ASSERT_TRUE(panel.exportImage(svg, 96, &error)) << error.toStdString();
  EXPECT_GT(QFile(svg).size(), 1000);
}
