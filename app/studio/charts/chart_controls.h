// The toolbar above a chart: which series, step or wall time, log axes, smoothing, reset zoom,
// and export. It edits the view options and reports the user's edits; the store, the data and
// the zoom belong to the panel.
// Threading: GUI thread.
#pragma once

#include <QStringList>
#include <QToolBar>

#include "charts/chart_options.h"

QT_BEGIN_NAMESPACE
class QAction;
class QComboBox;
class QDoubleSpinBox;
class QToolButton;
QT_END_NAMESPACE

namespace d500::studio {

class SeriesPicker;

class ChartControls : public QToolBar {
  Q_OBJECT

 public:
  struct Features {
    bool series = false;           // series menu, x axis choice and smoothing (series charts)
    bool rates = false;            // the series shown by default are the rates (throughput)
    bool timeAndSmoothing = true;  // with `series`: the x axis choice and the smoothing
    bool logX = false, logY = false;
  };
  // Ownership: parent.
  explicit ChartControls(const Features& features, QWidget* parent = nullptr);

  // Shows `options` without reporting an edit.
  void setOptions(const ChartOptions& options);
  // The series names the chart has; the checks follow the options (none chosen: the default).
  void setAvailableSeries(const QStringList& names);

 Q_SIGNALS:
  // The user changed the options' series, x axis, log axes or smoothing. `rebuild`: the chart's
  // series must be made anew; `resetZoom`: the old zoom means nothing on the new axes.
  void optionsEdited(const d500::studio::ChartOptions& options, bool rebuild, bool resetZoom);
  void resetZoomRequested();
  void exportRequested(const QString& format);  // "PNG", "SVG", "PDF" or "CSV"

 private:
  bool shownByDefault(const QString& name) const;
  void syncSeriesChecks();
  void edited(bool rebuild, bool resetZoom);

  Features features_;
  ChartOptions options_;
  QStringList names_;
  SeriesPicker* seriesButton_ = nullptr;
  QComboBox* xAxis_ = nullptr;
  QAction* logX_ = nullptr;
  QAction* logY_ = nullptr;
  QDoubleSpinBox* smoothing_ = nullptr;
};

}  // namespace d500::studio
