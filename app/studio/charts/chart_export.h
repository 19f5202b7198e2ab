// Drawing a chart into files. The chart is painted as vectors into each device, so a PNG at 300
// DPI is sharp rather than an upscaled screenshot, and SVG and PDF keep text as text.
// `logical` is the chart's size in device-independent pixels (1/96 inch); the caller lays the
// chart out at that size first (ChartPanel does, and re-decimates for the output's resolution).
#pragma once

#include <QByteArray>
#include <QImage>
#include <QSizeF>
#include <QString>

QT_BEGIN_NAMESPACE
class QChart;
class QPainter;
QT_END_NAMESPACE

namespace d500::studio::chart_export {

// Pixels per logical pixel at `dpi` (96 DPI is 1:1).
double scaleForDpi(int dpi);
// The image: logical size * dpi / 96 pixels, with the DPI recorded in its metadata.
QImage image(QChart* chart, QSizeF logical, int dpi);
bool writePng(QChart* chart, QSizeF logical, int dpi, const QString& path, QString* error);
// A standalone SVG document (with its XML declaration).
QByteArray svg(QChart* chart, QSizeF logical, const QString& title);
bool writeSvg(QChart* chart, QSizeF logical, const QString& title, const QString& path,
              QString* error);
// One page exactly the chart's size; `dpi` is the resolution of what is not vector.
bool writePdf(QChart* chart, QSizeF logical, int dpi, const QString& title, const QString& path,
              QString* error);

}  // namespace d500::studio::chart_export
