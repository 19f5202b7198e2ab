#include "main_window/main_window.h"

#include <QApplication>
#include <QCloseEvent>
#include <QDockWidget>
#include <QElapsedTimer>
#include <QFileDialog>
#include <QFileInfo>
#include <QItemSelectionModel>
#include <QLabel>
#include <QMessageBox>
#include <QSettings>
#include <QStackedWidget>
#include <QStatusBar>
#include <QTableView>
#include <QUndoGroup>
#include <QVBoxLayout>

#include "charts/chart_tab.h"
#include "common/dialog_folder.h"
#include "dialogs/about_dialog.h"
#include "dialogs/help_dialogs.h"
#include "dialogs/settings_dialog.h"
#include "editor/experiment_document.h"
#include "editor/experiment_editor.h"
#include "main_window/chart_actions.h"
#include "main_window/experiment_actions.h"
#include "main_window/first_steps.h"
#include "main_window/project_controller.h"
#include "main_window/recent_projects.h"
#include "main_window/studio_actions.h"
#include "models/plugin_list_model.h"
#include "models/plugin_query.h"
#include "models/project_tree_model.h"
#include "models/store_watcher.h"
#include "network_editor/network_editor.h"
#include "network_editor/network_editor_window.h"
#include "runs/run_manager.h"
#include "runs/runner_locator.h"
#include "views/notice_banner.h"
#include "views/plugins_dock.h"
#include "views/project_dock.h"
#include "views/properties_dock.h"
#include "views/run_queue_dock.h"
#include "views/start_page.h"
#include "views/wheel_guard.h"
#include "views/workspace_tabs.h"

// Q_INIT_RESOURCE may not be used inside a namespace.
static void initStudioResources() {
  Q_INIT_RESOURCE(studio);
}

namespace d500::studio {

namespace {

QString runnerPath() {
  const QString set = SettingsDialog::runnerOverride();
  return set.isEmpty() ? RunnerLocator::runnerPath() : set;
}

}  // namespace

MainWindow::MainWindow(bool interactive, QWidget* parent)
    : QMainWindow(parent), interactive_(interactive) {
  initStudioResources();
  WheelGuard::installOnApplication();
  setObjectName(QStringLiteral("mainWindow"));
  setWindowIcon(QIcon(QStringLiteral(":/studio/icons/d500-studio.svg")));
  undoGroup_ = new QUndoGroup(this);
  project_ = new ProjectController(this);
  runs_ = new RunManager(this);
  runs_->setMaxConcurrent(SettingsDialog::maxConcurrentRuns());
  runs_->setGracePeriodMs(SettingsDialog::cancelGracePeriodMs());
  runs_->setClusterDefaults(SettingsDialog::clusterDefaults());
  runs_->setRunnerPath(SettingsDialog::runnerOverride());
  pluginQuery_ = new PluginQuery(this);
  pluginModel_ = new PluginListModel(this);

  tabs_ = new WorkspaceTabs;
  banner_ = new NoticeBanner;
  auto* central = new QWidget;
  auto* column = new QVBoxLayout(central);
  column->setContentsMargins(0, 0, 0, 0);
  column->setSpacing(0);
  column->addWidget(banner_);
  central_ = new QStackedWidget;
  central_->addWidget(tabs_);
  column->addWidget(central_, 1);
  setCentralWidget(central);
  projectDock_ = new ProjectDock(project_->treeModel());
  pluginsDock_ = new PluginsDock(pluginModel_);
  queueDock_ = new RunQueueDock(runs_);
  propertiesDock_ = new PropertiesDock;
  QDockWidget* projectDock =
      addDock(projectDock_, tr("Project"), QStringLiteral("projectDock"), Qt::LeftDockWidgetArea);
  QDockWidget* propertiesDock = addDock(propertiesDock_, tr("Properties"),
                                        QStringLiteral("propertiesDock"), Qt::LeftDockWidgetArea);
  QDockWidget* queueDock = addDock(queueDock_, tr("Run Queue"), QStringLiteral("runQueueDock"),
                                   Qt::BottomDockWidgetArea);
  QDockWidget* pluginsDock =
      addDock(pluginsDock_, tr("Plugins"), QStringLiteral("pluginsDock"), Qt::BottomDockWidgetArea);
  const QList<QAction*> dockToggles = {
      projectDock->toggleViewAction(), propertiesDock->toggleViewAction(),
      queueDock->toggleViewAction(), pluginsDock->toggleViewAction()};

  actions_ = new StudioActions(undoGroup_, this);
  actions_->install(this, dockToggles);
  recent_ = new RecentProjects(actions_->recentMenu, this);
  experiments_ = new ExperimentActions(this, project_, tabs_, projectDock_, runs_, this);
  charts_ = new ChartActions(this, project_, tabs_, projectDock_, this);
  firstSteps_ = new FirstSteps(project_, experiments_, tabs_, this);
  installStartPage();
  projectDock_->setContextActions({actions_->run, actions_->chartSweep, actions_->chartTimings,
                                   actions_->chartGraph, actions_->compareRuns,
                                   actions_->exportReportHtml, actions_->removeExperiment});
  project_->setStateCollector([this](Project& p) { collectState(p); });

  storeLabel_ = new QLabel;
  runsLabel_ = new QLabel;
  runsLabel_->setObjectName(QStringLiteral("runsStatus"));
  statusBar()->addPermanentWidget(storeLabel_);
  statusBar()->addPermanentWidget(runsLabel_);

  connectActions();
  connectModels();
  connectHistory();

  // The first layout (a saved one replaces it): the charts get the most room.
  resize(1400, 900);
  resizeDocks({projectDock, queueDock}, {380, 230}, Qt::Horizontal);
  resizeDocks({queueDock}, {230}, Qt::Vertical);
  resizeDocks({projectDock, propertiesDock}, {420, 300}, Qt::Vertical);
  QSettings s;
  restoreGeometry(s.value(QStringLiteral("mainWindow/geometry")).toByteArray());
  restoreState(s.value(QStringLiteral("mainWindow/state")).toByteArray());

  pluginQuery_->start(runnerPath());
  project_->newProject();
}

MainWindow::~MainWindow() = default;

void MainWindow::installStartPage() {
  startPage_ = FirstSteps::createStartPage(*actions_);
  central_->insertWidget(0, startPage_);
  // The start page while the tabs are empty: QTabWidget reports the first tab and the last one
  // closed as a change of the current tab.
  connect(tabs_, &QTabWidget::currentChanged, this, [this] {
    central_->setCurrentWidget(tabs_->count() > 0 ? static_cast<QWidget*>(tabs_) : startPage_);
  });
  central_->setCurrentWidget(startPage_);
}

QDockWidget* MainWindow::addDock(QWidget* content, const QString& title, const QString& name,
                                 Qt::DockWidgetArea area) {
  auto* dock = new QDockWidget(title, this);
  dock->setObjectName(name);  // saveState() needs names
  dock->setWidget(content);
  addDockWidget(area, dock);
  return dock;
}

void MainWindow::connectActions() {
  connectProjectActions();
  connectChartActions();
  connectToolActions();
}

// File, experiments and runs.
void MainWindow::connectProjectActions() {
  StudioActions* a = actions_;
  connect(a->newProject, &QAction::triggered, this, &MainWindow::newProject);
  connect(a->openProject, &QAction::triggered, this, &MainWindow::openProjectDialog);
  connect(a->openStore, &QAction::triggered, this, &MainWindow::openStoreDialog);
  connect(a->openExample, &QAction::triggered, firstSteps_, &FirstSteps::openExampleProject);
  connect(a->compareImplementations, &QAction::triggered, firstSteps_,
          &FirstSteps::compareImplementations);
  connect(a->runRecipe, &QAction::triggered, firstSteps_, &FirstSteps::runRecipe);
  connect(firstSteps_, &FirstSteps::openProjectRequested, this, [this](const QString& path) {
    if (maybeSave()) openProject(path);
  });
  connect(firstSteps_, &FirstSteps::failure, this, &MainWindow::showFailure);
  connect(a->saveProject, &QAction::triggered, this, &MainWindow::saveProject);
  connect(a->saveProjectAs, &QAction::triggered, this, &MainWindow::saveProjectAs);
  connect(a->quit, &QAction::triggered, this, &QWidget::close);
  connect(recent_, &RecentProjects::openRequested, this, [this](const QString& path) {
    if (maybeSave()) openProject(path);
  });
  connect(a->newExperiment, &QAction::triggered, experiments_, &ExperimentActions::newExperiment);
  connect(a->addExperiment, &QAction::triggered, experiments_,
          &ExperimentActions::addExperimentFile);
  connect(a->saveExperiment, &QAction::triggered, experiments_, &ExperimentActions::saveCurrent);
  connect(a->saveExperimentAs, &QAction::triggered, experiments_,
          &ExperimentActions::saveCurrentAsFile);
  connect(a->removeExperiment, &QAction::triggered, experiments_,
          &ExperimentActions::removeSelected);
  connect(a->run, &QAction::triggered, experiments_, &ExperimentActions::runCurrent);
  connect(a->cancel, &QAction::triggered, this,
          [this] { runs_->cancel(queueDock_->selectedJob()); });
  connect(a->cancelAll, &QAction::triggered, runs_, &RunManager::cancelAll);
}

// Charts, the graph and network editor windows, comparisons and exports.
void MainWindow::connectChartActions() {
  StudioActions* a = actions_;
  // The menu's charts by their registered kinds' names (ChartKindRegistry).
  const QList<QPair<QAction*, const char*>> kinds = {{a->chartConvergence, "convergence"},
                                                     {a->chartThroughput, "throughput"},
                                                     {a->chartTimings, "timings"},
                                                     {a->chartSweep, "sweep"},
                                                     {a->chartRoofline, "roofline"},
                                                     {a->chartSeeds, "seeds"},
                                                     {a->chartGraph, "graph"},
                                                     {a->chartScaling, "scaling"}};
  for (const auto& [action, kind] : kinds)
    connect(action, &QAction::triggered, this,
            [this, kind = QString::fromLatin1(kind)] { charts_->openChartForSelection(kind); });
  connect(a->openOnnxModel, &QAction::triggered, this, [this] {
    const QString path = QFileDialog::getOpenFileName(this, tr("Open ONNX model"), QString(),
                                                      tr("ONNX models (*.onnx);;All files (*)"));
    if (!path.isEmpty()) charts_->openModelGraph(path);
  });
  // The network editor: its own window (no child of this one, whose shortcuts it would repeat);
  // a network experiment of its model joins the project.
  networkEditor_ = new NetworkEditorWindow;
  connect(this, &QObject::destroyed, networkEditor_, &QObject::deleteLater);
  connect(a->networkEditor, &QAction::triggered, this, [this] {
    networkEditor_->show();
    networkEditor_->raise();
    networkEditor_->activateWindow();
  });
  connect(networkEditor_, &NetworkEditorWindow::experimentWritten, this,
          [this](const QString& path) {
            const int index = project_->addExperimentFile(path);
            if (index >= 0) experiments_->open(index);
          });
  connect(a->compareRuns, &QAction::triggered, charts_, &ChartActions::compare);
  connect(a->showList, &QAction::triggered, charts_, &ChartActions::showList);
  connect(a->exportChart, &QAction::triggered, charts_, &ChartActions::exportChart);
  connect(a->exportData, &QAction::triggered, charts_, &ChartActions::exportData);
  connect(a->exportReportHtml, &QAction::triggered, this, [this] { charts_->exportReport(false); });
  connect(a->exportReportPdf, &QAction::triggered, this, [this] { charts_->exportReport(true); });
  connect(a->exportRunSummary, &QAction::triggered, charts_, &ChartActions::exportRunSummary);
}

// Plugins, settings, help, and what the action helpers say.
void MainWindow::connectToolActions() {
  StudioActions* a = actions_;
  connect(a->reloadPlugins, &QAction::triggered, this,
          [this] { pluginQuery_->start(runnerPath(), true); });
  connect(a->settings, &QAction::triggered, this, [this] {
    SettingsDialog d(this);
    if (d.exec() != QDialog::Accepted) return;
    if (d.apply()) showNotice(tr("The new language applies when d500 Studio is started again."));
    runs_->setMaxConcurrent(SettingsDialog::maxConcurrentRuns());
    runs_->setGracePeriodMs(SettingsDialog::cancelGracePeriodMs());
    runs_->setClusterDefaults(SettingsDialog::clusterDefaults());
    runs_->setRunnerPath(SettingsDialog::runnerOverride());
  });
  connect(a->about, &QAction::triggered, this, [this] { AboutDialog(runnerPath(), this).exec(); });
  auto openOwned = [](QDialog* d) {
    d->setAttribute(Qt::WA_DeleteOnClose);
    d->open();
  };
  connect(a->userGuide, &QAction::triggered, this,
          [this, openOwned] { openOwned(new UserGuideDialog(this)); });
  connect(a->shortcuts, &QAction::triggered, this,
          [this, openOwned] { openOwned(new ShortcutsDialog(this, this)); });
  auto status = [this](const QString& text) { statusBar()->showMessage(text, 8000); };
  connect(experiments_, &ExperimentActions::message, this, status);
  connect(charts_, &ChartActions::message, this, status);
  connect(experiments_, &ExperimentActions::failure, this, &MainWindow::showFailure);
  connect(charts_, &ChartActions::failure, this, &MainWindow::showFailure);
}

void MainWindow::connectModels() {
  connect(pluginQuery_, &PluginQuery::finished, this, [this](const PluginCatalog& catalog) {
    pluginsReady_ = true;
    pluginModel_->setCatalog(catalog);
    pluginsDock_->setSearchPath(catalog.searchPath());
    tabs_->setCatalog(catalog);
    networkEditor_->editor()->setCatalog(catalog);
  });
  connect(pluginQuery_, &PluginQuery::failed, this, [this](const QString& error) {
    pluginsReady_ = true;
    pluginModel_->setQueryError(error);
    tabs_->setCatalogError(error);
    networkEditor_->editor()->setCatalogError(error);
  });
  connect(project_, &ProjectController::projectOpened, this, &MainWindow::projectOpened);
  connect(project_, &ProjectController::modifiedChanged, this, &MainWindow::updateTitle);
  connect(project_, &ProjectController::pathChanged, this, &MainWindow::updateTitle);
  connect(project_, &ProjectController::notice, this, &MainWindow::showNotice);
  connect(project_->storeWatcher(), &StoreWatcher::runsChanged, this, [this] {
    const QString name = QFileInfo(project_->project().storePath).fileName();
    const int runs = int(project_->storeWatcher()->runs().size());
    storeLabel_->setText(project_->usesSessionStore()
                             ? tr("Store: %1, this session only (runs: %n)", "", runs).arg(name)
                             : tr("Store: %1 (runs: %n)", "", runs).arg(name));
    storeLabel_->setToolTip(
        project_->usesSessionStore()
            ? tr("%1\nGiven with --store for this session; the project file keeps its own store.")
                  .arg(project_->project().storePath)
            : project_->project().storePath);
    updateProperties();
  });
  connect(project_->storeWatcher(), &StoreWatcher::statusChanged, this,
          [this](const StoreStatus& s) {
            projectDock_->setStoreMessage(s.message(project_->project().storePath));
          });
  connect(tabs_, &WorkspaceTabs::currentEditorChanged, this, [this](ExperimentEditor* editor) {
    undoGroup_->setActiveStack(editor ? editor->document()->undoStack() : nullptr);
    updateProperties();
  });
  connect(tabs_, &WorkspaceTabs::chartsChanged, this, [this] { project_->setModified(true); });
  connect(tabs_, &WorkspaceTabs::saveRequested, experiments_, &ExperimentActions::saveEditor);
  connect(projectDock_, &ProjectDock::experimentActivated, experiments_, &ExperimentActions::open);
  connect(projectDock_, &ProjectDock::runActivated, this, [this](qint64 id) {
    const auto* run = project_->storeWatcher()->run(id);
    charts_->openRun(id, run ? QString::fromStdString(run->level) : QString());
  });
  connect(projectDock_, &ProjectDock::currentChanged, this, &MainWindow::updateProperties);
  connect(queueDock_, &RunQueueDock::runActivated, projectDock_, &ProjectDock::selectRun);
  connect(pluginsDock_->table()->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
          [this](const QModelIndex& current) {
            if (current.isValid() && current.row() < pluginModel_->catalog().plugins().size())
              propertiesDock_->showPlugin(pluginModel_->catalog().plugins().at(current.row()));
          });
  connect(runs_, &RunManager::jobChanged, this, &MainWindow::updateRunStatus);  // every event
  connect(runs_, &RunManager::jobAdded, this, &MainWindow::updateRunStatus);
  // A run started from the studio gets its live dashboard, so its points are seen as they arrive.
  connect(runs_, &RunManager::jobRunStarted, this, [this](RunJob* job, qint64 runId) {
    project_->storeWatcher()->refresh();
    if (!job->launch().command.isEmpty()) return;  // a confirmation's reruns: no dashboards
    const auto* run = project_->storeWatcher()->run(runId);
    charts_->openRun(runId, run ? QString::fromStdString(run->level) : QString());
  });
  connect(runs_, &RunManager::jobFinished, this, [this](RunJob* job) {
    project_->storeWatcher()->refresh();
    statusBar()->showMessage(tr("%1: %2").arg(job->title(), job->statusText()));
  });
}

void MainWindow::connectHistory() {
  connect(actions_->chartHistory, &QAction::triggered, this,
          [this] { charts_->openChart(QStringLiteral("history"), {}); });
  connect(tabs_, &WorkspaceTabs::openRunRequested, this, [this](qint64 id) {
    project_->storeWatcher()->refresh();
    const auto* run = project_->storeWatcher()->run(id);
    charts_->openRun(id, run ? QString::fromStdString(run->level) : QString());
  });
  connect(tabs_, &WorkspaceTabs::confirmChangeRequested, this, [this](qint64 a, qint64 b) {
    LaunchSpec launch;
    launch.command = {QStringLiteral("confirm"), QString::number(a), QString::number(b)};
    runs_->enqueue(tr("Confirm the change #%1 → #%2").arg(a).arg(b), QString(),
                   project_->project().storePath, launch);
    statusBar()->showMessage(
        tr("Queued: both runs again in 5 randomized blocks; the verdict "
           "appears in the History view when they are done"));
  });
}

bool MainWindow::openProject(const QString& path, const QString& storeOverride) {
  if (!project_->open(path, storeOverride)) return false;
  recent_->add(path);
  return true;
}

void MainWindow::openStore(const QString& path) {
  project_->openStore(path);
}

void MainWindow::projectOpened() {
  const Project& p = project_->project();
  tabs_->restore(p.charts, p.layout, p.storePath, [this](int i) {
    QString error;
    ExperimentDocument* doc = project_->createDocument(i, &error);
    if (!doc) showNotice(error);
    return doc;
  });
  // Editors restored from the layout need the same wiring as those opened by hand.
  for (ExperimentEditor* e : tabs_->editors()) {
    ExperimentDocument* doc = e->document();
    if (doc->isEmbedded())
      connect(doc, &ExperimentDocument::changed, project_, [this, e, doc] {
        project_->setEmbeddedExperiment(tabs_->experimentIndexOf(e), doc->json());
      });
  }
  const QByteArray state =
      QByteArray::fromBase64(p.layout.value(QStringLiteral("window_state")).toString().toLatin1());
  if (!state.isEmpty()) restoreState(state);
  project_->setModified(false);  // restoring tabs is not an edit
  updateTitle();
}

void MainWindow::collectState(Project& p) const {
  p.charts = tabs_->chartStates();
  p.layout = tabs_->layoutState();
  p.layout.insert(QStringLiteral("window_state"), QString::fromLatin1(saveState().toBase64()));
}

void MainWindow::newProject() {
  if (maybeSave()) project_->newProject();
}

void MainWindow::openProjectDialog() {
  if (!maybeSave()) return;
  const QString path = QFileDialog::getOpenFileName(
      this, tr("Open project"), DialogFolder::folder(), tr("d500 projects (*.d500proj)"));
  if (!path.isEmpty()) openProject(path);
}

void MainWindow::openStoreDialog() {
  if (!maybeSave()) return;
  const QString path =
      QFileDialog::getOpenFileName(this, tr("Open result store"), DialogFolder::folder(),
                                   tr("Result stores (*.d500db);;All files (*)"));
  if (!path.isEmpty()) openStore(path);
}

bool MainWindow::saveProject() {
  if (project_->projectPath().isEmpty()) return saveProjectAs();
  if (!experiments_->saveAllEditors()) return false;
  QString error;
  if (!project_->save(&error)) {
    showFailure(error);
    return false;
  }
  for (ExperimentEditor* e : tabs_->editors())
    if (e->document()->isEmbedded()) e->document()->markSaved();
  statusBar()->showMessage(tr("Saved %1").arg(project_->projectPath()), 5000);
  return true;
}

bool MainWindow::saveProjectAs() {
  const QString path = QFileDialog::getSaveFileName(
      this, tr("Save project as"),
      DialogFolder::suggest(project_->projectPath().isEmpty() ? tr("untitled.d500proj")
                                                              : project_->projectPath()),
      tr("d500 projects (*.d500proj)"));
  if (path.isEmpty()) return false;
  if (!experiments_->saveAllEditors()) return false;
  QString error;
  if (!project_->saveAs(path, &error)) {
    showFailure(error);
    return false;
  }
  for (ExperimentEditor* e : tabs_->editors())
    if (e->document()->isEmbedded()) e->document()->markSaved();
  recent_->add(path);
  return true;
}

bool MainWindow::maybeSave() {
  bool modified = project_->isModified();
  for (ExperimentEditor* e : tabs_->editors()) modified = modified || e->document()->isModified();
  if (!modified || !interactive_) return true;
  const auto answer = QMessageBox::question(
      this, tr("Unsaved changes"), tr("Save the changes to the project and its experiments?"),
      QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel);
  if (answer == QMessageBox::Cancel) return false;
  return answer == QMessageBox::Discard || saveProject();
}

void MainWindow::closeEvent(QCloseEvent* event) {
  if (!maybeSave()) {
    event->ignore();
    return;
  }
  if (interactive_ && runs_->hasActive() &&
      QMessageBox::question(this, tr("Runs in progress"),
                            tr("Runs are still in progress. Cancel them and quit? (What they "
                               "measured so far is kept.)")) != QMessageBox::Yes) {
    event->ignore();
    return;
  }
  runs_->cancelAll();
  QSettings s;
  s.setValue(QStringLiteral("mainWindow/geometry"), saveGeometry());
  s.setValue(QStringLiteral("mainWindow/state"), saveState());
  event->accept();
}

bool MainWindow::waitUntilReady(int ms) {
  QElapsedTimer t;
  t.start();
  while (!pluginsReady_ && t.elapsed() < ms)
    QCoreApplication::processEvents(QEventLoop::AllEvents | QEventLoop::WaitForMoreEvents, 20);
  // The charts read the store now rather than at their next poll.
  for (ChartTab* c : tabs_->charts()) c->refresh();
  QCoreApplication::processEvents();
  return pluginsReady_;
}

void MainWindow::updateTitle() {
  DialogFolder::set(project_->projectPath().isEmpty()
                        ? QString()
                        : QFileInfo(project_->projectPath()).absolutePath());
  const QString name = project_->projectPath().isEmpty()
                           ? tr("untitled")
                           : QFileInfo(project_->projectPath()).fileName();
  setWindowTitle(tr("%1[*] — d500 Studio").arg(name));
  setWindowModified(project_->isModified());
}

void MainWindow::updateRunStatus() {
  int running = 0, queued = 0;
  const RunJob* current = nullptr;  // the newest active job: what the label says in words
  for (RunJob* j : runs_->jobs()) {
    running += j->isActive() ? 1 : 0;
    queued += j->state() == RunJob::State::Queued ? 1 : 0;
    if (j->isActive()) current = j;
  }
  QString text = running + queued == 0 ? tr("No runs in progress")
                                       : tr("Runs: %1 running, %2 queued").arg(running).arg(queued);
  if (current) text += tr(" · %1: %2").arg(current->title(), current->statusText());
  runsLabel_->setText(text);
  actions_->cancel->setEnabled(running + queued > 0);
  actions_->cancelAll->setEnabled(running + queued > 0);
}

void MainWindow::updateProperties() {
  if (const qint64 id = projectDock_->currentRunId()) {
    if (const auto* run = project_->storeWatcher()->run(id)) propertiesDock_->showRun(*run);
    return;
  }
  if (ExperimentEditor* e = tabs_->currentEditor()) {
    propertiesDock_->showDocument(e->document());  // and follows its edits (issue 35, item 6)
    return;
  }
  const int index = projectDock_->currentExperiment();
  if (index < 0) return;
  QString error;
  std::unique_ptr<ExperimentDocument> doc(project_->createDocument(index, &error));
  if (doc)
    propertiesDock_->showExperiment(doc->json(), doc->filePath(), int(doc->problems().size()));
}

void MainWindow::showNotice(const QString& text) {
  tell(text, false);
}

void MainWindow::showFailure(const QString& text) {
  tell(text, true);
}

// Both go to the one banner above the workspace (never a stack of dialogs) and the status bar;
// without a user (--screenshot, tests) to stderr as well.
void MainWindow::tell(const QString& text, bool failure) {
  messages_ << text;
  statusBar()->showMessage(text, 15000);
  banner_->add(text, failure ? NoticeBanner::Severity::Warning : NoticeBanner::Severity::Info);
  if (!interactive_) qWarning("%s", qPrintable(text));
}

}  // namespace d500::studio
