// Guards issue 35, item 17: a run measured on a busy machine says so on its dashboard (a banner
// above the charts, training and operator dashboards alike) and in every report (HTML and PDF),
// not only in Compare ▸ Environment; a quiet run shows no banner.
#include "dashboards/load_banner.h"

#include <gtest/gtest.h>

#include <QFile>
#include <QStandardPaths>

#include "charts/chart_kind.h"
#include "charts/chart_tab.h"
#include "charts_support.h"
#include "d500/env/machine_load.h"
#include "report/report_writer.h"

using namespace d500::test;
using d500::studio::ChartKindRegistry;
using d500::studio::ChartTab;
using d500::studio::LoadBanner;
using d500::studio::ReportWriter;

namespace {

struct LoadStore {
  TempDir dir;
  std::string db = dir.file("load.d500db");
  int64_t quiet = 0, busy = 0, busyOperator = 0;

  LoadStore() {
    const char* env = R"({"cpu":{"model":"X","logical_cpus":2}})";
    auto w = openRw(db);
    quiet = addRun(*w, "quiet", R"({"d500":1})", env);
    busy = addRun(*w, "busy", R"({"d500":1})", env);
    d500::store::RunInfo op;
    op.name = "busy operator";
    op.level = "operator";
    op.spec_json = R"({"d500":1})";
    op.environment_id = w->put_environment(env);
    busyOperator = w->create_run(op);
    w->start_run(busyOperator);
    for (int64_t r : {quiet, busy, busyOperator})
      addMeasurement(*w, r, "Gemm N=64", "reference/default", R"({"N":64})", {1000, 1100, 1200});
    // others_cpu (cores' worth of other processes' CPU) 0.02 quietly, 1.8-1.9 of 2 cores busily.
    d500::env::store_load(*w, quiet, {{0.5, 1.0, 0.02, 0, 10}, {1.0, 1.0, 0.03, 0, 10}});
    for (int64_t r : {busy, busyOperator})
      d500::env::store_load(*w, r, {{0.5, 2.9, 1.80, 0, 900}, {1.0, 3.1, 1.90, 0, 950}});
  }
};

QLabel* bannerOf(ChartTab* tab) {
  return tab->findChild<QLabel*>(QStringLiteral("loadBanner"));
}

ChartTab* openDashboard(const QString& kind, const std::string& db, qint64 run) {
  ChartTab* tab = ChartKindRegistry::studio().find(kind)->create(qs(db), {run});
  tab->resize(1400, 900);
  tab->show();
  tab->refresh();
  pumpUntil([] { return false; }, 50);
  return tab;
}

QString readAll(const std::string& path) {
  QFile f(qs(path));
  if (!f.open(QIODevice::ReadOnly)) return {};
  return QString::fromUtf8(f.readAll());
}

}  // namespace

TEST(LoadBanner, ABusyRunSaysSoAboveItsDashboard) {
  LoadStore st;
  for (const auto& [kind, run] : {std::pair{QStringLiteral("training"), st.busy},
                                  std::pair{QStringLiteral("operator"), st.busyOperator}}) {
    std::unique_ptr<ChartTab> tab(openDashboard(kind, st.db, run));
    QLabel* banner = bannerOf(tab.get());
    ASSERT_TRUE(banner) << kind.toStdString();
    EXPECT_TRUE(banner->isVisible()) << kind.toStdString();
    EXPECT_TRUE(banner->text().contains(QStringLiteral("busy machine")))
        << banner->text().toStdString();
    EXPECT_TRUE(banner->text().contains(QStringLiteral("1.85 of 2 cores")))
        << banner->text().toStdString();
  }
}

TEST(LoadBanner, AQuietRunShowsNone) {
  LoadStore st;
  std::unique_ptr<ChartTab> tab(openDashboard(QStringLiteral("training"), st.db, st.quiet));
  QLabel* banner = bannerOf(tab.get());
  ASSERT_TRUE(banner);
  EXPECT_FALSE(banner->isVisible()) << banner->text().toStdString();
  auto s = d500::store::ResultStore::open(st.db, d500::store::ResultStore::Mode::ReadOnly).value();
  EXPECT_TRUE(LoadBanner::text(*s, st.quiet).isEmpty());
}

TEST(LoadBanner, EveryReportSaysWhichRunWasBusy) {
  LoadStore st;
  QString error;
  const std::string html = st.dir.file("r.html");
  ASSERT_TRUE(ReportWriter::writeHtml(qs(st.db), {st.quiet, st.busy}, qs(html), &error))
      << error.toStdString();
  const QString page = readAll(html);
  EXPECT_EQ(page.count(QStringLiteral("class=\"busy\"")), 1);
  const int warning = page.indexOf(QStringLiteral("busy machine"));
  ASSERT_GE(warning, 0);
  EXPECT_TRUE(page.mid(warning - 400, 400).contains(QStringLiteral("busy"))) << "names the run";
  // Before any number: above the comparison and the statistics.
  EXPECT_LT(warning, page.indexOf(QStringLiteral("<h2>Comparison</h2>")));
  const std::string quietOnly = st.dir.file("q.html");
  ASSERT_TRUE(ReportWriter::writeHtml(qs(st.db), {st.quiet}, qs(quietOnly), &error));
  EXPECT_FALSE(readAll(quietOnly).contains(QStringLiteral("busy machine")));
  const std::string pdf = st.dir.file("r.pdf");
  ASSERT_TRUE(ReportWriter::writePdf(qs(st.db), {st.busy}, qs(pdf), &error)) << error.toStdString();
  const QString pdftotext = QStandardPaths::findExecutable(QStringLiteral("pdftotext"));
  if (pdftotext.isEmpty()) GTEST_SKIP() << "pdftotext (poppler-utils) is not installed";
  auto text = run({pdftotext.toStdString(), pdf, "-"}, st.dir.path());
  ASSERT_EQ(text.exit_code, 0) << text.err;
  EXPECT_NE(text.out.find("busy machine"), std::string::npos) << text.out.substr(0, 2000);
}
