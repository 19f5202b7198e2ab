// The central tabs: experiment editors, live charts and run comparisons. The tabs are part of
// what a project keeps (which charts, with which runs and settings, in which order, and which
// tab was current), so this class both lists them for saving and rebuilds them on opening.
#pragma once

#include <QJsonArray>
#include <QList>
#include <QTabWidget>
#include <functional>

#include "models/plugin_catalog.h"
#include "project/project.h"

namespace d500::studio {

class ChartTab;
class ExperimentDocument;
class ExperimentEditor;

class WorkspaceTabs : public QTabWidget {
  Q_OBJECT
 public:
  explicit WorkspaceTabs(QWidget* parent = nullptr);

  // --- editors --------------------------------------------------------------------------------
  // Opens (or shows, when open) the editor of the project's experiment `experimentIndex`;
  // `doc` is adopted when a new tab is made, deleted otherwise.
  ExperimentEditor* openEditor(int experimentIndex, ExperimentDocument* doc);
  ExperimentEditor* editorFor(int experimentIndex) const;
  QList<ExperimentEditor*> editors() const;
  ExperimentEditor* currentEditor() const;
  int experimentIndexOf(const ExperimentEditor* editor) const;
  // After experiment `removed` left the project: its editor is closed, later ones renumbered.
  void experimentRemoved(int removed);

  // --- charts and comparisons -----------------------------------------------------------------
  // A tab of the registered kind `chart.kind` (an unknown name gets the sweep). A kind with one
  // tab per run (a run's dashboard) shows the open tab of the same runs instead of a second one.
  ChartTab* addChart(const ProjectChart& chart, const QString& storePath);
  QWidget* addComparison(const QString& storePath, const QList<qint64>& runIds);
  // The list (d500 list) of the store's runs; one tab, shown again when already open.
  QWidget* addList(const QString& storePath);
  QList<ChartTab*> charts() const;  // single charts and dashboards, in tab order
  ChartTab* currentChart() const;

  // --- the project's view of the tabs ---------------------------------------------------------
  QList<ProjectChart> chartStates() const;
  // Tab order and the current tab: {"tabs": [{"experiment": 0}, {"chart": 0}, {"compare": [1, 2]},
  // {"list": true}], "current_tab": 1}.
  QJsonObject layoutState() const;
  // Rebuilds the tabs of a project. `openDocument(i)` loads experiment i (nullptr when it cannot).
  void restore(const QList<ProjectChart>& charts, const QJsonObject& layout,
               const QString& storePath,
               const std::function<ExperimentDocument*(int)>& openDocument);
  void closeAll();

  void setCatalog(const PluginCatalog& catalog);
  void setCatalogError(const QString& error);

 Q_SIGNALS:
  void currentEditorChanged(d500::studio::ExperimentEditor* editor);  // nullptr: none
  // A chart opened or closed, or its runs changed: the project has something new to save.
  void chartsChanged();
  // The user closed an editor tab whose file has unsaved changes and chose to save it.
  void saveRequested(d500::studio::ExperimentEditor* editor);
  // A new editor tab, however it was opened (by the user, or restored with the project).
  void editorOpened(d500::studio::ExperimentEditor* editor, int experimentIndex);
  // A tab asked to open a run (the History view's points), or to rerun the two runs around a
  // change point to confirm it (the History view's change details).
  void openRunRequested(qint64 runId);
  void confirmChangeRequested(qint64 beforeRun, qint64 afterRun);

 private:
  void closeTab(int index, bool ask);

  PluginCatalog catalog_;
  QString catalogError_;
  bool haveCatalog_ = false;
};

}  // namespace d500::studio
