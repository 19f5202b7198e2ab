// Exports of a whole dashboard: the widget as PNG (at a chosen DPI), SVG or PDF, and the stored
// values behind it as CSV (exactly as stored, one line per value, grouped by seed or rank).
#pragma once

#include <QCoreApplication>
#include <QString>

class QWidget;

namespace d500::studio {

class RunSeries;

class DashboardExport {
  Q_DECLARE_TR_FUNCTIONS(DashboardExport)

 public:
  // The format follows the suffix: .png, .svg, .pdf. False and *error (naming the path) on
  // failure.
  static bool writeImage(QWidget* dashboard, const QString& path, int dpi, const QString& title,
                         QString* error);
  static bool writeCsv(const RunSeries& series, const QString& storePath, qint64 runId,
                       const QString& runLabel, const QString& path, QString* error);
};

}  // namespace d500::studio
