// A panel that draws one of the studio's chart models (the sweep, timing distributions, the
// roofline) over the dashboard's run, so a level's dashboard shows what its single charts show,
// each with its own axes and a legend that names every entry in full.
// Threading: GUI thread.
#pragma once

#include <memory>

#include "charts/chart_options.h"
#include "dashboards/measurement_panel.h"

QT_BEGIN_NAMESPACE
class QLabel;
QT_END_NAMESPACE

namespace d500::studio {

class ChartModel;
class ModelChartKind;

class ModelPanel : public MeasurementPanel {
  Q_OBJECT
 public:
  // `kindName` names a registered ModelChartKind ("sweep", "timings", "roofline"); its default
  // options, changed by `adjust`, are the panel's. Ownership: parent.
  ModelPanel(const QString& kindName, const std::function<void(ChartOptions&)>& adjust = {},
             QWidget* parent = nullptr);
  ~ModelPanel() override;

  void update(const DashboardData& data) override;
  void clear() override;
  bool hasData() const override;
  QStringList legendTexts() const override;
  QString note() const;  // the model's note as shown under the chart; "" when none

  QChart* chart() const { return chart_; }
  ChartModel* model() const { return model_.get(); }

 private:
  void redraw(bool rebuild);

  const ModelChartKind* kind_;
  ChartOptions options_;
  std::unique_ptr<ChartModel> model_;  // made on the first update, over the dashboard's catalog
  QChart* chart_;
  ChartView* view_;
  LegendList* legend_;
  QLabel* note_;               // what the model says of what is not drawn ("no probe ...")
  int drawnWidth_ = 0;         // the plot's width the last draw was for
  bool redrawQueued_ = false;  // a draw for a new width is on its way
};

}  // namespace d500::studio
