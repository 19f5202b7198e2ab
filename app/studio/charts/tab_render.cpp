#include "charts/tab_render.h"

#include <QBuffer>
#include <QFile>
#include <QFileInfo>
#include <QPageSize>
#include <QPainter>
#include <QPdfWriter>
#include <QRegularExpression>
#include <QSaveFile>
#include <QSvgGenerator>
#include <cmath>

#include "charts/chart_tab.h"
#include "report/html_escape.h"

namespace d500::studio {

namespace {

bool fail(QString* error, const QString& message) {
  if (error) *error = message;
  return false;
}

void prepare(QPainter& p) {
  p.setRenderHint(QPainter::Antialiasing);
  p.setRenderHint(QPainter::TextAntialiasing);
}

}  // namespace

QByteArray TabRender::svg(ChartTab& tab, QSize size, bool withSummary, const QString& title) {
  QByteArray bytes;
  QBuffer buffer(&bytes);
  buffer.open(QIODevice::WriteOnly);
  QSvgGenerator gen;
  gen.setOutputDevice(&buffer);
  gen.setSize(size);
  gen.setViewBox(QRect(QPoint(0, 0), size));
  gen.setResolution(96);
  gen.setTitle(escapeHtml(title));  // QSvgGenerator writes it unescaped (Qt 6.4)
  gen.setDescription(tr("Drawn by d500 Studio"));
  QPainter p(&gen);
  prepare(p);
  p.fillRect(QRect(QPoint(0, 0), size), Qt::white);
  tab.renderContent(&p, size, 1, withSummary);
  p.end();
  // QSvgGenerator names the font as Qt resolved it ("Sans Serif" offscreen), a family no browser
  // knows: give every text a sans-serif fallback.
  return QString::fromUtf8(bytes)
      .replace(QRegularExpression(QStringLiteral("font-family=\"([^\"]*)\"")),
               QStringLiteral("font-family=\"\\1, 'DejaVu Sans', sans-serif\""))
      .toUtf8();
}

QImage TabRender::image(ChartTab& tab, QSize size, int dpi, bool withSummary) {
  const double scale = dpi / 96.0;
  QImage img(QSize(static_cast<int>(std::lround(size.width() * scale)),
                   static_cast<int>(std::lround(size.height() * scale))),
             QImage::Format_ARGB32_Premultiplied);
  img.setDevicePixelRatio(scale);  // the painter draws in logical pixels
  img.fill(Qt::white);
  {
    QPainter p(&img);
    prepare(p);
    tab.renderContent(&p, size, scale, withSummary);
  }
  img.setDevicePixelRatio(1);
  const int dotsPerMeter = static_cast<int>(std::lround(dpi / 0.0254));
  img.setDotsPerMeterX(dotsPerMeter);
  img.setDotsPerMeterY(dotsPerMeter);
  return img;
}

bool TabRender::write(ChartTab& tab, const QString& path, QSize size, int dpi, QString* error,
                      bool withSummary) {
  // A tab in the window is laid out at the file's size to be drawn; it gets its place back.
  const QRect shown = tab.geometry();
  const bool ok = writeFile(tab, path, size, dpi, error, withSummary);
  if (tab.geometry() != shown) tab.setGeometry(shown);
  return ok;
}

bool TabRender::writeFile(ChartTab& tab, const QString& path, QSize size, int dpi, QString* error,
                          bool withSummary) {
  const QString suffix = QFileInfo(path).suffix().toLower();
  if (suffix == QLatin1String("png")) {
    if (!image(tab, size, dpi, withSummary).save(path, "PNG"))
      return fail(error, tr("Could not write the image %1.").arg(path));
    return true;
  }
  if (suffix == QLatin1String("svg")) {
    QSaveFile f(path);
    if (!f.open(QIODevice::WriteOnly))
      return fail(error, tr("Could not write the drawing %1: %2.").arg(path, f.errorString()));
    const QByteArray bytes = svg(tab, size, withSummary, tab.title());
    if (f.write(bytes) != bytes.size() || !f.commit())
      return fail(error, tr("Could not write the drawing %1: %2.").arg(path, f.errorString()));
    return true;
  }
  if (suffix == QLatin1String("pdf")) {
    {
      QFile probe(path);  // QPdfWriter reports no errors of its own
      if (!probe.open(QIODevice::WriteOnly | QIODevice::Truncate))
        return fail(error, tr("Could not write the PDF %1: %2.").arg(path, probe.errorString()));
    }
    QPdfWriter pdf(path);
    pdf.setTitle(tab.title());
    pdf.setCreator(QStringLiteral("d500 Studio"));
    pdf.setResolution(dpi);
    // One page the tab's size: 96 logical pixels are 72 points.
    pdf.setPageSize(
        QPageSize(QSizeF(size) * 0.75, QPageSize::Point, QString(), QPageSize::ExactMatch));
    pdf.setPageMargins(QMarginsF(0, 0, 0, 0));
    QPainter p;
    if (!p.begin(&pdf)) return fail(error, tr("Could not write the PDF %1.").arg(path));
    prepare(p);
    p.scale(dpi / 96.0, dpi / 96.0);
    tab.renderContent(&p, size, dpi / 96.0, withSummary);
    if (!p.end()) return fail(error, tr("Could not write the PDF %1.").arg(path));
    return true;
  }
  return fail(error, tr("%1: unknown image format; use .png, .svg or .pdf.").arg(path));
}

}  // namespace d500::studio
