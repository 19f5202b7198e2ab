// A run's summary as `d500 show` writes it (run::run_report, one reporter per format): Markdown
// for a pull request or a wiki, HTML, CSV, JSON or text. The format follows the file's suffix.
#pragma once

#include <QString>
#include <QStringList>

namespace d500::studio {

struct RunSummary {
  // "Markdown (*.md);;HTML page (*.html);;..." for a save dialog, Markdown first.
  static QString fileFilter();
  // Writes the summary of run `runId` of the store at `storePath` to `path`. False and *error,
  // a sentence naming the store, the run or the path, on failure (an unknown suffix included).
  static bool write(const QString& storePath, qint64 runId, const QString& path, QString* error);
};

}  // namespace d500::studio
