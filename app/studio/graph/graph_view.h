// The graph's view and its minimap. GraphView: zoom with Ctrl+wheel or +/- (the wheel alone
// scrolls), pan by dragging the background, F fits the graph; clicking a node selects it.
// GraphMinimap: the whole scene small, the main view's visible rectangle drawn on it; clicking or
// dragging there moves the main view.
// Threading: GUI thread.
#pragma once

#include <QGraphicsView>

namespace d500::studio {

class GraphView : public QGraphicsView {
  Q_OBJECT
 public:
  explicit GraphView(QGraphicsScene* scene, QWidget* parent = nullptr);
  void zoomBy(double factor);  // about the view's centre, within sensible bounds
  void fitAll();               // the whole graph (F, the Fit button)
  // The first view of a graph: all of it when its names stay readable so, else its top at a
  // readable zoom (the minimap shows the whole).
  void showReadable();
  double zoom() const;  // 1 = one scene point per pixel

 Q_SIGNALS:
  void viewChanged();  // zoom or scroll moved what is visible

 protected:
  void wheelEvent(QWheelEvent* event) override;
  void keyPressEvent(QKeyEvent* event) override;
  void scrollContentsBy(int dx, int dy) override;
  void resizeEvent(QResizeEvent* event) override;
};

class GraphMinimap : public QGraphicsView {
  Q_OBJECT
 public:
  GraphMinimap(GraphView* main, QWidget* parent = nullptr);
  void refit();

 protected:
  void drawBackground(QPainter* p, const QRectF& rect) override;
  void drawForeground(QPainter* p, const QRectF& rect) override;
  void mousePressEvent(QMouseEvent* event) override;
  void mouseMoveEvent(QMouseEvent* event) override;
  void resizeEvent(QResizeEvent* event) override;
  void wheelEvent(QWheelEvent* event) override;

 private:
  GraphView* main_;
};

}  // namespace d500::studio
