// One chart kind's data and drawing, behind the ChartPanel widget: the panel owns the store
// connection, the timer and the controls; a model reads the rows its kind needs, keeps them (the
// exact stored values, for CSV), and fills a QChart from them.
// Threading: GUI thread, like the QChart it draws into.
#pragma once

#include <QList>
#include <QString>
#include <QStringList>
#include <QTextStream>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <map>
#include <utility>

#include "charts/chart_options.h"
#include "charts/run_catalog.h"
#include "d500/store/result_store.h"

QT_BEGIN_NAMESPACE
class QAbstractAxis;
class QAbstractSeries;
class QChart;
QT_END_NAMESPACE

namespace d500::studio {

class CsvExport;

class ChartModel {
 public:
  // `catalog` is the panel's and outlives the model.
  explicit ChartModel(const RunCatalog& catalog) : catalog_(catalog) {}
  virtual ~ChartModel();
  ChartModel(const ChartModel&) = delete;
  ChartModel& operator=(const ChartModel&) = delete;

  // Forgets everything read (the panel's runs changed).
  virtual void clear() = 0;
  // Reads the rows of `runIds` newer than those held, at most about `rowBudget` per run
  // (0: all there are), so one poll of a huge backlog cannot freeze the window. Returns whether
  // anything was added. Throws D500Error when the store cannot be read.
  virtual bool poll(const store::ResultStore& s, const QList<qint64>& runIds, size_t rowBudget) = 0;
  // Values held (series points, or raw samples), not the decimated ones.
  virtual qint64 pointCount() const = 0;
  // Names the user may choose among (ChartOptions::series); empty where the kind has none.
  virtual QStringList availableSeries() const { return {}; }
  // Shows the data in `chart`. Series and axes are made anew when `rebuild` is set or the data
  // gained a series; then the axes are set (to the data, or to the options' zoom) and the series
  // filled for `columns` pixel columns of the plot.
  virtual void draw(QChart* chart, const ChartOptions& options, int columns, bool rebuild) = 0;
  // The data behind the chart for its CSV: notes (comment lines) if any, the column header row,
  // then one row per stored value, every number exactly as stored (csv::number).
  virtual void writeCsv(CsvExport& out, const ChartOptions& options) const = 0;
  // The units of the CSV's columns, for its header ("wall_time: s; value: as recorded").
  virtual QString csvUnits() const = 0;
  // What the user should know about what is (not) drawn, e.g. that no probe exists; or "".
  virtual QString note() const { return {}; }

  // Sets a value or log axis's range (ignored when empty, or not positive on a log axis).
  static void setAxisRange(QAbstractAxis* axis, double lo, double hi);
  // Sets the range the data needs when the user has not zoomed, widened to round tick values so
  // labels read 0, 500, 1000 rather than 3.1, 504.9, ...; a log axis fitted to the data with a
  // labelled power of its base (2 or 10) near each end (AxisTicks::fitLog). Both write every
  // label of the axis in one notation (AxisTicks).
  static void setAutoRange(QAbstractAxis* axis, double lo, double hi);
  // The axis's current range; (0, 0) for an axis without a numeric range.
  static std::pair<double, double> axisRange(const QAbstractAxis* axis);
  // Removes (and deletes) every series and axis of `chart`; nothing of them is drawn afterwards,
  // also before the event loop runs again.
  static void clearChart(QChart* chart);
  // What every draw ends with: `chart`'s axes shown only while a series has a point to draw
  // (with none, Qt Charts lays an axis out without a range and its title floats outside the
  // plot), and their titles wrapped to fit their axes (AxisTitles), never elided.
  static void finishAxes(QChart* chart);
  // The property hideFromLegend() sets on a series.
  static const char* const kHiddenFromLegend;

 protected:
  // Reads the series rows of `runIds` newer than lastId[run] in bounded chunks, at most about
  // `rowBudget` per run (0: all), moving lastId on; `row` sees each. Returns whether any was read.
  static bool readSeries(const store::ResultStore& s, const QList<qint64>& runIds, size_t rowBudget,
                         std::map<qint64, int64_t>& lastId,
                         const std::function<void(qint64 run, const store::SeriesPoint& p)>& row);
  // A QValueAxis, or a base-10 QLogValueAxis when `log`.
  static QAbstractAxis* makeAxis(bool log, const QString& title);
  // [lo, hi] widened by a small margin (a factor on log axes) and never empty.
  static std::pair<double, double> padded(double lo, double hi, bool log);
  static void hideFromLegend(QChart* chart, QAbstractSeries* series);
  static void showToolTip(const QString& text);

  const RunCatalog& catalog_;
};

}  // namespace d500::studio
