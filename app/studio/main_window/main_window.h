// The main window composes: the docks (project, plugins, run queue, properties), the central
// tabs, the actions with their menus, toolbar and shortcuts, and the status bar. The work is
// done by the classes it wires together (ProjectController, ExperimentActions, ChartActions,
// RunManager, PluginQuery); nothing here benchmarks, parses or draws.
#pragma once

#include <QMainWindow>
#include <QStringList>

class QDockWidget;
class QLabel;
class QStackedWidget;
class QUndoGroup;

namespace d500::studio {

class ChartActions;
class ExperimentActions;
class FirstSteps;
class PluginListModel;
class PluginQuery;
class Project;
class ProjectController;
class ProjectDock;
class PluginsDock;
class PropertiesDock;
class RecentProjects;
class RunManager;
class RunQueueDock;
class StartPage;
class StudioActions;
class WorkspaceTabs;

class NoticeBanner;
class NetworkEditorWindow;

class MainWindow : public QMainWindow {
  Q_OBJECT
 public:
  // `interactive`: false for --screenshot and tests: problems go to stderr as well as to the
  // banner and the status bar, and closing never asks.
  explicit MainWindow(bool interactive = true, QWidget* parent = nullptr);
  ~MainWindow() override;

  bool openProject(const QString& path, const QString& storeOverride = QString());
  // An untitled project over the result store `path` (ProjectController::openStore).
  void openStore(const QString& path);
  // Blocks (with events) until the plugin list has arrived or `ms` passed: what --screenshot
  // waits for before rendering.
  bool waitUntilReady(int ms);

  ProjectController* project() const { return project_; }
  RunManager* runManager() const { return runs_; }
  WorkspaceTabs* tabs() const { return tabs_; }
  StartPage* startPage() const { return startPage_; }  // shown while no tab is open
  FirstSteps* firstSteps() const { return firstSteps_; }
  StudioActions* actions() const { return actions_; }
  ExperimentActions* experimentActions() const { return experiments_; }
  ChartActions* chartActions() const { return charts_; }
  ProjectDock* projectDock() const { return projectDock_; }
  RunQueueDock* runQueueDock() const { return queueDock_; }
  PropertiesDock* propertiesDock() const { return propertiesDock_; }
  PluginListModel* pluginModel() const { return pluginModel_; }
  QStringList shownMessages() const { return messages_; }
  NoticeBanner* noticeBanner() const { return banner_; }

 protected:
  void closeEvent(QCloseEvent* event) override;

 private:
  QDockWidget* addDock(QWidget* content, const QString& title, const QString& name,
                       Qt::DockWidgetArea area);
  void connectActions();
  void connectProjectActions();
  void connectChartActions();
  void connectToolActions();
  void installStartPage();
  void connectModels();
  // Charts > History, and what its tab asks: open a run, rerun a change point to confirm it.
  void connectHistory();
  void newProject();
  void openProjectDialog();
  void openStoreDialog();
  bool saveProject();
  bool saveProjectAs();
  bool maybeSave();
  void projectOpened();
  void updateTitle();
  void updateRunStatus();
  void updateProperties();
  void showFailure(const QString& text);
  void showNotice(const QString& text);
  void tell(const QString& text, bool failure);
  void collectState(Project& p) const;

  bool interactive_;
  QUndoGroup* undoGroup_;
  ProjectController* project_;
  RunManager* runs_;
  PluginQuery* pluginQuery_;
  PluginListModel* pluginModel_;
  WorkspaceTabs* tabs_;
  QStackedWidget* central_;  // the start page, or the tabs once one is open
  StartPage* startPage_;
  FirstSteps* firstSteps_;
  ProjectDock* projectDock_;
  PluginsDock* pluginsDock_;
  RunQueueDock* queueDock_;
  PropertiesDock* propertiesDock_;
  StudioActions* actions_;
  RecentProjects* recent_;
  ExperimentActions* experiments_;
  ChartActions* charts_;
  NoticeBanner* banner_;
  NetworkEditorWindow* networkEditor_ = nullptr;
  QLabel* storeLabel_;
  QLabel* runsLabel_;
  QStringList messages_;
  bool pluginsReady_ = false;
};

}  // namespace d500::studio
