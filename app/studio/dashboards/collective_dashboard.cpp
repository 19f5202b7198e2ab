// The "collective" dashboard: a collective run's algbw and busbw (nccl-tests' definitions, as
// `d500 show` prints them: core/levels/report/collective_report.cpp) and the median time per call
// against the message size per rank, log-log, one line per operation, each size with its CI; over
// them the ranks and the check of every result.
#include <algorithm>
#include <map>
#include <memory>

#include "charts/units.h"
#include "dashboards/curve_panel.h"
#include "dashboards/measurement_dashboard_kind.h"

namespace d500::studio {

namespace {

using Row = RunMeasurements::Row;

enum class Quantity { AlgBw, BusBw, Time };

// One curve per operation, in the order the operations first appear.
std::vector<Curve> perOperation(const DashboardData& d, Quantity q) {
  std::vector<std::string> order;
  std::map<std::string, std::map<double, CurvePoint>> byOp;
  for (const Row& r : d.run.rows()) {
    const auto& p = r.point;
    if (!drawable(r.m) || !p.contains("op") || !p["op"].is_string() || !p.contains("bytes"))
      continue;
    if (p.contains("of_rank")) continue;  // one rank's own times; the curve is the critical path
    const std::string op = p["op"];
    const double size = p["bytes"].get<double>();
    const double factor = q == Quantity::BusBw ? p.value("busbw_factor", 0.0) : 1.0;
    if (factor <= 0) continue;  // no busbw on one rank
    CurvePoint pt;
    pt.x = size;
    pt.ci = r.m.ci_valid;
    pt.capped = r.m.stop_reason != "converged";
    if (q == Quantity::Time) {
      pt.y = r.m.median * 1e-9;
      pt.lo = r.m.ci_lo * 1e-9;
      pt.hi = r.m.ci_hi * 1e-9;
    } else {  // bytes per ns = GB/s; the interval of a time inverts
      pt.y = factor * r.m.bytes / r.m.median;
      pt.lo = r.m.ci_hi > 0 ? factor * r.m.bytes / r.m.ci_hi : pt.y;
      pt.hi = r.m.ci_lo > 0 ? factor * r.m.bytes / r.m.ci_lo : pt.y;
    }
    pt.tip = QString::fromStdString(r.m.subject) + QLatin1Char('\n') +
             QCoreApplication::translate("d500::studio::CollectiveDashboard",
                                         "median %1, n %2, algbw %3 GB/s")
                 .arg(formatDuration(r.m.median))
                 .arg(r.m.n)
                 .arg(formatNumber(r.m.bytes / r.m.median));
    if (!byOp.count(op)) order.push_back(op);
    byOp[op][size] = pt;
  }
  std::sort(order.begin(), order.end());  // the same colour for an operation in every run
  std::vector<Curve> out;
  for (size_t i = 0; i < order.size(); ++i) {
    Curve c{QString::fromStdString(order[i]), {}, static_cast<int>(i), Qt::SolidLine};
    for (const auto& [x, p] : byOp[order[i]]) c.points.push_back(p);
    out.push_back(std::move(c));
  }
  return out;
}

class CollectiveDashboardKind : public MeasurementDashboardKind {
  Q_DECLARE_TR_FUNCTIONS(d500::studio::CollectiveDashboard)

 public:
  QString name() const override { return QStringLiteral("collective"); }
  QString title() const override { return tr("Collectives"); }
  QString level() const override { return QStringLiteral("collective"); }
  int columns() const override { return 2; }

  std::vector<DashboardCell> cells() const override {
    return {{panel("algbw", tr("Algorithm bandwidth (algbw = size / time)"), tr("algbw (GB/s)"),
                   PanelSpec::Unit::Plain, Quantity::AlgBw)},
            {panel("busbw", tr("Bus bandwidth (busbw = algbw × nccl-tests factor)"),
                   tr("busbw (GB/s)"), PanelSpec::Unit::Plain, Quantity::BusBw)},
            {panel("time", tr("Time per call"), tr("median time per call"),
                   PanelSpec::Unit::Seconds, Quantity::Time),
             2}};
  }

  QString summaryHtml(const DashboardData& d) const override {
    int ranks = 1, checked = 0, passed = 0;
    std::string dtype;
    for (const Row& r : d.run.rows()) {
      ranks = r.point.value("ranks", ranks);
      if (r.point.contains("dtype") && r.point["dtype"].is_string()) dtype = r.point["dtype"];
    }
    for (const auto& v : d.run.validations()) {
      ++checked;
      passed += v.passed;
    }
    QString html = (ranks == 1 ? tr("<b>1 rank</b>") : tr("<b>%1 ranks</b>").arg(ranks)) +
                   tr(" · %1 · message size per rank on the x axis; error bars: 95% CI of the "
                      "median (dashed: stopped at a cap); busbw factors: allreduce 2(n-1)/n, "
                      "allgather (n-1)/n, broadcast 1")
                       .arg(QString::fromStdString(dtype).toHtmlEscaped());
    if (checked)
      html += passed == checked
                  ? tr(" · <b style=\"color:#2e7d32\">all %1 results correct</b>").arg(checked)
                  : tr(" · <b style=\"color:#c62828\">%1 of %2 results wrong</b>")
                        .arg(checked - passed)
                        .arg(checked);
    return html;
  }

 private:
  static std::function<MeasurementPanel*(QWidget*)> panel(const char* id, const QString& title,
                                                          const QString& quantity,
                                                          PanelSpec::Unit unit, Quantity q) {
    CurveAxes a{title, tr("message size per rank (bytes)"), quantity, unit, true, true};
    a.xBase = 4;
    a.xFormat = "%.0f";
    return [id, a, q](QWidget* p) {
      return new CurvePanel(
          QLatin1String(id), a, [q](const DashboardData& d) { return perOperation(d, q); }, p);
    };
  }
};

}  // namespace

std::unique_ptr<ChartKind> makeCollectiveDashboardKind() {
  return std::make_unique<CollectiveDashboardKind>();
}

}  // namespace d500::studio
