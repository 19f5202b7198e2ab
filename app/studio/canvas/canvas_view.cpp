#include "canvas/canvas_view.h"

#include <QApplication>
#include <QClipboard>
#include <QDragEnterEvent>
#include <QGraphicsPathItem>
#include <QMimeData>
#include <QScrollBar>
#include <QTimer>
#include <QUrl>
#include <algorithm>

#include "canvas/canvas_items.h"
#include "canvas/component_slots.h"

namespace d500::studio {

namespace {
constexpr char kClipMime[] = "application/x-d500-canvas";
}

QString CanvasView::mimeType() {
  return QStringLiteral("application/x-d500-component");
}

CanvasView::CanvasView(CanvasModel* model, QWidget* parent) : QGraphicsView(parent), model_(model) {
  setScene(new QGraphicsScene(this));
  setRenderHints(QPainter::Antialiasing | QPainter::TextAntialiasing);
  setDragMode(QGraphicsView::RubberBandDrag);
  setAcceptDrops(true);
  setTransformationAnchor(QGraphicsView::AnchorUnderMouse);
  setBackgroundBrush(QColor(244, 245, 247));
  setObjectName(QStringLiteral("experimentCanvas"));
  connect(model_, &CanvasModel::changed, this, &CanvasView::rebuild);
  connect(model_, &CanvasModel::liveChanged, this, &CanvasView::showLive);
  rebuild();
}

void CanvasView::rebuild() {
  QSet<int> selected;
  for (int id : selectedIds()) selected.insert(id);
  scene()->clear();
  items_.clear();
  edges_.clear();
  wire_ = nullptr;
  for (const CanvasModel::Node& n : model_->nodes()) {
    auto* item = new CanvasNodeItem(n);
    item->setPos(model_->position(n.id));
    item->setSelected(selected.contains(n.id));
    if (n.id == model_->refusedNode())
      item->setRefusal(model_->refusedPort(), model_->lastRefusal());
    scene()->addItem(item);
    items_.insert(n.id, item);
  }
  for (const CanvasModel::Edge& e : model_->edges()) {
    auto* edge = new CanvasEdgeItem(items_.value(e.from), items_.value(e.to), e.port, e.variant);
    scene()->addItem(edge);
    edges_ << edge;
    for (CanvasNodeItem* end : {edge->from(), edge->to()})
      connect(end, &CanvasNodeItem::moved, this, [edge] { edge->updatePath(); });
  }
  // Room around the graph to drop the next component.
  scene()->setSceneRect(scene()->itemsBoundingRect().adjusted(-400, -300, 400, 300));
}

void CanvasView::showLive() {
  for (const CanvasModel::Node& n : model_->nodes())
    if (CanvasNodeItem* item = items_.value(n.id)) item->setLive(n.live);
}

QList<int> CanvasView::selectedIds() const {
  QList<int> out;
  for (QGraphicsItem* i : scene()->selectedItems())
    if (auto* n = dynamic_cast<CanvasNodeItem*>(i)) out << n->node().id;
  std::sort(out.begin(), out.end());
  return out;
}

CanvasNodeItem* CanvasView::nodeAt(const QPointF& scenePos) const {
  // The ports stick out of the box: look a little around the point too.
  for (QGraphicsItem* i : scene()->items(QRectF(scenePos - QPointF(8, 8), QSizeF(16, 16))))
    if (auto* n = dynamic_cast<CanvasNodeItem*>(i)) return n;
  return nullptr;
}

QPoint CanvasView::inputPortPoint(int id, const QString& port) const {
  return mapFromScene(items_.value(id)->inputPortPos(port) + QPointF(2, 0));
}
QPoint CanvasView::outputPortPoint(int id) const {
  return mapFromScene(items_.value(id)->outputPortPos() - QPointF(2, 0));
}
QPoint CanvasView::nodePoint(int id) const {
  return mapFromScene(items_.value(id)->mapToScene(QPointF(100, 30)));
}

void CanvasView::mousePressEvent(QMouseEvent* e) {
  const QPointF at = mapToScene(e->pos());
  if (e->button() == Qt::MiddleButton) {
    panning_ = true;
    panFrom_ = e->pos();
    return;
  }
  CanvasNodeItem* n = e->button() == Qt::LeftButton ? nodeAt(at) : nullptr;
  if (n && n->isOverOutput(at)) {
    wireFrom_ = n->node().id;
  } else if (n && !n->inputPortAt(at).isEmpty()) {
    for (const CanvasModel::Port& p : n->node().ports)
      if (p.name == n->inputPortAt(at) && p.feeder >= 0) {
        pulledTo_ = n->node().id;
        pulledPort_ = p.name;
      }
  }
  if (wireFrom_ >= 0 || pulledTo_ >= 0) {
    wire_ = scene()->addPath(QPainterPath(), QPen(QColor(30, 100, 220), 2, Qt::DashLine));
    return;
  }
  QGraphicsView::mousePressEvent(e);
  pressPositions_.clear();
  for (QGraphicsItem* i : scene()->selectedItems())
    if (auto* node = dynamic_cast<CanvasNodeItem*>(i))
      pressPositions_.insert(node->node().id, node->pos());
}

void CanvasView::mouseMoveEvent(QMouseEvent* e) {
  if (panning_) {
    const QPoint d = e->pos() - panFrom_;
    panFrom_ = e->pos();
    horizontalScrollBar()->setValue(horizontalScrollBar()->value() - d.x());
    verticalScrollBar()->setValue(verticalScrollBar()->value() - d.y());
    return;
  }
  if (wire_) {
    const QPointF at = mapToScene(e->pos());
    const QPointF a = wireFrom_ >= 0 ? items_.value(wireFrom_)->outputPortPos() : at;
    const QPointF b = wireFrom_ >= 0 ? at : items_.value(pulledTo_)->inputPortPos(pulledPort_);
    wire_->setPath(CanvasEdgeItem::wire(a, b));
    return;
  }
  QGraphicsView::mouseMoveEvent(e);
}

void CanvasView::mouseReleaseEvent(QMouseEvent* e) {
  if (panning_) {
    panning_ = false;
    return;
  }
  if (wire_) {
    const QPointF at = mapToScene(e->pos());
    const int from = wireFrom_, pulled = pulledTo_;
    const QString pulledPort = pulledPort_;
    wireFrom_ = pulledTo_ = -1;
    pulledPort_.clear();
    scene()->removeItem(wire_);
    delete wire_;
    wire_ = nullptr;
    CanvasNodeItem* target = nodeAt(at);
    if (from >= 0 && target && !target->inputPortAt(at).isEmpty())
      model_->connectPorts(from, target->node().id, target->inputPortAt(at));
    else if (pulled >= 0 && !(target && target->node().id == pulled))
      model_->disconnect(pulled, pulledPort);
    return;
  }
  QGraphicsView::mouseReleaseEvent(e);
  QHash<int, QPointF> moved;
  for (auto it = pressPositions_.begin(); it != pressPositions_.end(); ++it)
    if (CanvasNodeItem* item = items_.value(it.key()); item && item->pos() != it.value())
      moved.insert(it.key(), item->pos());
  pressPositions_.clear();
  if (!moved.isEmpty()) model_->moveNodes(moved);
}

void CanvasView::mouseDoubleClickEvent(QMouseEvent* e) {
  if (CanvasNodeItem* n = nodeAt(mapToScene(e->pos()))) Q_EMIT nodeActivated(n->node().id);
}

void CanvasView::wheelEvent(QWheelEvent* e) {
  zoomBy(e->angleDelta().y() > 0 ? 1.15 : 1 / 1.15);
}

void CanvasView::zoomBy(double factor) {
  const double now = transform().m11();
  if ((now > 4 && factor > 1) || (now < 0.15 && factor < 1)) return;
  scale(factor, factor);
}

void CanvasView::fitAll() {
  const QRectF r = scene()->itemsBoundingRect().adjusted(-30, -30, 30, 30);
  fitInView(r, Qt::KeepAspectRatio);
  const double fitted = transform().m11();
  if (fitted <= kMaxFitScale && fitted >= kMinFitScale) return;
  // A small graph is not blown up; a big one (or a small canvas) is not shrunk past readable
  // text: it keeps its top left corner in view and scrolls for the rest.
  const double s = std::clamp(fitted, kMinFitScale, kMaxFitScale);
  resetTransform();
  scale(s, s);
  if (fitted > kMaxFitScale) {
    centerOn(r.center());
    return;
  }
  const QSizeF seen = mapToScene(viewport()->rect()).boundingRect().size();
  centerOn(r.left() + std::min(seen.width(), r.width()) / 2,
           r.top() + std::min(seen.height(), r.height()) / 2);
}

void CanvasView::showEvent(QShowEvent* e) {
  QGraphicsView::showEvent(e);
  if (fitted_) return;
  fitted_ = true;
  // Once the tab has its size: the whole experiment in view, however it was laid out.
  QTimer::singleShot(0, this, &CanvasView::fitAll);
}

namespace {
// A file manager's (or the network editor's) .onnx file: the model node takes it.
QString modelFileOf(const QMimeData* mime) {
  for (const QUrl& url : mime->urls())
    if (url.isLocalFile() && ComponentSlots::isModelFile(url.toLocalFile()))
      return url.toLocalFile();
  return QString();
}
}  // namespace

void CanvasView::dragEnterEvent(QDragEnterEvent* e) {
  if (e->mimeData()->hasFormat(mimeType()) || !modelFileOf(e->mimeData()).isEmpty())
    e->acceptProposedAction();
}
void CanvasView::dragMoveEvent(QDragMoveEvent* e) {
  if (e->mimeData()->hasFormat(mimeType()) || !modelFileOf(e->mimeData()).isEmpty())
    e->acceptProposedAction();
}

void CanvasView::dropEvent(QDropEvent* e) {
  if (const QString file = modelFileOf(e->mimeData());
      !file.isEmpty() && !e->mimeData()->hasFormat(mimeType())) {
    model_->addModelFile(file, mapToScene(e->position().toPoint()));
    e->acceptProposedAction();
    return;
  }
  const QStringList parts =
      QString::fromUtf8(e->mimeData()->data(mimeType())).split(QLatin1Char('\n'));
  if (parts.isEmpty()) return;
  const QPointF at = mapToScene(e->position().toPoint());
  CanvasNodeItem* target = nodeAt(at);
  const QString port = target ? target->inputPortAt(at) : QString();
  model_->addComponent(parts.value(0), parts.value(1), at, target ? target->node().id : -1, port);
  e->acceptProposedAction();
}

void CanvasView::copySelection() {
  auto* mime = new QMimeData;
  const QByteArray clip = QByteArray::fromStdString(model_->copy(selectedIds()).dump());
  mime->setData(QString::fromLatin1(kClipMime), clip);
  mime->setText(QString::fromUtf8(clip));
  QApplication::clipboard()->setMimeData(mime);
}

void CanvasView::pasteClipboard() {
  const QMimeData* mime = QApplication::clipboard()->mimeData();
  if (!mime || !mime->hasFormat(QString::fromLatin1(kClipMime))) return;
  const Json clip =
      Json::parse(mime->data(QString::fromLatin1(kClipMime)).toStdString(), nullptr, false);
  model_->paste(clip, mapToScene(viewport()->rect().center()));
}

void CanvasView::deleteSelection() {
  model_->removeNodes(selectedIds());
}

void CanvasView::selectAll() {
  for (CanvasNodeItem* i : items_) i->setSelected(true);
}

}  // namespace d500::studio
