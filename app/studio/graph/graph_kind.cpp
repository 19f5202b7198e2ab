// The "graph" chart kind: a network run's model as a graph coloured by its per-node times
// (GraphTab), opened from the run's menu or for an .onnx file from File > Open ONNX Model.
#include <QCoreApplication>

#include "charts/chart_kind.h"
#include "graph/graph_tab.h"

namespace d500::studio {

namespace {

class GraphKind : public ChartKind {
 public:
  QString name() const override { return QStringLiteral("graph"); }
  QString title() const override {
    return QCoreApplication::translate("d500::studio::GraphKind", "Graph");
  }
  bool appliesTo(const QString& level) const override { return level == QLatin1String("network"); }
  ChartTab* create(const QString& storePath, const QList<qint64>& runIds) const override {
    return new GraphTab(*this, storePath, runIds);
  }
};

}  // namespace

std::unique_ptr<ChartKind> makeGraphKind() {
  return std::make_unique<GraphKind>();
}

}  // namespace d500::studio
