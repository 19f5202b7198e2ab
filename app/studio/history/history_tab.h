// The History view (issue 31, item 5): every benchmark series of the store, sorted by the largest
// recent change (history::overview, as `d500 history --changes`), and the selected series drawn
// along its axis with its change points (HistoryChart). Clicking a run's point opens the run;
// clicking a change point (or activating it in the list beside the chart) shows its details
// (ChangeDialog), from where the rerun to confirm it is queued.
// Threading: GUI thread; reads the store through its own read-only connection, when asked.
#pragma once

#include <QString>
#include <vector>

#include "charts/chart_tab.h"
#include "d500/history/history.h"
#include "d500/history/overview.h"

QT_BEGIN_NAMESPACE
class QChart;
class QChartView;
class QCheckBox;
class QComboBox;
class QLabel;
class QListWidget;
class QTableWidget;
QT_END_NAMESPACE

namespace d500::studio {

class ChangeDialog;

class HistoryTab : public ChartTab {
  Q_OBJECT
 public:
  HistoryTab(const ChartKind& kind, const QString& storePath, QWidget* parent = nullptr);
  ~HistoryTab() override;

  QList<qint64> runIds() const override { return {}; }
  QString title() const override;
  QString fullTitle() const override;
  // {"by": "time", "per_host": false, "series": "<experiment · implementation · subject>"}
  QJsonObject settings() const override;
  void applySettings(const QJsonObject& settings) override;
  void refresh() override;
  qint64 pointCount() const override;
  QStringList availableSeries() const override { return {}; }
  bool exportImage(const QString& path, int dpi, QString* error) override;
  // The shown series' points: run, axis, median and CI, n, and the change points.
  bool exportCsv(const QString& path, QString* error) override;

  // For tests and the keyboard: the overview as shown, the series shown, its change points.
  const QTableWidget* table() const { return table_; }
  QChart* chart() const { return chart_; }
  const QListWidget* changeList() const { return changes_; }
  int shownSeries() const { return shown_; }  // index into the overview's rows; -1: none
  void showSeries(int row);
  // What a click on the chart does: open run `point` of the shown series, or show change `c`.
  void pointClicked(size_t point);
  ChangeDialog* showChange(size_t c);

 Q_SIGNALS:
  void openRunRequested(qint64 runId);
  void confirmRequested(qint64 beforeRun, qint64 afterRun);

 private:
  void fillTable(const report::Document& doc);
  QString statusText() const;
  const history::Series* series() const;

  QString storePath_;
  QLabel* status_ = nullptr;
  QComboBox* by_ = nullptr;
  QCheckBox* perHost_ = nullptr;
  QTableWidget* table_ = nullptr;
  QChart* chart_ = nullptr;
  QChartView* view_ = nullptr;
  QListWidget* changes_ = nullptr;
  std::vector<history::Series> all_;
  std::vector<history::OverviewRow> rows_;
  int shown_ = -1;
  QString wanted_;  // the series to show after the next refresh (settings)
};

}  // namespace d500::studio
