// The "roofline" chart kind: operator results against the measured peaks of the machine.
#include <memory>

#include "charts/chart_kind.h"
#include "charts/roofline_chart_model.h"

namespace d500::studio {

namespace {

class RooflineKind : public ModelChartKind {
  Q_DECLARE_TR_FUNCTIONS(d500::studio::ChartPanel)  // the titles' translations

 public:
  QString name() const override { return QStringLiteral("roofline"); }
  QString title() const override { return tr("Roofline"); }
  bool appliesTo(const QString& level) const override { return level == QLatin1String("operator"); }
  std::unique_ptr<ChartModel> makeModel(const RunCatalog& c) const override {
    return std::make_unique<RooflineChartModel>(c);
  }
  ChartControls::Features controls() const override {
    ChartControls::Features f;
    // always log-log: no axis choice
    return f;
  }
  ChartOptions defaultOptions() const override {
    ChartOptions o;
    o.logX = o.logY = true;
    return o;
  }
};

}  // namespace

std::unique_ptr<ChartKind> makeRooflineKind() {
  return std::make_unique<RooflineKind>();
}

}  // namespace d500::studio
