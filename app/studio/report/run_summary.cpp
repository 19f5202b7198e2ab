#include "report/run_summary.h"

#include <QCoreApplication>
#include <QSaveFile>
#include <sstream>

#include "d500/report/reporter.h"
#include "d500/run/run_report.h"
#include "d500/store/result_store.h"

namespace d500::studio {

namespace {

QString tr(const char* text) {
  return QCoreApplication::translate("d500::studio::RunSummary", text);
}

bool fail(QString* error, const QString& message) {
  if (error) *error = message;
  return false;
}

}  // namespace

QString RunSummary::fileFilter() {
  return tr("Markdown (*.md);;HTML page (*.html);;CSV (*.csv);;JSON (*.json);;Text (*.txt)");
}

bool RunSummary::write(const QString& storePath, qint64 runId, const QString& path,
                       QString* error) {
  const std::string format = report::format_for_path(path.toStdString());
  if (format.empty())
    return fail(error, tr("%1: the summary's format follows the file's suffix: .md, .html, .csv, "
                          ".json or .txt.")
                           .arg(path));
  auto s = store::ResultStore::open(storePath.toStdString(), store::ResultStore::Mode::ReadOnly);
  if (!s.ok())
    return fail(error, tr("Could not open the store %1: %2.")
                           .arg(storePath, QString::fromStdString(s.error().message)));
  const auto run = s.value()->run(runId);
  if (!run) return fail(error, tr("There is no run %1 in %2.").arg(runId).arg(storePath));
  std::ostringstream out;
  report::make_reporter(format)->write(run::run_report(*s.value(), *run), out);
  QSaveFile f(path);
  const QByteArray bytes = QByteArray::fromStdString(out.str());
  if (!f.open(QIODevice::WriteOnly) || f.write(bytes) != bytes.size() || !f.commit())
    return fail(error, tr("Could not write the summary %1: %2.").arg(path, f.errorString()));
  return true;
}

}  // namespace d500::studio
