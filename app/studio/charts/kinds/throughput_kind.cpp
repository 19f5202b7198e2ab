// The "throughput" chart kind: the rate series (samples/s and the like) against step or wall time.
#include <memory>

#include "charts/chart_kind.h"
#include "charts/series_chart_model.h"

namespace d500::studio {

namespace {

class ThroughputKind : public ModelChartKind {
  Q_DECLARE_TR_FUNCTIONS(d500::studio::ChartPanel)  // the titles' translations

 public:
  QString name() const override { return QStringLiteral("throughput"); }
  QString title() const override { return tr("Throughput"); }
  bool appliesTo(const QString& level) const override {
    return level == QLatin1String("training") || level == QLatin1String("distributed");
  }
  std::unique_ptr<ChartModel> makeModel(const RunCatalog& c) const override {
    return std::make_unique<SeriesChartModel>(c, true);
  }
  ChartControls::Features controls() const override {
    ChartControls::Features f;
    f.series = f.rates = true;
    f.logX = f.logY = true;
    return f;
  }
};

}  // namespace

std::unique_ptr<ChartKind> makeThroughputKind() {
  return std::make_unique<ThroughputKind>();
}

}  // namespace d500::studio
