// The experiment canvas: CanvasModel's nodes and wires in a QGraphicsView. Drop a component from
// the palette on the background, on a node (swap) or on an input port; drag from an output port
// to an input port to connect, drag a wire off its input to disconnect; move, rubber-band select;
// wheel zooms, the middle button pans. Every edit is a CanvasModel call (one undo step).
// Threading: GUI thread.
#pragma once

#include <QGraphicsView>
#include <QHash>

#include "canvas/canvas_model.h"

class QGraphicsPathItem;

namespace d500::studio {

class CanvasNodeItem;
class CanvasEdgeItem;

class CanvasView : public QGraphicsView {
  Q_OBJECT
 public:
  // The MIME type a palette drag carries: "kind\nvalue" in UTF-8.
  static QString mimeType();
  // Ownership: parent; `model` must outlive the view.
  explicit CanvasView(CanvasModel* model, QWidget* parent = nullptr);

  CanvasModel* model() const { return model_; }
  QList<int> selectedIds() const;
  CanvasNodeItem* itemFor(int id) const { return items_.value(id); }
  // In viewport coordinates, for tests driving the mouse: where a node's ports are.
  QPoint inputPortPoint(int id, const QString& port) const;
  QPoint outputPortPoint(int id) const;
  QPoint nodePoint(int id) const;  // the middle of its header

  // Fit keeps text readable: never below kMinFitScale (it scrolls instead), never above
  // kMaxFitScale.
  static constexpr double kMinFitScale = 0.65, kMaxFitScale = 1.2;
  void zoomBy(double factor);
  void fitAll();
  void copySelection();
  void pasteClipboard();
  void deleteSelection();
  void selectAll();

 Q_SIGNALS:
  void nodeActivated(int id);  // double-clicked: the form shows its fields

 protected:
  void mousePressEvent(QMouseEvent* e) override;
  void mouseMoveEvent(QMouseEvent* e) override;
  void mouseReleaseEvent(QMouseEvent* e) override;
  void mouseDoubleClickEvent(QMouseEvent* e) override;
  void wheelEvent(QWheelEvent* e) override;
  void dragEnterEvent(QDragEnterEvent* e) override;
  void dragMoveEvent(QDragMoveEvent* e) override;
  void dropEvent(QDropEvent* e) override;
  void showEvent(QShowEvent* e) override;

 private:
  void rebuild();
  void showLive();
  CanvasNodeItem* nodeAt(const QPointF& scenePos) const;
  QList<CanvasEdgeItem*> edges_;
  CanvasModel* model_;
  QHash<int, CanvasNodeItem*> items_;
  // A wire being drawn from an output port (wireFrom_), or pulled off an input.
  QGraphicsPathItem* wire_ = nullptr;
  int wireFrom_ = -1;
  int pulledTo_ = -1;
  QString pulledPort_;
  QPoint panFrom_;
  bool panning_ = false;
  bool fitted_ = false;  // fitted once when first shown
  QHash<int, QPointF> pressPositions_;
};

}  // namespace d500::studio
