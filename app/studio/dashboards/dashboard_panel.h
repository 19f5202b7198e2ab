// One small multiple of a run's dashboard: a chart with its own y axis (range and unit chosen
// from what it draws, never shared with another quantity), the x axis the dashboard chose, and a
// legend under it that names each line style in full (the seeds' or ranks' colours are named
// once, beside the panels).
// Threading: GUI thread.
#pragma once

#include <QList>
#include <QWidget>

#include "dashboards/panel_spec.h"
#include "dashboards/run_series.h"

QT_BEGIN_NAMESPACE
class QChart;
class QLabel;
QT_END_NAMESPACE

namespace d500::studio {

class ChartView;
class LegendList;

class DashboardPanel : public QWidget {
  Q_OBJECT
 public:
  // Ownership: parent.
  explicit DashboardPanel(const PanelSpec& spec, QWidget* parent = nullptr);
  ~DashboardPanel() override;

  struct View {
    RunSeries::XAxis x = RunSeries::XAxis::Step;
    double smoothing = 0.6;  // EMA weight of the Ema lines
    QList<int> groups;       // the seeds or ranks drawn, each in seriesColor(its index)
    QList<int> allGroups;    // every group of the run, for stable colours
    // Seeds folded into their median with the order-statistic CI band of it (seedBand), one
    // line per quantity, instead of one line per seed; only with more than one group drawn.
    bool band = false;
    double target = 0;  // the run's target accuracy (a fraction); 0: none
  };
  // Draws `series` anew for `view` (decimated to the plot's width).
  void draw(const RunSeries& series, const View& view);

  const PanelSpec& spec() const { return spec_; }
  QChart* chart() const { return chart_; }
  LegendList* legend() const { return legend_; }
  // The y range the data asked for, in the axis's unit (after the unit's scaling).
  double yMin() const;
  double yMax() const;
  // The x range of what draw() drew (+inf, -inf when nothing), and the range to show: the
  // dashboard gives every panel the same one, so the small multiples line up.
  double dataXMin() const { return xMin_; }
  double dataXMax() const { return xMax_; }
  void setXRange(double lo, double hi);
  // Whether any line has points to draw.
  bool hasData() const { return hasData_; }

 private:
  // Adds the line of `group`; false when it has no points to draw.
  bool drawLine(const RunSeries& series, const View& view, const PanelLine& line, int group,
                double scale, double (&bounds)[4]);
  // Adds the median across `view.groups` of `line` and its band; false when nothing to draw.
  // *coverage: the lowest coverage of the band where more than one seed has a value.
  // Drawn in seriesColor(colour).
  bool drawBand(const RunSeries& series, const View& view, const PanelLine& line, int colour,
                double scale, double (&bounds)[4], double* coverage);
  QString xTitle(RunSeries::XAxis x) const;
  // Whether a line named `label` is drawn with its points' markers (per epoch, or a lone point).
  bool marked(const QString& label) const;

  PanelSpec spec_;
  QChart* chart_;    // owned by view_
  ChartView* view_;  // owned by this
  LegendList* legend_;
  bool hasData_ = false;
  double xMin_ = 0, xMax_ = 0;
};

}  // namespace d500::studio
