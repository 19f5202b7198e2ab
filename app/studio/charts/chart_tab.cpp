#include "charts/chart_tab.h"

#include <QCoreApplication>
#include <QFileInfo>

#include "charts/chart_kind.h"

namespace d500::studio {

ChartTab::ChartTab(const ChartKind& kind, QWidget* parent) : QWidget(parent), kind_(kind) {}

ChartTab::~ChartTab() = default;

QString ChartTab::kindName() const {
  return kind_.name();
}

std::unique_ptr<store::ResultStore> ChartTab::openStore(const QString& path, QString* problem) {
  // In ChartPanel's context, where these sentences were first translated.
  const char* const context = "d500::studio::ChartPanel";
  if (!QFileInfo::exists(path)) {
    *problem = QCoreApplication::translate(context,
                                           "The store %1 does not exist yet; the chart fills in "
                                           "when a run creates it.")
                   .arg(path);
    return nullptr;
  }
  auto opened = store::ResultStore::open(path.toStdString(), store::ResultStore::Mode::ReadOnly);
  if (!opened) {
    *problem = QCoreApplication::translate(context, "Cannot read the store %1: %2")
                   .arg(path, QString::fromStdString(opened.error().to_string()));
    return nullptr;
  }
  problem->clear();
  return std::move(opened.value());
}

}  // namespace d500::studio
