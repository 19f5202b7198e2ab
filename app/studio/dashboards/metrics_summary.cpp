#include "dashboards/metrics_summary.h"

#include <QCoreApplication>

#include "charts/units.h"
#include "d500/run/metrics_of_run.h"

namespace d500::studio {

namespace {

class MetricsSummary {
  Q_DECLARE_TR_FUNCTIONS(MetricsSummary)

 public:
  static QString valueText(const std::optional<double>& v, const std::string& unit);
  static QString betterText(series::Better b);
  static QString html(const std::vector<training::MetricSummary>& all);
};

QString MetricsSummary::valueText(const std::optional<double>& v, const std::string& unit) {
  if (!v) return QStringLiteral("–");
  const QString u = QString::fromStdString(training::display_unit(unit));
  return formatNumber(*v, 4) + (u.isEmpty() ? QString() : QStringLiteral(" ") + u);
}

QString MetricsSummary::betterText(series::Better b) {
  return b == series::Better::Lower    ? tr("lower is better")
         : b == series::Better::Higher ? tr("higher is better")
                                       : QString();
}

QString MetricsSummary::html(const std::vector<training::MetricSummary>& all) {
  QString rows;
  for (const auto& m : all)
    rows += QStringLiteral(
                "<tr><td>%1</td><td align=right>%2</td><td align=right>%3</td></tr>"
                "<tr><td colspan=3><small>%4</small></td></tr>")
                .arg(QString::fromStdString(m.kind.name).toHtmlEscaped(),
                     valueText(m.last_epoch, m.kind.unit), valueText(m.step_median, m.kind.unit),
                     betterText(m.kind.better));
  return QStringLiteral(
             "<h3>%1</h3><table cellspacing=0 cellpadding=2><tr><th align=left>%2</th>"
             "<th>%3</th><th>%4</th></tr>%5</table><p><small>%6</small></p>")
      .arg(tr("Metrics"), tr("metric"), tr("last epoch"), tr("per step"), rows,
           tr("Computing them takes part of the step profile's events phase."));
}

}  // namespace

QString metricsHtml(const store::ResultStore& s, const store::RunInfo& run) {
  const auto all = run::metrics_of_run(s, run.id);
  return all.empty() ? QString() : MetricsSummary::html(all);
}

}  // namespace d500::studio
