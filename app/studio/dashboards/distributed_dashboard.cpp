// The "distributed" dashboard: the training panels with every rank overlaid (or one rank, from
// the rank picker), communication volume and time on panels of their own, and beside them what
// `d500 show` prints of the run (core/levels/report/distributed_report.cpp): the per-rank table,
// the critical path, the Kruskal-Wallis verdict across ranks, and speedup and efficiency against
// one rank.
#include <map>
#include <memory>
#include <nlohmann/json.hpp>

#include "charts/units.h"
#include "common/core_text.h"
#include "dashboards/dashboard_kind.h"
#include "dashboards/metrics_summary.h"
#include "dashboards/summary_format.h"
#include "dashboards/training_panels.h"

namespace d500::studio {

namespace {

double total(const RunSeries& s, int rank, const char* name) {
  double sum = 0;
  if (const auto* c = s.curve(rank, name))
    for (const auto& p : c->points) sum += p.value;
  return sum;
}

class DistributedDashboardKind : public DashboardKind {
  Q_DECLARE_TR_FUNCTIONS(DistributedDashboardKind)

 public:
  QString name() const override { return QStringLiteral("distributed"); }
  QString title() const override { return tr("Distributed training"); }
  QString level() const override { return QStringLiteral("distributed"); }

  DashboardLayout layout() const override {
    DashboardLayout l;
    l.groupBy = RunSeries::GroupBy::Rank;
    l.columns = 3;
    l.panels = trainingPanels(true);
    return l;
  }

  DashboardLayout layoutOf(const store::ResultStore& s, int64_t runId) const override {
    DashboardLayout l = layout();
    addMetricPanels(l, s, runId);
    return l;
  }

  QString summaryHtml(const store::ResultStore& s, const store::RunInfo& run,
                      const RunSeries& series) const override {
    std::map<int, store::MeasurementRow> byRank;
    std::optional<store::MeasurementRow> critical;
    for (const auto& m : s.measurements(run.id)) {
      auto p = nlohmann::json::parse(m.point_json, nullptr, false);
      if (!p.is_object()) continue;
      if (p.contains("rank"))
        byRank[p.value("rank", 0)] = m;
      else if (p.contains("across_ranks"))
        critical = m;
    }
    QString html = rankTable(series, byRank);
    if (critical)
      html += tr("<p>Critical path (per step the slowest rank): %1, n = %2.</p>")
                  .arg(medianCi(*critical))
                  .arg(critical->n);
    html += verdicts(s, run);
    html += scaling(series);
    html += metricsHtml(s, run);
    return html;
  }

 private:
  static QString medianCi(const store::MeasurementRow& m) {
    return formatDuration(m.median) +
           (m.ci_valid
                ? QStringLiteral(" [%1, %2]").arg(formatDuration(m.ci_lo), formatDuration(m.ci_hi))
                : tr(" (n too small for a CI)"));
  }

  static QString rankTable(const RunSeries& series,
                           const std::map<int, store::MeasurementRow>& byRank) {
    QString rows;
    for (int rank : series.groups()) {
      double steps = 0, acc = 0;
      const bool haveSteps = series.lastValue(rank, "steps", &steps);
      const bool haveAcc = series.lastValue(rank, "final_test_accuracy", &acc);
      const double comm = total(series, rank, "comm_time_s");
      const double comp = total(series, rank, "compute_time_s");
      auto m = byRank.find(rank);
      rows +=
          QStringLiteral(
              "<tr><td>%1</td><td align=right>%2</td><td align=right>%3</td>"
              "<td align=right>%4</td><td align=right>%5</td></tr>"
              "<tr><td></td><td colspan=4><small>%6</small></td></tr>")
              .arg(rank)
              .arg(haveSteps ? QString::number(static_cast<qint64>(steps)) : QStringLiteral("–"))
              .arg(haveAcc ? percentText(acc) : QStringLiteral("–"))
              .arg(bytesText(total(series, rank, "comm_bytes")))
              .arg(comm + comp > 0 ? percentText(comm / (comm + comp)) : QStringLiteral("–"))
              .arg(tr("step time %1; communication %2, computation %3")
                       .arg(m != byRank.end() ? medianCi(m->second) : QStringLiteral("–"),
                            formatDuration(comm * 1e9), formatDuration(comp * 1e9)));
    }
    if (rows.isEmpty()) return tr("<h3>Ranks</h3><p>No rank has reported yet.</p>");
    return QStringLiteral(
               "<h3>%1</h3><table cellspacing=0 cellpadding=2><tr><th align=left>%2"
               "</th><th>%3</th><th>%4</th><th>%5</th><th>%6</th></tr>%7</table>")
        .arg(tr("Per rank"), tr("rank"), tr("steps"), tr("final test"), tr("comm bytes"),
             tr("comm share"), rows);
  }

  static QString verdicts(const store::ResultStore& s, const store::RunInfo& run) {
    QString kw, other;
    for (const auto& v : s.validations(run.id)) {
      const QString detail = CoreText::sentence(v.detail).toHtmlEscaped();
      if (v.metric == "kruskal_wallis_p")
        kw = tr("<p>%1 (p = %2): %3</p>")
                 .arg(v.passed ? tr("<b>No difference</b> between the ranks' step times")
                               : tr("<b style=\"color:#c62828\">The ranks' step times differ</b>"))
                 .arg(formatNumber(v.value, 3))
                 .arg(detail);
      else if (v.metric == "compliance")
        other += QStringLiteral("<p>%1: %2</p>")
                     .arg(QString::fromStdString(v.subject).toHtmlEscaped(),
                          v.passed ? tr("compliant") : tr("not compliant: %1").arg(detail));
    }
    if (kw.isEmpty()) kw = tr("<p>No Kruskal-Wallis test stored.</p>");
    return QStringLiteral("<h3>%1</h3>").arg(tr("Step time across ranks (Kruskal-Wallis)")) + kw +
           other;
  }

  static QString scaling(const RunSeries& series) {
    double speedup = 0, efficiency = 0, tn = 0, t1 = 0;
    if (!series.lastValue(0, "scaling.speedup", &speedup))
      return QStringLiteral("<h3>%1</h3><p>%2</p>")
          .arg(tr("Scaling"), tr("No base case stored (set \"scaling_baseline\": true)."));
    series.lastValue(0, "scaling.efficiency", &efficiency);
    series.lastValue(0, "scaling.throughput_n", &tn);
    series.lastValue(0, "scaling.throughput_1", &t1);
    auto ci = [&](const char* name) {
      double lo = 0, hi = 0;
      const std::string n(name);
      if (!series.lastValue(0, n + "_ci_lo", &lo) || !series.lastValue(0, n + "_ci_hi", &hi))
        return tr(" (n too small for a CI)");
      return QStringLiteral(" [%1, %2]").arg(formatNumber(lo), formatNumber(hi));
    };
    return QStringLiteral("<h3>%1</h3><p>%2</p>")
        .arg(tr("Scaling against one rank"),
             tr("Speedup <b>%1</b>%2, efficiency <b>%3</b>%4 (95%, Bonferroni over the two "
                "medians); %5 samples/s on %6 ranks against %7 on one (the same batch per "
                "rank; the base case ran alone on rank 0).")
                 .arg(formatNumber(speedup), ci("scaling.speedup"), formatNumber(efficiency),
                      ci("scaling.efficiency"), formatNumber(tn))
                 .arg(series.groups().size())
                 .arg(formatNumber(t1)));
  }
};

}  // namespace

std::unique_ptr<ChartKind> makeDistributedDashboardKind() {
  return std::make_unique<DistributedDashboardKind>();
}

}  // namespace d500::studio
