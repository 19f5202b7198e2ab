// The "scaling" chart kind: collective runs' models and the schemes' projection (ScalingTab),
// from a collective run's menu or Charts > Scaling.
#include <QCoreApplication>

#include "charts/chart_kind.h"
#include "scaling/scaling_tab.h"

namespace d500::studio {

namespace {

class ScalingKind : public ChartKind {
 public:
  QString name() const override { return QStringLiteral("scaling"); }
  QString title() const override {
    return QCoreApplication::translate("d500::studio::ScalingKind", "Scaling");
  }
  bool appliesTo(const QString& level) const override {
    return level == QLatin1String("collective");
  }
  ChartTab* create(const QString& storePath, const QList<qint64>& runIds) const override {
    return new ScalingTab(*this, storePath, runIds);
  }
};

}  // namespace

std::unique_ptr<ChartKind> makeScalingKind() {
  return std::make_unique<ScalingKind>();
}

}  // namespace d500::studio
