#include "main_window/studio_actions.h"

#include <QAction>
#include <QIcon>
#include <QKeySequence>
#include <QMainWindow>
#include <QMenu>
#include <QMenuBar>
#include <QToolBar>
#include <QUndoGroup>

namespace d500::studio {

namespace {

QAction* make(QObject* parent, const QString& text, const QString& icon, const QKeySequence& key,
              const QString& tip) {
  auto* a = new QAction(text, parent);
  if (!icon.isEmpty()) a->setIcon(QIcon(QStringLiteral(":/studio/icons/%1.svg").arg(icon)));
  if (!key.isEmpty()) a->setShortcut(key);
  a->setStatusTip(tip);
  a->setToolTip(key.isEmpty()
                    ? tip
                    : QStringLiteral("%1 (%2)").arg(tip, key.toString(QKeySequence::NativeText)));
  return a;
}

}  // namespace

StudioActions::StudioActions(QUndoGroup* undoGroup, QObject* parent) : QObject(parent) {
  makeProjectActions();
  makeEditAndRunActions(undoGroup);
  makeChartActions();
  makeViewAndHelpActions();
}

void StudioActions::makeProjectActions() {
  newProject = make(this, tr("&New Project"), QStringLiteral("new"), QKeySequence::New,
                    tr("Start a new project"));
  openProject = make(this, tr("&Open Project..."), QStringLiteral("open"), QKeySequence::Open,
                     tr("Open a project file (*.d500proj)"));
  openStore = make(this, tr("Open Result S&tore..."), QString(), QKeySequence(tr("Ctrl+Alt+D")),
                   tr("Show the runs of a result store (*.d500db) without a project"));
  openExample = make(this, tr("Open Examp&le Project"), QString(), QKeySequence(),
                     tr("Open the example project (a copy of your own, where its runs are kept)"));
  saveProject = make(this, tr("&Save Project"), QStringLiteral("save"), QKeySequence::Save,
                     tr("Save the project and its experiments"));
  saveProjectAs = make(this, tr("Save Project &As..."), QString(), QKeySequence::SaveAs,
                       tr("Save the project under another name"));
  quit = make(this, tr("&Quit"), QString(), QKeySequence::Quit, tr("Quit d500 Studio"));
  quit->setMenuRole(QAction::QuitRole);

  newExperiment = make(this, tr("New &Experiment"), QStringLiteral("experiment"),
                       QKeySequence(tr("Ctrl+E")), tr("Build a new experiment in the editor"));
  compareImplementations = make(this, tr("New Operator &Comparison"), QString(), QKeySequence(),
                                tr("A new experiment from the canvas template that compares "
                                   "implementations of an operator"));
  addExperiment =
      make(this, tr("&Add Experiment File..."), QString(), QKeySequence(tr("Ctrl+Shift+O")),
           tr("Add an experiment file to the project"));
  saveExperiment = make(this, tr("Save E&xperiment"), QString(), QKeySequence(tr("Ctrl+Alt+S")),
                        tr("Save the experiment being edited"));
  saveExperimentAs = make(this, tr("Save Experiment As &File..."), QString(), QKeySequence(),
                          tr("Write the experiment being edited to a file of its own"));
  removeExperiment =
      make(this, tr("&Remove Experiment from Project"), QString(), QKeySequence(),
           tr("Remove the selected experiment from the project (its file and runs stay)"));
}

void StudioActions::makeEditAndRunActions(QUndoGroup* undoGroup) {
  undo = undoGroup->createUndoAction(this, tr("&Undo"));
  undo->setIcon(QIcon(QStringLiteral(":/studio/icons/undo.svg")));
  undo->setShortcut(QKeySequence::Undo);
  redo = undoGroup->createRedoAction(this, tr("&Redo"));
  redo->setIcon(QIcon(QStringLiteral(":/studio/icons/redo.svg")));
  redo->setShortcuts({QKeySequence::Redo, QKeySequence(tr("Ctrl+Y"))});
  settings = make(this, tr("&Settings..."), QString(), QKeySequence::Preferences,
                  tr("Language, runner and run queue settings"));
  settings->setMenuRole(QAction::PreferencesRole);

  run = make(this, tr("&Run"), QStringLiteral("run"), QKeySequence(tr("F5")),
             tr("Run the current experiment (saved first) into the project's store"));
  cancel = make(this, tr("&Cancel Run"), QStringLiteral("cancel"), QKeySequence(tr("Shift+F5")),
                tr("Stop the selected run (the runner keeps what it measured)"));
  cancelAll = make(this, tr("Cancel &All Runs"), QString(), QKeySequence(),
                   tr("Stop every queued and running run"));
  runRecipe = make(this, tr("Run the &Fashion-MNIST Recipe"), QString(), QKeySequence(),
                   tr("Add the Fashion-MNIST recipe (the MLP to 85% test accuracy, one seed) to "
                      "the project and run it"));
}

void StudioActions::makeChartActions() {
  chartConvergence = make(this, tr("&Convergence Chart"), QString(), QKeySequence(tr("Ctrl+1")),
                          tr("Loss, accuracy and learning rate of the selected runs"));
  chartThroughput = make(this, tr("&Throughput Chart"), QString(), QKeySequence(tr("Ctrl+2")),
                         tr("Samples per second of the selected runs"));
  chartTimings = make(this, tr("T&imings Chart"), QString(), QKeySequence(tr("Ctrl+3")),
                      tr("Timing distributions of the selected runs"));
  chartSweep = make(this, tr("&Sweep Chart"), QStringLiteral("chart"), QKeySequence(tr("Ctrl+4")),
                    tr("Medians with confidence intervals across the sweep"));
  chartRoofline = make(this, tr("&Roofline Chart"), QString(), QKeySequence(tr("Ctrl+5")),
                       tr("Operator results against the machine's measured peaks"));
  chartSeeds = make(this, tr("Across S&eeds Chart"), QString(), QKeySequence(tr("Ctrl+6")),
                    tr("Median across a training run's seeds with its confidence band"));
  chartGraph = make(this, tr("&Graph of the Model"), QString(), QKeySequence(tr("Ctrl+7")),
                    tr("The network run's ONNX model as a graph, coloured by where the time goes"));
  chartHistory =
      make(this, tr("&History"), QString(), QKeySequence(tr("Ctrl+8")),
           tr("Every benchmark of the store over time, with its change points, the largest "
              "recent change first"));
  chartScaling =
      make(this, tr("Sc&aling Chart"), QString(), QKeySequence(tr("Ctrl+9")),
           tr("The selected collective runs' latency and bandwidth, and the schemes projected to "
              "4,096 ranks"));
  openOnnxModel = make(this, tr("Open ONNX &Model..."), QString(), QKeySequence(tr("Ctrl+Alt+O")),
                       tr("Show an .onnx file as a graph"));
  networkEditor = make(this, tr("&Network Editor..."), QString(), QKeySequence(tr("Ctrl+Alt+N")),
                       tr("Edit an ONNX model or a builder's network, and save it as ONNX"));
}

void StudioActions::makeViewAndHelpActions() {
  showList =
      make(this, tr("The &List"), QString(), QKeySequence(tr("Ctrl+Shift+L")),
           tr("The store's runs ranked as d500 list ranks them: training by time-to-accuracy "
              "per recipe, workloads by throughput"));
  compareRuns = make(this, tr("Co&mpare Runs"), QStringLiteral("compare"),
                     QKeySequence(tr("Ctrl+M")), tr("Compare the selected runs side by side"));
  exportChart =
      make(this, tr("&Export Chart..."), QStringLiteral("export"), QKeySequence(tr("Ctrl+Shift+E")),
           tr("Export the current chart as PNG, SVG or PDF"));
  exportData = make(this, tr("Export Chart &Data (CSV)..."), QString(), QKeySequence(),
                    tr("Export the data behind the current chart as CSV"));
  exportReportHtml =
      make(this, tr("Export Report (&HTML)..."), QString(), QKeySequence(tr("Ctrl+Shift+R")),
           tr("A self-contained HTML report of the selected runs"));
  exportReportPdf = make(this, tr("Export Report (&PDF)..."), QString(), QKeySequence(),
                         tr("A PDF report of the selected runs"));
  exportRunSummary = make(this, tr("Export Run &Summary..."), QString(), QKeySequence(),
                          tr("The selected run's tables as d500 show writes them: Markdown, "
                             "HTML, CSV, JSON or text"));

  reloadPlugins = make(this, tr("Reload &Plugins"), QString(), QKeySequence(tr("Ctrl+Shift+P")),
                       tr("Ask the runner again which plugins it finds"));
  userGuide = make(this, tr("&User Guide"), QString(), QKeySequence::HelpContents,
                   tr("How to use d500 Studio, in five minutes"));
  shortcuts = make(this, tr("&Keyboard Shortcuts"), QString(), QKeySequence(tr("Ctrl+/")),
                   tr("Every keyboard shortcut of the studio"));
  about = make(this, tr("&About d500 Studio"), QString(), QKeySequence(),
               tr("Versions of the studio, the runner and Qt"));
  about->setMenuRole(QAction::AboutRole);
}

void StudioActions::install(QMainWindow* window, const QList<QAction*>& docks) {
  QMenuBar* bar = window->menuBar();
  QMenu* file = bar->addMenu(tr("&File"));
  file->addActions({newProject, openProject, openStore, openExample});
  file->addAction(openOnnxModel);
  file->addAction(networkEditor);
  recentMenu = file->addMenu(tr("Recent &Projects"));
  file->addActions({saveProject, saveProjectAs});
  file->addSeparator();
  file->addActions({newExperiment, compareImplementations, addExperiment, saveExperiment,
                    saveExperimentAs, removeExperiment});
  file->addSeparator();
  file->addActions({exportChart, exportData, exportReportHtml, exportReportPdf, exportRunSummary});
  file->addSeparator();
  file->addAction(quit);

  QMenu* edit = bar->addMenu(tr("&Edit"));
  edit->addActions({undo, redo});
  edit->addSeparator();
  edit->addAction(settings);

  QMenu* runMenu = bar->addMenu(tr("&Run"));
  runMenu->addActions({run, cancel, cancelAll});
  runMenu->addSeparator();
  runMenu->addAction(runRecipe);

  QMenu* charts = bar->addMenu(tr("&Charts"));
  charts->addActions(
      {chartConvergence, chartThroughput, chartTimings, chartSweep, chartRoofline, chartSeeds});
  charts->addAction(chartGraph);
  charts->addAction(chartHistory);
  charts->addAction(chartScaling);
  charts->addSeparator();
  charts->addAction(compareRuns);
  charts->addAction(showList);

  QMenu* view = bar->addMenu(tr("&View"));
  view->addActions(docks);
  view->addSeparator();
  view->addAction(reloadPlugins);

  QMenu* help = bar->addMenu(tr("&Help"));
  help->addActions({userGuide, shortcuts});
  help->addSeparator();
  help->addAction(about);

  toolBar = window->addToolBar(tr("Main"));
  toolBar->setObjectName(QStringLiteral("mainToolBar"));
  toolBar->addActions({newProject, openProject, saveProject});
  toolBar->addSeparator();
  toolBar->addActions({undo, redo});
  toolBar->addSeparator();
  toolBar->addActions({newExperiment, run, cancel});
  toolBar->addSeparator();
  toolBar->addActions({chartSweep, compareRuns, exportChart});
}

}  // namespace d500::studio
