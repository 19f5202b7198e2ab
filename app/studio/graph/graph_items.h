// The graph view's items: a node's box (op type over name, a "+n" badge for its constant inputs:
// weights and folded Constant nodes; graph inputs and outputs as rounded tags) and an edge (the
// layout's spline, an arrowhead, the tensor's shape beside it). Text is left out when zoomed too
// far out to read it, so thousands of items still paint quickly. Threading: GUI thread, except
// boxSize(), which only measures text.
#pragma once

#include <QColor>
#include <QFont>
#include <QGraphicsItem>
#include <QPainterPath>
#include <QString>

#include "d500/onnx/display_graph.h"
#include "graph/graph_layout.h"

namespace d500::studio {

struct GraphFonts {
  static QFont title();  // op type
  static QFont name();   // node name
  static QFont label();  // edge shapes
};

// A layout's edge (cubic Bézier control points) as a painter path.
QPainterPath layoutPath(const LayoutResult::Path& p);

class NodeItem : public QGraphicsItem {
 public:
  enum { Type = UserType + 500 };
  NodeItem(int index, const onnx::DisplayNode& node, QSizeF size);

  // The box a node needs for its text, in points.
  static QSizeF boxSize(const onnx::DisplayNode& node);

  int index() const { return index_; }
  const QString& name() const { return name_; }
  const QString& opType() const { return opType_; }
  bool isOperator() const { return kind_ == onnx::DisplayNode::Kind::Operator; }
  int constantInputs() const { return constants_; }  // weights and folded Constant nodes
  // The overlay's fill and value ("47.9%", drawn after the name); `unmeasured` draws the box
  // plain and dashed: an overlay is shown and this node has no value in it.
  void setFill(const QColor& fill, const QString& value = {}, bool unmeasured = false);
  QColor fill() const { return fill_; }

  int type() const override { return Type; }
  QRectF boundingRect() const override;
  void paint(QPainter* p, const QStyleOptionGraphicsItem* option, QWidget* widget) override;

 private:
  void paintBadge(QPainter* p, const QRectF& box) const;

  int index_;
  onnx::DisplayNode::Kind kind_;
  QString name_, opType_, caption_;
  QSizeF size_;
  QColor fill_;
  QString value_;
  bool unmeasured_ = false;
  int constants_ = 0;
};

class EdgeItem : public QGraphicsItem {
 public:
  EdgeItem(QPainterPath path, QPointF tip, QString label);
  QRectF boundingRect() const override;
  void paint(QPainter* p, const QStyleOptionGraphicsItem* option, QWidget* widget) override;
  const QString& label() const { return label_; }

 private:
  QPainterPath path_;
  QPolygonF arrow_;
  QString label_;
  QPointF labelAt_;
  QRectF bounds_;
};

}  // namespace d500::studio
