#include "dashboards/dashboard_export.h"

#include <QCoreApplication>
#include <QFileInfo>
#include <QImage>
#include <QPainter>
#include <QPdfWriter>
#include <QSaveFile>
#include <QSvgGenerator>
#include <QTextStream>
#include <QWidget>

#include "charts/csv_format.h"
#include "dashboards/run_series.h"

namespace d500::studio {

namespace {

bool fail(QString* error, const QString& text) {
  if (error) *error = text;
  return false;
}

}  // namespace

bool DashboardExport::writeImage(QWidget* w, const QString& path, int dpi, const QString& title, QString* error) {
  const QString suffix = QFileInfo(path).suffix().toLower();
  const QSize size = w->size();
  if (suffix == QLatin1String("png")) {
    const double scale = std::max(1.0, dpi / 96.0);
    QImage img(size * scale, QImage::Format_ARGB32);
    img.setDevicePixelRatio(scale);
    img.fill(Qt::white);
    w->render(&img);
    img.setDotsPerMeterX(static_cast<int>(dpi / 0.0254));
    img.setDotsPerMeterY(static_cast<int>(dpi / 0.0254));
    if (!img.save(path, "PNG"))
      return fail(error, tr("Could not write the image %1.").arg(path));
    return true;
  }
  if (suffix == QLatin1String("svg")) {
    QSvgGenerator svg;
    svg.setFileName(path);
    svg.setSize(size);
    svg.setViewBox(QRect(QPoint(0, 0), size));
    svg.setTitle(title);
    QPainter p;
    if (!p.begin(&svg)) return fail(error, tr("Could not write the drawing %1.").arg(path));
    w->render(&p);
    return p.end() || fail(error, tr("Could not write the drawing %1.").arg(path));
  }
  if (suffix == QLatin1String("pdf")) {
    QPdfWriter pdf(path);
    pdf.setTitle(title);
    pdf.setResolution(dpi);
    pdf.setPageSize(QPageSize(QSizeF(size) * 25.4 / 96.0, QPageSize::Millimeter));
    pdf.setPageMargins(QMarginsF(0, 0, 0, 0));
    QPainter p;
    if (!p.begin(&pdf)) return fail(error, tr("Could not write the PDF %1.").arg(path));
    p.scale(dpi / 96.0, dpi / 96.0);
    w->render(&p);
    return p.end() || fail(error, tr("Could not write the PDF %1.").arg(path));
  }
  return fail(error, tr("%1: unknown image format; use .png, .svg or .pdf.").arg(path));
}

bool DashboardExport::writeCsv(const RunSeries& series, const QString& storePath, qint64 runId,
              const QString& runLabel, const QString& path, QString* error) {
  QSaveFile f(path);
  if (!f.open(QIODevice::WriteOnly | QIODevice::Text))
    return fail(error, tr("Could not write the CSV file %1: %2.").arg(path, f.errorString()));
  QTextStream out(&f);
  out.setEncoding(QStringConverter::Utf8);
  const bool ranks = series.groupBy() == RunSeries::GroupBy::Rank;
  out << "# d500 dashboard data\n# store: " << QString(storePath).replace(QLatin1Char('\n'), QLatin1Char(' '))
      << "\n# run " << runId << ": " << QString(runLabel).replace(QLatin1Char('\n'), QLatin1Char(' '))
      << "\n# units: step: count (per-epoch series: the epoch number); wall_time: s since the "
         "training started; value: as recorded\n";
  out << "run_id," << (ranks ? "rank" : "seed") << ",series,step,wall_time,value\n";
  for (int g : series.groups()) {
    for (const char* name : {"loss", "lr", "step_time_s", "data_wait_s", "test_accuracy_by_step",
                             "train_loss", "train_accuracy", "test_accuracy", "test_loss",
                             "samples_per_s", "data_wait_s_epoch", "comm_bytes", "comm_time_s",
                             "compute_time_s"}) {
      const RunSeries::Curve* c = series.curve(g, name);
      if (!c) continue;
      for (const auto& p : c->points)
        out << runId << ',' << g << ',' << csv::field(QString::fromLatin1(name)) << ','
            << csv::number(static_cast<int64_t>(p.step)) << ',' << csv::number(p.wall) << ','
            << csv::number(p.value) << '\n';
    }
  }
  out.flush();
  if (out.status() != QTextStream::Ok || !f.commit())
    return fail(error, tr("Could not write the CSV file %1: %2.").arg(path, f.errorString()));
  return true;
}

}  // namespace d500::studio
