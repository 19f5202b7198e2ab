// The "convergence" chart kind: series (loss, accuracy, learning rate) against step or wall time,
// runs overlaid, an EMA over the raw line.
#include <memory>

#include "charts/chart_kind.h"
#include "charts/series_chart_model.h"

namespace d500::studio {

namespace {

class ConvergenceKind : public ModelChartKind {
  Q_DECLARE_TR_FUNCTIONS(d500::studio::ChartPanel)  // the titles' translations

 public:
  QString name() const override { return QStringLiteral("convergence"); }
  QString title() const override { return tr("Convergence"); }
  bool appliesTo(const QString& level) const override {
    return level == QLatin1String("training") || level == QLatin1String("distributed");
  }
  std::unique_ptr<ChartModel> makeModel(const RunCatalog& c) const override {
    return std::make_unique<SeriesChartModel>(c, false);
  }
  ChartControls::Features controls() const override {
    ChartControls::Features f;
    f.series = true;
    f.logX = f.logY = true;
    return f;
  }
  ChartOptions defaultOptions() const override {
    ChartOptions o;
    o.smoothing = 0.6;
    return o;
  }
};

}  // namespace

std::unique_ptr<ChartKind> makeConvergenceKind() {
  return std::make_unique<ConvergenceKind>();
}

}  // namespace d500::studio
