// Issue 6, item 1: the models behind the docks, over what the real runner produces. The project
// tree shows runs appearing and changing status while a runner writes the store (through its
// own read-only connection), the plugin list is what `d500 plugins --json --operators` says, and
// the run queue model follows the run manager.
#include <QFile>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include "d500/plugin.h"
#include "models/plugin_catalog.h"
#include "models/plugin_list_model.h"
#include "models/plugin_query.h"
#include "models/project_tree_model.h"
#include "models/run_queue_model.h"
#include "models/store_watcher.h"
#include "project/project.h"
#include "runs/run_manager.h"

using namespace d500::studio;

namespace {

const QString kRunner = QStringLiteral(D500_TEST_BINARY_DIR "/bin/d500");

const char kExperiment[] = R"({"d500": 1, "name": "watched", "level": "operator", "seed": 1,
  "operator": {"op": "Gemm", "dtype": "float32", "inputs": [["N", "N"], ["N", "N"]]},
  "implementations": ["reference"], "sweep": {"N": [32, 48, 64, 80, 96, 112]}, "validate": false,
  "repetition": {"warmup_calls": 1, "min_samples": 20, "max_samples": 40, "max_seconds": 0.2, "target_rel_ci": 0.0001}})";

QString write(const QTemporaryDir& dir, const QString& name, const QByteArray& content) {
  QFile f(dir.filePath(name));
  f.open(QIODevice::WriteOnly);
  f.write(content);
  return dir.filePath(name);
}

}  // namespace

class ModelsTest : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void treeFollowsAStoreBeingWritten() {
    QTemporaryDir dir;
    const QString exp = write(dir, QStringLiteral("watched.json"), kExperiment);
    const QString store = dir.filePath(QStringLiteral("live.d500db"));
    StoreWatcher watcher;
    watcher.setPollInterval(50);
    watcher.setStorePath(store);  // missing: the runner creates it
    QCOMPARE(int(watcher.status().state), int(StoreStatus::State::Missing));
    ProjectTreeModel tree(&watcher);
    tree.setExperiments({ProjectExperiment{exp, {}},
                         ProjectExperiment{QString(), QJsonObject{{QStringLiteral("name"),
                                                                   QStringLiteral("embedded")}}}});
    QCOMPARE(tree.rowCount(), 2);
    QCOMPARE(tree.experimentName(0), QStringLiteral("watched"));

    RunManager manager;
    manager.setRunnerPath(kRunner);
    RunJob* job = manager.enqueue(QStringLiteral("watched"), exp, store, LaunchSpec{});
    // While it runs, the tree shows the run as running under its experiment.
    bool sawRunning = false;
    QElapsedTimer t;
    t.start();
    while (!job->isFinished() && t.elapsed() < 60000) {
      QTest::qWait(20);
      const QModelIndex experiment = tree.index(0, 0);
      if (tree.rowCount(experiment) == 1 &&
          tree.index(0, ProjectTreeModel::Status, experiment).data().toString() ==
              QStringLiteral("running"))
        sawRunning = true;
    }
    QVERIFY(job->isFinished());
    QVERIFY2(sawRunning, "the running run was visible while the runner wrote the store");
    QCOMPARE(int(watcher.status().state), int(StoreStatus::State::Ok));
    watcher.refresh();
    const QModelIndex experiment = tree.index(0, 0);
    QCOMPARE(tree.rowCount(experiment), 1);
    const QModelIndex run = tree.index(0, 0, experiment);
    QCOMPARE(run.data(ProjectTreeModel::RunIdRole).toLongLong(), job->runId());
    QCOMPARE(tree.index(0, ProjectTreeModel::Status, experiment).data().toString(),
             QStringLiteral("succeeded"));
    QCOMPARE(tree.runIdsOf(0), QList<qint64>{job->runId()});
    QCOMPARE(tree.indexOfRun(job->runId()), run);
    QCOMPARE(tree.rowCount(tree.index(1, 0)), 0);  // nothing ran from the embedded one

    // A run of a file the project does not list goes to "Other runs", appended without a reset.
    const QString other = write(dir, QStringLiteral("other.json"),
                                QByteArray(kExperiment).replace("watched", "other"));
    QSignalSpy reset(&tree, &QAbstractItemModel::modelReset);
    QSignalSpy inserted(&tree, &QAbstractItemModel::rowsInserted);
    RunJob* second = manager.enqueue(QStringLiteral("other"), other, store, LaunchSpec{});
    QSignalSpy done(second, &RunJob::finished);
    QVERIFY(done.wait(60000));
    watcher.refresh();
    QCOMPARE(tree.rowCount(), 3);
    QCOMPARE(tree.index(2, 0).data(ProjectTreeModel::KindRole).toInt(),
             int(ProjectTreeModel::NodeKind::OtherRuns));
    QCOMPARE(reset.count(), 0);
    QVERIFY(inserted.count() >= 1);
  }

  void pluginCatalogFromTheRealRunner() {
    PluginQuery query;
    QSignalSpy finished(&query, &PluginQuery::finished);
    query.start(kRunner);
    QVERIFY(query.waitForFinished(30000));
    QCOMPARE(finished.count(), 1);
    const PluginCatalog catalog = finished.first().first().value<PluginCatalog>();
    QVERIFY(catalog.operatorKeys().contains(QStringLiteral("Gemm")));
    QVERIFY(catalog.implementationsFor(QStringLiteral("Conv"), QString())
                .contains(QStringLiteral("examples/im2col")));
    QVERIFY(catalog.implementationsFor(QStringLiteral("Gemm"), QString())
                .contains(QStringLiteral("reference")));
    PluginListModel model;
    model.setCatalog(catalog);
    QVERIFY(model.rowCount() >= 2);
    bool reference = false;
    for (int r = 0; r < model.rowCount(); ++r)
      if (model.index(r, PluginListModel::Name).data().toString() == QStringLiteral("reference")) {
        reference = true;
        QCOMPARE(model.index(r, PluginListModel::Abi).data().toString(),
                 QStringLiteral("%1.%2").arg(D500_ABI_MAJOR).arg(D500_ABI_MINOR));
        QVERIFY(model.index(r, PluginListModel::Capabilities)
                    .data()
                    .toString()
                    .contains(QStringLiteral("backward")));
      }
    QVERIFY(reference);
  }

  void brokenPluginShowsItsError() {
    const QByteArray json =
        R"({"search_path": [], "plugins": [{"name": "broken", "version": "", "abi_version": 0,
      "state": "failed", "error": "undefined symbol: d500_plugin_entry", "library": "/p/b.so", "wraps": "", "operators": []}]})";
    PluginCatalog c;
    QString error;
    QVERIFY(PluginCatalog::fromJson(json, &c, &error));
    PluginListModel model;
    model.setCatalog(c);
    QCOMPARE(model.index(0, PluginListModel::State).data().toString(), QStringLiteral("failed"));
    QCOMPARE(model.index(0, PluginListModel::Capabilities).data().toString(),
             QStringLiteral("undefined symbol: d500_plugin_entry"));
    QVERIFY(c.operatorKeys().isEmpty());  // a failed plugin offers nothing to the palette
    QVERIFY(!PluginCatalog::fromJson("not json", &c, &error));
  }

  // Guards issue 13 item 5: without a usable GPU the dock says so, and choosing an operator
  // ticks only the implementations that can run here.
  void cudaVariantsWithoutAGpuAreNotOffered() {
    const QByteArray json = R"({"search_path": [], "plugins": [
      {"name": "cudnn", "version": "0.1.0", "abi_version": 65538, "state": "loaded", "error": "",
       "library": "/p/c.so", "wraps": "cuDNN 9; no usable GPU: cudaGetDeviceCount: driver too old",
       "operators": [{"op_type": "Conv", "domain": "", "variant": "implicit_gemm", "backward": true, "device_type": 2},
                     {"op_type": "Conv", "domain": "", "variant": "winograd", "backward": true, "device_type": 2}]},
      {"name": "reference", "version": "0.1.0", "abi_version": 65538, "state": "loaded", "error": "",
       "library": "/p/r.so", "wraps": "",
       "operators": [{"op_type": "Conv", "domain": "", "variant": "default", "backward": true, "device_type": 1}]}]})";
    PluginCatalog c;
    QString error;
    QVERIFY2(PluginCatalog::fromJson(json, &c, &error), qPrintable(error));
    QCOMPARE(c.implementationsFor(QStringLiteral("Conv"), QString()).size(), 3);
    QCOMPARE(c.runnableImplementationsFor(QStringLiteral("Conv"), QString()),
             QStringList{QStringLiteral("reference")});
    PluginListModel model;
    model.setCatalog(c);
    QVERIFY(model.index(0, PluginListModel::Capabilities)
                .data()
                .toString()
                .contains(QStringLiteral("no usable GPU: cudaGetDeviceCount: driver too old")));
    QVERIFY(!model.index(1, PluginListModel::Capabilities)
                 .data()
                 .toString()
                 .contains(QStringLiteral("GPU")));
  }

  void missingRunnerIsReported() {
    PluginQuery query;
    QSignalSpy failed(&query, &PluginQuery::failed);
    query.start(QStringLiteral("/nonexistent/d500"));
    QVERIFY(query.waitForFinished(10000));
    QCOMPARE(failed.count(), 1);
  }

  void runQueueModelFollowsTheManager() {
    QTemporaryDir dir;
    RunManager manager;
    manager.setRunnerPath(kRunner);
    RunQueueModel model(&manager);
    const QString exp = write(dir, QStringLiteral("e.json"), kExperiment);
    RunJob* job = manager.enqueue(QStringLiteral("e"), exp,
                                  dir.filePath(QStringLiteral("s.d500db")), LaunchSpec{});
    QCOMPARE(model.rowCount(), 1);
    QSignalSpy done(job, &RunJob::finished);
    QVERIFY(done.wait(60000));
    QCOMPARE(model.index(0, RunQueueModel::Status).data().toString(), QStringLiteral("succeeded"));
    QCOMPARE(model.index(0, RunQueueModel::Progress).data(RunQueueModel::ProgressRole).toInt(),
             100);
    QCOMPARE(model.index(0, RunQueueModel::RunId).data().toLongLong(), job->runId());
    manager.removeFinished();
    QCOMPARE(model.rowCount(), 0);
  }
};

QTEST_MAIN(ModelsTest)
#include "test_studio_models.moc"
