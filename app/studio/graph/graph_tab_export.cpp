// GraphTab's exports: the graph as PNG, SVG or PDF, the run's per-node times as CSV.
#include <QFileInfo>
#include <QGraphicsScene>
#include <QImage>
#include <QPainter>
#include <QPdfWriter>
#include <QSvgGenerator>
#include <algorithm>

#include "charts/csv_export.h"
#include "charts/csv_format.h"
#include "graph/graph_tab.h"

namespace d500::studio {

namespace {
constexpr double kMaxImageSide = 16000;  // pixels of an exported PNG
}

bool GraphTab::exportImage(const QString& path, int dpi, QString* error) {
  if (nodes_.empty()) {
    *error = tr("There is no graph to export yet.");
    return false;
  }
  const QRectF source = scene_->itemsBoundingRect().adjusted(-20, -20, 20, 20);
  const QString suffix = QFileInfo(path).suffix().toLower();
  bool ok = true;
  if (suffix == QLatin1String("svg")) {
    QSvgGenerator svg;
    svg.setFileName(path);
    svg.setSize(source.size().toSize());
    svg.setViewBox(QRectF(QPointF(0, 0), source.size()));
    QPainter p(&svg);
    scene_->render(&p, QRectF(QPointF(0, 0), source.size()), source);
    ok = p.end();
  } else if (suffix == QLatin1String("pdf")) {
    QPdfWriter pdf(path);
    pdf.setPageSize(QPageSize(source.size(), QPageSize::Point));
    pdf.setPageMargins(QMarginsF(0, 0, 0, 0));
    QPainter p(&pdf);
    ok = p.isActive();
    if (ok) scene_->render(&p, QRectF(), source);
  } else {
    const double scale =
        std::min(dpi / 96.0, kMaxImageSide / std::max(source.width(), source.height()));
    QImage image((source.size() * scale).toSize(), QImage::Format_ARGB32);
    image.fill(Qt::white);
    QPainter p(&image);
    p.setRenderHints(QPainter::Antialiasing | QPainter::TextAntialiasing);
    scene_->render(&p, QRectF(image.rect()), source);
    p.end();
    ok = image.save(path);
  }
  if (!ok) *error = tr("Could not write %1.").arg(path);
  return ok;
}

bool GraphTab::exportCsv(const QString& path, QString* error) {
  // Node and executor names come from models and plugins: the CSV reporter quotes them.
  CsvExport out(QStringLiteral("d500 node times"));
  out.row(QStringLiteral("executor,group,node,op_type,pass,median_ns,ci_lo_ns,ci_hi_ns,share")
              .split(QLatin1Char(',')));
  for (const QString& ex : data_.profile.executors())
    for (const QString& gr : data_.profile.groups(ex)) {
      const NodeGroup* g = data_.profile.find(ex, gr);
      for (const auto& [name, t] : g->nodes)
        for (const NodePass& p : t.passes)
          out.row({ex, gr, name, t.opType, p.pass, csv::number(p.medianNs), csv::number(p.ciLoNs),
                   csv::number(p.ciHiNs),
                   csv::number(g->totalNs > 0 ? p.medianNs / g->totalNs : 0.0)});
    }
  return out.write(path, error);
}

}  // namespace d500::studio
