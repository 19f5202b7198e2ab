// A live chart over the result store, one per tab of the workbench. It reads the store through a
// read-only connection (never the runner's), polls for rows newer than those it has at <= 10 Hz,
// keeps its own buffers, decimates to about two points per pixel column and redraws with
// QXYSeries::replace() (append() point by point is quadratic in Qt Charts 6.4).
#pragma once

#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>
#include <QWidget>

#include "charts/chart_tab.h"

namespace d500::studio {

class ModelChartKind;

class ChartPanel : public ChartTab {
  Q_OBJECT
 public:
  // Ownership: parent. The store need not exist yet (a run may create it); the panel shows a
  // message until it does. `kind` is registered and outlives the panel.
  ChartPanel(const ModelChartKind& kind, const QString& storePath, const QList<qint64>& runIds,
             QWidget* parent = nullptr);
  // The registered single-chart kind of that name ("convergence", "timings", ...; see
  // chart_kinds.cpp); an unknown name, or a dashboard's, gets the sweep.
  ChartPanel(const QString& kindName, const QString& storePath, const QList<qint64>& runIds,
             QWidget* parent = nullptr);
  ~ChartPanel() override;

  QList<qint64> runIds() const override;
  void setRunIds(const QList<qint64>& runIds);
  QString title() const override;

  // Everything a project file keeps of this chart (series shown, axes, log scale, smoothing,
  // zoom), and its restoration: applySettings(settings()) reproduces the view exactly.
  QJsonObject settings() const override;
  void applySettings(const QJsonObject& settings) override;

  // Exports the chart with its legend under it, at its size as shown (800 x 500 when it is not).
  // The format follows the suffix: .png (at `dpi`), .svg, .pdf. Return false and set *error (a
  // sentence naming the path) on failure.
  bool exportImage(const QString& path, int dpi, QString* error) override;
  // The data behind the chart; the header states run ids, environment hash and units, and the
  // values are exactly the stored ones (not the decimated ones).
  bool exportCsv(const QString& path, QString* error) override;
  // The chart and its full legend at `size`, without the toolbar and status line.
  void renderContent(QPainter* painter, QSize size, double scale, bool withSummary) override;

  // Reads new rows now instead of waiting for the next poll (tests and benchmarks use this).
  void refresh() override;
  // Points currently held (not drawn) across all series; for tests and the status bar.
  qint64 pointCount() const override;

  // Added beside the contract: the series names the chart can show (series charts; else empty).
  QStringList availableSeries() const override;
  // Re-decimates for the current view and redraws now (benchmarks).
  void redraw();

 private:
  struct Impl;
  Impl* d_;
};

}  // namespace d500::studio
