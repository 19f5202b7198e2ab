#include "charts/chart_export.h"

#include <QBuffer>
#include <QCoreApplication>
#include <QFile>
#include <QGraphicsScene>
#include <QPageSize>
#include <QPainter>
#include <QPdfWriter>
#include <QSvgGenerator>
#include <QtCharts/QChart>
#include <cmath>

#include "report/html_escape.h"

namespace d500::studio::chart_export {

namespace {

QString tr(const char* text) {
  return QCoreApplication::translate("ChartExport", text);
}

void paint(QChart* chart, QPainter* painter, const QRectF& target, QSizeF logical) {
  painter->setRenderHint(QPainter::Antialiasing);
  painter->setRenderHint(QPainter::TextAntialiasing);
  chart->scene()->render(painter, target, QRectF(chart->pos(), logical), Qt::IgnoreAspectRatio);
}

bool fail(QString* error, const QString& message) {
  if (error) *error = message;
  return false;
}

}  // namespace

double scaleForDpi(int dpi) {
  return dpi / 96.0;
}

QImage image(QChart* chart, QSizeF logical, int dpi) {
  const double scale = scaleForDpi(dpi);
  const QSize px(static_cast<int>(std::lround(logical.width() * scale)),
                 static_cast<int>(std::lround(logical.height() * scale)));
  QImage img(px, QImage::Format_ARGB32_Premultiplied);
  img.fill(Qt::white);
  const int dotsPerMeter = static_cast<int>(std::lround(dpi / 0.0254));
  img.setDotsPerMeterX(dotsPerMeter);
  img.setDotsPerMeterY(dotsPerMeter);
  QPainter p(&img);
  paint(chart, &p, QRectF(QPointF(0, 0), QSizeF(px)), logical);
  return img;
}

bool writePng(QChart* chart, QSizeF logical, int dpi, const QString& path, QString* error) {
  if (dpi < 24 || dpi > 2400)
    return fail(error, tr("%1: a DPI of %2 is outside 24 to 2400.").arg(path).arg(dpi));
  if (!image(chart, logical, dpi).save(path, "PNG"))
    return fail(error, tr("Could not write the PNG file %1.").arg(path));
  return true;
}

QByteArray svg(QChart* chart, QSizeF logical, const QString& title) {
  QByteArray bytes;
  QBuffer buffer(&bytes);
  buffer.open(QIODevice::WriteOnly);
  QSvgGenerator gen;
  gen.setOutputDevice(&buffer);
  gen.setSize(logical.toSize());
  gen.setViewBox(QRectF(QPointF(0, 0), logical));
  gen.setResolution(96);
  // QSvgGenerator writes the title into <title> unescaped (Qt 6.4); run names may hold markup.
  gen.setTitle(escapeHtml(title));
  gen.setDescription(tr("Chart exported by d500 Studio"));
  {
    QPainter p(&gen);
    paint(chart, &p, QRectF(QPointF(0, 0), logical), logical);
  }
  return bytes;
}

bool writeSvg(QChart* chart, QSizeF logical, const QString& title, const QString& path,
              QString* error) {
  QFile f(path);
  if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate))
    return fail(error, tr("Could not write the SVG file %1: %2.").arg(path, f.errorString()));
  const QByteArray bytes = svg(chart, logical, title);
  if (f.write(bytes) != bytes.size() || !f.flush())
    return fail(error, tr("Could not write the SVG file %1: %2.").arg(path, f.errorString()));
  return true;
}

bool writePdf(QChart* chart, QSizeF logical, int dpi, const QString& title, const QString& path,
              QString* error) {
  {
    // QPdfWriter reports no errors of its own: find an unwritable path first.
    QFile probe(path);
    if (!probe.open(QIODevice::WriteOnly | QIODevice::Truncate))
      return fail(error, tr("Could not write the PDF file %1: %2.").arg(path, probe.errorString()));
  }
  QPdfWriter writer(path);
  writer.setTitle(title);
  writer.setCreator(QStringLiteral("d500 Studio"));
  writer.setResolution(dpi);
  // One page the chart's size: 96 logical pixels are 72 points.
  writer.setPageSize(QPageSize(logical * 0.75, QPageSize::Point, QString(), QPageSize::ExactMatch));
  writer.setPageMargins(QMarginsF(0, 0, 0, 0));
  {
    QPainter p(&writer);
    if (!p.isActive()) return fail(error, tr("Could not write the PDF file %1.").arg(path));
    paint(chart, &p, QRectF(0, 0, writer.width(), writer.height()), logical);
  }
  if (QFile(path).size() == 0) return fail(error, tr("Could not write the PDF file %1.").arg(path));
  return true;
}

}  // namespace d500::studio::chart_export
