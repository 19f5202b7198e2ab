// Screenshots of every chart kind and the comparison view over a store written by the real
// runner (an operator sweep, run twice, and a probe for the roofline) plus a training-like
// series. Skipped unless D500_SCREENSHOT_DIR names a folder: it documents, it asserts little.
#include <gtest/gtest.h>

#include <QDir>
#include <QPainter>
#include <QPixmap>
#include <QTextDocument>
#include <QUrl>
#include <cmath>
#include <random>

#include "charts/chart_panel.h"
#include "charts_support.h"
#include "report/report_builder.h"
#include "views/compare_view.h"

using d500::studio::ChartPanel;
using d500::studio::CompareView;
using namespace d500::test;
using d500::store::SeriesPoint;

TEST(ChartsScreenshot, EveryKindAndTheComparison) {
  const char* out = std::getenv("D500_SCREENSHOT_DIR");
  if (!out) GTEST_SKIP() << "set D500_SCREENSHOT_DIR to write screenshots";
  QDir().mkpath(QString::fromLocal8Bit(out));
  TempDir dir;
  const std::string db = dir.file("shots.d500db");
  ASSERT_EQ(run({kRunner, "--db", db, "probe", "--max-seconds", "0.3"}, dir.path()).exit_code, 0);
  const std::string exp = gemmSweep(dir, 6, 0.1);
  for (int i = 0; i < 2; ++i)
    ASSERT_EQ(run({kRunner, "--db", db, "run", exp, "--progress", "none"}, dir.path()).exit_code,
              0);
  int64_t train;
  {
    auto w = openRw(db);
    train = addRun(*w, "sgd-vs-noise");
    std::mt19937 rng(5);
    std::normal_distribution<double> noise(0, 0.08);
    std::vector<SeriesPoint> pts;
    for (int i = 0; i < 20000; ++i) {
      const double loss = 2.3 * std::exp(-i / 4000.0) + 0.15 + noise(rng) * std::exp(-i / 9000.0);
      pts.push_back({0, train, 0, "loss", i, i * 0.012, loss});
      if (i % 500 == 0)
        pts.push_back(
            {0, train, 0, "test_accuracy", i, i * 0.012, 0.95 - 0.85 * std::exp(-i / 3000.0)});
      if (i % 50 == 0)
        pts.push_back({0, train, 0, "samples_per_s", i, i * 0.012, 5200 + 300 * noise(rng) / 0.08});
    }
    w->add_series(pts);
  }
  auto shoot = [&](QWidget& w, const char* name) {
    w.resize(900, 560);
    w.show();
    pumpUntil([] { return false; }, 300);
    EXPECT_TRUE(w.grab().save(QString::fromLocal8Bit(out) + QLatin1Char('/') + QLatin1String(name) +
                              QStringLiteral(".png")));
  };
  ChartPanel convergence(QStringLiteral("convergence"), qs(db), {train});
  ChartPanel throughput(QStringLiteral("throughput"), qs(db), {train});
  // The runs: 1 is the probe, 2 and 3 the sweep and its rerun.
  ChartPanel timings(QStringLiteral("timings"), qs(db), {2, 3});
  ChartPanel sweep(QStringLiteral("sweep"), qs(db), {2, 3});
  ChartPanel roofline(QStringLiteral("roofline"), qs(db), {2});
  for (ChartPanel* p : {&convergence, &throughput, &timings, &sweep, &roofline}) p->refresh();
  shoot(convergence, "convergence");
  shoot(throughput, "throughput");
  shoot(timings, "timings");
  shoot(sweep, "sweep");
  shoot(roofline, "roofline");
  CompareView compare(qs(db), {2, 3});
  shoot(compare, "compare");
  QString error;
  EXPECT_TRUE(sweep.exportImage(QString::fromLocal8Bit(out) + QStringLiteral("/sweep-150dpi.png"),
                                150, &error));
  EXPECT_TRUE(
      compare.exportHtml(QString::fromLocal8Bit(out) + QStringLiteral("/report.html"), &error));
  EXPECT_TRUE(
      compare.exportPdf(QString::fromLocal8Bit(out) + QStringLiteral("/report.pdf"), &error));
  // What the PDF's pages hold, as images (no PDF renderer needed to look at them).
  d500::studio::ReportBuilder builder(qs(db), {2, 3});
  ASSERT_TRUE(builder.build(d500::studio::ReportBuilder::ChartEmbedding::ImageResource, &error));
  QTextDocument doc;
  for (const auto& [name, image] : builder.images())
    doc.addResource(QTextDocument::ImageResource, QUrl(name), image);
  doc.setHtml(builder.html());
  const QSizeF page(794, 1123);  // A4 at 96 DPI
  doc.setPageSize(page);
  for (int i = 0; i < std::min(3, doc.pageCount()); ++i) {
    QImage img(page.toSize(), QImage::Format_RGB32);
    img.fill(Qt::white);
    QPainter p(&img);
    p.translate(0, -i * page.height());
    doc.drawContents(&p, QRectF(QPointF(0, i * page.height()), page));
    p.end();
    img.save(QString::fromLocal8Bit(out) + QStringLiteral("/report-page%1.png").arg(i + 1));
  }
}
