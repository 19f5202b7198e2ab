// Every command of the main window as a QAction, with its shortcut, icon and status tip, and
// the menus and toolbar made from them. The main window connects them; nothing here acts.
#pragma once

#include <QObject>

class QAction;
class QMainWindow;
class QMenu;
class QToolBar;
class QUndoGroup;

namespace d500::studio {

class StudioActions : public QObject {
  Q_OBJECT
 public:
  // `undo` provides Undo/Redo for the current editor's document. Ownership: parent.
  StudioActions(QUndoGroup* undo, QObject* parent);

  // Builds the menu bar and toolbar of `window`; `docks` go to View (their toggle actions).
  void install(QMainWindow* window, const QList<QAction*>& docks);

  QAction *newProject, *openProject, *saveProject, *saveProjectAs, *quit;
  QAction* openStore;  // an untitled project over a result store (issue 35 item 1)
  // The start page's first steps that are not other actions (issue 35 item 3).
  QAction *openExample, *compareImplementations, *runRecipe;
  QAction *newExperiment, *addExperiment, *saveExperiment, *saveExperimentAs, *removeExperiment;
  QAction *undo, *redo, *settings;
  QAction *run, *cancel, *cancelAll;
  QAction *chartConvergence, *chartThroughput, *chartTimings, *chartSweep, *chartRoofline,
      *chartSeeds;
  QAction* chartHistory;                // the store's benchmarks over time (issue 31 item 5)
  QAction* chartScaling;                // collective runs' models and projections (issue 36 item 6)
  QAction *chartGraph, *openOnnxModel;  // the ONNX graph view of a network run, of an .onnx file
  QAction* networkEditor;               // the network editor's window (issue 17 item 2)
  QAction *showList, *compareRuns, *exportChart, *exportData, *exportReportHtml, *exportReportPdf,
      *exportRunSummary;
  QAction *reloadPlugins, *userGuide, *shortcuts, *about;
  QMenu* recentMenu = nullptr;
  QToolBar* toolBar = nullptr;

 private:
  // The constructor's groups: File (projects, experiments), Edit and Run, Charts, the views,
  // exports and Help.
  void makeProjectActions();
  void makeEditAndRunActions(QUndoGroup* undoGroup);
  void makeChartActions();
  void makeViewAndHelpActions();
};

}  // namespace d500::studio
