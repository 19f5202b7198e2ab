#include "charts/chart_tab.h"

#include <QCoreApplication>
#include <QFileInfo>
#include <QLayout>
#include <QPainter>

#include "charts/chart_kind.h"

namespace d500::studio {

ChartTab::ChartTab(const ChartKind& kind, QWidget* parent) : QWidget(parent), kind_(kind) {}

ChartTab::~ChartTab() = default;

QString ChartTab::kindName() const {
  return kind_.name();
}

void ChartTab::renderContent(QPainter* painter, QSize size, double /*scale*/,
                             bool /*withSummary*/) {
  layOutAt(this, size);
  render(painter, QPoint(), QRegion(), QWidget::DrawChildren);
}

void ChartTab::layOutAt(QWidget* w, QSize size) {
  w->resize(size);
  // A tab of its own (a report's, the headless export's) is shown off the screen, which lays
  // out every child as on screen; a tab in the window keeps its place.
  if (!w->parentWidget() && !w->isVisible()) {
    w->setAttribute(Qt::WA_DontShowOnScreen);
    w->show();
  }
  if (QLayout* l = w->layout()) l->activate();
  // The charts lay their axes and labels out in posted events, which post more, and the items of
  // an axis a chart replaced leave its scene only when deleted later: without these an export
  // draws the old axis's labels under the new one's.
  for (int i = 0; i < 4; ++i) {
    QCoreApplication::sendPostedEvents();
    QCoreApplication::sendPostedEvents(nullptr, QEvent::DeferredDelete);
  }
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
