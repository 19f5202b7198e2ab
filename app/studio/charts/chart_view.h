// QChartView with the navigation a workbench needs: rubber-band zoom (left drag), zoom out
// (right click), wheel zoom around the cursor, pan (middle drag or Shift + left drag, arrow
// keys), and a signal after each, so the panel can re-decimate for the new range and remember it.
#pragma once

#include <QtCharts/QChartView>

namespace d500::studio {

class ChartView : public QChartView {
  Q_OBJECT

 public:
  // Ownership: `chart` passes to the view; the view to `parent`.
  ChartView(QChart* chart, QWidget* parent = nullptr);

  // Which axes zoom and pan move (a box plot's category axis does not).
  void setNavigation(bool horizontal, bool vertical);

 Q_SIGNALS:
  // The user changed the visible range.
  void userZoomed();
  // The user asked to see all data again (double click, or the 0 key).
  void resetZoomRequested();

 protected:
  void wheelEvent(QWheelEvent* event) override;
  void mousePressEvent(QMouseEvent* event) override;
  void mouseMoveEvent(QMouseEvent* event) override;
  void mouseReleaseEvent(QMouseEvent* event) override;
  void mouseDoubleClickEvent(QMouseEvent* event) override;
  void keyPressEvent(QKeyEvent* event) override;

 private:
  // Zooms by `factor` (> 1: in) keeping the point `c` (chart coordinates) fixed.
  void zoomAround(QPointF c, double factor);

  bool horizontal_ = true, vertical_ = true;
  bool panning_ = false;
  QPointF lastPan_;
};

}  // namespace d500::studio
