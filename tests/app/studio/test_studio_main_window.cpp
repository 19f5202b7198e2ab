// Issue 6, items 1, 2 and 9: the main window over a real project. Opening the example project
// shows its experiments, editors and charts; saving and reopening shows exactly what was there
// (tabs, charts with their runs and settings, the current tab); a missing store or one from a
// newer d500 is reported and the rest opens; a run started from the window ends up in the tree
// with a live chart; and `d500-studio --project ... --screenshot FILE` renders offscreen.
#include <sqlite3.h>

#include <QAction>
#include <QDir>
#include <QFile>
#include <QImage>
#include <QJsonDocument>
#include <QMenuBar>
#include <QProcess>
#include <QSettings>
#include <QSignalSpy>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>

#include "charts/chart_panel.h"
#include "d500/store/result_store.h"
#include "dashboards/run_dashboard.h"
#include "dialogs/about_dialog.h"
#include "editor/experiment_document.h"
#include "editor/experiment_editor.h"
#include "history/history_tab.h"
#include "main_window/chart_actions.h"
#include "main_window/experiment_actions.h"
#include "main_window/main_window.h"
#include "main_window/project_controller.h"
#include "main_window/studio_actions.h"
#include "models/project_tree_model.h"
#include "models/store_watcher.h"
#include "runs/run_manager.h"
#include "views/project_dock.h"
#include "views/properties_dock.h"
#include "views/run_queue_dock.h"
#include "views/workspace_tabs.h"

using namespace d500::studio;

namespace {

const QString kSource = QStringLiteral(D500_TEST_SOURCE_DIR);
const QString kRunner = QStringLiteral(D500_TEST_BINARY_DIR "/bin/d500");

// The example project and its experiments copied to `dir`, so runs do not write the source tree.
QString copyExample(const QTemporaryDir& dir) {
  QDir().mkpath(dir.filePath(QStringLiteral("examples")));
  QDir().mkpath(dir.filePath(QStringLiteral("problems")));
  for (const QString& f :
       QDir(kSource + QStringLiteral("/resources/examples")).entryList(QDir::Files))
    QFile::copy(kSource + QStringLiteral("/resources/examples/") + f,
                dir.filePath(QStringLiteral("examples/") + f));
  for (const QString& f :
       QDir(kSource + QStringLiteral("/resources/problems")).entryList(QDir::Files))
    QFile::copy(kSource + QStringLiteral("/resources/problems/") + f,
                dir.filePath(QStringLiteral("problems/") + f));
  return dir.filePath(QStringLiteral("examples/example.d500proj"));
}

QJsonObject readJson(const QString& path) {
  QFile f(path);
  f.open(QIODevice::ReadOnly);
  return QJsonDocument::fromJson(f.readAll()).object();
}

QStringList tabKinds(WorkspaceTabs* tabs) {
  QStringList kinds;
  for (int i = 0; i < tabs->count(); ++i)
    kinds << tabs->widget(i)->property("d500TabKind").toString();
  return kinds;
}

}  // namespace

class MainWindowTest : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void initTestCase() {
    qputenv("D500_RUNNER", kRunner.toLocal8Bit());
    QCoreApplication::setOrganizationName(QStringLiteral("d500-tests"));  // settings of its own
  }

  void opensTheExampleProject() {
    QTemporaryDir dir;
    MainWindow w(false);
    QVERIFY(w.openProject(copyExample(dir)));
    w.show();
    QCOMPARE(w.project()->project().experiments.size(), 3);
    QCOMPARE(w.project()->treeModel()->experimentName(0), QStringLiteral("gemm-reference"));
    QCOMPARE(tabKinds(w.tabs()), QStringList({QStringLiteral("experiment"), QStringLiteral("chart"),
                                              QStringLiteral("chart")}));
    QCOMPARE(w.tabs()->currentIndex(), 1);
    QCOMPARE(w.tabs()->charts().at(1)->kindName(), QStringLiteral("timings"));
    // Its store does not exist yet: said so, and everything else opened.
    QVERIFY(
        w.shownMessages().join(QLatin1Char('\n')).contains(QStringLiteral("does not exist yet")));
    QVERIFY(!w.isWindowModified());
    QVERIFY(w.waitUntilReady(30000));
    // The editor's palette knows the plugins now.
    ExperimentEditor* editor = w.tabs()->editors().first();
    QVERIFY(editor->document()->problems().isEmpty());
    // Menus and shortcuts are there.
    QCOMPARE(w.actions()->saveProject->shortcut(), QKeySequence(QKeySequence::Save));
    QCOMPARE(w.actions()->run->shortcut(), QKeySequence(QStringLiteral("F5")));
    QVERIFY(w.menuBar()->actions().size() >= 6);
  }

  void reopeningShowsExactlyWhatWasThere() {
    QTemporaryDir dir;
    const QString first = copyExample(dir);
    const QString saved = dir.filePath(QStringLiteral("saved/again.d500proj"));
    QDir().mkpath(QFileInfo(saved).absolutePath());
    QJsonObject sweepSettings;
    {
      MainWindow w(false);
      QVERIFY(w.openProject(first));
      // Change what is shown: another editor, another chart with runs and settings, a comparison.
      w.experimentActions()->open(2);
      ChartTab* chart = w.chartActions()->openChart(QStringLiteral("convergence"), {1, 2});
      QJsonObject s = chart->settings();
      chart->applySettings(s);
      w.tabs()->addComparison(w.project()->project().storePath, {1, 2});
      w.tabs()->setCurrentIndex(3);
      sweepSettings = w.tabs()->charts().first()->settings();
      QVERIFY(w.isWindowModified());
      QString error;
      QVERIFY2(w.project()->saveAs(saved, &error), qPrintable(error));
      QVERIFY(!w.isWindowModified());
    }
    MainWindow again(false);
    QVERIFY(again.openProject(saved));
    QCOMPARE(tabKinds(again.tabs()),
             QStringList({QStringLiteral("experiment"), QStringLiteral("chart"),
                          QStringLiteral("chart"), QStringLiteral("experiment"),
                          QStringLiteral("chart"), QStringLiteral("compare")}));
    QCOMPARE(again.tabs()->currentIndex(), 3);
    QCOMPARE(again.tabs()->experimentIndexOf(again.tabs()->editors().at(1)), 2);
    const QList<ChartTab*> charts = again.tabs()->charts();
    QCOMPARE(charts.size(), 3);
    QCOMPARE(charts.at(2)->kindName(), QStringLiteral("convergence"));
    QCOMPARE(charts.at(2)->runIds(), QList<qint64>({1, 2}));
    QCOMPARE(charts.at(0)->settings(), sweepSettings);
    // The store path was rebased to the new folder and still names the same file.
    QCOMPARE(again.project()->project().storePath,
             dir.filePath(QStringLiteral("examples/example.d500db")));
    // Saving the reopened project unchanged writes the same project.
    const QString third = dir.filePath(QStringLiteral("saved/third.d500proj"));
    QString error;
    QVERIFY(again.project()->saveAs(third, &error));
    QCOMPARE(readJson(third), readJson(saved));
  }

  void storeFromANewerD500IsReported() {
    QTemporaryDir dir;
    const QString project = copyExample(dir);
    const QString store = dir.filePath(QStringLiteral("examples/example.d500db"));
    {
      auto s = d500::store::ResultStore::open(store.toStdString(),
                                              d500::store::ResultStore::Mode::ReadWrite);
    }
    sqlite3* db = nullptr;
    sqlite3_open(store.toUtf8().constData(), &db);
    sqlite3_exec(db, "PRAGMA user_version = 9999", nullptr, nullptr, nullptr);
    sqlite3_close(db);
    MainWindow w(false);
    QVERIFY(w.openProject(project));
    QVERIFY(w.shownMessages().join(QLatin1Char('\n')).contains(QStringLiteral("newer d500")));
    QCOMPARE(w.project()->treeModel()->rowCount(), 3);  // the experiments are there
    QCOMPARE(w.tabs()->count(), 3);
    // Running into it is refused with the same reason, before any runner starts.
    QVERIFY(!w.experimentActions()->runExperiment(0));
    QVERIFY(w.runManager()->jobs().isEmpty());
  }

  void runFromTheWindow() {
    QTemporaryDir dir;
    MainWindow w(false);
    QVERIFY(w.openProject(copyExample(dir)));
    w.show();
    // Build a small experiment in a new (embedded) editor and run it.
    w.actions()->newExperiment->trigger();
    ExperimentEditor* editor = w.tabs()->currentEditor();
    QVERIFY(editor);
    ExperimentDocument* doc = editor->document();
    doc->chooseOperator(QStringLiteral("Add"), QString(), {QStringLiteral("reference")});
    doc->setValue(JsonPath{QStringLiteral("name")}, Json("tiny-add"));
    doc->setSweepValues(QStringLiteral("N"), Json::array({16, 32}));
    doc->setValue(
        JsonPath{QStringLiteral("repetition")},
        Json{{"warmup_calls", 1}, {"min_samples", 3}, {"max_samples", 5}, {"max_seconds", 0.05}});
    doc->setValue(JsonPath{QStringLiteral("validate")}, Json(false));
    QVERIFY2(doc->problems().isEmpty(), qPrintable(doc->problems().value(0).message));
    const int chartsBefore = int(w.tabs()->charts().size());
    RunJob* job = nullptr;
    w.actions()->run->trigger();
    QCOMPARE(w.runManager()->jobs().size(), 1);
    job = w.runManager()->jobs().first();
    QSignalSpy done(job, &RunJob::finished);
    QVERIFY(job->isFinished() || done.wait(60000));
    QCOMPARE(int(job->state()), int(RunJob::State::Succeeded));
    // A live chart of the run was opened, and the run is in the tree under its experiment.
    QCOMPARE(w.tabs()->charts().size(), chartsBefore + 1);
    QCOMPARE(w.tabs()->charts().last()->runIds(), QList<qint64>{job->runId()});
    const int index = w.project()->project().experiments.size() - 1;
    QCOMPARE(w.project()->treeModel()->runIdsOf(index), QList<qint64>{job->runId()});
    QVERIFY(w.isWindowModified());  // the embedded experiment is new to the project
    // Selecting the run shows what the store recorded of it.
    w.projectDock()->selectRun(job->runId());
    QCOMPARE(w.propertiesDock()->value(QStringLiteral("Status")), QStringLiteral("succeeded"));
    QCOMPARE(w.propertiesDock()->value(QStringLiteral("Run")),
             QStringLiteral("#%1").arg(job->runId()));
    // The queue dock shows the run's log.
    w.runQueueDock()->selectJob(job);
    QVERIFY(w.runQueueDock()->shownLog().contains(QStringLiteral("[2/2]")));
  }

  // Issue 31 item 5-6: Charts > History opens one History tab (a second trigger shows it again);
  // a point asks the window to open its run's dashboard; Rerun to Confirm queues `d500 confirm`
  // as a job of the Run Queue, which opens no dashboard per rerun and stores its verdict.
  void historyOpensRunsAndQueuesConfirmations() {
    QTemporaryDir dir;
    MainWindow w(false);
    QVERIFY(w.openProject(copyExample(dir)));
    const QString store = w.project()->project().storePath;
    QProcess p;
    const QString exp = dir.filePath(QStringLiteral("tiny.json"));
    QFile f(exp);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(R"({"d500": 1, "name": "tiny", "level": "operator", "seed": 1,
      "operator": {"op": "Add", "dtype": "float32", "inputs": [["N"], ["N"]]},
      "implementations": ["reference"], "sweep": {"N": [16, 32]}, "validate": false,
      "repetition": {"warmup_calls": 1, "min_samples": 5, "max_samples": 10,
                     "max_seconds": 0.05}})");
    f.close();
    for (int i = 0; i < 2; ++i) {
      p.start(kRunner, {QStringLiteral("--db"), store, QStringLiteral("run"), exp,
                        QStringLiteral("--progress"), QStringLiteral("none")});
      QVERIFY(p.waitForFinished(120000));
      QCOMPARE(p.exitCode(), 0);
    }
    w.actions()->chartHistory->trigger();
    w.actions()->chartHistory->trigger();
    QList<HistoryTab*> history;
    for (int i = 0; i < w.tabs()->count(); ++i)
      if (auto* h = qobject_cast<HistoryTab*>(w.tabs()->widget(i))) history << h;
    QCOMPARE(history.size(), 1);
    QCOMPARE(history.first()->table()->rowCount(), 2);  // Add at N = 16 and 32
    const int chartsBefore = int(w.tabs()->charts().size());
    history.first()->pointClicked(1);  // the second run
    QCOMPARE(w.tabs()->charts().size(), chartsBefore + 1);
    QCOMPARE(w.tabs()->charts().last()->runIds(), QList<qint64>{2});
    Q_EMIT history.first()->confirmRequested(1, 2);
    QCOMPARE(w.runManager()->jobs().size(), 1);
    RunJob* job = w.runManager()->jobs().first();
    QVERIFY(job->commandLine().contains(QStringLiteral("confirm 1 2")));
    QSignalSpy done(job, &RunJob::finished);
    QVERIFY(job->isFinished() || done.wait(300000));
    QVERIFY2(job->state() == RunJob::State::Succeeded, qPrintable(job->log()));
    QCOMPARE(w.tabs()->charts().size(), chartsBefore + 1);  // no dashboard per rerun
  }

  // A training experiment built in the editor runs from the window; its live tab is the run's
  // training dashboard (issue 13, item 1), reused when the run is opened again, and the
  // across-seeds chart shows its seeds.
  void trainingRunFromTheWindow() {
    QTemporaryDir dir;
    MainWindow w(false);
    QVERIFY(w.openProject(copyExample(dir)));
    w.show();
    w.actions()->newExperiment->trigger();
    ExperimentDocument* doc = w.tabs()->currentEditor()->document();
    doc->setValue(JsonPath{QStringLiteral("level")}, Json("training"));
    doc->chooseComponent(QStringLiteral("dataset"), QStringLiteral("synthetic"));
    const JsonPath t{QStringLiteral("training")};
    doc->setValue(
        t.key(QStringLiteral("synthetic")),
        Json::parse(R"({"samples": 256, "test_samples": 64, "shape": [1, 8, 8], "classes": 4})"));
    doc->setValue(t.key(QStringLiteral("network")).key(QStringLiteral("hidden")),
                  Json::array({16}));
    doc->setValue(t.key(QStringLiteral("epochs")), Json(2));
    doc->setValue(t.key(QStringLiteral("seeds")), Json(2));
    doc->setValue(JsonPath{QStringLiteral("name")}, Json("tiny-training"));
    QVERIFY2(doc->problems().isEmpty(), qPrintable(doc->problems().value(0).message));
    const int chartsBefore = int(w.tabs()->charts().size());
    w.actions()->run->trigger();
    QCOMPARE(w.runManager()->jobs().size(), 1);
    RunJob* job = w.runManager()->jobs().first();
    QSignalSpy done(job, &RunJob::finished);
    QVERIFY(job->isFinished() || done.wait(120000));
    QCOMPARE(int(job->state()), int(RunJob::State::Succeeded));
    QCOMPARE(w.tabs()->charts().size(), chartsBefore + 1);
    // Its live tab is the run's training dashboard, with the seeds' curves.
    auto* live = qobject_cast<RunDashboard*>(w.tabs()->charts().last());
    QVERIFY(live);
    QCOMPARE(live->kindName(), QStringLiteral("training"));
    live->refresh();
    QVERIFY(live->pointCount() > 0);
    QCOMPARE(live->groupNames(), QStringList({QStringLiteral("seed 0"), QStringLiteral("seed 1")}));
    // Opening the run again (from the run tree) shows the same tab, not a second one.
    const int tabsNow = w.tabs()->count();
    QVERIFY(w.chartActions()->openRun(job->runId(), QStringLiteral("training")) == live);
    QCOMPARE(w.tabs()->count(), tabsNow);
    w.projectDock()->selectRun(job->runId());
    w.actions()->chartSeeds->trigger();
    ChartTab* seeds = w.tabs()->charts().last();
    QCOMPARE(seeds->kindName(), QStringLiteral("seeds"));
    seeds->refresh();
    QVERIFY(seeds->availableSeries().contains(QStringLiteral("loss")));
  }

  void crashingRunnerLeavesTheWindowUp() {
    QTemporaryDir dir;
    const QString crasher = dir.filePath(QStringLiteral("crash.sh"));
    QFile f(crasher);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(
        "#!/bin/sh\necho '{\"event\":\"run_started\",\"run_id\":1,\"name\":\"x\"}'\nkill -SEGV "
        "$$\n");
    f.close();
    f.setPermissions(f.permissions() | QFileDevice::ExeOwner);
    MainWindow w(false);
    QVERIFY(w.openProject(copyExample(dir)));
    qputenv("D500_RUNNER", crasher.toLocal8Bit());
    RunJob* job = w.experimentActions()->runExperiment(0);
    qputenv("D500_RUNNER", kRunner.toLocal8Bit());
    QVERIFY(job);
    QSignalSpy done(job, &RunJob::finished);
    QVERIFY(job->isFinished() || done.wait(30000));
    QCOMPARE(int(job->state()), int(RunJob::State::Crashed));
    QCOMPARE(job->statusText(), QStringLiteral("crashed (signal 11)"));
    // The queue shows it, and the window works on: the crash took only the child process down.
    w.runQueueDock()->selectJob(job);
    QVERIFY(w.runQueueDock()->shownLog().contains(QStringLiteral("signal 11")));
    QCOMPARE(w.tabs()->count(), 4);  // the example's three tabs and the live chart of run 1
    // And the next run works.
    RunJob* next = w.experimentActions()->runExperiment(0);
    QVERIFY(next);
    w.runManager()->cancel(next);
    QSignalSpy nextDone(next, &RunJob::finished);
    QVERIFY(next->isFinished() || nextDone.wait(30000));
  }

  void recentProjectsAreRemembered() {
    QTemporaryDir dir;
    const QString project = copyExample(dir);
    {
      MainWindow w(false);
      QVERIFY(w.openProject(project));
    }
    QVERIFY(QSettings()
                .value(QStringLiteral("recentProjects"))
                .toStringList()
                .contains(QFileInfo(project).absoluteFilePath()));
    MainWindow again(false);
    bool listed = false;
    for (QAction* a : again.actions()->recentMenu->actions())
      listed = listed || a->text().contains(QStringLiteral("example.d500proj"));
    QVERIFY(listed);
  }

  void aboutShowsVersions() {
    AboutDialog about(kRunner);
    QVERIFY(about.versionsText().contains(QStringLiteral("d500 0.1.0")));
    QVERIFY(about.versionsText().contains(QString::fromLatin1(qVersion())));
  }

  void screenshotOption() {
    QTemporaryDir dir;
    const QString project = copyExample(dir);
    const QString png = dir.filePath(QStringLiteral("shot.png"));
    QProcess studio;
    studio.setProcessChannelMode(QProcess::ForwardedErrorChannel);
    studio.start(QStringLiteral(D500_TEST_BINARY_DIR "/bin/d500-studio"),
                 {QStringLiteral("--project"), project, QStringLiteral("--screenshot"), png});
    QVERIFY(studio.waitForFinished(60000));
    QCOMPARE(studio.exitStatus(), QProcess::NormalExit);
    QCOMPARE(studio.exitCode(), 0);
    QImage image(png);
    QVERIFY(!image.isNull());
    QVERIFY(image.width() >= 800 && image.height() >= 500);
  }
};

QTEST_MAIN(MainWindowTest)
#include "test_studio_main_window.moc"
