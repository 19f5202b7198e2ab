// One panel of a measuring run's dashboard (network, collective, operator): a chart or a table
// that draws itself from the run's measurements each time they change. The kinds declare their
// panels (MeasurementDashboardKind::cells); MeasurementDashboard lays them out and feeds them.
// Threading: GUI thread.
#pragma once

#include <QStringList>
#include <QWidget>
#include <functional>

#include "charts/run_catalog.h"
#include "dashboards/run_measurements.h"

QT_BEGIN_NAMESPACE
class QChart;
class QTableWidget;
QT_END_NAMESPACE

namespace d500::studio {

class ChartView;
class LegendList;

// A small multiple's chart as every dashboard panel shows it: a bold title, QChart's own legend
// hidden (the LegendList under the chart names every entry in full), no animation, in a
// ChartView, laid out in `owner` (which gets a vertical layout). The returned pointers are owned
// by `owner`'s widgets.
struct PanelChart {
  QChart* chart;
  ChartView* view;
  LegendList* legend;
};
PanelChart makePanelChart(QWidget* owner, const QString& title);

// A table as the dashboards' table panels show it: `headers` as its columns, read-only, whole
// rows selected, alternating row colours, columns sized to their contents with the last one
// stretched, no row numbers. Ownership: `owner`.
QTableWidget* makePanelTable(QWidget* owner, const QStringList& headers);

// What a panel draws from: the run's store (for raw samples and chart models that read their own
// rows), its catalog entry and its measurements. Valid during update() only.
struct DashboardData {
  const store::ResultStore& store;
  const RunCatalog& catalog;
  qint64 runId;
  const RunMeasurements& run;
};

class MeasurementPanel : public QWidget {
  Q_OBJECT
 public:
  // `id` is the panel's object name (tests find panels by it). Ownership: parent.
  explicit MeasurementPanel(const QString& id, QWidget* parent = nullptr);
  ~MeasurementPanel() override;

  // Draws `data` anew.
  virtual void update(const DashboardData& data) = 0;
  // Draws nothing: the tab is not bound to the store's run.
  virtual void clear() = 0;
  // Whether the last update() found anything to draw.
  virtual bool hasData() const = 0;
  // The legend's entries in full ("" where the panel has none).
  virtual QStringList legendTexts() const { return {}; }
};

// How a kind declares one cell of its grid: the panel's factory and how many columns it spans.
struct DashboardCell {
  std::function<MeasurementPanel*(QWidget* parent)> make;
  int columnSpan = 1;
};

}  // namespace d500::studio
