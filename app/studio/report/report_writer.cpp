#include "report/report_writer.h"

#include <QCoreApplication>
#include <QFile>
#include <QPageSize>
#include <QPdfWriter>
#include <QSaveFile>
#include <QTextDocument>
#include <QUrl>

#include "report/report_builder.h"

namespace d500::studio {

namespace {

QString tr(const char* text) {
  return QCoreApplication::translate("ReportWriter", text);
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
  {
    // QPdfWriter reports no errors of its own: find an unwritable path first.
    QFile probe(path);
    if (!probe.open(QIODevice::WriteOnly | QIODevice::Truncate))
      return fail(error, tr("Could not write the report %1: %2.").arg(path, probe.errorString()));
  }
  QTextDocument doc;
  for (const auto& [name, image] : b.images())
    doc.addResource(QTextDocument::ImageResource, QUrl(name), image);
  doc.setHtml(b.html());
  QPdfWriter writer(path);
  writer.setPageSize(QPageSize(QPageSize::A4));
  writer.setPageMargins(QMarginsF(15, 15, 15, 15), QPageLayout::Millimeter);
  writer.setResolution(300);
  writer.setTitle(doc.metaInformation(QTextDocument::DocumentTitle));
  writer.setCreator(QStringLiteral("d500 Studio"));
  doc.print(&writer);
  if (QFile(path).size() == 0) return fail(error, tr("Could not write the report %1.").arg(path));
  return true;
}

}  // namespace d500::studio
