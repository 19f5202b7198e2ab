#include "report/report_builder.h"

#include <QDateTime>
#include <QFileInfo>
#include <QMap>
#include <algorithm>
#include <memory>

#include "charts/chart_kind.h"
#include "charts/chart_tab.h"
#include "charts/series_chart_model.h"
#include "charts/tab_render.h"
#include "charts/units.h"
#include "common/display_names.h"
#include "d500/build_info.h"
#include "dashboards/load_banner.h"
#include "report/comparison_table.h"
#include "report/html_escape.h"
#include "report/report_table.h"

namespace d500::studio {

namespace {

// Charts as the reader sees them: a dashboard across a landscape page (PDF) or the text column
// (HTML), the other charts two in a row. Drawn at the size they are shown, so their text is the
// size the studio draws it.
const QSize kDashboardPdf(1030, 560), kDashboardHtml(1100, 640);
const QSize kChartPdf(510, 300), kChartHtml(540, 340);
// The PDF's charts are laid out this much larger than shown, so that their axis titles (units and
// all) fit beside plots a page holds; their text prints at about 7 pt.
constexpr double kChartPdfZoom = 1.33;
constexpr int kPdfChartDpi = 192;  // sharp when printed, still a reasonable file size

QString e(const QString& s) {
  return escapeHtml(s);
}

// "<p><img ...></p>" -> "<img ...>", to set two images in one paragraph.
QString unwrapped(const QString& paragraph) {
  QString s = paragraph;
  if (s.startsWith(QLatin1String("<p>")) && s.endsWith(QLatin1String("</p>")))
    s = s.mid(3, s.size() - 7);
  return s;
}

QString when(double unixSeconds) {
  if (unixSeconds <= 0) return QStringLiteral("-");
  return QDateTime::fromMSecsSinceEpoch(static_cast<qint64>(unixSeconds * 1000))
      .toString(QStringLiteral("yyyy-MM-dd HH:mm:ss"));
}

// The HTML file's style; the PDF has its own (report_pdf.cpp).
const char* const kStyle = R"(
body { font-family: "DejaVu Sans", sans-serif; font-size: 10pt; margin: 1.5em auto; max-width: 1180px; color: #222; }
h1 { font-size: 16pt; } h2 { font-size: 13pt; margin-top: 1.4em; } h3 { font-size: 11pt; }
table.data { border-collapse: collapse; margin: 0.4em 0; }
th, td { border: 1px solid #bbb; padding: 2px 6px; text-align: left; vertical-align: top; font-size: 9pt; }
th { background: #eee; }
.nw { white-space: nowrap; }
.scroll { overflow-x: auto; }
pre { background: #f6f6f6; border: 1px solid #ddd; padding: 0.5em; font-size: 8.5pt; overflow-x: auto; }
.meta, .caption { color: #555; } .failed { color: #b00020; font-weight: bold; }
.dashboard svg { width: 100%; height: auto; }
.gallery { display: flex; flex-wrap: wrap; gap: 8px; }
.gallery svg { width: 540px; max-width: 100%; height: auto; }
.summary { margin: 0.3em 0 1em 0; }
.busy { background: #fff3cd; border: 1px solid #e0b000; padding: 4px 8px; color: #5c4400; }
@media print { @page { size: A4 landscape; margin: 12mm; } }
)";

}  // namespace

ReportBuilder::ReportBuilder(const QString& storePath, const QList<qint64>& runIds)
    : storePath_(storePath), runIds_(runIds) {}

bool ReportBuilder::build(ChartEmbedding embedding, QString* error) {
  embedding_ = embedding;
  html_.clear();
  sections_.clear();
  images_.clear();
  auto fail = [&](const QString& m) {
    if (error) *error = m;
    return false;
  };
  if (runIds_.isEmpty()) return fail(tr("No runs chosen for the report."));
  if (!QFileInfo::exists(storePath_))
    return fail(tr("The store %1 does not exist.").arg(storePath_));
  auto opened =
      store::ResultStore::open(storePath_.toStdString(), store::ResultStore::Mode::ReadOnly);
  if (!opened) return fail(QString::fromStdString(opened.error().to_string()));
  const store::ResultStore& s = *opened.value();
  try {
    std::vector<store::RunInfo> runs;
    for (qint64 id : runIds_) {
      auto r = s.run(id);
      if (!r) return fail(tr("Run %1 is not in the store %2.").arg(id).arg(storePath_));
      runs.push_back(*r);
    }
    QStringList labels;
    for (const auto& r : runs) labels.append(ComparisonTable::runLabel(r));
    title_ = (runs.size() == 1 ? tr("d500 report — %1") : tr("d500 comparison — %1"))
                 .arg(labels.join(QStringLiteral(", ")));
    addRuns(runs);
    addLoadWarnings(s, runs);
    addComparison(ComparisonTable::build(s, runIds_));
    addDashboards(runs);
    addOtherCharts(runs);
    addStatistics(s, runs);
    addValidations(s, runs);
    addChanges(s, runs);
    addEnvironments(s, runs);
    addExperiments(runs);
  } catch (const std::exception& ex) {
    return fail(
        tr("Reading the store %1 failed: %2").arg(storePath_, QString::fromUtf8(ex.what())));
  }
  QString body;
  for (const ReportSection& sec : sections_) body += sec.html;
  html_ = QStringLiteral(
              "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
              "<title>%1</title>\n<style>%2</style>\n</head>\n<body>\n%3</body>\n</html>\n")
              .arg(e(title_), QString::fromLatin1(kStyle), body);
  return true;
}

void ReportBuilder::addRuns(const std::vector<store::RunInfo>& runs) {
  ReportTable t;
  t.header = QStringList{tr("run"),    tr("name"),     tr("level"),
                         tr("status"), tr("started"),  tr("took"),
                         tr("seed"),   tr("launcher"), tr("experiment sha256"),
                         tr("host")};
  t.textColumns = {3};  // a status reason may be a sentence
  for (const auto& r : runs) {
    QString status = DisplayNames::runStatus(r.status);
    if (!r.status_reason.empty())
      status += QStringLiteral(" (%1)").arg(QString::fromStdString(r.status_reason));
    const double took = r.finished_at > 0 && r.started_at > 0 ? r.finished_at - r.started_at : 0;
    t.rows.append(
        {QString::number(r.id), QString::fromStdString(r.name), QString::fromStdString(r.level),
         status, when(r.started_at),
         took > 0 ? nbsp(formatNumber(took, 3) + QStringLiteral(" s")) : QStringLiteral("-"),
         QString::number(r.seed), QString::fromStdString(r.launcher),
         QString::fromStdString(r.spec_hash).left(12), QString::fromStdString(r.host)});
  }
  add(QStringLiteral(
          "<h1>%1</h1>\n<p class=\"meta\">%2</p>\n<h2>%3</h2>\n<div class=\"scroll\">%4</div>\n")
          .arg(e(title_),
               e(tr("Generated %1 by d500 Studio %2 from the store %3.")
                     .arg(QDateTime::currentDateTime().toString(Qt::ISODate),
                          QStringLiteral(D500_VERSION_STRING), storePath_)),
               e(tr("Runs")), t.html()));
}

// Right under the runs, before any number: which of them ran on a busy machine (issue 35, item 17).
void ReportBuilder::addLoadWarnings(const store::ResultStore& s,
                                    const std::vector<store::RunInfo>& runs) {
  QString items;
  for (const auto& r : runs) {
    const QString text = LoadBanner::text(s, r.id);
    if (!text.isEmpty())
      items += QStringLiteral("<p class=\"busy\"><b>%1</b> %2</p>\n")
                   .arg(e(ComparisonTable::runLabel(r) + QStringLiteral(":")), e(text));
  }
  if (!items.isEmpty()) add(items);
}

void ReportBuilder::addComparison(const ComparisonTable& t) {
  if (t.variants.size() < 2 || t.rows.isEmpty()) return;
  QString out = QStringLiteral("<h2>%1</h2>\n").arg(e(tr("Comparison")));
  out += QStringLiteral("<p>%1</p>\n")
             .arg(e(t.acrossRuns
                        ? tr("Baseline: %1. Speedup = baseline median / median (> 1: faster "
                             "than the baseline); verdict by a two-sided Mann-Whitney U test on "
                             "the raw samples at alpha 0.05.")
                              .arg(t.variants.front())
                        : tr("Implementations of one run against its baseline %1. Speedup = "
                             "baseline median / median; verdict by a two-sided Mann-Whitney U "
                             "test on the raw samples at alpha 0.05.")
                              .arg(t.baselineImplementation)));
  // Columns named "A", "B", ... with a key above, so that long run names do not widen them.
  QStringList key;
  for (int k = 0; k < t.variants.size(); ++k)
    key.append(QStringLiteral("%1 = %2").arg(QChar('A' + k % 26), t.variants[k]));
  out += QStringLiteral("<p>%1</p>\n").arg(e(key.join(QStringLiteral("; "))));
  ReportTable table;
  table.header = QStringList{tr("point")};
  if (t.acrossRuns) table.header.append(tr("implementation"));
  for (int k = 0; k < t.variants.size(); ++k) {
    const QString v(QChar('A' + k % 26));
    table.header.append(tr("%1: median [95% CI]").arg(v));
    if (k > 0) table.header.append(tr("%1 vs A: speedup, verdict (p)").arg(v));
  }
  table.header.append(tr("validation"));
  for (const auto& r : t.rows) {
    QStringList row{r.subject};
    if (t.acrossRuns) row.append(r.implementation);
    QStringList validations;
    for (int k = 0; k < r.cells.size(); ++k) {
      const auto& c = r.cells[k];
      row.append(c.present ? medianWithCi(c.medianNs, c.ciLoNs, c.ciHiNs, c.ciValid)
                           : QStringLiteral("-"));
      if (k > 0) {
        const auto& v = r.versus[k];
        row.append(v.present ? tr("%1x, %2 (p %3)")
                                   .arg(QString::number(v.speedup, 'f', 2), v.verdict,
                                        formatNumber(v.pValue, 2))
                             : QStringLiteral("-"));
      }
      if (c.present) validations.append(c.validation);
    }
    validations.removeDuplicates();  // one verdict when the runs agree
    row.append(validations.isEmpty() ? QStringLiteral("-")
                                     : validations.join(QStringLiteral(" / ")));
    table.rows.append(row);
  }
  table.textColumns = {static_cast<int>(table.header.size()) - 1};
  out += QStringLiteral("<div class=\"scroll\">%1</div>\n").arg(table.html());
  for (const auto& d : t.environmentDiffs) {
    if (d.missing)
      out += QStringLiteral("<p>%1</p>\n")
                 .arg(e(tr("%1: no environment recorded to compare.").arg(d.against)));
    else if (d.identical)
      out += QStringLiteral("<p>%1</p>\n")
                 .arg(e(tr("%1: the same environment as the baseline.").arg(d.against)));
    else {
      ReportTable diff{{tr("what changed"), t.variants.front(), d.against}, d.changes, {1, 2}, {}};
      out += QStringLiteral("<h3>%1</h3>\n<div class=\"scroll\">%2</div>\n")
                 .arg(e(tr("What changed in the environment: %1").arg(d.against)), diff.html());
    }
  }
  add(out);
}

QString ReportBuilder::chart(ChartTab& tab, QSize size, double zoom) {
  const QString caption = tab.title();
  QString out;
  if (embedding_ == ChartEmbedding::InlineSvg) {
    QString svg = QString::fromUtf8(TabRender::svg(tab, size, false, caption));
    const auto start = svg.indexOf(QStringLiteral("<svg"));
    if (start < 0) return {};
    svg = svg.mid(start);  // drop the XML declaration: the SVG lives inside HTML now
    svg.replace(0, 4, QStringLiteral("<svg role=\"img\" aria-label=\"%1\"").arg(e(caption)));
    out = svg;
  } else {
    const QString name = QStringLiteral("chart%1.png").arg(images_.size() + 1);
    images_.append({name, TabRender::image(tab, (QSizeF(size) * zoom).toSize(),
                                           static_cast<int>(kPdfChartDpi / zoom), false)});
    // In a paragraph of its own: QTextDocument would put it in the heading's block otherwise.
    out = QStringLiteral("<p><img src=\"%1\" width=\"%2\" height=\"%3\" alt=\"%4\"></p>")
              .arg(name)
              .arg(size.width())
              .arg(size.height())
              .arg(e(caption));
  }
  return out;
}

void ReportBuilder::addDashboards(const std::vector<store::RunInfo>& runs) {
  const bool pdf = embedding_ == ChartEmbedding::ImageResource;
  QStringList levels;
  for (const auto& r : runs)
    if (!levels.contains(QString::fromStdString(r.level)))
      levels.append(QString::fromStdString(r.level));
  bool first = true;
  for (const QString& level : levels) {
    const ChartKind* kind = ChartKindRegistry::studio().kindForRun(level);
    if (!kind) continue;
    QList<QList<qint64>> tabs;  // a dashboard per run, or one chart over the level's runs
    for (const auto& r : runs)
      if (QString::fromStdString(r.level) == level) {
        if (kind->oneTabPerRun() || tabs.isEmpty()) tabs.append(QList<qint64>());
        tabs.back().append(r.id);
      }
    for (const auto& ids : tabs) {
      std::unique_ptr<ChartTab> tab(kind->create(storePath_, ids));
      tab->refresh();
      // Each dashboard on a page of its own, its heading with it (QTextDocument keeps no
      // heading with what follows it).
      const QString top = QStringLiteral(" style=\"page-break-before: always\"");
      QString out =
          first ? QStringLiteral("<h2%1>%2</h2>\n").arg(top, e(tr("Dashboards"))) : QString();
      out +=
          QStringLiteral("<h3%1>%2</h3>\n<div class=\"dashboard\">\n%3\n</div>\n")
              .arg(first ? QString() : top, e(tab->title()),
                   pdf ? chart(*tab, kDashboardPdf, kChartPdfZoom) : chart(*tab, kDashboardHtml));
      first = false;
      const QString summary = tab->summaryHtml();  // the kinds escape what they quote
      if (!summary.isEmpty())
        out += QStringLiteral("<div class=\"summary\">%1</div>\n").arg(summary);
      add(out, true);
    }
  }
}

// A chart of `kind` over `ids`, "" when it would show nothing of its own.
QString ReportBuilder::overlay(const ChartKind& kind, const QList<qint64>& ids) {
  std::unique_ptr<ChartTab> tab(kind.create(storePath_, ids));
  tab->refresh();
  if (tab->pointCount() == 0) return {};
  // The two series charts would draw the same lines when a run has no rates (or only rates).
  if (kind.name() == QLatin1String("convergence") || kind.name() == QLatin1String("throughput")) {
    const QStringList names = tab->availableSeries();
    const bool wantRates = kind.name() == QLatin1String("throughput");
    if (std::none_of(names.begin(), names.end(), [&](const QString& n) {
          return SeriesChartModel::isRateName(n) == wantRates;
        }))
      return {};
  }
  const bool pdf = embedding_ == ChartEmbedding::ImageResource;
  return pdf ? chart(*tab, kChartPdf, kChartPdfZoom) : chart(*tab, kChartHtml);
}

// The other charts of a level over its runs (a sweep of both runs on one axis): only where two
// runs or more of one level share one, as a run's own dashboard draws its charts.
void ReportBuilder::addOtherCharts(const std::vector<store::RunInfo>& runs) {
  const bool pdf = embedding_ == ChartEmbedding::ImageResource;
  QStringList levels;
  QMap<QString, QList<qint64>> runsOf;
  for (const auto& r : runs) {
    const QString level = QString::fromStdString(r.level);
    if (!levels.contains(level)) levels.append(level);
    runsOf[level].append(r.id);
  }
  QStringList charts;
  for (const QString& level : levels) {
    if (runsOf[level].size() < 2) continue;
    const ChartKind* dashboard = ChartKindRegistry::studio().kindForRun(level);
    for (const ChartKind* kind : ChartKindRegistry::studio().kinds()) {
      if (kind == dashboard || !kind->inReports() || kind->oneTabPerRun() ||
          !kind->appliesTo(level))
        continue;
      const QString c = overlay(*kind, runsOf[level]);
      if (!c.isEmpty()) charts.append(c);
    }
  }
  if (charts.isEmpty()) return;
  // Two in a row: in the PDF as two images in a paragraph, in HTML as a wrapping flex box.
  QString out =
      QStringLiteral("<h2 style=\"page-break-before: always\">%1</h2>\n<div class=\"gallery\">\n")
          .arg(e(tr("The runs overlaid")));
  if (pdf) {
    for (int i = 0; i < charts.size(); i += 2)
      out += QStringLiteral("<p>%1 %2</p>\n")
                 .arg(unwrapped(charts[i]),
                      i + 1 < charts.size() ? unwrapped(charts[i + 1]) : QString());
  } else {
    out += charts.join(QLatin1Char('\n'));
  }
  add(out + QStringLiteral("</div>\n"), true);
}

}  // namespace d500::studio
