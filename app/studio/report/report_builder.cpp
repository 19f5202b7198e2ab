#include "report/report_builder.h"

#include <QDateTime>
#include <QFileInfo>
#include <algorithm>
#include <cmath>
#include <functional>
#include <nlohmann/json.hpp>

#include "charts/chart_kind.h"
#include "charts/chart_panel.h"
#include "charts/series_chart_model.h"
#include "charts/units.h"
#include "charts/validation_summary.h"
#include "d500/build_info.h"
#include "report/comparison_table.h"
#include "report/html_escape.h"

namespace d500::studio {

namespace {

const QSizeF kChartSize(900, 520);
constexpr int kPdfChartDpi = 192;  // sharp when printed, still a reasonable file size

QString e(const QString& s) {
  return escapeHtml(s);
}
QString e(const std::string& s) {
  return escapeHtml(QString::fromStdString(s));
}

QString cellTag(const QString& tag, const QStringList& escapedCells, const QString& cls = {}) {
  QString row =
      cls.isEmpty() ? QStringLiteral("<tr>") : QStringLiteral("<tr class=\"%1\">").arg(cls);
  for (const auto& c : escapedCells)
    row += QLatin1Char('<') + tag + QLatin1Char('>') + c + QStringLiteral("</") + tag +
           QLatin1Char('>');
  return row + QStringLiteral("</tr>\n");
}

QString table(const QStringList& header, const QList<QStringList>& rows) {
  QStringList h;
  for (const auto& x : header) h.append(e(x));
  QString out = QStringLiteral("<table border=\"1\" cellspacing=\"0\" cellpadding=\"3\">\n") +
                cellTag(QStringLiteral("th"), h);
  for (const auto& r : rows) {
    QStringList cells;
    for (const auto& x : r) cells.append(e(x));
    out += cellTag(QStringLiteral("td"), cells);
  }
  return out + QStringLiteral("</table>\n");
}

QString when(double unixSeconds) {
  if (unixSeconds <= 0) return QStringLiteral("-");
  return QDateTime::fromMSecsSinceEpoch(static_cast<qint64>(unixSeconds * 1000))
      .toString(Qt::ISODate);
}

QString medianWithCi(double median, double lo, double hi, bool valid) {
  QString s = formatDuration(median);
  if (valid) s += QStringLiteral(" [%1, %2]").arg(formatDuration(lo), formatDuration(hi));
  return s;
}

// The environment as key/value rows: "cpu.model" -> "AMD EPYC".
void flatten(const nlohmann::json& j, const std::string& prefix, QList<QStringList>& rows) {
  if (j.is_object() && !j.empty()) {
    for (auto it = j.begin(); it != j.end(); ++it)
      flatten(it.value(), prefix.empty() ? it.key() : prefix + "." + it.key(), rows);
  } else {
    rows.append({QString::fromStdString(prefix),
                 QString::fromStdString(j.is_string() ? j.get<std::string>() : j.dump())});
  }
}

const char* const kStyle = R"(
body { font-family: "DejaVu Sans", sans-serif; font-size: 10pt; margin: 1.5em; color: #222; }
h1 { font-size: 16pt; } h2 { font-size: 13pt; margin-top: 1.4em; } h3 { font-size: 11pt; }
table { border-collapse: collapse; margin: 0.4em 0; }
th, td { border: 1px solid #bbb; padding: 2px 6px; text-align: left; vertical-align: top; }
th { background: #eee; }
pre { background: #f6f6f6; border: 1px solid #ddd; padding: 0.5em; font-size: 8.5pt; }
.meta { color: #666; } .failed { color: #b00020; font-weight: bold; }
svg { max-width: 100%; height: auto; }
)";

}  // namespace

ReportBuilder::ReportBuilder(const QString& storePath, const QList<qint64>& runIds)
    : storePath_(storePath), runIds_(runIds) {}

bool ReportBuilder::build(ChartEmbedding embedding, QString* error) {
  html_.clear();
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
    const QString title = (runs.size() == 1 ? tr("d500 report — %1") : tr("d500 comparison — %1"))
                              .arg(labels.join(QStringLiteral(", ")));
    const ComparisonTable comparison = ComparisonTable::build(s, runIds_);

    QString body;
    body += QStringLiteral("<h1>%1</h1>\n").arg(e(title));
    body += QStringLiteral("<p class=\"meta\">%1</p>\n")
                .arg(e(tr("Generated %1 by d500 Studio %2 from the store %3.")
                           .arg(QDateTime::currentDateTime().toString(Qt::ISODate),
                                QStringLiteral(D500_VERSION_STRING), storePath_)));
    body += runsSection(runs);
    body += comparisonSection(comparison);
    body += chartsSection(embedding);
    for (const auto& r : runs) body += runSection(s, r);

    html_ = QStringLiteral(
                "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
                "<title>%1</title>\n<style>%2</style>\n</head>\n<body>\n%3</body>\n"
                "</html>\n")
                .arg(e(title), QString::fromLatin1(kStyle), body);
  } catch (const std::exception& ex) {
    return fail(
        tr("Reading the store %1 failed: %2").arg(storePath_, QString::fromUtf8(ex.what())));
  }
  return true;
}

QString ReportBuilder::runsSection(const std::vector<store::RunInfo>& runs) const {
  QList<QStringList> rows;
  for (const auto& r : runs) {
    QString status = QString::fromLatin1(store::run_status_name(r.status).data());
    if (!r.status_reason.empty())
      status += QStringLiteral(" (%1)").arg(QString::fromStdString(r.status_reason));
    const double took = r.finished_at > 0 && r.started_at > 0 ? r.finished_at - r.started_at : 0;
    rows.append({QString::number(r.id), QString::fromStdString(r.name),
                 QString::fromStdString(r.level), status, when(r.started_at),
                 took > 0 ? formatNumber(took, 4) + QStringLiteral(" s") : QStringLiteral("-"),
                 QString::number(r.seed), QString::fromStdString(r.launcher),
                 QString::fromStdString(r.spec_hash).left(12), QString::fromStdString(r.host)});
  }
  return QStringLiteral("<h2>%1</h2>\n").arg(e(tr("Runs"))) +
         table({tr("run"), tr("name"), tr("level"), tr("status"), tr("started"), tr("took"),
                tr("seed"), tr("launcher"), tr("experiment sha256"), tr("host")},
               rows);
}

QString ReportBuilder::comparisonSection(const ComparisonTable& t) const {
  if (t.variants.size() < 2 || t.rows.isEmpty()) return {};
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
  QStringList header{tr("point")};
  if (t.acrossRuns) header.append(tr("implementation"));
  for (int k = 0; k < t.variants.size(); ++k) {
    header.append(tr("%1: median [CI]").arg(t.variants[k]));
    if (k > 0) header.append(tr("%1: speedup, verdict (p)").arg(t.variants[k]));
  }
  for (const QString& v : t.variants) header.append(tr("%1: validation").arg(v));
  QList<QStringList> rows;
  for (const auto& r : t.rows) {
    QStringList row{r.subject};
    if (t.acrossRuns) row.append(r.implementation);
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
    }
    for (const auto& c : r.cells) row.append(c.present ? c.validation : QStringLiteral("-"));
    rows.append(row);
  }
  out += table(header, rows);
  if (!t.environmentDiffs.isEmpty()) {
    out += QStringLiteral("<h3>%1</h3>\n").arg(e(tr("What changed in the environment")));
    for (const auto& d : t.environmentDiffs) {
      if (d.missing)
        out += QStringLiteral("<p>%1</p>\n")
                   .arg(e(tr("%1: no environment recorded to compare.").arg(d.against)));
      else if (d.identical)
        out += QStringLiteral("<p>%1</p>\n")
                   .arg(e(tr("%1: the same environment as the baseline.").arg(d.against)));
      else
        out += QStringLiteral("<p>%1</p>\n").arg(e(d.against)) +
               table({tr("key"), t.variants.front(), d.against}, d.changes);
    }
  }
  return out;
}

QString ReportBuilder::chartsSection(ChartEmbedding embedding) {
  QString out;
  for (const ChartKind* k : ChartKindRegistry::studio().kinds()) {
    const auto* kind = dynamic_cast<const ModelChartKind*>(k);
    if (!kind || !kind->inReports()) continue;
    ChartPanel panel(*kind, storePath_, runIds_);
    panel.refresh();
    if (panel.pointCount() == 0) continue;
    // The two series charts would draw the same lines when a run has no rates (or only rates).
    const QString name = kind->name();
    if (name == QLatin1String("convergence") || name == QLatin1String("throughput")) {
      const QStringList names = panel.availableSeries();
      const bool wantRates = name == QLatin1String("throughput");
      if (std::none_of(names.begin(), names.end(), [&](const QString& n) {
            return SeriesChartModel::isRateName(n) == wantRates;
          }))
        continue;
    }
    const QString caption = panel.title();
    if (embedding == ChartEmbedding::InlineSvg) {
      QString svg = QString::fromUtf8(panel.toSvg(kChartSize));
      const auto start = svg.indexOf(QStringLiteral("<svg"));
      if (start < 0) continue;
      svg = svg.mid(start);  // drop the XML declaration: the SVG lives inside HTML now
      svg.replace(0, 4, QStringLiteral("<svg role=\"img\" aria-label=\"%1\"").arg(e(caption)));
      out += QStringLiteral("<div class=\"chart\">\n%1\n<p>%2</p>\n</div>\n").arg(svg, e(caption));
    } else {
      const QString name = QStringLiteral("chart%1.png").arg(images_.size() + 1);
      images_.append({name, panel.toImage(kChartSize, kPdfChartDpi)});
      out += QStringLiteral("<p><img src=\"%1\" width=\"%2\"></p>\n<p>%3</p>\n")
                 .arg(name)
                 .arg(static_cast<int>(kChartSize.width() * 0.72))
                 .arg(e(caption));
    }
  }
  if (out.isEmpty()) return {};
  return QStringLiteral("<h2>%1</h2>\n").arg(e(tr("Charts"))) + out;
}

QString ReportBuilder::runSection(const store::ResultStore& s, const store::RunInfo& r) const {
  QString out = QStringLiteral("<h2>%1</h2>\n").arg(e(ComparisonTable::runLabel(r)));
  const auto validation = ValidationSummary::byMeasurement(s.validations(r.id));

  QList<QStringList> stats;
  for (const auto& m : s.measurements(r.id)) {
    const double relCi = m.ci_valid && m.median > 0 ? 50 * (m.ci_hi - m.ci_lo) / m.median : NAN;
    auto v = validation.find(m.id);
    stats.append(
        {QString::fromStdString(m.subject), QString::fromStdString(m.implementation),
         QString::number(m.n),
         m.error.empty() ? medianWithCi(m.median, m.ci_lo, m.ci_hi, m.ci_valid)
                         : tr("error: %1").arg(QString::fromStdString(m.error)),
         std::isfinite(relCi) ? formatPercent(relCi) : QStringLiteral("-"),
         QString::fromStdString(m.stop_reason), formatNumber(m.cv, 2),
         QString::number(m.n_outliers),
         m.flops > 0 && m.median > 0 ? formatNumber(m.flops / m.median) : QStringLiteral("-"),
         formatNumber(m.minor_faults_per_call, 2),
         v == validation.end() ? ValidationSummary().text() : v->second.text()});
  }
  if (!stats.isEmpty())
    out += QStringLiteral("<h3>%1</h3>\n").arg(e(tr("Statistics"))) +
           table({tr("point"), tr("implementation"), tr("n"), tr("median [95% CI]"), tr("±% CI"),
                  tr("stop"), tr("CV"), tr("Tukey outliers"), tr("GFLOP/s"),
                  tr("minor faults/call"), tr("validation")},
                 stats);

  QList<QStringList> checks;
  for (const auto& v : s.validations(r.id))
    checks.append({QString::fromStdString(v.subject), QString::fromStdString(v.metric),
                   QString::number(v.value, 'g', 4), QString::number(v.tolerance, 'g', 4),
                   v.passed ? tr("passed") : tr("FAILED"), QString::fromStdString(v.detail)});
  if (!checks.isEmpty())
    out += QStringLiteral("<h3>%1</h3>\n").arg(e(tr("Validation"))) +
           table({tr("subject"), tr("metric"), tr("value"), tr("tolerance"), tr("verdict"),
                  tr("detail")},
                 checks);

  if (r.environment_id != 0)
    if (auto env = s.environment(r.environment_id)) {
      QList<QStringList> rows;
      flatten(nlohmann::json::parse(env->json, nullptr, false), "", rows);
      out += QStringLiteral("<h3>%1</h3>\n<p class=\"meta\">sha256 %2</p>\n")
                 .arg(e(tr("Environment")), e(env->hash)) +
             table({tr("key"), tr("value")}, rows);
    }

  auto spec = nlohmann::json::parse(r.spec_json, nullptr, false);
  const std::string text = spec.is_discarded() ? r.spec_json : spec.dump(2);
  out +=
      QStringLiteral("<h3>%1</h3>\n<p class=\"meta\">%2</p>\n<pre>%3</pre>\n")
          .arg(
              e(tr("Experiment file")),
              e(tr("%1, sha256 %2")
                    .arg(QString::fromStdString(r.spec_path), QString::fromStdString(r.spec_hash))),
              e(text));
  return out;
}

}  // namespace d500::studio
