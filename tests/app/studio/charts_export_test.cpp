// Guards issue 6, item 7: charts to PNG (at the chosen DPI), SVG and PDF; the data to CSV with
// a header naming run ids, environment hash and units, and the values exactly as stored.
#include <gtest/gtest.h>

#include <QFile>
#include <QImage>
#include <QTextStream>
#include <QXmlStreamReader>
#include <cmath>
#include <cstring>

#include "charts/chart_panel.h"
#include "charts_support.h"

using d500::studio::ChartPanel;
using namespace d500::test;
using d500::store::ResultStore;
using d500::store::SeriesPoint;

namespace {

QStringList readLines(const std::string& path) {
  QFile f(qs(path));
  EXPECT_TRUE(f.open(QIODevice::ReadOnly | QIODevice::Text));
  QStringList lines;
  QTextStream in(&f);
  while (!in.atEnd()) lines.append(in.readLine());
  return lines;
}

bool sameBits(double a, double b) {
  return std::memcmp(&a, &b, sizeof a) == 0;
}

// Values that print badly with a fixed precision; the CSV must still give them back exactly.
double awkward(int i) {
  switch (i % 6) {
    case 0:
      return 0.1 * i;
    case 1:
      return 1.0 / (3 + i);
    case 2:
      return std::exp(-i * 0.37) * 1e-9;
    case 3:
      return 123456.789 + i * 1e-7;
    case 4:
      return -std::sqrt(2.0 + i);
    default:
      return 5e-324 * (1 + i % 3);
  }
}

struct SeriesStore {
  TempDir dir;
  std::string db = dir.file("export.d500db");
  int64_t a = 0, b = 0;
  SeriesStore() {
    auto w = openRw(db);
    a = addRun(*w, "first");
    b = addRun(*w, "second <b>&amp; \"quoted\"", R"({"d500":1})", R"({"cpu":{"model":"other"}})");
    std::vector<SeriesPoint> pts;
    for (int i = 0; i < 3000; ++i) {
      pts.push_back({0, a, 0, "loss", i, i * 0.013 + awkward(i) * 1e-3, awkward(i)});
      if (i % 3 == 0) pts.push_back({0, b, 1, "loss", i, i * 0.02, awkward(i + 1)});
    }
    w->add_series(pts);
  }
};

}  // namespace

TEST(ChartsExport, CsvHoldsTheStoredPointsExactly) {
  SeriesStore st;
  ChartPanel panel(QStringLiteral("convergence"), qs(st.db), {st.a, st.b});
  const std::string csv = st.dir.file("loss.csv");
  QString error;
  ASSERT_TRUE(panel.exportCsv(qs(csv), &error)) << error.toStdString();
  const QStringList lines = readLines(csv);

  auto s = ResultStore::open(st.db, ResultStore::Mode::ReadOnly);
  const std::string hashA = s.value()->environment(s.value()->run(st.a)->environment_id)->hash;
  const std::string hashB = s.value()->environment(s.value()->run(st.b)->environment_id)->hash;
  // The header names the runs with their environment hashes, and the units.
  const QString header = lines.mid(0, 6).join(QLatin1Char('\n'));
  EXPECT_TRUE(header.contains(QStringLiteral("# run %1").arg(st.a))) << header.toStdString();
  EXPECT_TRUE(header.contains(QStringLiteral("# run %1").arg(st.b)));
  EXPECT_TRUE(header.contains(qs(hashA)));
  EXPECT_TRUE(header.contains(qs(hashB)));
  EXPECT_TRUE(header.contains(QStringLiteral("# units:")));

  // Every stored point, in order, with every number bit-identical.
  std::vector<SeriesPoint> stored = s.value()->series_after(st.a, 0, 1 << 20);
  const auto more = s.value()->series_after(st.b, 0, 1 << 20);
  stored.insert(stored.end(), more.begin(), more.end());
  QStringList data;
  for (const QString& l : lines)
    if (!l.startsWith(QLatin1Char('#'))) data.append(l);
  ASSERT_FALSE(data.isEmpty());
  EXPECT_EQ(data.front(), QStringLiteral("run_id,rank,series,step,wall_time,value"));
  ASSERT_EQ(data.size() - 1, static_cast<qsizetype>(stored.size()));
  for (size_t i = 0; i < stored.size(); ++i) {
    const QStringList f = data[static_cast<qsizetype>(i) + 1].split(QLatin1Char(','));
    ASSERT_EQ(f.size(), 6) << data[static_cast<qsizetype>(i) + 1].toStdString();
    EXPECT_EQ(f[0].toLongLong(), stored[i].run_id);
    EXPECT_EQ(f[1].toInt(), stored[i].rank);
    EXPECT_EQ(f[2], qs(stored[i].name));
    EXPECT_EQ(f[3].toLongLong(), stored[i].step);
    EXPECT_TRUE(sameBits(std::strtod(f[4].toLatin1().constData(), nullptr), stored[i].wall_time))
        << f[4].toStdString();
    EXPECT_TRUE(sameBits(std::strtod(f[5].toLatin1().constData(), nullptr), stored[i].value))
        << f[5].toStdString() << " vs " << stored[i].value;
  }
}

TEST(ChartsExport, TimingsCsvHoldsEveryRawSample) {
  TempDir dir;
  const std::string db = dir.file("t.d500db");
  int64_t run, m1, m2;
  {
    auto w = openRw(db);
    run = addRun(*w, "timings");
    std::vector<double> x, y;
    for (int i = 0; i < 200; ++i) {
      x.push_back(1000 + awkward(i) * 100);
      y.push_back(2000 + i % 17 + awkward(i));
    }
    m1 = addMeasurement(*w, run, "Gemm N=8", "reference/default", R"({"N":8})", x);
    m2 = addMeasurement(*w, run, "Gemm N=8", "other/default", R"({"N":8})", y);
  }
  ChartPanel panel(QStringLiteral("timings"), qs(db), {run});
  QString error;
  ASSERT_TRUE(panel.exportCsv(qs(dir.file("t.csv")), &error)) << error.toStdString();
  auto s = ResultStore::open(db, ResultStore::Mode::ReadOnly);
  std::vector<double> expected = s.value()->samples(m1);
  const auto second = s.value()->samples(m2);
  expected.insert(expected.end(), second.begin(), second.end());
  std::vector<double> got;
  for (const QString& l : readLines(dir.file("t.csv")))
    if (!l.startsWith(QLatin1Char('#')) && !l.startsWith(QStringLiteral("run_id")))
      got.push_back(std::strtod(l.section(QLatin1Char(','), -1).toLatin1().constData(), nullptr));
  ASSERT_EQ(got.size(), expected.size());
  for (size_t i = 0; i < got.size(); ++i) EXPECT_TRUE(sameBits(got[i], expected[i])) << i;
}

TEST(ChartsExport, PngSizeFollowsTheDpi) {
  SeriesStore st;
  ChartPanel panel(QStringLiteral("convergence"), qs(st.db), {st.a});
  panel.refresh();
  QString error;
  // Not on screen: the chart is drawn at its default logical size, 800 x 500 at 96 DPI.
  for (int dpi : {96, 192, 300}) {
    const std::string path = st.dir.file("c" + std::to_string(dpi) + ".png");
    ASSERT_TRUE(panel.exportImage(qs(path), dpi, &error)) << error.toStdString();
    QImage img(qs(path));
    ASSERT_FALSE(img.isNull());
    EXPECT_EQ(img.width(), std::lround(800 * dpi / 96.0)) << dpi;
    EXPECT_EQ(img.height(), std::lround(500 * dpi / 96.0)) << dpi;
    EXPECT_NEAR(img.dotsPerMeterX() * 0.0254, dpi, 0.5);
  }
  // On screen: the size as shown, scaled.
  panel.resize(700, 460);
  panel.show();
  pumpUntil([&] { return panel.isVisible(); }, 2000);
  const std::string shown = st.dir.file("shown.png");
  ASSERT_TRUE(panel.exportImage(qs(shown), 192, &error)) << error.toStdString();
  QImage img(qs(shown));
  EXPECT_GT(img.width(), 1000);
  EXPECT_EQ(img.width() % 2, 0);  // twice the on-screen viewport
  // An unknown format or an unwritable path is an error naming the path.
  EXPECT_FALSE(panel.exportImage(qs(st.dir.file("c.bmpx")), 96, &error));
  EXPECT_TRUE(error.contains(QStringLiteral("c.bmpx")));
  EXPECT_FALSE(panel.exportImage(QStringLiteral("/nonexistent/dir/c.png"), 96, &error));
  EXPECT_TRUE(error.contains(QStringLiteral("/nonexistent/dir/c.png")));
}

TEST(ChartsExport, SvgParsesAndPdfIsAPdf) {
  SeriesStore st;
  // Run names with markup characters end up in the legend; the SVG must stay well-formed.
  ChartPanel panel(QStringLiteral("convergence"), qs(st.db), {st.a, st.b});
  panel.refresh();
  QString error;
  const std::string svg = st.dir.file("c.svg");
  ASSERT_TRUE(panel.exportImage(qs(svg), 96, &error)) << error.toStdString();
  QFile f(qs(svg));
  ASSERT_TRUE(f.open(QIODevice::ReadOnly));
  QXmlStreamReader xml(&f);
  QString root;
  int paths = 0, texts = 0;
  while (!xml.atEnd()) {
    if (xml.readNext() == QXmlStreamReader::StartElement) {
      if (root.isEmpty()) root = xml.name().toString();
      if (xml.name() == QLatin1String("path") || xml.name() == QLatin1String("polyline")) ++paths;
      if (xml.name() == QLatin1String("text")) ++texts;
    }
  }
  EXPECT_FALSE(xml.hasError()) << xml.errorString().toStdString() << " at line "
                               << xml.lineNumber();
  EXPECT_EQ(root, QStringLiteral("svg"));
  EXPECT_GT(paths, 2);
  EXPECT_GT(texts, 3);

  const std::string pdf = st.dir.file("c.pdf");
  ASSERT_TRUE(panel.exportImage(qs(pdf), 300, &error)) << error.toStdString();
  QFile p(qs(pdf));
  ASSERT_TRUE(p.open(QIODevice::ReadOnly));
  EXPECT_TRUE(p.read(5).startsWith("%PDF-"));
  EXPECT_GT(p.size(), 1000);
}
