// A panel of lines against a numeric x (batch size, k, message size), each point with its
// confidence interval as an error bar, on linear or log axes, with a legend under the chart that
// names every line in full and a tooltip per point. What it draws comes from a CurveSource the
// dashboard kind supplies; values are as stored (seconds, bytes, 1/s), shown in the axis's unit.
// Threading: GUI thread.
#pragma once

#include <QList>
#include <QString>
#include <cmath>
#include <functional>
#include <utility>
#include <vector>

#include "dashboards/measurement_panel.h"
#include "dashboards/panel_spec.h"

QT_BEGIN_NAMESPACE
class QAbstractAxis;
class QChart;
QT_END_NAMESPACE

namespace d500::studio {

class ChartView;
class LegendList;

struct CurvePoint {
  double x = 0, y = 0;
  double lo = 0, hi = 0;  // the CI of y, when `ci`
  bool ci = false;
  bool capped = false;  // the measurement stopped at a cap before its CI target: dashed bar
  QString tip;          // the point's tooltip
};

struct Curve {
  QString label;  // the legend's text, in full
  std::vector<CurvePoint> points;
  int colour = 0;  // seriesColor index (an executor's or operation's, stable across panels)
  Qt::PenStyle style = Qt::SolidLine;
};

struct CurveAxes {
  QString title;     // the panel's title ("Throughput (inference)")
  QString x;         // the x axis title
  QString quantity;  // the y axis title before its unit
  PanelSpec::Unit unit = PanelSpec::Unit::Plain;
  bool logX = false, logY = false;
  int xBase = 10;                // of a log x axis: 2 for batch sizes and k, 4 for bytes
  const char* xFormat = "%.6g";  // its labels (a precision: see AxisTicks::logFormat)
};

using CurveSource = std::function<std::vector<Curve>(const DashboardData&)>;

class CurvePanel : public MeasurementPanel {
  Q_OBJECT
 public:
  // Ownership: parent.
  CurvePanel(const QString& id, CurveAxes axes, CurveSource source, QWidget* parent = nullptr);
  ~CurvePanel() override;

  void update(const DashboardData& data) override;
  void clear() override;
  bool hasData() const override { return !curves_.empty(); }
  QStringList legendTexts() const override;

  QChart* chart() const { return chart_; }
  QAbstractAxis* xAxis() const;
  QAbstractAxis* yAxis() const;
  // The curves as last drawn (values as stored, before the axis's unit).
  const std::vector<Curve>& curves() const { return curves_; }
  // Gives the panels among `panels` that draw against the same x quantity one x range, the
  // union of their data's, so a batch size is at the same place in each.
  static void shareXRanges(const QList<MeasurementPanel*>& panels);

 private:
  void draw();
  // Draws again with the x axis spanning at least [lo, hi] (as stored).
  void setSharedXRange(double lo, double hi);
  void addErrorBar(const Curve& c, const CurvePoint& p, double scale, double capX0, double capX1);

  CurveAxes axes_;
  CurveSource source_;
  std::vector<Curve> curves_;
  QChart* chart_;  // owned by view_
  ChartView* view_;
  LegendList* legend_;
  std::pair<double, double> dataX_{INFINITY, -INFINITY};    // the curves' x extent
  std::pair<double, double> sharedX_{INFINITY, -INFINITY};  // the dashboard's, when shared
};

}  // namespace d500::studio
