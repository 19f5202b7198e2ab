#include "charts/csv_export.h"

#include <QSaveFile>
#include <sstream>

#include "d500/report/reporter.h"

namespace d500::studio {

void CsvExport::row(const QStringList& cells) {
  std::vector<std::string> r;
  r.reserve(static_cast<size_t>(cells.size()));
  for (const QString& c : cells) r.push_back(c.toStdString());
  rows_.push_back(std::move(r));
}

std::string CsvExport::text() const {
  report::Document doc;
  doc.title = title_.toStdString();
  for (const QString& n : notes_) doc.line(n.toStdString());
  doc.table(rows_);
  std::ostringstream out;
  report::make_reporter("csv")->write(doc, out);
  return out.str();
}

bool CsvExport::write(const QString& path, QString* error) const {
  QSaveFile f(path);
  const QByteArray bytes = QByteArray::fromStdString(text());
  if (!f.open(QIODevice::WriteOnly) || f.write(bytes) != bytes.size() || !f.commit()) {
    if (error) *error = tr("Could not write the CSV file %1: %2.").arg(path, f.errorString());
    return false;
  }
  return true;
}

}  // namespace d500::studio
