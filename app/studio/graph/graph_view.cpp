#include "graph/graph_view.h"

#include <QKeyEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QScrollBar>
#include <QWheelEvent>
#include <algorithm>

namespace d500::studio {

namespace {
constexpr double kMinZoom = 0.01, kMaxZoom = 4, kStep = 1.25;
// Fitted smaller than kReadable, names are unreadable: a tall model is shown from its top at
// kTallZoom instead (the minimap shows the whole).
constexpr double kReadable = 0.7, kTallZoom = 0.9, kMaxFit = 1.5;
}  // namespace

GraphView::GraphView(QGraphicsScene* scene, QWidget* parent) : QGraphicsView(scene, parent) {
  setObjectName(QStringLiteral("graphView"));
  setDragMode(ScrollHandDrag);
  setRenderHints(QPainter::Antialiasing | QPainter::TextAntialiasing);
  setTransformationAnchor(AnchorViewCenter);
  setViewportUpdateMode(SmartViewportUpdate);
  setBackgroundBrush(Qt::white);
  setFocusPolicy(Qt::StrongFocus);
}

double GraphView::zoom() const {
  return transform().m11();
}

void GraphView::zoomBy(double factor) {
  const double target = std::clamp(zoom() * factor, kMinZoom, kMaxZoom);
  if (target == zoom()) return;
  scale(target / zoom(), target / zoom());
  Q_EMIT viewChanged();
}

void GraphView::fitAll() {
  if (!scene()) return;
  fitInView(scene()->itemsBoundingRect().adjusted(-20, -20, 20, 20), Qt::KeepAspectRatio);
  if (zoom() > kMaxFit) {
    resetTransform();
    scale(kMaxFit, kMaxFit);
    centerOn(scene()->itemsBoundingRect().center());
  }
  Q_EMIT viewChanged();
}

void GraphView::showReadable() {
  fitAll();
  if (!scene() || zoom() >= kReadable) return;
  const QRectF r = scene()->itemsBoundingRect().adjusted(-20, -20, 20, 20);
  resetTransform();
  scale(kTallZoom, kTallZoom);
  centerOn(r.center().x(), r.top() + viewport()->height() / (2 * kTallZoom));
  Q_EMIT viewChanged();
}

void GraphView::wheelEvent(QWheelEvent* event) {
  if (event->modifiers() & Qt::ControlModifier) {
    // The wheel zooms about the point under the mouse; buttons and keys about the centre.
    setTransformationAnchor(AnchorUnderMouse);
    zoomBy(event->angleDelta().y() > 0 ? kStep : 1 / kStep);
    setTransformationAnchor(AnchorViewCenter);
    event->accept();
    return;
  }
  QGraphicsView::wheelEvent(event);
}

void GraphView::keyPressEvent(QKeyEvent* event) {
  switch (event->key()) {
    case Qt::Key_Plus:
    case Qt::Key_Equal:
      zoomBy(kStep);
      return;
    case Qt::Key_Minus:
      zoomBy(1 / kStep);
      return;
    case Qt::Key_F:
      fitAll();
      return;
    default:
      QGraphicsView::keyPressEvent(event);
  }
}

void GraphView::scrollContentsBy(int dx, int dy) {
  QGraphicsView::scrollContentsBy(dx, dy);
  Q_EMIT viewChanged();
}

void GraphView::resizeEvent(QResizeEvent* event) {
  QGraphicsView::resizeEvent(event);
  Q_EMIT viewChanged();
}

GraphMinimap::GraphMinimap(GraphView* main, QWidget* parent)
    : QGraphicsView(main->scene(), parent), main_(main) {
  setObjectName(QStringLiteral("graphMinimap"));
  setInteractive(false);
  setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
  setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
  setFrameShape(QFrame::Box);
  setBackgroundBrush(QColor(0xfc, 0xfc, 0xfc));
  setToolTip(tr("Overview: click or drag to move the view"));
  connect(main_, &GraphView::viewChanged, viewport(), qOverload<>(&QWidget::update));
}

void GraphMinimap::refit() {
  if (scene())
    fitInView(scene()->itemsBoundingRect().adjusted(-10, -10, 10, 10), Qt::KeepAspectRatio);
}

void GraphMinimap::drawBackground(QPainter* p, const QRectF& rect) {
  QGraphicsView::drawBackground(p, rect);
  // The graph's extent, so that a model too tall for its boxes to show here still has a shape.
  p->setPen(Qt::NoPen);
  p->setBrush(QColor(0xe8, 0xe8, 0xe8));
  if (scene()) p->drawRect(scene()->itemsBoundingRect());
}

void GraphMinimap::drawForeground(QPainter* p, const QRectF&) {
  QRectF visible = main_->mapToScene(main_->viewport()->rect()).boundingRect();
  // At least a few pixels tall and wide here, however small the view is against the graph.
  const double least = 6 / std::max(transform().m11(), 1e-9);
  if (visible.height() < least)
    visible.adjust(0, -(least - visible.height()) / 2, 0, (least - visible.height()) / 2);
  if (visible.width() < least)
    visible.adjust(-(least - visible.width()) / 2, 0, (least - visible.width()) / 2, 0);
  p->setPen(QPen(QColor(0x15, 0x65, 0xc0), 0));  // cosmetic: one pixel at any scale
  p->setBrush(QColor(0x15, 0x65, 0xc0, 40));
  p->drawRect(visible);
}

void GraphMinimap::mousePressEvent(QMouseEvent* event) {
  main_->centerOn(mapToScene(event->pos()));
}

void GraphMinimap::mouseMoveEvent(QMouseEvent* event) {
  if (event->buttons() & Qt::LeftButton) main_->centerOn(mapToScene(event->pos()));
}

void GraphMinimap::resizeEvent(QResizeEvent* event) {
  QGraphicsView::resizeEvent(event);
  refit();
}

void GraphMinimap::wheelEvent(QWheelEvent* event) {
  event->ignore();
}

}  // namespace d500::studio
