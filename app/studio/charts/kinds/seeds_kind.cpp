// The "seeds" chart kind: a training run's per-seed series as the median across seeds with its CI
// band.
#include <memory>

#include "charts/chart_kind.h"
#include "charts/seed_band_chart_model.h"

namespace d500::studio {

namespace {

class SeedsKind : public ModelChartKind {
  Q_DECLARE_TR_FUNCTIONS(d500::studio::ChartPanel)  // the titles' translations

 public:
  QString name() const override { return QStringLiteral("seeds"); }
  QString title() const override { return tr("Across seeds"); }
  bool appliesTo(const QString& level) const override { return level == QLatin1String("training"); }
  std::unique_ptr<ChartModel> makeModel(const RunCatalog& c) const override {
    return std::make_unique<SeedBandChartModel>(c);
  }
  ChartControls::Features controls() const override {
    ChartControls::Features f;
    f.series = true;
    f.timeAndSmoothing = false;  // by step, no EMA
    f.logX = f.logY = true;
    return f;
  }
};

}  // namespace

std::unique_ptr<ChartKind> makeSeedsKind() {
  return std::make_unique<SeedsKind>();
}

}  // namespace d500::studio
