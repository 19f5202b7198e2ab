#include "charts/chart_view.h"

#include <QKeyEvent>
#include <QMouseEvent>
#include <QWheelEvent>
#include <cmath>

namespace d500::studio {

ChartView::ChartView(QChart* chart, QWidget* parent) : QChartView(chart, parent) {
  setRenderHint(QPainter::Antialiasing);
  // A series' update region leaves out the half of a marker that sticks out past its line: with
  // partial repaints live points were drawn as half dots and slivers until the next full repaint.
  setViewportUpdateMode(QGraphicsView::FullViewportUpdate);
  setRubberBand(QChartView::RectangleRubberBand);
  setFocusPolicy(Qt::StrongFocus);
}

void ChartView::setNavigation(bool horizontal, bool vertical) {
  horizontal_ = horizontal;
  vertical_ = vertical;
  if (horizontal && vertical)
    setRubberBand(QChartView::RectangleRubberBand);
  else if (horizontal)
    setRubberBand(QChartView::HorizontalRubberBand);
  else if (vertical)
    setRubberBand(QChartView::VerticalRubberBand);
  else
    setRubberBand(QChartView::NoRubberBand);
}

void ChartView::zoomAround(QPointF c, double factor) {
  // Keep the value at c where it is: shrink (or grow) the plot area toward it.
  const QRectF area = chart()->plotArea();
  QRectF r = area;
  if (horizontal_) {
    r.setLeft(c.x() - (c.x() - area.left()) / factor);
    r.setWidth(area.width() / factor);
  }
  if (vertical_) {
    r.setTop(c.y() - (c.y() - area.top()) / factor);
    r.setHeight(area.height() / factor);
  }
  chart()->zoomIn(r);
  Q_EMIT userZoomed();
}

void ChartView::wheelEvent(QWheelEvent* event) {
  const double steps = event->angleDelta().y() / 120.0;
  if (steps == 0 || !chart()) return;
  zoomAround(chart()->mapFromScene(mapToScene(event->position().toPoint())), std::pow(1.25, steps));
  event->accept();
}

void ChartView::mousePressEvent(QMouseEvent* event) {
  if (event->button() == Qt::MiddleButton ||
      (event->button() == Qt::LeftButton && (event->modifiers() & Qt::ShiftModifier))) {
    panning_ = true;
    lastPan_ = event->position();
    setCursor(Qt::ClosedHandCursor);
    event->accept();
    return;
  }
  QChartView::mousePressEvent(event);
}

void ChartView::mouseMoveEvent(QMouseEvent* event) {
  if (panning_) {
    const QPointF d = event->position() - lastPan_;
    lastPan_ = event->position();
    chart()->scroll(horizontal_ ? -d.x() : 0, vertical_ ? d.y() : 0);
    event->accept();
    Q_EMIT userZoomed();
    return;
  }
  QChartView::mouseMoveEvent(event);
}

void ChartView::mouseReleaseEvent(QMouseEvent* event) {
  if (panning_) {
    panning_ = false;
    unsetCursor();
    event->accept();
    return;
  }
  const bool zoomButton = event->button() == Qt::LeftButton || event->button() == Qt::RightButton;
  QChartView::mouseReleaseEvent(event);  // finishes the rubber band, or zooms out (right)
  if (zoomButton && rubberBand() != QChartView::NoRubberBand) Q_EMIT userZoomed();
}

void ChartView::mouseDoubleClickEvent(QMouseEvent* event) {
  event->accept();
  Q_EMIT resetZoomRequested();
}

void ChartView::keyPressEvent(QKeyEvent* event) {
  if (!chart()) return QChartView::keyPressEvent(event);
  const double step = 20;
  switch (event->key()) {
    case Qt::Key_Left:
      chart()->scroll(horizontal_ ? -step : 0, 0);
      break;
    case Qt::Key_Right:
      chart()->scroll(horizontal_ ? step : 0, 0);
      break;
    case Qt::Key_Up:
      chart()->scroll(0, vertical_ ? step : 0);
      break;
    case Qt::Key_Down:
      chart()->scroll(0, vertical_ ? -step : 0);
      break;
    case Qt::Key_Plus:
    case Qt::Key_Equal:
      zoomAround(chart()->plotArea().center(), 1.25);
      return;
    case Qt::Key_Minus:
      zoomAround(chart()->plotArea().center(), 0.8);
      return;
    case Qt::Key_0:
      Q_EMIT resetZoomRequested();
      return;
    default:
      return QChartView::keyPressEvent(event);
  }
  event->accept();
  Q_EMIT userZoomed();
}

}  // namespace d500::studio
