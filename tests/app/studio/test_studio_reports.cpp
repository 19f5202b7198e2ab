// Guards issue 13, item 3: reports people can publish, and the headless export. From real runs by
// the runner (a small operator sweep run twice, a short training): the PDF's text holds every
// table cell unbroken, a 2-run comparison takes a few pages, the HTML report loads in headless
// Chromium with its charts drawn, and `d500-studio --report/--dashboard` write valid files
// without a display and exit as the runner does for each mistake.
#include <QFile>
#include <QImage>
#include <QProcess>
#include <QRegularExpression>
#include <QSet>
#include <QStandardPaths>
#include <QSvgRenderer>
#include <QTest>
#include <QTextDocumentFragment>
#include <QXmlStreamReader>
#include <fstream>

#include "../../support/process.h"
#include "report/report_builder.h"
#include "report/report_writer.h"

using d500::studio::ReportBuilder;
using d500::studio::ReportWriter;

namespace {

const std::string kD500 = std::string(D500_TEST_BINARY_DIR) + "/bin/d500";
const std::string kStudio = std::string(D500_TEST_BINARY_DIR) + "/bin/d500-studio";

QString qs(const std::string& s) {
  return QString::fromStdString(s);
}

// What a tool prints, or a null string when it is not installed or fails.
QString tool(const QString& name, const QStringList& args, int* exitCode = nullptr,
             QString* err = nullptr) {
  const QString path = QStandardPaths::findExecutable(name);
  if (path.isEmpty()) return {};
  QProcess p;
  p.start(path, args);
  if (!p.waitForFinished(120000)) return {};
  if (exitCode) *exitCode = p.exitCode();
  if (err) *err = QString::fromUtf8(p.readAllStandardError());
  return QString::fromUtf8(p.readAllStandardOutput());
}

// pdftotext's text as words are compared: ligatures spelt out, no-break spaces as spaces.
QString normalized(QString s) {
  const QPair<QString, QString> ligatures[] = {{QStringLiteral("\uFB00"), QStringLiteral("ff")},
                                               {QStringLiteral("\uFB01"), QStringLiteral("fi")},
                                               {QStringLiteral("\uFB02"), QStringLiteral("fl")},
                                               {QStringLiteral("\uFB03"), QStringLiteral("ffi")},
                                               {QStringLiteral("\uFB04"), QStringLiteral("ffl")}};
  for (const auto& [from, to] : ligatures) s.replace(from, to);
  s.replace(QChar(0x00A0), QLatin1Char(' '));
  return s;
}

struct Cell {
  QString text;
  bool oneLine;  // class "nw": the whole cell on one line
};

// Every <td>/<th> of the report's tables, as text, with whether it may wrap.
QList<Cell> tableCells(const QString& html) {
  QList<Cell> cells;
  static const QRegularExpression re(QStringLiteral("<t[dh] class=\"(nw|tx)\">(.*?)</t[dh]>"),
                                     QRegularExpression::DotMatchesEverythingOption);
  for (auto it = re.globalMatch(html); it.hasNext();) {
    const auto m = it.next();
    const QString text =
        normalized(QTextDocumentFragment::fromHtml(m.captured(2)).toPlainText()).simplified();
    if (!text.isEmpty()) cells.append({text, m.captured(1) == QLatin1String("nw")});
  }
  return cells;
}

// Whether the image is a drawing: not one colour, and some of it coloured (chart lines).
bool drawn(const QImage& img) {
  if (img.isNull()) return false;
  QSet<QRgb> colours;
  int coloured = 0;
  for (int y = 0; y < img.height(); y += 3)
    for (int x = 0; x < img.width(); x += 3) {
      const QColor c = img.pixelColor(x, y);
      colours.insert(c.rgb());
      coloured += c.hsvSaturation() > 80 && c.value() > 60;
    }
  return colours.size() > 20 && coloured > 50;
}

}  // namespace

class ReportsTest : public QObject {
  Q_OBJECT

  d500::test::TempDir dir_;
  std::string db_ = dir_.file("runs.d500db");

  d500::test::ProcessResult studio(const std::vector<std::string>& args) {
    // No display of any kind: the export must not need one.
    std::vector<std::string> argv = {"/usr/bin/env",    "-u", "DISPLAY",         "-u",
                                     "WAYLAND_DISPLAY", "-u", "QT_QPA_PLATFORM", kStudio};
    argv.insert(argv.end(), args.begin(), args.end());
    return d500::test::run(argv, dir_.path());
  }

 private Q_SLOTS:
  void initTestCase() {
    const std::string sweep = dir_.file("sweep.json");
    std::ofstream(sweep) << R"({"d500": 1, "name": "gemm-small", "level": "operator", "seed": 3,
      "operator": {"op": "Gemm", "inputs": [["N", "N"], ["N", "N"]]},
      "sweep": {"N": [8, 16, 32, 64]}, "implementations": ["reference"], "validate": true,
      "repetition": {"min_samples": 10, "max_samples": 400, "max_seconds": 0.05,
                     "target_rel_ci": 0.02}})";
    const std::string training = dir_.file("training.json");
    std::ofstream(training) << R"({"d500": 1, "name": "syn-train", "level": "training", "seed": 3,
      "training": {"dataset": "synthetic",
        "synthetic": {"samples": 512, "test_samples": 128, "shape": [16], "classes": 4, "noise": 0.4},
        "network": {"builder": "mlp", "hidden": [16]}, "executor": "reference",
        "optimizer": {"plugin": "reference", "name": "adam", "lr": 0.01},
        "batch": 32, "epochs": 2, "seeds": 2, "target_accuracy": 0.6}})";
    for (const std::string& exp : {sweep, sweep, training}) {
      const auto r =
          d500::test::run({kD500, "--db", db_, "run", exp, "--progress=none"}, dir_.path());
      QVERIFY2(r.exit_code == 0, (r.out + r.err).c_str());
    }
  }

  // The cells' text as pdftotext reads it back: a cell kept on one line is on one line whole,
  // and no word of a cell that wraps is broken ("succ eede d" was).
  void pdfHoldsEveryTableCellUnbroken() {
    if (QStandardPaths::findExecutable(QStringLiteral("pdftotext")).isEmpty())
      QSKIP("pdftotext is not installed (poppler-utils)");
    ReportBuilder b(qs(db_), {1, 2});
    QString error;
    QVERIFY2(b.build(ReportBuilder::ChartEmbedding::ImageResource, &error), qPrintable(error));
    const QList<Cell> cells = tableCells(b.html());
    QVERIFY(cells.size() > 100);  // runs, comparison, statistics, validation, environment
    const QString pdf = qs(dir_.file("cmp.pdf"));
    QVERIFY2(ReportWriter::writePdf(qs(db_), {1, 2}, pdf, &error), qPrintable(error));
    const QString text = normalized(
        tool(QStringLiteral("pdftotext"), {QStringLiteral("-layout"), pdf, QStringLiteral("-")}));
    QVERIFY(!text.isEmpty());
    QStringList lines;
    for (const QString& l : text.split(QLatin1Char('\n'))) lines.append(l.simplified());
    const QSet<QString> words = [&] {
      QSet<QString> w;
      for (const QString& t :
           text.split(QRegularExpression(QStringLiteral("\\s+")), Qt::SkipEmptyParts))
        w.insert(t);
      return w;
    }();
    for (const Cell& c : cells) {
      if (c.oneLine) {
        const bool found = std::any_of(lines.begin(), lines.end(),
                                       [&](const QString& l) { return l.contains(c.text); });
        QVERIFY2(found, qPrintable(QStringLiteral("cell not on one line: \"%1\"").arg(c.text)));
      } else {
        for (const QString& w : c.text.split(QLatin1Char(' '), Qt::SkipEmptyParts))
          QVERIFY2(words.contains(w),
                   qPrintable(QStringLiteral("word \"%1\" of \"%2\" broken").arg(w, c.text)));
      }
    }
  }

  // A 2-run comparison of a small sweep in a few pages (17 before), wide tables on landscape.
  void comparisonTakesAFewPages() {
    if (QStandardPaths::findExecutable(QStringLiteral("pdfinfo")).isEmpty())
      QSKIP("pdfinfo is not installed (poppler-utils)");
    const QString pdf = qs(dir_.file("pages.pdf"));
    QString error;
    QVERIFY2(ReportWriter::writePdf(qs(db_), {1, 2}, pdf, &error), qPrintable(error));
    const QString info =
        tool(QStringLiteral("pdfinfo"), {QStringLiteral("-l"), QStringLiteral("99"), pdf});
    const auto pages = QRegularExpression(QStringLiteral("Pages:\\s+(\\d+)")).match(info);
    QVERIFY2(pages.hasMatch(), qPrintable(info));
    QVERIFY2(pages.captured(1).toInt() >= 3 && pages.captured(1).toInt() <= 8, qPrintable(info));
    QVERIFY2(info.contains(QStringLiteral("842 x 595")), qPrintable(info));  // landscape A4
  }

  // Each run's dashboard by its level, with what it says beside its charts, in both outputs.
  void reportHoldsEachLevelsDashboard() {
    ReportBuilder html(qs(db_), {1, 3});
    QString error;
    QVERIFY2(html.build(ReportBuilder::ChartEmbedding::InlineSvg, &error), qPrintable(error));
    QVERIFY(html.html().contains(QStringLiteral("Dashboards")));
    QVERIFY(html.html().count(QStringLiteral("<div class=\"dashboard\">")) == 2);
    QVERIFY(html.html().count(QStringLiteral("<svg")) >= 2);
    QVERIFY(html.html().contains(QStringLiteral("<div class=\"summary\">")));
    ReportBuilder pdf(qs(db_), {1, 3});
    QVERIFY2(pdf.build(ReportBuilder::ChartEmbedding::ImageResource, &error), qPrintable(error));
    QVERIFY(pdf.images().size() >= 2);
    for (const auto& [name, image] : pdf.images()) QVERIFY2(drawn(image), qPrintable(name));
  }

  // The HTML report in a real browser: it loads, its charts are in the page and drawn.
  void htmlReportRendersInChromium() {
    const QString chromium = QStandardPaths::findExecutable(QStringLiteral("chromium"));
    if (chromium.isEmpty()) QSKIP("chromium is not installed (apt-get install chromium)");
    const QString html = qs(dir_.file("cmp.html"));
    QString error;
    QVERIFY2(ReportWriter::writeHtml(qs(db_), {1, 2, 3}, html, &error), qPrintable(error));
    const QStringList common{QStringLiteral("--headless"), QStringLiteral("--disable-gpu"),
                             QStringLiteral("--no-sandbox"),
                             QStringLiteral("--enable-logging=stderr")};
    int code = -1;
    QString err;
    const QString dom =
        tool(QStringLiteral("chromium"),
             common + QStringList{QStringLiteral("--dump-dom"), QStringLiteral("file://") + html},
             &code, &err);
    QVERIFY2(code == 0 && dom.contains(QStringLiteral("</html>")), qPrintable(err));
    QVERIFY(dom.contains(QStringLiteral("d500 comparison")));
    QVERIFY2(dom.count(QStringLiteral("<svg")) >= 4,
             qPrintable(dom.left(400)));                                  // 3 dashboards + overlay
    QVERIFY2(!err.contains(QStringLiteral("CONSOLE")), qPrintable(err));  // no script errors
    const QString png = qs(dir_.file("cmp.png"));
    tool(QStringLiteral("chromium"),
         common + QStringList{QStringLiteral("--screenshot=") + png,
                              QStringLiteral("--window-size=1280,2400"),
                              QStringLiteral("file://") + html},
         &code, &err);
    QVERIFY2(code == 0, qPrintable(err));
    QVERIFY2(drawn(QImage(png)), "the browser drew a blank page");
  }

  // The headless export with no display: each format valid, each mistake its exit code and
  // one line on stderr naming what and where.
  void headlessExportWritesValidFiles() {
    auto r = studio({"--store", db_, "--dashboard", "1", "-o", dir_.file("op.png")});
    QVERIFY2(r.exit_code == 0, r.err.c_str());
    const QImage op(qs(dir_.file("op.png")));
    QCOMPARE(op.size(), QSize(1600, 1000));
    QVERIFY(drawn(op));
    r = studio(
        {"--store", db_, "--dashboard", "3", "-o", dir_.file("train.svg"), "--size", "1200x800"});
    QVERIFY2(r.exit_code == 0, r.err.c_str());
    QXmlStreamReader xml(d500::test::read_file(dir_.file("train.svg")).c_str());
    while (!xml.atEnd()) xml.readNext();
    QVERIFY2(!xml.hasError(), qPrintable(xml.errorString()));
    QSvgRenderer svg(qs(dir_.file("train.svg")));
    QVERIFY(svg.isValid());
    QCOMPARE(svg.viewBox(), QRect(0, 0, 1200, 800));
    r = studio({"--store", db_, "--report", "1,2", "-o", dir_.file("r.pdf")});
    QVERIFY2(r.exit_code == 0, r.err.c_str());
    QVERIFY(d500::test::read_file(dir_.file("r.pdf")).rfind("%PDF-", 0) == 0);
    if (!QStandardPaths::findExecutable(QStringLiteral("pdfinfo")).isEmpty()) {
      int code = -1;
      tool(QStringLiteral("pdfinfo"), {qs(dir_.file("r.pdf"))}, &code);
      QCOMPARE(code, 0);
    }
    r = studio({"--store", db_, "--report", "latest", "-o", dir_.file("r.html")});
    QVERIFY2(r.exit_code == 0, r.err.c_str());
    QVERIFY(d500::test::read_file(dir_.file("r.html")).find("syn-train") != std::string::npos);
  }

  void headlessExportMistakes() {
    std::ofstream(dir_.file("corrupt.d500db")) << "not a database";
    struct Case {
      std::vector<std::string> args;
      int code;
      std::string names;  // what the message must name
    };
    const std::string out = dir_.file("x.png");
    const Case cases[] = {
        {{"--store", db_, "--dashboard", "99", "-o", out}, 3, "99"},
        {{"--store", db_, "--report", "1,abc", "-o", dir_.file("x.pdf")}, 3, "abc"},
        {{"--store", dir_.file("missing.d500db"), "--report", "1", "-o", dir_.file("x.pdf")},
         4,
         "missing.d500db"},
        {{"--store", dir_.file("corrupt.d500db"), "--dashboard", "1", "-o", out},
         4,
         "corrupt.d500db"},
        {{"--store", db_, "--dashboard", "1", "-o", dir_.file("x.txt")}, 2, "x.txt"},
        {{"--store", db_, "--report", "1", "-o", dir_.file("x.png")}, 2, "x.png"},
        {{"--store", db_, "--dashboard", "1,2", "-o", out}, 2, "one run"},
        {{"--store", db_, "--dashboard", "1", "-o", out, "--size", "big"}, 2, "big"},
        {{"--store", db_, "--dashboard", "1"}, 2, "-o"},
        {{"--dashboard", "1", "-o", out}, 2, "--store"},
        {{"--store", db_, "--report", "1", "--dashboard", "1", "-o", out}, 2, "choose one"},
        {{"--store", db_, "--report", "1", "-o", "/nonexistent/dir/r.pdf"},
         3,
         "/nonexistent/dir/r.pdf"},
        {{"--store", db_, "--report", "1", "-o", out, "--no-such-option"}, 2, "no-such-option"},
    };
    for (const Case& c : cases) {
      const auto r = studio(c.args);
      const std::string what = c.args[c.args.size() > 3 ? 3 : 1] + ": " + r.err;
      QVERIFY2(r.signal == 0, what.c_str());
      QVERIFY2(r.exit_code == c.code, (std::to_string(r.exit_code) + " for " + what).c_str());
      QVERIFY2(r.err.find(c.names) != std::string::npos, what.c_str());
      QVERIFY2(std::count(r.err.begin(), r.err.end(), '\n') == 1, what.c_str());  // one message
    }
    QVERIFY(!QFile::exists(qs(dir_.file("x.txt"))));
  }

  // --help lists the exports, without a display.
  void helpListsTheExports() {
    const auto r = studio({"--help"});
    QCOMPARE(r.exit_code, 0);
    for (const char* o : {"--report", "--dashboard", "--output", "--size"})
      QVERIFY2(r.out.find(o) != std::string::npos, o);
  }
};

QTEST_MAIN(ReportsTest)
#include "test_studio_reports.moc"
