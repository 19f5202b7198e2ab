// What the Charts menu and the exports do: open a live chart of a kind over the selected runs,
// compare runs, and export the current chart (PNG at a chosen DPI, SVG, PDF), its data (CSV) and
// reports (HTML, PDF). The charts, comparison and report writing are the charts library's; this
// class only picks the runs and the files.
#pragma once

#include <QJsonObject>
#include <QList>
#include <QObject>

class QWidget;

namespace d500::studio {

class ChartTab;
class ProjectController;
class ProjectDock;
class WorkspaceTabs;

class ChartActions : public QObject {
  Q_OBJECT
 public:
  // All pointers must outlive this object. Ownership: parent.
  ChartActions(QWidget* window, ProjectController* project, WorkspaceTabs* tabs, ProjectDock* dock,
               QObject* parent = nullptr);

  // The runs a new chart or comparison shows: those selected in the project dock (an
  // experiment stands for its runs), else the latest run in the store.
  QList<qint64> chosenRuns() const;
  // `kindName`: a registered ChartKind's name (ChartKindRegistry).
  ChartTab* openChart(const QString& kindName, const QList<qint64>& runIds,
                      const QJsonObject& settings = {});
  ChartTab* openChartForSelection(const QString& kindName);
  // The graph of the ONNX model at `path`; a graph tab already showing that file (the same
  // canonical path) is brought to the front instead of opening a second one.
  ChartTab* openModelGraph(const QString& path);
  // The tab a run of `level` opens with: its dashboard (ChartKindRegistry::kindForRun).
  ChartTab* openRun(qint64 runId, const QString& level);
  QWidget* compare();
  QWidget* showList();  // the list of the project's store

  void exportChart();
  void exportData();
  // Asks for a file and writes the report on reportRuns() there.
  void exportReport(bool pdf);
  // The runs a report covers: those selected in the project dock; without a selection, the
  // current chart's, else the latest run.
  QList<qint64> reportRuns() const;
  // Writes the report (PDF or HTML) on `runIds` of the project's store to `path`; says what
  // happened through message() or failure().
  bool writeReport(const QList<qint64>& runIds, const QString& path, bool pdf);
  // Asks for a file and writes the summary of reportRuns()' first run there, as `d500 show`
  // writes it, in the format of the file's suffix (RunSummary).
  void exportRunSummary();
  bool writeRunSummary(qint64 runId, const QString& path);

 Q_SIGNALS:
  void message(const QString& text);
  void failure(const QString& text);

 private:
  ChartTab* chartOrComplain();

  QWidget* window_;
  ProjectController* project_;
  WorkspaceTabs* tabs_;
  ProjectDock* dock_;
};

}  // namespace d500::studio
