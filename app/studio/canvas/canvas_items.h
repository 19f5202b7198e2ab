// What the experiment canvas draws: a component's box with its typed input ports on the left and
// its output on the right, and the wires between them. Items only draw and report geometry;
// every change goes through CanvasModel.
#pragma once

#include <QGraphicsObject>
#include <QGraphicsPathItem>

#include "canvas/canvas_model.h"

namespace d500::studio {

class CanvasNodeItem : public QGraphicsObject {
  Q_OBJECT
 public:
  static constexpr double kPortRadius = 6;
  explicit CanvasNodeItem(const CanvasModel::Node& node, QGraphicsItem* parent = nullptr);

  const CanvasModel::Node& node() const { return node_; }
  QRectF boundingRect() const override;
  void paint(QPainter* p, const QStyleOptionGraphicsItem* option, QWidget* widget) override;

  // In scene coordinates: where a wire meets the port.
  QPointF inputPortPos(const QString& port) const;
  QPointF outputPortPos() const;
  // The input port under `scenePos` ("" for none), and whether it is over the output port.
  QString inputPortAt(const QPointF& scenePos) const;
  bool isOverOutput(const QPointF& scenePos) const;
  // A refused connection's reason, drawn beside the port until the next edit.
  void setRefusal(const QString& port, const QString& reason);
  void setLive(const QString& text);

 Q_SIGNALS:
  void moved();

 protected:
  QVariant itemChange(GraphicsItemChange change, const QVariant& value) override;

 private:
  QPointF inputLocal(int index) const;
  QColor accent() const;
  void paintPorts(QPainter* p) const;
  CanvasModel::Node node_;
  QSizeF size_;
  QString refusedPort_, refusal_;
};

class CanvasEdgeItem : public QGraphicsPathItem {
 public:
  // variant: a spare's fan-out into the same input, drawn dashed.
  CanvasEdgeItem(CanvasNodeItem* from, CanvasNodeItem* to, const QString& port,
                 bool variant = false);
  void updatePath();
  CanvasNodeItem* from() const { return from_; }
  CanvasNodeItem* to() const { return to_; }
  QString port() const { return port_; }
  static QPainterPath wire(const QPointF& a, const QPointF& b);

 private:
  CanvasNodeItem* from_;
  CanvasNodeItem* to_;
  QString port_;
};

}  // namespace d500::studio
