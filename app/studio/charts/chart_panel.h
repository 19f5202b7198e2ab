// A live chart over the result store, one per tab of the workbench. It reads the store through a
// read-only connection (never the runner's), polls for rows newer than those it has at <= 10 Hz,
// keeps its own buffers, decimates to about two points per pixel column and redraws with
// QXYSeries::replace() (append() point by point is quadratic in Qt Charts 6.4).
#pragma once

#include <QByteArray>
#include <QImage>
#include <QJsonObject>
#include <QList>
#include <QSizeF>
#include <QString>
#include <QStringList>
#include <QWidget>

namespace d500::studio {

class ChartPanel : public QWidget {
  Q_OBJECT
 public:
  enum class Kind {
    Convergence,  // series (loss, accuracy, learning rate) against step, epoch or wall time
    Throughput,   // samples/s series
    Timings,      // per-measurement timing distributions (box plots; whisker rule stated)
    Sweep,        // per-point medians with CI error bars across a sweep, runs overlaid
    Roofline,     // operator results against the measured peaks
    Seeds         // a training run's per-seed series: median across seeds with its CI band
  };
  static QString kindName(Kind k);  // "convergence", "timings", ...
  static bool kindFromName(const QString& name, Kind* out);
  // The chart that shows a run of this level as it grows: convergence for training levels
  // ("training", "distributed"), the sweep for the measuring ones.
  static Kind liveKindFor(const QString& level);

  // Ownership: parent. The store need not exist yet (a run may create it); the panel shows a
  // message until it does.
  ChartPanel(Kind kind, const QString& storePath, const QList<qint64>& runIds,
             QWidget* parent = nullptr);
  ~ChartPanel() override;

  Kind kind() const;
  QList<qint64> runIds() const;
  void setRunIds(const QList<qint64>& runIds);
  QString title() const;

  // Everything a project file keeps of this chart (series shown, axes, log scale, smoothing,
  // zoom), and its restoration: applySettings(settings()) reproduces the view exactly.
  QJsonObject settings() const;
  void applySettings(const QJsonObject& settings);

  // Exports. The format follows the suffix: .png (at `dpi`), .svg, .pdf. Return false and set
  // *error (a sentence naming the path) on failure.
  bool exportImage(const QString& path, int dpi, QString* error);
  // The data behind the chart; the header states run ids, environment hash and units, and the
  // values are exactly the stored ones (not the decimated ones).
  bool exportCsv(const QString& path, QString* error);

  // Reads new rows now instead of waiting for the next poll (tests and benchmarks use this).
  void refresh();
  // Points currently held (not drawn) across all series; for tests and the status bar.
  qint64 pointCount() const;

  // Added beside the contract: the series names the chart can show (series charts; else empty).
  QStringList availableSeries() const;
  // Re-decimates for the current view and redraws now (benchmarks).
  void redraw();
  // The chart alone laid out at `logicalSize` (pixels of 1/96 inch), for reports: an SVG
  // document, or an image of logicalSize * dpi / 96 pixels.
  QByteArray toSvg(QSizeF logicalSize);
  QImage toImage(QSizeF logicalSize, int dpi);

 Q_SIGNALS:
  void pointsAdded(qint64 total);
  void titleChanged(const QString& title);

 private:
  struct Impl;
  Impl* d_;
};

}  // namespace d500::studio
