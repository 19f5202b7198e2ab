// Guards issue 6, item 7: "a report of a run or a comparison as one self-contained HTML file (SVG
// charts embedded, environment, statistics, validation verdicts, the experiment file) and as PDF.
// Every user string in HTML escaped."
#include "report/report_writer.h"

#include <gtest/gtest.h>

#include <QFile>
#include <QRegularExpression>
#include <QXmlStreamReader>

#include "charts_support.h"

using d500::studio::ReportWriter;
using namespace d500::test;
using d500::store::SeriesPoint;

namespace {

const std::string kEvil = R"(<script>alert("x")</script> & 'q')";
const QString kEvilEscaped =
    QStringLiteral("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;q&#39;");

struct ReportStore {
  TempDir dir;
  std::string db = dir.file("report.d500db");
  int64_t a = 0, b = 0;
  ReportStore() {
    auto w = openRw(db);
    const std::string spec = R"({"d500":1,"name":"evil","description":")" +
                             std::string(R"(<script>alert(\"x\")</script> & 'q')") + R"("})";
    a = addRun(*w, kEvil, spec, R"({"cpu":{"model":"<img src=x onerror=alert(1)>"},"host":"h"})");
    b = addRun(*w, "second", spec, R"({"cpu":{"model":"other"},"host":"h"})");
    for (int64_t run : {a, b}) {
      std::vector<double> fast, slow;
      for (int i = 0; i < 40; ++i) {
        fast.push_back(1000 + (i * 37) % 50);
        slow.push_back(2000 + (i * 53) % 80);
      }
      const int64_t m = addMeasurement(*w, run, kEvil, "reference/default", R"({"N":64})",
                                       run == a ? slow : fast, 2.0 * 64 * 64 * 64, 3 * 64 * 64 * 4);
      addMeasurement(*w, run, "Gemm N=128", "reference/default", R"({"N":128})",
                     run == a ? slow : fast, 2.0 * 128 * 128 * 128, 3 * 128 * 128 * 4);
      d500::store::ValidationRow v;
      v.run_id = run;
      v.measurement_id = m;
      v.subject = kEvil;
      v.metric = "forward_rel_l2[0]";
      v.value = 1e-7;
      v.tolerance = 1e-5;
      v.passed = run == a;
      v.detail = kEvil;
      w->add_validation(v);
      std::vector<SeriesPoint> pts;
      for (int i = 0; i < 200; ++i) pts.push_back({0, run, 0, kEvil, i, i * 0.1, 1.0 / (1 + i)});
      w->add_series(pts);
    }
  }
};

QString readAll(const std::string& path) {
  QFile f(qs(path));
  EXPECT_TRUE(f.open(QIODevice::ReadOnly));
  return QString::fromUtf8(f.readAll());
}

}  // namespace

TEST(ReportWriter, HtmlIsSelfContainedAndEscapesEveryUserString) {
  ReportStore st;
  const std::string path = st.dir.file("report.html");
  QString error;
  ASSERT_TRUE(ReportWriter::writeHtml(qs(st.db), {st.a, st.b}, qs(path), &error))
      << error.toStdString();
  const QString html = readAll(path);
  // Nothing executable and nothing fetched: no script, no external resources.
  const auto script = html.indexOf(QStringLiteral("<script"), 0, Qt::CaseInsensitive);
  EXPECT_LT(script, 0) << html.mid(std::max<qsizetype>(0, script - 300), 400).toStdString();
  EXPECT_FALSE(html.contains(QStringLiteral("<img src=x"), Qt::CaseInsensitive));
  EXPECT_FALSE(html.contains(QStringLiteral("<link"), Qt::CaseInsensitive));
  EXPECT_FALSE(html.contains(QRegularExpression(QStringLiteral("(src|href)=\"https?:"))));
  // The user strings are there, as text.
  EXPECT_TRUE(html.contains(kEvilEscaped));
  EXPECT_TRUE(html.contains(QStringLiteral("&lt;img src=x onerror=alert(1)&gt;")));
  // What a report must hold: runs, comparison, environment diff, statistics, validation,
  // charts as inline SVG, the experiment file.
  for (const char* part : {"Runs", "Comparison", "What changed in the environment", "Statistics",
                           "Validation", "Environment", "Experiment file", "FAILED", "faster"})
    EXPECT_TRUE(html.contains(QLatin1String(part))) << part;
  EXPECT_TRUE(html.contains(QStringLiteral("cpu.model")));
  const auto svgs = html.count(QStringLiteral("<svg"));
  EXPECT_GE(svgs, 3);  // convergence, timings, sweep (and the roofline without a roof)
  // Every inline SVG is well-formed XML on its own.
  qsizetype from = 0;
  for (int i = 0; i < svgs; ++i) {
    const auto start = html.indexOf(QStringLiteral("<svg"), from);
    const auto end = html.indexOf(QStringLiteral("</svg>"), start);
    ASSERT_GT(end, start);
    QXmlStreamReader xml(html.mid(start, end + 6 - start));
    while (!xml.atEnd()) xml.readNext();
    EXPECT_FALSE(xml.hasError()) << "svg " << i << ": " << xml.errorString().toStdString() << " at "
                                 << xml.lineNumber() << ":" << xml.columnNumber() << "\n"
                                 << html.mid(start, end + 6 - start)
                                        .split(QLatin1Char('\n'))
                                        .value(static_cast<int>(xml.lineNumber()) - 1)
                                        .left(300)
                                        .toStdString();
    from = end;
  }
}

TEST(ReportWriter, OneRunAndPdf) {
  ReportStore st;
  QString error;
  const std::string html = st.dir.file("one.html");
  ASSERT_TRUE(ReportWriter::writeHtml(qs(st.db), {st.b}, qs(html), &error)) << error.toStdString();
  EXPECT_TRUE(readAll(html).contains(QStringLiteral("d500 report")));
  const std::string pdf = st.dir.file("two.pdf");
  ASSERT_TRUE(ReportWriter::writePdf(qs(st.db), {st.a, st.b}, qs(pdf), &error))
      << error.toStdString();
  QFile f(qs(pdf));
  ASSERT_TRUE(f.open(QIODevice::ReadOnly));
  EXPECT_TRUE(f.read(5).startsWith("%PDF-"));
  EXPECT_GT(f.size(), 10000);  // with the chart images
}

TEST(ReportWriter, ErrorsNameTheStoreOrTheRun) {
  ReportStore st;
  QString error;
  EXPECT_FALSE(ReportWriter::writeHtml(qs(st.dir.file("missing.d500db")), {1},
                                       qs(st.dir.file("r.html")), &error));
  EXPECT_TRUE(error.contains(QStringLiteral("missing.d500db"))) << error.toStdString();
  EXPECT_FALSE(ReportWriter::writeHtml(qs(st.db), {999}, qs(st.dir.file("r.html")), &error));
  EXPECT_TRUE(error.contains(QStringLiteral("999"))) << error.toStdString();
  EXPECT_FALSE(
      ReportWriter::writePdf(qs(st.db), {st.a}, QStringLiteral("/nonexistent/r.pdf"), &error));
  EXPECT_TRUE(error.contains(QStringLiteral("/nonexistent/r.pdf"))) << error.toStdString();
}
