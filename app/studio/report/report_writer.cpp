#include "report/report_writer.h"

#include <QCoreApplication>
#include <QFile>
#include <QSaveFile>

#include "report/report_builder.h"
#include "report/report_pdf.h"

namespace d500::studio {

namespace {

QString tr(const char* text) {
  return QCoreApplication::translate("d500::studio::ReportWriter", text);
}

bool fail(QString* error, const QString& message) {
  if (error) *error = message;
  return false;
}

}  // namespace

bool ReportWriter::writeHtml(const QString& storePath, const QList<qint64>& runIds,
                             const QString& path, QString* error) {
  ReportBuilder b(storePath, runIds);
  if (!b.build(ReportBuilder::ChartEmbedding::InlineSvg, error)) return false;
  QSaveFile f(path);
  if (!f.open(QIODevice::WriteOnly))
    return fail(error, tr("Could not write the report %1: %2.").arg(path, f.errorString()));
  const QByteArray bytes = b.html().toUtf8();
  if (f.write(bytes) != bytes.size() || !f.commit())
    return fail(error, tr("Could not write the report %1: %2.").arg(path, f.errorString()));
  return true;
}

bool ReportWriter::writePdf(const QString& storePath, const QList<qint64>& runIds,
                            const QString& path, QString* error) {
  ReportBuilder b(storePath, runIds);
  if (!b.build(ReportBuilder::ChartEmbedding::ImageResource, error)) return false;
  return ReportPdf::write(path, b.title(), b.sections(), b.images(), error);
}

}  // namespace d500::studio
