// The "history" chart kind: the store's benchmark series over time with their change points
// (HistoryTab), one tab per store, opened from Charts > History.
#include <QCoreApplication>

#include "charts/chart_kind.h"
#include "history/history_tab.h"

namespace d500::studio {

namespace {

class HistoryKind : public ChartKind {
 public:
  QString name() const override { return QStringLiteral("history"); }
  QString title() const override {
    return QCoreApplication::translate("d500::studio::HistoryKind", "History");
  }
  // Over the whole store, not over runs: no run's menu offers it.
  bool appliesTo(const QString& /*level*/) const override { return false; }
  bool oneTabPerRun() const override { return true; }
  ChartTab* create(const QString& storePath, const QList<qint64>& /*runIds*/) const override {
    return new HistoryTab(*this, storePath);
  }
};

}  // namespace

std::unique_ptr<ChartKind> makeHistoryKind() {
  return std::make_unique<HistoryKind>();
}

}  // namespace d500::studio
