// Guards issue 6, items 5 and 7: CSV numbers read back bit for bit, the box plot's whisker rule,
// where sweep points sit on the x axis, and chart settings that reproduce the view exactly.
#include <gtest/gtest.h>

#include <QJsonDocument>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <vector>

#include "charts/box_stats.h"
#include "charts/chart_options.h"
#include "charts/csv_export.h"
#include "charts/csv_format.h"
#include "charts/sweep_axis.h"

using namespace d500::studio;

TEST(ChartsCsv, NumbersRoundTripExactly) {
  const std::vector<double> values{0.1,
                                   1.0 / 3,
                                   1e-300,
                                   5e-324,
                                   -0.0,
                                   123456789.123456789,
                                   2.5e-7,
                                   1e22,
                                   0.30000000000000004,
                                   -1.7976931348623157e308};
  for (double v : values) {
    const QByteArray text = csv::number(v).toLatin1();
    const double back = std::strtod(text.constData(), nullptr);
    EXPECT_EQ(std::memcmp(&back, &v, sizeof v), 0) << text.constData();
  }
  EXPECT_EQ(csv::number(0.1), QStringLiteral("0.1"));  // shortest, not 0.10000000000000001
  EXPECT_EQ(csv::number(std::nan("")), QStringLiteral("nan"));
}

// The studio's CSV goes through the CSV reporter: notes as comment lines (one line each, whatever
// they hold), fields quoted when they need it.
TEST(ChartsCsv, ExportsQuoteFieldsAndKeepNotesOnOneLine) {
  CsvExport out(QStringLiteral("d500 chart data: sweep"));
  out.note(QStringLiteral("run 1: two\nlines"));
  out.row({QStringLiteral("subject"), QStringLiteral("point")});
  out.row({QStringLiteral("Gemm N=64"), QStringLiteral("{\"N\":64,\"K\":3}")});
  out.row({QStringLiteral("a\nb"), QStringLiteral("y,z")});
  EXPECT_EQ(out.text(),
            "# d500 chart data: sweep\n# run 1: two\\nlines\nsubject,point\n"
            "Gemm N=64,\"{\"\"N\"\":64,\"\"K\"\":3}\"\n\"a\nb\",\"y,z\"\n");
}

TEST(ChartsBoxStats, TukeyWhiskersReachTheLastSampleInsideTheFences) {
  // Type 7 quartiles: q1 = 2.5, q3 = 4.5, IQR 2, fences -0.5 and 7.5.
  std::vector<double> xs{1, 2, 3, 3, 4, 5, 40};
  std::sort(xs.begin(), xs.end());
  const BoxStats b = BoxStats::fromSorted(xs);
  EXPECT_EQ(b.n, 7u);
  EXPECT_DOUBLE_EQ(b.median, 3);
  EXPECT_DOUBLE_EQ(b.lowerWhisker, 1);
  EXPECT_DOUBLE_EQ(b.upperWhisker, 5);  // 40 lies beyond q3 + 1.5 IQR
  EXPECT_EQ(b.nOutliers, 1u);
  EXPECT_DOUBLE_EQ(b.max, 40);
  EXPECT_EQ(BoxStats::whiskerRule(), QStringLiteral("whiskers: 1.5 IQR (Tukey)"));
  EXPECT_EQ(BoxStats::fromSorted({}).n, 0u);
}

TEST(ChartsSweepAxis, OneNumericVariableIsNumeric) {
  const auto a = SweepAxis::fromPoints(
      {QStringLiteral("{\"N\":64}"), QStringLiteral("{\"N\": 8}"), QStringLiteral("{\"N\":512}")},
      {QStringLiteral("Gemm N=64"), QStringLiteral("Gemm N=8"), QStringLiteral("Gemm N=512")});
  EXPECT_TRUE(a.numeric());
  EXPECT_EQ(a.title(), QStringLiteral("N"));
  EXPECT_EQ(a.x(QStringLiteral("{\"N\":8}")), 8);  // spelled differently, same point
  // A constant second variable does not make it categorical.
  const auto b = SweepAxis::fromPoints(
      {QStringLiteral("{\"N\":64,\"K\":3}"), QStringLiteral("{\"N\":128,\"K\":3}")}, {});
  EXPECT_TRUE(b.numeric());
  EXPECT_EQ(b.title(), QStringLiteral("N"));
}

TEST(ChartsSweepAxis, ProblemListsAreCategoriesInOrder) {
  const auto a = SweepAxis::fromPoints(
      {QStringLiteral("{\"M\":64,\"N\":32}"), QStringLiteral("{\"M\":16,\"N\":512}"),
       QStringLiteral("{\"M\":64,\"N\":32}")},
      {QStringLiteral("first"), QStringLiteral("second"), QStringLiteral("first again")});
  EXPECT_FALSE(a.numeric());
  // Labelled with their shapes; in the order of the experiment's list when it is given.
  EXPECT_EQ(a.categories(),
            (QStringList{QStringLiteral("M=64 N=32"), QStringLiteral("M=16 N=512")}));
  EXPECT_EQ(a.x(QStringLiteral("{\"N\":512,\"M\":16}")), 1);
  EXPECT_TRUE(std::isnan(a.x(QStringLiteral("{\"M\":1}"))));
  const auto listed = SweepAxis::fromPoints(
      {QStringLiteral("{\"M\":64,\"N\":32}"), QStringLiteral("{\"M\":16,\"N\":512}")}, {},
      {QStringLiteral("{\"N\": 512, \"M\": 16}"), QStringLiteral("{\"M\":1,\"N\":1}"),
       QStringLiteral("{\"M\":64,\"N\":32}")});
  EXPECT_EQ(listed.categories(),
            (QStringList{QStringLiteral("M=16 N=512"), QStringLiteral("M=64 N=32")}));
  // Points that are not shapes keep their subjects.
  const auto named =
      SweepAxis::fromPoints({QStringLiteral("{\"kind\":\"latency\",\"batch\":1}"),
                             QStringLiteral("{\"kind\":\"node\",\"batch\":1}")},
                            {QStringLiteral("latency b=1"), QStringLiteral("node conv1")});
  EXPECT_EQ(named.categories(),
            (QStringList{QStringLiteral("latency b=1"), QStringLiteral("node conv1")}));
}

TEST(ChartsOptions, JsonRoundTripIsExact) {
  ChartOptions o;
  o.series = {QStringLiteral("loss"), QStringLiteral("test_accuracy")};
  o.x = ChartOptions::XAxis::WallTime;
  o.logY = true;
  o.smoothing = 0.85;
  o.zoomed = true;
  o.xMin = 1.25;
  o.xMax = 1e6;
  o.yMin = 0.001;
  o.yMax = 3.5;
  // Through text, as a project file stores it.
  const QJsonObject j = QJsonDocument::fromJson(QJsonDocument(o.toJson()).toJson()).object();
  EXPECT_EQ(ChartOptions::fromJson(j, ChartOptions()), o);
  // Without a zoom the axes follow the data again.
  ChartOptions unzoomed = o;
  unzoomed.zoomed = false;
  EXPECT_FALSE(ChartOptions::fromJson(unzoomed.toJson(), o).zoomed);
}
