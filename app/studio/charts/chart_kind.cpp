#include "charts/chart_kind.h"

#include "charts/chart_panel.h"
#include "d500/error.h"

namespace d500::studio {

ChartKind::~ChartKind() = default;

ChartTab* ModelChartKind::create(const QString& storePath, const QList<qint64>& runIds) const {
  return new ChartPanel(*this, storePath, runIds);
}

const ChartKindRegistry& ChartKindRegistry::studio() {
  static const ChartKindRegistry registry = [] {
    ChartKindRegistry r;
    registerStudioChartKinds(r);
    return r;
  }();
  return registry;
}

void ChartKindRegistry::add(std::unique_ptr<ChartKind> kind) {
  D500_ASSERT(kind && !find(kind->name()));
  kinds_.push_back(std::move(kind));
}

const ChartKind* ChartKindRegistry::find(const QString& name) const {
  for (const auto& k : kinds_)
    if (k->name() == name) return k.get();
  return nullptr;
}

QList<const ChartKind*> ChartKindRegistry::kinds() const {
  QList<const ChartKind*> out;
  for (const auto& k : kinds_) out.append(k.get());
  return out;
}

const ChartKind* ChartKindRegistry::kindForRun(const QString& level) const {
  for (const auto& k : kinds_)
    if (k->isDashboardFor(level)) return k.get();
  for (const auto& k : kinds_)
    if (k->appliesTo(level)) return k.get();
  return nullptr;
}

}  // namespace d500::studio
