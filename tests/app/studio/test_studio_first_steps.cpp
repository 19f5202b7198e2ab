// Issue 35, "Opening and first steps" (items 1-4) and item 19: what a new user meets first.
// A result store opens without a project (the command line, File > Open Result Store, a file
// manager through the .desktop file's MIME types); while no tab is open the start page offers the
// first steps, and each does what it says; opening a project leaves it unmodified, also once the
// runner has checked its experiments; new
// experiments get numbered names, so their runs stay apart, and a run of an embedded experiment
// records the project rather than a temporary file; the User Guide covers the canvas, templates,
// the graph view and the network editor; a plugin loaded without its device says so.
#include <QAbstractButton>
#include <QAction>
#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QMenu>
#include <QMenuBar>
#include <QMimeDatabase>
#include <QProcess>
#include <QSet>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <cstdlib>

#include "canvas/experiment_canvas.h"
#include "d500/store/result_store.h"
#include "dialogs/help_dialogs.h"
#include "editor/experiment_document.h"
#include "editor/experiment_editor.h"
#include "main_window/experiment_actions.h"
#include "main_window/main_window.h"
#include "main_window/project_controller.h"
#include "main_window/studio_actions.h"
#include "models/plugin_catalog.h"
#include "models/plugin_list_model.h"
#include "models/project_tree_model.h"
#include "models/store_watcher.h"
#include "project/example_files.h"
#include "project/open_target.h"
#include "project/project.h"
#include "runs/run_job.h"
#include "runs/run_manager.h"
#include "studio_test_support.h"
#include "views/start_page.h"
#include "views/workspace_tabs.h"

using namespace d500::studio;

namespace {

const QString kSource = QStringLiteral(D500_TEST_SOURCE_DIR);
const QString kRunner = QStringLiteral(D500_TEST_BINARY_DIR "/bin/d500");

// The example project and its experiments copied to `dir`, so runs do not write the source tree.
QString copyExample(const QTemporaryDir& dir) {
  for (const char* folder : {"examples", "problems", "recipes"}) {
    const QString from = kSource + QStringLiteral("/resources/") + QLatin1String(folder);
    QDir().mkpath(dir.filePath(QLatin1String(folder)));
    for (const QString& f : QDir(from).entryList(QDir::Files))
      QFile::copy(from + QLatin1Char('/') + f,
                  dir.filePath(QLatin1String(folder) + QLatin1Char('/') + f));
  }
  return dir.filePath(QStringLiteral("examples/example.d500proj"));
}

// A store made by the store itself, holding `n` finished operator runs.
QString storeWithRuns(const QTemporaryDir& dir, int n) {
  namespace store = d500::store;
  const QString path = dir.filePath(QStringLiteral("runs.d500db"));
  auto s = store::ResultStore::open(path.toStdString(), store::ResultStore::Mode::ReadWrite);
  for (int i = 0; s && i < n; ++i) {
    store::RunInfo r;
    r.name = "stored-" + std::to_string(i);
    r.level = "operator";
    r.spec_json = "{}";
    r.spec_hash = store::sha256_hex(r.spec_json);
    const int64_t id = s.value()->create_run(r);
    s.value()->start_run(id);
    s.value()->finish_run(id, store::RunStatus::Succeeded, 0, "");
  }
  return path;
}

// The studio started offscreen with `arguments` and --screenshot: what it said on stderr.
QString studioSays(const QTemporaryDir& dir, QStringList arguments) {
  QProcess studio;
  arguments << QStringLiteral("--screenshot") << dir.filePath(QStringLiteral("shot.png"));
  studio.start(QStringLiteral(D500_TEST_BINARY_DIR "/bin/d500-studio"), arguments);
  if (!studio.waitForFinished(60000) || studio.exitCode() != 0) return QStringLiteral("(failed)");
  return QString::fromLocal8Bit(studio.readAllStandardError());
}

// Waits (with events) until every open editor has the runner's verdict.
void waitForVerdicts(MainWindow& w) {
  for (ExperimentEditor* e : w.tabs()->editors()) QVERIFY(e->document()->waitForVerdict(60000));
  QCoreApplication::processEvents();
}

// A tiny operator experiment in the current (embedded) editor, ready to run.
ExperimentDocument* tinyAdd(MainWindow& w) {
  ExperimentDocument* doc = w.tabs()->currentEditor()->document();
  doc->chooseOperator(QStringLiteral("Add"), QString(), {QStringLiteral("reference")});
  doc->setSweepValues(QStringLiteral("N"), Json::array({16}));
  doc->setValue(
      JsonPath{QStringLiteral("repetition")},
      Json{{"warmup_calls", 1}, {"min_samples", 3}, {"max_samples", 5}, {"max_seconds", 0.05}});
  doc->setValue(JsonPath{QStringLiteral("validate")}, Json(false));
  return doc;
}

RunJob* runToTheEnd(MainWindow& w, int index) {
  RunJob* job = w.experimentActions()->runExperiment(index);
  if (!job) return nullptr;
  QSignalSpy done(job, &RunJob::finished);
  if (!job->isFinished()) done.wait(60000);
  w.project()->storeWatcher()->refresh();
  return job;
}

QString catalogJson(const QString& cudnnOperatorDevices) {
  return QStringLiteral(R"({"search_path": [], "plugins": [
    {"name": "cudnn", "version": "0.1.0", "abi_version": 65540, "state": "loaded", "error": "",
     "library": "/p/c.so", "wraps": "cuDNN 9.1.0, CUDA runtime 12.4; no usable GPU: cudaGetDeviceCount found 0 devices",
     "operators": [%1]},
    {"name": "reference", "version": "0.1.0", "abi_version": 65540, "state": "loaded", "error": "",
     "library": "/p/r.so", "wraps": "",
     "operators": [{"op_type": "Conv", "domain": "", "variant": "default", "backward": true, "device_type": 1}]}]})")
      .arg(cudnnOperatorDevices);
}

}  // namespace

class FirstStepsTest : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void initTestCase() {
    qputenv("D500_RUNNER", kRunner.toLocal8Bit());
    QCoreApplication::setOrganizationName(QStringLiteral("d500-tests"));
    // The user's data (the examples' copy) and MIME packages in a folder of this test's own;
    // before the first QMimeDatabase reads the folders.
    QVERIFY(dataHome_.isValid());
    qputenv("XDG_DATA_HOME", dataHome_.path().toLocal8Bit());
    QDir().mkpath(dataHome_.filePath(QStringLiteral("mime/packages")));
    QFile::copy(kSource + QStringLiteral("/packaging/d500-studio.mime.xml"),
                dataHome_.filePath(QStringLiteral("mime/packages/d500-studio.xml")));
  }

  // Item 1: a file manager opens projects and stores with the studio: the .desktop file names
  // both MIME types, and the package's MIME description gives *.d500db its own.
  void fileManagerOpensStores() {
    QFile desktop(kSource + QStringLiteral("/packaging/d500-studio.desktop"));
    QVERIFY(desktop.open(QIODevice::ReadOnly));
    const QString entry = QString::fromUtf8(desktop.readAll());
    QVERIFY(entry.contains(
        QStringLiteral("\nMimeType=application/x-d500-project;application/x-d500-store;\n")));
    QVERIFY(entry.contains(QStringLiteral("\nExec=d500-studio %f\n")));
    QMimeDatabase mime;
    QCOMPARE(mime.mimeTypeForFile(QStringLiteral("/x/runs.d500db"), QMimeDatabase::MatchExtension)
                 .name(),
             QStringLiteral("application/x-d500-store"));
    QCOMPARE(
        mime.mimeTypeForFile(QStringLiteral("/x/p.d500proj"), QMimeDatabase::MatchExtension).name(),
        QStringLiteral("application/x-d500-project"));
  }

  // Item 1: the command line: a store alone, and a path as a file manager passes it.
  void commandLineOpensStoresAndProjects() {
    OpenTarget t;
    QString error;
    QVERIFY(OpenTarget::fromArguments({}, QStringLiteral("s.d500db"), {}, &t, &error));
    QCOMPARE(t.project, QString());
    QCOMPARE(t.store, QStringLiteral("s.d500db"));
    QVERIFY(OpenTarget::fromArguments({}, {}, {QStringLiteral("/x/Runs.D500DB")}, &t, &error));
    QCOMPARE(t.store, QStringLiteral("/x/Runs.D500DB"));
    QCOMPARE(t.project, QString());
    QVERIFY(OpenTarget::fromArguments({}, QStringLiteral("s.d500db"),
                                      {QStringLiteral("p.d500proj")}, &t, &error));
    QCOMPARE(t.project, QStringLiteral("p.d500proj"));
    QCOMPARE(t.store, QStringLiteral("s.d500db"));
    QVERIFY(!OpenTarget::fromArguments(QStringLiteral("a.d500proj"), {},
                                       {QStringLiteral("b.d500proj")}, &t, &error));
    QVERIFY(!OpenTarget::fromArguments({}, QStringLiteral("a.d500db"), {QStringLiteral("b.d500db")},
                                       &t, &error));
    QVERIFY(error.contains(QStringLiteral("b.d500db")));
    QVERIFY(
        !OpenTarget::fromArguments({}, {}, {QStringLiteral("a"), QStringLiteral("b")}, &t, &error));
  }

  // Item 1, the real binary: `--store FILE` alone and a positional FILE.d500db open that store
  // (a store that does not exist yet is said to be so, by its name).
  void studioOpensAStoreFromItsCommandLine() {
    QTemporaryDir dir;
    const QString missing = dir.filePath(QStringLiteral("not-yet.d500db"));
    QVERIFY(studioSays(dir, {QStringLiteral("--store"), missing})
                .contains(QStringLiteral("not-yet.d500db")));
    QVERIFY(studioSays(dir, {missing}).contains(QStringLiteral("not-yet.d500db")));
  }

  // Item 1: a store opens as an untitled project over it, its runs in the Project dock; saved,
  // the project keeps that store. File > Open Result Store is where the GUI offers it.
  void storeOpensWithoutAProject() {
    QTemporaryDir dir;
    const QString store = storeWithRuns(dir, 2);
    MainWindow w(false);
    QVERIFY(w.menuBar()->actions().first()->menu()->actions().contains(w.actions()->openStore));
    w.openStore(store);
    QVERIFY(w.project()->projectPath().isEmpty());
    QCOMPARE(w.project()->project().storePath, store);
    QVERIFY(!w.project()->usesSessionStore());
    QVERIFY(w.project()->project().experiments.isEmpty());
    w.project()->storeWatcher()->refresh();
    ProjectTreeModel* tree = w.project()->treeModel();
    QCOMPARE(tree->rowCount(), 1);  // "Other runs"
    QCOMPARE(tree->rowCount(tree->index(0, 0)), 2);
    QVERIFY(!w.isWindowModified());
    QVERIFY(w.shownMessages().isEmpty());
    const QString saved = dir.filePath(QStringLiteral("p/kept.d500proj"));
    QDir().mkpath(QFileInfo(saved).absolutePath());
    QString error;
    QVERIFY2(w.project()->saveAs(saved, &error), qPrintable(error));
    Project p;
    QVERIFY2(Project::load(saved, &p, &error), qPrintable(error));
    QCOMPARE(p.storePath, store);
  }

  // Item 3: while no tab is open the central area is the start page with the five first steps;
  // the operator comparison opens the template on its canvas, and closing every tab brings the
  // page back.
  void startPageOffersTheFirstSteps() {
    MainWindow w(false);
    w.show();
    StudioActions* a = w.actions();
    QVERIFY(w.startPage()->isVisible());
    if (const char* out = std::getenv("D500_SCREENSHOT_DIR"))
      w.grab().save(QString::fromLocal8Bit(out) + QStringLiteral("/start_page.png"));
    QCOMPARE(w.startPage()->entries(),
             QList<QAction*>({a->openExample, a->compareImplementations, a->runRecipe,
                              a->openOnnxModel, a->openStore}));
    QTest::mouseClick(w.startPage()->buttonFor(a->compareImplementations), Qt::LeftButton);
    ExperimentEditor* editor = w.tabs()->currentEditor();
    QVERIFY(editor);
    QCOMPARE(editor->document()->name(), QStringLiteral("compare-implementations"));
    JCOMPARE(editor->document()->value(JsonPath{QStringLiteral("implementations")}),
             Json::array({"reference", "torch"}));
    QVERIFY(editor->findChild<ExperimentCanvas*>()->isVisible());
    QVERIFY(!w.startPage()->isVisible());
    if (const char* out = std::getenv("D500_SCREENSHOT_DIR")) {
      QCoreApplication::processEvents();  // the canvas fits itself once shown
      w.grab().save(QString::fromLocal8Bit(out) + QStringLiteral("/start_page_comparison.png"));
    }
    // A second comparison is a second experiment, numbered.
    a->compareImplementations->trigger();
    QCOMPARE(w.tabs()->currentEditor()->document()->name(),
             QStringLiteral("compare-implementations-2"));
    w.tabs()->closeAll();
    QVERIFY(w.startPage()->isVisible());
  }

  // Item 3: the example project opens from the user's own copy, made on first use.
  void startPageOpensTheExampleProject() {
    MainWindow w(false);
    w.show();
    QTest::mouseClick(w.startPage()->buttonFor(w.actions()->openExample), Qt::LeftButton);
    const QString path = w.project()->projectPath();
    QVERIFY2(path.startsWith(dataHome_.path()), qPrintable(path));
    QVERIFY(path.endsWith(QStringLiteral("/examples/example.d500proj")));
    QCOMPARE(w.project()->project().experiments.size(), 3);
    QVERIFY(
        QFileInfo(w.project()->project().storePath).absolutePath().startsWith(dataHome_.path()));
    QVERIFY(w.tabs()->isVisible());
  }

  // Item 3: the recipe step adds the Fashion-MNIST recipe experiment to the project and runs it.
  void startPageRunsTheRecipe() {
    QTemporaryDir dir;
    MainWindow w(false);
    w.openStore(dir.filePath(QStringLiteral("recipe.d500db")));  // where the run writes
    w.show();
    QTest::mouseClick(w.startPage()->buttonFor(w.actions()->runRecipe), Qt::LeftButton);
    QCOMPARE(w.runManager()->jobs().size(), 1);
    RunJob* job = w.runManager()->jobs().first();
    QString error;
    QCOMPARE(job->experimentFile(), ExampleFiles::recipeExperiment(ExampleFiles::userCopy(&error)));
    QCOMPARE(w.project()->project().experiments.size(), 1);
    QVERIFY(w.tabs()->currentEditor());
    QSignalSpy done(job, &RunJob::finished);
    w.runManager()->cancel(job);
    QVERIFY(job->isFinished() || done.wait(60000));
  }

  // Item 2: opening is not an edit, neither at once nor once the runner has checked the open
  // experiments and the canvas has laid them out.
  void openingLeavesTheProjectUnmodified() {
    QTemporaryDir dir;
    MainWindow w(false);
    QVERIFY(w.openProject(copyExample(dir)));
    w.show();
    QVERIFY(!w.isWindowModified());
    QVERIFY(w.waitUntilReady(30000));
    waitForVerdicts(w);
    QVERIFY2(!w.project()->isModified(), "opening the example project marked it modified");
    QVERIFY(!w.isWindowModified());
  }

  // Item 2, a project with every kind of tab, saved and opened again.
  void reopeningEveryKindOfTabLeavesItUnmodified() {
    QTemporaryDir dir;
    const QString saved = dir.filePath(QStringLiteral("examples/again.d500proj"));
    {
      MainWindow w(false);
      QVERIFY(w.openProject(copyExample(dir)));
      w.experimentActions()->open(2);
      w.tabs()->addComparison(w.project()->project().storePath, {1, 2});
      w.tabs()->addList(w.project()->project().storePath);
      QString error;
      QVERIFY2(w.project()->saveAs(saved, &error), qPrintable(error));
    }
    MainWindow w(false);
    QVERIFY(w.openProject(saved));
    w.show();
    QVERIFY(w.waitUntilReady(30000));
    waitForVerdicts(w);
    QVERIFY(!w.project()->isModified());
  }

  // Item 4: each new experiment has a name of its own, so two tabs never share one.
  void newExperimentsAreNumbered() {
    QTemporaryDir dir;
    MainWindow w(false);
    QVERIFY(w.openProject(copyExample(dir)));
    const int before = int(w.project()->project().experiments.size());
    w.actions()->newExperiment->trigger();
    w.actions()->newExperiment->trigger();
    w.actions()->newExperiment->trigger();
    QCOMPARE(w.project()->treeModel()->experimentName(before), QStringLiteral("new-experiment"));
    QCOMPARE(w.project()->treeModel()->experimentName(before + 1),
             QStringLiteral("new-experiment-2"));
    QCOMPARE(w.project()->treeModel()->experimentName(before + 2),
             QStringLiteral("new-experiment-3"));
    QStringList titles;
    for (ExperimentEditor* e : w.tabs()->editors()) titles << e->document()->name();
    QCOMPARE(QSet<QString>(titles.begin(), titles.end()).size(), titles.size());
  }

  // Item 4: the second new experiment's run is its own, not the first one's; and a run of an
  // embedded experiment records the project and the experiment's name as its source.
  void embeddedRunsStayWithTheirExperiment() {
    QTemporaryDir dir;
    const QString project = copyExample(dir);
    MainWindow w(false);
    QVERIFY(w.openProject(project));
    w.show();
    w.actions()->newExperiment->trigger();
    const int first = int(w.project()->project().experiments.size()) - 1;
    w.actions()->newExperiment->trigger();
    const int second = first + 1;
    ExperimentDocument* doc = tinyAdd(w);
    QVERIFY(doc->waitForVerdict(60000));
    QVERIFY2(doc->problems().isEmpty(), qPrintable(doc->problems().value(0).message));
    RunJob* job = runToTheEnd(w, second);
    QVERIFY(job);
    QCOMPARE(int(job->state()), int(RunJob::State::Succeeded));
    QCOMPARE(w.project()->treeModel()->runIdsOf(second), QList<qint64>{job->runId()});
    QVERIFY(w.project()->treeModel()->runIdsOf(first).isEmpty());
    const auto* run = w.project()->storeWatcher()->run(job->runId());
    QVERIFY(run);
    QCOMPARE(QString::fromStdString(run->spec_path),
             QFileInfo(project).absoluteFilePath() + QStringLiteral("#new-experiment-2"));
  }

  // Item 3: the guide covers what the first hour meets.
  void userGuideCoversCanvasTemplatesGraphAndNetworkEditor() {
    const QString guide = UserGuideDialog::guideHtml();
    for (const char* topic :
         {"canvas", "template", "graph view", "network editor", "Open Result Store"})
      QVERIFY2(guide.contains(QLatin1String(topic), Qt::CaseInsensitive), topic);
    // Issue 30: the component kinds a plugin can add, and how experiments name them.
    for (const char* kind :
         {"distributed schemes", "datasets", "samplers", "metrics", "plugin/name", "d500 plugins"})
      QVERIFY2(guide.contains(QLatin1String(kind)), kind);
  }

  // Item 19: cuDNN without a GPU is loaded but can run nothing here, and says so.
  void pluginWithoutItsDeviceHasAStateOfItsOwn() {
    PluginCatalog c;
    QString error;
    QVERIFY2(
        PluginCatalog::fromJson(
            catalogJson(
                QStringLiteral(
                    R"({"op_type": "Conv", "domain": "", "variant": "implicit_gemm", "backward": true, "device_type": 2})"))
                .toUtf8(),
            &c, &error),
        qPrintable(error));
    PluginListModel model;
    model.setCatalog(c);
    QCOMPARE(model.index(0, PluginListModel::State).data().toString(),
             QStringLiteral("loaded, no device"));
    QVERIFY(model.index(0, PluginListModel::State)
                .data(Qt::ToolTipRole)
                .toString()
                .contains(QStringLiteral("no usable GPU")));
    QCOMPARE(model.index(1, PluginListModel::State).data().toString(), QStringLiteral("loaded"));
    // A plugin with CPU operators as well is loaded: those run here.
    QVERIFY(PluginCatalog::fromJson(
        catalogJson(
            QStringLiteral(
                R"({"op_type": "Conv", "domain": "", "variant": "cpu", "backward": true, "device_type": 1})"))
            .toUtf8(),
        &c, &error));
    model.setCatalog(c);
    QCOMPARE(model.index(0, PluginListModel::State).data().toString(), QStringLiteral("loaded"));
  }

 private:
  QTemporaryDir dataHome_;
};

QTEST_MAIN(FirstStepsTest)
#include "test_studio_first_steps.moc"
