// The "operator" dashboard: an operator run's sweep (medians with their CIs; a problem-list sweep
// on a categorical axis labelled with the shapes, points not joined across unrelated shapes), its
// timing distributions and its roofline, side by side in one tab per run, with what was checked
// over them; under them, the kernel each implementation reported per point and the reorders
// timed apart from it (shown when any implementation tells).
#include <memory>
#include <set>

#include "d500/operators/operator_benchmark.h"
#include "dashboards/kernel_table_panel.h"
#include "dashboards/measurement_dashboard_kind.h"
#include "dashboards/model_panel.h"

namespace d500::studio {

namespace {

class OperatorDashboardKind : public MeasurementDashboardKind {
  Q_DECLARE_TR_FUNCTIONS(d500::studio::OperatorDashboard)

 public:
  QString name() const override { return QStringLiteral("operator"); }
  QString title() const override { return tr("Operator"); }
  QString level() const override { return QStringLiteral("operator"); }
  int columns() const override { return 3; }

  std::vector<DashboardCell> cells() const override {
    return {{[](QWidget* p) { return new ModelPanel(QStringLiteral("sweep"), {}, p); }, 3},
            {[](QWidget* p) { return new ModelPanel(QStringLiteral("timings"), {}, p); }, 2},
            {[](QWidget* p) { return new ModelPanel(QStringLiteral("roofline"), {}, p); }},
            {[](QWidget* p) {
               return new KernelTablePanel(
                   QStringLiteral("kernels"),
                   tr("Kernel per point (as the implementation reports it)"), p);
             },
             3}};
  }

  QString summaryHtml(const DashboardData& d) const override {
    std::set<std::string> points;
    int failed = 0, refused = 0;
    for (const auto& r : d.run.rows()) {
      if (r.kind == "transfer") continue;  // a copy beside a point, not a point
      points.insert(r.m.point_json);
      const bool unsupported = operators::is_unsupported_row(r.m);
      refused += unsupported;
      failed += !unsupported && !drawable(r.m);
    }
    int checked = 0, passed = 0;
    for (const auto& v : d.run.validations()) {
      ++checked;
      passed += v.passed;
    }
    QStringList impls;
    for (const auto& i : d.run.implementations())
      impls.append(QString::fromStdString(i).toHtmlEscaped());
    QString html = tr("<b>Implementations:</b> %1 · %2 sweep points")
                       .arg(impls.join(QStringLiteral(", ")))
                       .arg(points.size());
    if (failed) html += tr(" · <b style=\"color:#c62828\">failed measurements: %1</b>").arg(failed);
    if (refused) html += tr(" · unsupported by their implementation: %1").arg(refused);
    if (checked)
      html += passed == checked
                  ? tr(" · validation: <b style=\"color:#2e7d32\">all %1 checks passed</b>")
                        .arg(checked)
                  : tr(" · validation: <b style=\"color:#c62828\">%1 of %2 checks failed</b>")
                        .arg(checked - passed)
                        .arg(checked);
    return html;
  }
};

}  // namespace

std::unique_ptr<ChartKind> makeOperatorDashboardKind() {
  return std::make_unique<OperatorDashboardKind>();
}

}  // namespace d500::studio
