// The studio's CSV exports (charts, dashboards, the graph's node times), written by the report
// library's CSV reporter (d500/report/reporter.h) as `d500 export --csv` is: the provenance as
// "# " comment lines, then one table, RFC 4180 quoting, saved atomically.
#pragma once

#include <QCoreApplication>
#include <QString>
#include <QStringList>

#include "d500/report/document.h"

namespace d500::studio {

class CsvExport {
  Q_DECLARE_TR_FUNCTIONS(CsvExport)

 public:
  explicit CsvExport(QString title) : title_(std::move(title)) {}
  // A comment line before the table ("store: ...", "units: ..."); one line, whatever it holds.
  void note(const QString& text) { notes_.append(text); }
  // The table's header (once, first) and each row: cells as they are (the reporter quotes them).
  void row(const QStringList& cells);
  // Writes it to `path`; false and *error ("Could not write the CSV file ...") on failure.
  bool write(const QString& path, QString* error) const;
  // What write() writes.
  std::string text() const;

 private:
  QString title_;
  QStringList notes_;
  report::Rows rows_;
};

}  // namespace d500::studio
