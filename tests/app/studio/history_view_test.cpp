// Issue 31, item 5: the studio's History view lists every series of the store with the largest
// recent change first; it draws the selected series with a CI bar per run and a labelled marker
// per change point; clicking a run's point asks to open that run; clicking a change shows its
// environment diff and both sides' samples, from where the rerun to confirm it is asked for; the
// view keeps its series and axis in the project; a store without operator runs and an unknown
// axis are said on the status line. Offscreen; screenshots when D500_SCREENSHOT_DIR is set.
#include <gtest/gtest.h>

#include <QChart>
#include <QDir>
#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QScatterSeries>
#include <QTableWidget>
#include <nlohmann/json.hpp>

#include "charts/chart_kind.h"
#include "charts_support.h"
#include "history/change_dialog.h"
#include "history/history_tab.h"
#include "report/report_builder.h"

using d500::studio::ChangeDialog;
using d500::studio::ChartKindRegistry;
using d500::studio::HistoryTab;
using namespace d500::test;

namespace {

// Gemm N=64: 8 runs at 1.00 µs on reference 1.0, then 8 at 1.15 µs on 1.1; Gemm N=128: 16 runs
// at 4 µs, unchanged. 30 samples per run with a fixed spread.
void historyStore(const std::string& db) {
  auto s = openRw(db);
  for (int i = 0; i < 16; ++i) {
    const std::string version = i < 8 ? "1.0" : "1.1";
    const nlohmann::json env = {{"cpu", {{"model", "Test CPU"}, {"logical_cpus", 4}}},
                                {"plugins", {{"reference", {{"version", version}}}}}};
    d500::store::RunInfo r;
    r.name = "gemm";
    r.level = "operator";
    r.environment_id = s->put_environment(env.dump());
    const int64_t id = s->create_run(r);
    s->start_run(id);
    for (const auto& [n, level] : {std::pair{64, i < 8 ? 1000.0 : 1150.0}, {128, 4000.0}}) {
      std::vector<double> x;
      for (int k = 0; k < 30; ++k) x.push_back(level + (k * 7 + i * 3) % 11);
      addMeasurement(*s, id, "Gemm N=" + std::to_string(n), "reference/default",
                     "{\"N\":" + std::to_string(n) + "}", x);
    }
    s->finish_run(id, d500::store::RunStatus::Succeeded, 0, "");
  }
}

std::unique_ptr<HistoryTab> historyTab(const std::string& db) {
  const auto* kind = ChartKindRegistry::studio().find(QStringLiteral("history"));
  EXPECT_NE(kind, nullptr);
  return std::unique_ptr<HistoryTab>(static_cast<HistoryTab*>(kind->create(qs(db), {})));
}

QScatterSeries* scatterNamed(QChart* chart, const QString& prefix) {
  for (auto* s : chart->series())
    if (auto* sc = qobject_cast<QScatterSeries*>(s); sc && sc->name().startsWith(prefix)) return sc;
  return nullptr;
}

void screenshot(QWidget& w, const char* name, QSize size) {
  const char* out = std::getenv("D500_SCREENSHOT_DIR");
  if (!out) return;
  QDir().mkpath(QString::fromLocal8Bit(out));
  w.resize(size);
  w.show();
  pumpUntil([] { return false; }, 300);
  EXPECT_TRUE(w.grab().save(QString::fromLocal8Bit(out) + QLatin1Char('/') + QLatin1String(name) +
                            QStringLiteral(".png")));
}

}  // namespace

TEST(HistoryView, ListsTheLargestChangeFirstAndDrawsItsSeries) {
  TempDir dir;
  const std::string db = dir.file("h.d500db");
  historyStore(db);
  auto tab = historyTab(db);
  const QTableWidget* table = tab->table();
  ASSERT_EQ(table->rowCount(), 2);
  EXPECT_EQ(table->item(0, 0)->text(), QStringLiteral("gemm · reference/default · Gemm N=64"));
  EXPECT_TRUE(table->item(0, 3)->text().startsWith(QStringLiteral("+14.9%")))
      << qPrintable(table->item(0, 3)->text());
  EXPECT_EQ(table->item(0, 6)->text(), QStringLiteral("8 → 9"));
  EXPECT_EQ(table->item(1, 3)->text(), QStringLiteral("none"));
  EXPECT_EQ(tab->shownSeries(), 0);
  ASSERT_NE(scatterNamed(tab->chart(), QStringLiteral("median")), nullptr);
  EXPECT_EQ(scatterNamed(tab->chart(), QStringLiteral("median"))->count(), 16);
  QScatterSeries* mark = scatterNamed(tab->chart(), QStringLiteral("change point"));
  ASSERT_NE(mark, nullptr);
  EXPECT_TRUE(mark->pointLabelsFormat().startsWith(QStringLiteral("+14.9%")))
      << qPrintable(mark->pointLabelsFormat());
  ASSERT_EQ(tab->changeList()->count(), 1);
  EXPECT_TRUE(tab->changeList()->item(0)->text().endsWith(QStringLiteral("(runs 8 → 9)")));
  screenshot(*tab, "history_view", {1100, 760});

  tab->showSeries(1);
  EXPECT_EQ(scatterNamed(tab->chart(), QStringLiteral("change point")), nullptr);
  EXPECT_EQ(tab->changeList()->item(0)->text(), QStringLiteral("No change point"));
}

TEST(HistoryView, APointOpensItsRunAndAChangeShowsItsDiffAndQueuesItsConfirmation) {
  TempDir dir;
  const std::string db = dir.file("h.d500db");
  historyStore(db);
  auto tab = historyTab(db);
  qint64 opened = 0, before = 0, after = 0;
  QObject::connect(tab.get(), &HistoryTab::openRunRequested, [&](qint64 id) { opened = id; });
  QObject::connect(tab.get(), &HistoryTab::confirmRequested, [&](qint64 a, qint64 b) {
    before = a;
    after = b;
  });
  QScatterSeries* medians = scatterNamed(tab->chart(), QStringLiteral("median"));
  ASSERT_NE(medians, nullptr);
  Q_EMIT medians->clicked(medians->at(3));  // the 4th run's point
  EXPECT_EQ(opened, 4);

  QScatterSeries* mark = scatterNamed(tab->chart(), QStringLiteral("change point"));
  ASSERT_NE(mark, nullptr);
  Q_EMIT mark->clicked(mark->at(0));
  const auto dialogs = tab->findChildren<ChangeDialog*>();
  ASSERT_EQ(dialogs.size(), 1);
  ChangeDialog* d = dialogs.front();
  EXPECT_EQ(d->beforeRun(), 8);
  EXPECT_EQ(d->afterRun(), 9);
  ASSERT_GE(d->environmentList()->count(), 1);
  EXPECT_TRUE(
      d->environmentList()->item(0)->text().startsWith(QStringLiteral("plugins.reference.version")))
      << qPrintable(d->environmentList()->item(0)->text());
  bool saysUnconfirmed = false;
  for (auto* l : d->findChildren<QLabel*>()) saysUnconfirmed |= l->text().contains("Not confirmed");
  EXPECT_TRUE(saysUnconfirmed);
  screenshot(*d, "history_change", {760, 620});
  d->confirmButton()->click();
  EXPECT_EQ(before, 8);
  EXPECT_EQ(after, 9);
}

TEST(HistoryView, KeepsItsSeriesInTheProjectAndSaysWhatItCannotShow) {
  TempDir dir;
  const std::string db = dir.file("h.d500db");
  historyStore(db);
  auto tab = historyTab(db);
  tab->showSeries(1);
  const QJsonObject saved = tab->settings();
  auto again = historyTab(db);
  again->applySettings(saved);
  EXPECT_EQ(again->shownSeries(), 1);

  QJsonObject unknown = saved;
  unknown[QStringLiteral("by")] = QStringLiteral("plugins.nope.version");
  again->applySettings(unknown);
  EXPECT_EQ(again->table()->rowCount(), 0);
  bool said = false;
  for (auto* l : again->findChildren<QLabel*>())
    said |= l->text().contains(QStringLiteral("plugins.nope.version"));
  EXPECT_TRUE(said);

  auto empty = historyTab(dir.file("none.d500db"));
  EXPECT_EQ(empty->table()->rowCount(), 0);
  EXPECT_EQ(empty->shownSeries(), -1);
}

// Issue 31 item 5: the HTML/PDF report of a run after the change has a "Changes" section naming
// it; the report of a run before it has none (nothing changed up to it).
TEST(HistoryView, TheReportOfARunNamesTheChangesUpToIt) {
  TempDir dir;
  const std::string db = dir.file("h.d500db");
  historyStore(db);
  d500::studio::ReportBuilder late(qs(db), {16});
  QString error;
  ASSERT_TRUE(late.build(d500::studio::ReportBuilder::ChartEmbedding::InlineSvg, &error))
      << qPrintable(error);
  EXPECT_TRUE(late.html().contains(QStringLiteral(">Changes<"))) << "no Changes section";
  EXPECT_TRUE(late.html().contains(QStringLiteral("change between run 8 (")));
  d500::studio::ReportBuilder early(qs(db), {3});
  ASSERT_TRUE(early.build(d500::studio::ReportBuilder::ChartEmbedding::InlineSvg, &error));
  EXPECT_FALSE(early.html().contains(QStringLiteral(">Changes<")));
}
