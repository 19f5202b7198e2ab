// The "sweep" chart kind: per-point medians with CI error bars across a sweep, runs overlaid.
#include <memory>

#include "charts/chart_kind.h"
#include "charts/sweep_chart_model.h"

namespace d500::studio {

namespace {

class SweepKind : public ModelChartKind {
  Q_DECLARE_TR_FUNCTIONS(d500::studio::ChartPanel)  // the titles' translations

 public:
  QString name() const override { return QStringLiteral("sweep"); }
  QString title() const override { return tr("Sweep"); }
  bool appliesTo(const QString& level) const override {
    return level == QLatin1String("operator") || level == QLatin1String("network") ||
           level == QLatin1String("collective");
  }
  std::unique_ptr<ChartModel> makeModel(const RunCatalog& c) const override {
    return std::make_unique<SweepChartModel>(c);
  }
  ChartControls::Features controls() const override {
    ChartControls::Features f;
    f.logX = f.logY = true;
    return f;
  }
  ChartOptions defaultOptions() const override {
    ChartOptions o;
    o.logX = o.logY = true;
    return o;
  }
};

}  // namespace

std::unique_ptr<ChartKind> makeSweepKind() {
  return std::make_unique<SweepKind>();
}

}  // namespace d500::studio
