#include "dashboards/dashboard_export.h"

#include <QCoreApplication>
#include <QWidget>
#include <algorithm>

#include "charts/csv_export.h"
#include "charts/csv_format.h"
#include "charts/tab_render.h"
#include "dashboards/run_series.h"

namespace d500::studio {

bool DashboardExport::writeCharts(ChartTab& tab, QSize size, const QString& path, int dpi,
                                  QString* error) {
  return TabRender::write(tab, path, size, dpi, error, false);
}

QSize DashboardExport::chartsSize(const QWidget& tab, const QList<const QWidget*>& controls,
                                  int minHeight) {
  QSize size(1600, 1000);
  if (tab.isVisible() && !tab.testAttribute(Qt::WA_DontShowOnScreen)) {  // not laid out off screen
    size = tab.size();
    for (const QWidget* c : controls)
      if (c->isVisible()) size.rheight() -= c->height();
  }
  size.setHeight(std::max(size.height(), minHeight));
  return size;
}

bool DashboardExport::writeCsv(const RunSeries& series, const QString& storePath, qint64 runId,
                               const QString& runLabel, const QString& path, QString* error) {
  const bool ranks = series.groupBy() == RunSeries::GroupBy::Rank;
  CsvExport out(QStringLiteral("d500 dashboard data"));
  out.note(QStringLiteral("store: ") + storePath);
  out.note(QStringLiteral("run %1: %2").arg(runId).arg(runLabel));
  out.note(
      QStringLiteral("units: step: count (per-epoch series: the epoch number); wall_time: s "
                     "since the training started; value: as recorded"));
  out.row({QStringLiteral("run_id"), ranks ? QStringLiteral("rank") : QStringLiteral("seed"),
           QStringLiteral("series"), QStringLiteral("step"), QStringLiteral("wall_time"),
           QStringLiteral("value")});
  for (int g : series.groups()) {
    for (const char* name :
         {"loss", "lr", "step_time_s", "data_wait_s", "test_accuracy_by_step", "train_loss",
          "train_accuracy", "test_accuracy", "test_loss", "samples_per_s", "data_wait_s_epoch",
          "comm_bytes", "comm_time_s", "compute_time_s"}) {
      const RunSeries::Curve* c = series.curve(g, name);
      if (!c) continue;
      for (const auto& p : c->points)
        out.row({QString::number(runId), QString::number(g), QString::fromLatin1(name),
                 csv::number(static_cast<int64_t>(p.step)), csv::number(p.wall),
                 csv::number(p.value)});
    }
  }
  return out.write(path, error);
}

}  // namespace d500::studio
