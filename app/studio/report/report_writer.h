// Reports of one run or a comparison of runs, for people who will not open the studio: one
// self-contained HTML file (charts as inline SVG, no external files or scripts), or a PDF.
// Threading: GUI thread; a QApplication must exist (the charts are drawn by widgets).
#pragma once

#include <QList>
#include <QString>

namespace d500::studio {

struct ReportWriter {
  // Writes the report on `runIds` (the first is the baseline of a comparison) from the store at
  // `storePath` to `path`. Returns false and sets *error, a sentence naming the path or the
  // store, on failure.
  static bool writeHtml(const QString& storePath, const QList<qint64>& runIds, const QString& path,
                        QString* error);
  static bool writePdf(const QString& storePath, const QList<qint64>& runIds, const QString& path,
                       QString* error);
};

}  // namespace d500::studio
