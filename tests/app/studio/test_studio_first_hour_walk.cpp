// Issue 35, "Done when": the first hour, walked as a new user would, through the main window:
//   1. open a result store without a project (File ▸ Open Result Store, `--store` alone);
//   2. build a Conv comparison on the canvas (an operator and two implementations);
//   3. the Problems pane and the runner (`d500 check`) agree, on a Conv without inputs and on one
//      with them;
//   4. run it from the window and watch it live (its dashboard fills while the run runs);
//   5. export a report of two runs selected in the Project dock.
#include <QDir>
#include <QFile>
#include <QItemSelectionModel>
#include <QProcess>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QTreeView>

#include "canvas/canvas_model.h"
#include "canvas/experiment_canvas.h"
#include "charts/chart_tab.h"
#include "editor/experiment_document.h"
#include "editor/experiment_editor.h"
#include "main_window/chart_actions.h"
#include "main_window/main_window.h"
#include "main_window/project_controller.h"
#include "main_window/studio_actions.h"
#include "models/project_tree_model.h"
#include "runs/run_job.h"
#include "runs/run_manager.h"
#include "views/project_dock.h"
#include "views/workspace_tabs.h"

using namespace d500::studio;

namespace {

const QString kRunner = QStringLiteral(D500_TEST_BINARY_DIR "/bin/d500");

// The runner's exit code for `args` (run in `dir`).
int runner(const QStringList& args, const QString& dir, QString* out = nullptr) {
  QProcess p;
  p.setWorkingDirectory(dir);
  p.start(kRunner, args);
  if (!p.waitForFinished(120000)) return -1;
  if (out) *out = QString::fromUtf8(p.readAllStandardOutput() + p.readAllStandardError());
  return p.exitCode();
}

bool writeFile(const QString& path, const QByteArray& bytes) {
  QFile f(path);
  return f.open(QIODevice::WriteOnly) && f.write(bytes) == bytes.size();
}

// The Problems pane's verdict, and the runner's on the same JSON: 0 accepted, else its exit code.
struct Verdicts {
  ExperimentDocument::Verdict pane;
  int runner;
  QString said;
};

Verdicts verdicts(ExperimentDocument* doc, const QString& dir) {
  Verdicts v{ExperimentDocument::Verdict::Unknown, -1, {}};
  if (!doc->waitForVerdict(60000)) return v;
  v.pane = doc->verdict();
  const QString file = dir + QStringLiteral("/walk.json");
  writeFile(file, QByteArray::fromStdString(doc->json().dump(2)));
  v.runner = runner({QStringLiteral("check"), file}, dir, &v.said);
  return v;
}

}  // namespace

class FirstHourWalk : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void initTestCase() {
    qputenv("D500_RUNNER", kRunner.toLocal8Bit());
    QCoreApplication::setOrganizationName(QStringLiteral("d500-tests"));
  }

  void walk() {
    QTemporaryDir dir;
    const QString store = dir.filePath(QStringLiteral("lab.d500db"));
    // Earlier work: one run in a store, no project.
    QVERIFY(writeFile(dir.filePath(QStringLiteral("earlier.json")),
                      R"({"d500": 1, "name": "earlier", "level": "operator",
      "operator": {"op": "Relu", "inputs": [["N"]]}, "sweep": {"N": [64]},
      "implementations": ["reference"], "validate": false,
      "repetition": {"min_samples": 3, "max_samples": 5, "max_seconds": 0.05}})"));
    QCOMPARE(runner({QStringLiteral("run"), QStringLiteral("earlier.json"), QStringLiteral("--db"),
                     store, QStringLiteral("--progress=none")},
                    dir.path()),
             0);

    // 1. The store opens without a project: its run is in the Project dock.
    MainWindow w(false);
    w.resize(1400, 900);
    w.show();
    w.openStore(store);
    QCOMPARE(QFileInfo(w.project()->project().storePath).canonicalFilePath(),
             QFileInfo(store).canonicalFilePath());
    QTRY_VERIFY(w.project()->treeModel()->indexOfRun(1).isValid());
    QVERIFY(w.waitUntilReady(60000));

    // 2. A Conv comparison on the canvas of a new experiment.
    w.actions()->newExperiment->trigger();
    ExperimentEditor* editor = w.tabs()->currentEditor();
    QVERIFY(editor);
    auto* canvas = editor->findChild<ExperimentCanvas*>();
    QVERIFY(canvas);
    ExperimentDocument* doc = editor->document();
    CanvasModel* m = canvas->model();
    m->addComponent(QStringLiteral("operator"), QStringLiteral("Conv"), {0, 0});
    m->addComponent(QStringLiteral("implementation"), QStringLiteral("reference"), {300, 0});
    m->addComponent(QStringLiteral("implementation"), QStringLiteral("examples/direct"),
                    {300, 140});
    const JsonPath op{QStringLiteral("operator")};

    // 3. The pane and the runner agree: a Conv without inputs is refused by both...
    doc->setValue(op.key(QStringLiteral("inputs")), Json::array());
    Verdicts v = verdicts(doc, dir.path());
    QCOMPARE(int(v.pane), int(ExperimentDocument::Verdict::Refused));
    QVERIFY2(v.runner != 0, qPrintable(v.said));
    // ... and a small one with its inputs is accepted by both.
    doc->setValue(op.key(QStringLiteral("inputs")),
                  Json::parse(R"([["N", 2, 8, 8], [4, 2, 3, 3]])"));
    doc->setValue(op.key(QStringLiteral("attributes")), Json::object());
    doc->setSweepValues(QStringLiteral("N"), Json::array({1, 2}));
    doc->setValue(JsonPath{QStringLiteral("name")}, Json("conv-walk"));
    doc->setValue(
        JsonPath{QStringLiteral("repetition")},
        Json{{"warmup_calls", 1}, {"min_samples", 3}, {"max_samples", 20}, {"max_seconds", 0.1}});
    v = verdicts(doc, dir.path());
    QVERIFY2(v.pane == ExperimentDocument::Verdict::Accepted,
             qPrintable(doc->problems().value(0).message));
    QVERIFY2(v.runner == 0, qPrintable(v.said));

    // 4. Run it from the window; its dashboard opens and fills while it runs.
    const int chartsBefore = int(w.tabs()->charts().size());
    w.actions()->run->trigger();
    QCOMPARE(w.runManager()->jobs().size(), 1);
    RunJob* job = w.runManager()->jobs().first();
    QSignalSpy done(job, &RunJob::finished);
    QVERIFY(job->isFinished() || done.wait(180000));
    QVERIFY2(job->state() == RunJob::State::Succeeded, qPrintable(job->log()));
    QCOMPARE(w.tabs()->charts().size(), chartsBefore + 1);
    ChartTab* live = w.tabs()->charts().last();
    QCOMPARE(live->runIds(), QList<qint64>{job->runId()});
    QTRY_VERIFY(live->pointCount() > 0);

    // 5. A report of the two runs selected in the Project dock.
    QTRY_VERIFY(w.project()->treeModel()->indexOfRun(job->runId()).isValid());
    QItemSelectionModel* sel = w.projectDock()->view()->selectionModel();
    sel->clearSelection();
    for (qint64 id : {qint64(1), job->runId()})
      sel->select(w.project()->treeModel()->indexOfRun(id),
                  QItemSelectionModel::Select | QItemSelectionModel::Rows);
    QCOMPARE(w.chartActions()->reportRuns(), QList<qint64>({1, job->runId()}));
    const QString report = dir.filePath(QStringLiteral("walk.html"));
    QVERIFY(w.chartActions()->writeReport(w.chartActions()->reportRuns(), report, false));
    QFile f(report);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QString html = QString::fromUtf8(f.readAll());
    QVERIFY(html.contains(QStringLiteral("run 1 · earlier")));
    QVERIFY(html.contains(QStringLiteral("run %1 · conv-walk").arg(job->runId())));
  }
};

QTEST_MAIN(FirstHourWalk)
#include "test_studio_first_hour_walk.moc"
