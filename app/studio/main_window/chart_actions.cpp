#include "main_window/chart_actions.h"

#include <QFileDialog>
#include <QFileInfo>
#include <QInputDialog>
#include <QWidget>

#include "charts/chart_kind.h"
#include "charts/chart_tab.h"
#include "charts/export_file_name.h"
#include "common/dialog_folder.h"
#include "main_window/project_controller.h"
#include "models/store_watcher.h"
#include "report/report_writer.h"
#include "report/run_summary.h"
#include "views/project_dock.h"
#include "views/workspace_tabs.h"

namespace d500::studio {

ChartActions::ChartActions(QWidget* window, ProjectController* project, WorkspaceTabs* tabs,
                           ProjectDock* dock, QObject* parent)
    : QObject(parent), window_(window), project_(project), tabs_(tabs), dock_(dock) {}

QList<qint64> ChartActions::chosenRuns() const {
  QList<qint64> ids = dock_->selectedRunIds();
  if (ids.isEmpty() && !project_->storeWatcher()->runs().empty())
    ids << project_->storeWatcher()->runs().back().id;
  return ids;
}

ChartTab* ChartActions::openChart(const QString& kindName, const QList<qint64>& runIds,
                                  const QJsonObject& settings) {
  ChartTab* panel =
      tabs_->addChart(ProjectChart{kindName, runIds, settings}, project_->project().storePath);
  project_->setModified(true);
  return panel;
}

ChartTab* ChartActions::openRun(qint64 runId, const QString& level) {
  const ChartKind* kind = ChartKindRegistry::studio().kindForRun(level);
  return openChart(kind ? kind->name() : QStringLiteral("sweep"), {runId});
}

ChartTab* ChartActions::openModelGraph(const QString& path) {
  const QString wanted = QFileInfo(path).canonicalFilePath();
  for (ChartTab* open : tabs_->charts()) {
    const QString shown = open->settings().value(QStringLiteral("model")).toString();
    if (open->kindName() == QLatin1String("graph") && !shown.isEmpty() && !wanted.isEmpty() &&
        QFileInfo(shown).canonicalFilePath() == wanted) {
      tabs_->setCurrentWidget(open);
      return open;
    }
  }
  return openChart(QStringLiteral("graph"), {}, {{QStringLiteral("model"), path}});
}

ChartTab* ChartActions::openChartForSelection(const QString& kindName) {
  const QList<qint64> ids = chosenRuns();
  if (ids.isEmpty())
    Q_EMIT message(
        tr("No runs yet: the chart fills in when a run of this project stores results."));
  return openChart(kindName, ids);
}

QWidget* ChartActions::compare() {
  const QList<qint64> ids = chosenRuns();
  QWidget* view = tabs_->addComparison(project_->project().storePath, ids);
  project_->setModified(true);
  return view;
}

QWidget* ChartActions::showList() {
  QWidget* view = tabs_->addList(project_->project().storePath);
  project_->setModified(true);
  return view;
}

ChartTab* ChartActions::chartOrComplain() {
  ChartTab* chart = tabs_->currentChart();
  if (!chart) Q_EMIT failure(tr("Show the chart to export in the current tab first."));
  return chart;
}

void ChartActions::exportChart() {
  ChartTab* chart = chartOrComplain();
  if (!chart) return;
  QString filter;
  const QString path = QFileDialog::getSaveFileName(
      window_, tr("Export chart"),
      DialogFolder::suggest(exportFileName(chart->title(), QStringLiteral("png"))),
      tr("PNG image (*.png);;SVG drawing (*.svg);;PDF document (*.pdf)"), &filter);
  if (path.isEmpty()) return;
  int dpi = 96;
  if (QFileInfo(path).suffix().compare(QLatin1String("png"), Qt::CaseInsensitive) == 0) {
    bool ok = false;
    dpi = QInputDialog::getInt(window_, tr("Export chart"), tr("Resolution (dots per inch):"), 150,
                               72, 1200, 1, &ok);
    if (!ok) return;
  }
  QString error;
  if (!chart->exportImage(path, dpi, &error))
    Q_EMIT failure(error);
  else
    Q_EMIT message(tr("Exported %1").arg(path));
}

void ChartActions::exportData() {
  ChartTab* chart = chartOrComplain();
  if (!chart) return;
  const QString path = QFileDialog::getSaveFileName(
      window_, tr("Export chart data"),
      DialogFolder::suggest(exportFileName(chart->title(), QStringLiteral("csv"))),
      tr("CSV (*.csv)"));
  if (path.isEmpty()) return;
  QString error;
  if (!chart->exportCsv(path, &error))
    Q_EMIT failure(error);
  else
    Q_EMIT message(tr("Exported %1").arg(path));
}

QList<qint64> ChartActions::reportRuns() const {
  // What the action's tooltip and the guide promise: the runs selected in the project dock.
  // Without a selection, the current chart's runs, else the latest run.
  const QList<qint64> selected = dock_->selectedRunIds();
  if (!selected.isEmpty()) return selected;
  if (ChartTab* chart = tabs_->currentChart()) return chart->runIds();
  return chosenRuns();
}

void ChartActions::exportReport(bool pdf) {
  const QList<qint64> ids = reportRuns();
  if (ids.isEmpty()) {
    Q_EMIT failure(tr("There are no runs to report on yet."));
    return;
  }
  const QString suffix = pdf ? QStringLiteral(".pdf") : QStringLiteral(".html");
  const QString path = QFileDialog::getSaveFileName(
      window_, tr("Export report"), DialogFolder::suggest(QStringLiteral("d500-report") + suffix),
      pdf ? tr("PDF document (*.pdf)") : tr("HTML page (*.html)"));
  if (!path.isEmpty()) writeReport(ids, path, pdf);
}

bool ChartActions::writeReport(const QList<qint64>& runIds, const QString& path, bool pdf) {
  QString error;
  const QString store = project_->project().storePath;
  const bool ok = pdf ? ReportWriter::writePdf(store, runIds, path, &error)
                      : ReportWriter::writeHtml(store, runIds, path, &error);
  if (!ok)
    Q_EMIT failure(error);
  else
    Q_EMIT message(tr("Exported %1").arg(path));
  return ok;
}

void ChartActions::exportRunSummary() {
  const QList<qint64> ids = reportRuns();
  if (ids.isEmpty()) {
    Q_EMIT failure(tr("There are no runs to summarise yet."));
    return;
  }
  const QString path = QFileDialog::getSaveFileName(
      window_, tr("Export run summary"),
      DialogFolder::suggest(QStringLiteral("run-%1.md").arg(ids.front())),
      RunSummary::fileFilter());
  if (!path.isEmpty()) writeRunSummary(ids.front(), path);
}

bool ChartActions::writeRunSummary(qint64 runId, const QString& path) {
  QString error;
  const bool ok = RunSummary::write(project_->project().storePath, runId, path, &error);
  if (!ok)
    Q_EMIT failure(error);
  else
    Q_EMIT message(tr("Exported %1").arg(path));
  return ok;
}

}  // namespace d500::studio
