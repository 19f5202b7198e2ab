// Exports of a whole dashboard: its charts as PNG (at a chosen DPI), SVG or PDF, without the
// controls around them, and the stored values behind it as CSV (exactly as stored, one line per
// value, grouped by seed or rank).
#pragma once

#include <QCoreApplication>
#include <QList>
#include <QSize>
#include <QString>

class QWidget;

namespace d500::studio {

class ChartTab;
class RunSeries;

class DashboardExport {
  Q_DECLARE_TR_FUNCTIONS(DashboardExport)

 public:
  // The charts of `tab` (what its renderContent draws without the summary) laid out at `size`
  // logical pixels; the format follows the suffix: .png (at `dpi`), .svg, .pdf. False and
  // *error (naming the path) on failure.
  static bool writeCharts(ChartTab& tab, QSize size, const QString& path, int dpi, QString* error);
  // The size to export `tab` at: as shown less the `controls` (they are not drawn), or
  // 1600 x 1000 when it is not shown; at least `minHeight` tall (a key beside the charts whole).
  static QSize chartsSize(const QWidget& tab, const QList<const QWidget*>& controls, int minHeight);
  static bool writeCsv(const RunSeries& series, const QString& storePath, qint64 runId,
                       const QString& runLabel, const QString& path, QString* error);
};

}  // namespace d500::studio
