// The "timings" chart kind: per-measurement timing distributions as box plots, the whisker rule
// stated.
#include <memory>

#include "charts/chart_kind.h"
#include "charts/timings_chart_model.h"

namespace d500::studio {

namespace {

class TimingsKind : public ModelChartKind {
  Q_DECLARE_TR_FUNCTIONS(d500::studio::ChartPanel)  // the titles' translations

 public:
  QString name() const override { return QStringLiteral("timings"); }
  QString title() const override { return tr("Timing distributions"); }
  bool appliesTo(const QString& level) const override {
    Q_UNUSED(level);
    return true;  // every level stores timing measurements (training: time-to-accuracy)
  }
  std::unique_ptr<ChartModel> makeModel(const RunCatalog& c) const override {
    return std::make_unique<TimingsChartModel>(c);
  }
  ChartControls::Features controls() const override {
    ChartControls::Features f;
    f.logY = true;
    return f;
  }
  ChartOptions defaultOptions() const override {
    ChartOptions o;
    // Timings of a sweep span orders of magnitude; a linear axis flattens all but the largest.
    o.logY = true;
    return o;
  }
  bool horizontalNavigation() const override { return false; }  // categories
};

}  // namespace

std::unique_ptr<ChartKind> makeTimingsKind() {
  return std::make_unique<TimingsKind>();
}

}  // namespace d500::studio
