// Issue 6, item 3 for the levels above operators: the palette offers executors, models,
// datasets, samplers, optimizers (from the plugins' own lists), distributed schemes and
// collectives; picking one, switching the level and editing the level's form are each one undo
// step; the runner's training parser marks bad fields; and what the editor builds, the real
// runner runs.
#include <QCheckBox>
#include <QComboBox>
#include <QImage>
#include <QLineEdit>
#include <QProcess>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QTreeWidget>
#include <QUndoStack>

#include "editor/experiment_document.h"
#include "editor/experiment_editor.h"
#include "editor/level_templates.h"
#include "editor/operator_palette.h"
#include "models/plugin_catalog.h"
#include "studio_test_support.h"

using namespace d500::studio;

namespace {

// What `d500 plugins --json` reports for a reference plugin with two optimizers and a torch
// plugin with an executor, an optimizer and a distributed scheme.
PluginCatalog catalog() {
  const QByteArray json = R"({"search_path": [], "plugins": [
    {"name": "reference", "version": "0.1.0", "abi_version": 65538, "state": "loaded", "error": "",
     "library": "/p/libref.so", "wraps": "", "operators": [
       {"op_type": "Gemm", "domain": "", "variant": "default", "backward": true, "device_type": 1}],
     "executors": [],
     "optimizers": [{"name": "sgd", "variant": "default", "id": "reference/sgd", "description": "plain SGD"},
                    {"name": "adam", "variant": "default", "id": "reference/adam", "description": "Adam"}]},
    {"name": "torch", "version": "0.1.0", "abi_version": 65538, "state": "loaded", "error": "",
     "library": "/p/libtorch.so", "wraps": "LibTorch", "operators": [],
     "executors": [{"name": "default", "id": "torch/default", "device_type": 1, "description": "ATen graph"}],
     "optimizers": [{"name": "adam", "variant": "native", "id": "torch/adam", "description": "torch::optim::Adam"}],
     "schemes": [{"name": "topk_sgd", "id": "torch/topk_sgd", "description": "top-k sparsification"}],
     "metrics": [{"name": "grad_norm", "id": "torch/grad_norm", "description": "gradient norm"}],
     "samplers": [{"name": "subset", "id": "torch/subset", "description": "a random subset"}],
     "datasets": [{"name": "folder", "id": "torch/folder", "description": "images in folders"}]}]})";
  PluginCatalog c;
  QString error;
  if (!PluginCatalog::fromJson(json, &c, &error)) qFatal("%s", qPrintable(error));
  return c;
}

QTreeWidgetItem* findItem(QTreeWidget* tree, const QString& group, const QString& text) {
  for (QTreeWidgetItem* item : tree->findItems(text, Qt::MatchExactly | Qt::MatchRecursive))
    if (item->parent() && item->parent()->text(0) == group) return item;
  return nullptr;
}

QString runner() {
  return QStringLiteral(D500_TEST_BINARY_DIR "/bin/d500");
}

}  // namespace

class EditorLevelsTest : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void catalogReadsExecutorsAndOptimizers() {
    const PluginCatalog c = catalog();
    QCOMPARE(c.executors().size(), 1);
    QCOMPARE(c.executors()[0].id, QStringLiteral("torch/default"));
    QCOMPARE(c.optimizers().size(), 3);
    QCOMPARE(c.optimizers()[2].id, QStringLiteral("torch/adam"));
    QVERIFY(c.plugins()[1].capabilitiesText().contains(QStringLiteral("executors: 1")));
  }

  void distributedFormOffersRegisteredAndPluginSchemes() {
    ExperimentEditor editor(new ExperimentDocument);
    editor.setCatalog(catalog());
    editor.document()->setLevel(QStringLiteral("distributed"));
    auto* box = editor.findChild<QComboBox*>(QStringLiteral("distributedScheme"));
    QVERIFY(box);
    QStringList offered;
    for (int i = 0; i < box->count(); ++i) offered << box->itemData(i).toString();
    QCOMPARE(offered, (QStringList{QStringLiteral("allreduce"), QStringLiteral("parameter_server"),
                                   QStringLiteral("async_parameter_server"),
                                   QStringLiteral("model_averaging"), QStringLiteral("dpsgd"),
                                   QStringLiteral("torch/topk_sgd")}));
    QCOMPARE(box->itemData(5, Qt::ToolTipRole).toString(), QStringLiteral("top-k sparsification"));
    QVERIFY(box->itemData(4, Qt::ToolTipRole).toString().contains(QStringLiteral("ring")));
    QCOMPARE(box->currentData().toString(), QStringLiteral("allreduce"));
    const int before = editor.document()->undoStack()->count();
    box->setCurrentIndex(5);
    Q_EMIT box->activated(5);
    JCOMPARE(editor.document()->json()["distributed"]["scheme"], Json("torch/topk_sgd"));
    QCOMPARE(editor.document()->undoStack()->count(), before + 1);
    // A new catalog keeps the choice.
    editor.setCatalog(catalog());
    QCOMPARE(box->currentData().toString(), QStringLiteral("torch/topk_sgd"));
    // The palette lists the plugin's scheme among the distributed optimizers.
    QTreeWidget* palette = editor.palette()->tree();
    QVERIFY(findItem(palette, QStringLiteral("Distributed optimizers"),
                     QStringLiteral("torch/topk_sgd")));
    QVERIFY(findItem(palette, QStringLiteral("Distributed optimizers"), QStringLiteral("dpsgd")));
    // What a user sees: the form with the plugin's scheme chosen, at the default window's size
    // (distributed_form.png in the build tree and D500_SCREENSHOT_DIR).
    editor.resize(1400, 820);
    editor.show();
    QVERIFY(QTest::qWaitForWindowExposed(&editor));
    const QImage shot = editor.grab().toImage();
    QVERIFY(
        shot.save(QStringLiteral(D500_TEST_BINARY_DIR "/tests/app/studio/distributed_form.png")));
    if (const QString dir = qEnvironmentVariable("D500_SCREENSHOT_DIR"); !dir.isEmpty())
      QVERIFY(shot.save(dir + QStringLiteral("/distributed_form.png")));
  }

  void levelSwitchIsOneUndoStep() {
    ExperimentDocument doc;
    const Json start = doc.json();
    doc.setValue(JsonPath{QStringLiteral("level")}, Json("training"));
    QCOMPARE(doc.undoStack()->count(), 1);
    const Json training = doc.json();
    JCOMPARE(training["level"], Json("training"));
    QVERIFY(!training.contains("operator") && !training.contains("implementations"));
    JCOMPARE(training["training"]["dataset"], Json("fashion-mnist"));
    JCOMPARE(training["name"], start["name"]);
    QVERIFY2(doc.problems().isEmpty(), qPrintable(doc.problems().value(0).message));

    // Training to distributed keeps the training section, adds the scheme and an MPI launcher.
    doc.setValue(JsonPath{QStringLiteral("training"), QStringLiteral("batch")}, Json(32));
    doc.setLevel(QStringLiteral("distributed"));
    QCOMPARE(doc.undoStack()->count(), 3);
    JCOMPARE(doc.json()["training"]["batch"], Json(32));
    JCOMPARE(doc.json()["distributed"]["scheme"], Json("allreduce"));
    JCOMPARE(doc.json()["launcher"]["kind"], Json("mpi"));
    QVERIFY(doc.problems().isEmpty());

    doc.undoStack()->undo();
    doc.undoStack()->undo();
    JCOMPARE(doc.json(), training);
    doc.undoStack()->undo();
    QVERIFY(doc.json().dump() == start.dump());  // key order too
    doc.undoStack()->redo();
    JCOMPARE(doc.json(), training);
  }

  void componentsGoWhereTheyBelong() {
    // An optimizer picked on an operator experiment makes it a training experiment, in one step.
    ExperimentDocument doc;
    doc.chooseComponent(QStringLiteral("optimizer"), QStringLiteral("torch/adam"));
    QCOMPARE(doc.undoStack()->count(), 1);
    JCOMPARE(doc.json()["level"], Json("training"));
    JCOMPARE(doc.json()["training"]["optimizer"],
             Json::parse(R"({"plugin": "torch", "name": "adam", "lr": 0.001})"));
    // The learning rate stays when the rule changes.
    doc.setValue(
        JsonPath{QStringLiteral("training"), QStringLiteral("optimizer"), QStringLiteral("lr")},
        Json(0.01));
    doc.chooseComponent(QStringLiteral("optimizer"), QStringLiteral("reference/sgd"));
    JCOMPARE(doc.json()["training"]["optimizer"],
             Json::parse(R"({"plugin": "reference", "name": "sgd", "lr": 0.01})"));
    // A training run has one executor: it is replaced.
    doc.chooseComponent(QStringLiteral("executor"), QStringLiteral("torch"));
    JCOMPARE(doc.json()["training"]["executor"], Json("torch"));
    doc.chooseComponent(QStringLiteral("model"), QStringLiteral("lenet"));
    JCOMPARE(doc.json()["training"]["network"], Json::parse(R"({"builder": "lenet"})"));
    QCOMPARE(doc.undoStack()->count(), 5);
    // A scheme needs a distributed experiment; the training section goes along.
    doc.chooseComponent(QStringLiteral("scheme"), QStringLiteral("dpsgd"));
    JCOMPARE(doc.json()["level"], Json("distributed"));
    JCOMPARE(doc.json()["distributed"]["scheme"], Json("dpsgd"));
    JCOMPARE(doc.json()["training"]["executor"], Json("torch"));
    QCOMPARE(doc.undoStack()->count(), 6);

    // A network benchmark compares executors: they are added to its list, once.
    ExperimentDocument net;
    net.chooseComponent(QStringLiteral("executor"), QStringLiteral("torch"));
    net.chooseComponent(QStringLiteral("executor"), QStringLiteral("torch"));
    JCOMPARE(net.json()["level"], Json("network"));
    JCOMPARE(net.json()["network"]["executors"], Json::array({"reference", "torch"}));
    QCOMPARE(net.undoStack()->count(), 1);
    // An unknown kind is no edit.
    net.chooseComponent(QStringLiteral("spaceship"), QStringLiteral("x"));
    QCOMPARE(net.undoStack()->count(), 1);
  }

  void trainingParserMarksBadFields() {
    ExperimentDocument doc;
    doc.setLevel(QStringLiteral("training"));
    doc.setValue(JsonPath{QStringLiteral("training"), QStringLiteral("batch")}, Json(0));
    doc.setValue(JsonPath{QStringLiteral("training"), QStringLiteral("sampler")}, Json("sideways"));
    const QStringList batch =
        doc.problemsAt(JsonPath{QStringLiteral("training"), QStringLiteral("batch")});
    QVERIFY2(!batch.isEmpty(), "batch 0 accepted");
    QVERIFY(
        !doc.problemsAt(JsonPath{QStringLiteral("training"), QStringLiteral("sampler")}).isEmpty());
    doc.undoStack()->undo();
    doc.undoStack()->undo();
    QVERIFY(doc.problems().isEmpty());
  }

  void paletteOffersEveryLevel() {
    ExperimentEditor editor(new ExperimentDocument);
    editor.setCatalog(catalog());
    QTreeWidget* tree = editor.palette()->tree();
    QVERIFY(findItem(tree, QStringLiteral("Executors"), QStringLiteral("torch")));
    QVERIFY(findItem(tree, QStringLiteral("Models"), QStringLiteral("lenet")));
    QVERIFY(findItem(tree, QStringLiteral("Datasets"), QStringLiteral("cifar10")));
    QVERIFY(findItem(tree, QStringLiteral("Samplers"), QStringLiteral("balanced")));
    QVERIFY(findItem(tree, QStringLiteral("Distributed optimizers"),
                     QStringLiteral("model_averaging")));
    QVERIFY(findItem(tree, QStringLiteral("Collectives"), QStringLiteral("allgather")));
    QTreeWidgetItem* adam =
        findItem(tree, QStringLiteral("Optimizers"), QStringLiteral("torch/adam"));
    QVERIFY(adam);
    QCOMPARE(adam->toolTip(0), QStringLiteral("torch::optim::Adam"));

    // Activating it edits the document; the form follows the level.
    QSignalSpy chosen(editor.palette(), &OperatorPalette::componentChosen);
    Q_EMIT tree->itemActivated(adam, 0);
    QCOMPARE(chosen.size(), 1);
    JCOMPARE(editor.document()->json()["training"]["optimizer"]["plugin"], Json("torch"));
    editor.show();
    auto* batch = editor.findChild<QLineEdit*>(QStringLiteral("training_batch"));
    auto* opBox = editor.findChild<QComboBox*>(QStringLiteral("trainingOptimizer"));
    QVERIFY(batch && opBox);
    QVERIFY(batch->isVisible());
    QCOMPARE(opBox->currentText(), QStringLiteral("torch/adam"));
    QVERIFY(!editor.findChild<QWidget*>(QStringLiteral("implementationsBaseline")) ||
            !editor.findChild<QWidget*>(QStringLiteral("implementationsBaseline"))->isVisible());

    // Typing in the form: one step, undone by the document's stack.
    const int before = editor.document()->undoStack()->count();
    batch->setFocus();
    batch->selectAll();
    QTest::keyClicks(batch, QStringLiteral("128"));
    JCOMPARE(editor.document()->json()["training"]["batch"], Json(128));
    QCOMPARE(editor.document()->undoStack()->count(), before + 1);
    editor.document()->undoStack()->undo();
    QVERIFY(!editor.document()->json()["training"].contains("batch") ||
            editor.document()->json()["training"]["batch"] == Json(64));

    // The filter finds components as well as operators.
    auto* filter = editor.findChild<QLineEdit*>(QStringLiteral("paletteFilter"));
    filter->setText(QStringLiteral("dpsgd"));
    QVERIFY(!findItem(tree, QStringLiteral("Distributed optimizers"), QStringLiteral("dpsgd"))
                 ->isHidden());
    QVERIFY(findItem(tree, QStringLiteral("Datasets"), QStringLiteral("cifar10"))->isHidden());
  }

  // Issue 30: metrics (and samplers) are component kinds like the others: the palette offers the
  // built-in and the plugins' ones, choosing one adds it to the training section's list once (one
  // undo step, a training experiment made of an operator one), and an unknown metric is a problem
  // at its path as the runner would say.
  void metricsArePaletteComponentsAndListItems() {
    const PluginCatalog c = catalog();
    QCOMPARE(c.metrics().size(), 1);
    QCOMPARE(c.metrics().front().id, QStringLiteral("torch/grad_norm"));
    ExperimentEditor editor(new ExperimentDocument);
    editor.setCatalog(c);
    QTreeWidget* tree = editor.palette()->tree();
    QVERIFY(findItem(tree, QStringLiteral("Metrics"), QStringLiteral("ece")));
    QTreeWidgetItem* norm =
        findItem(tree, QStringLiteral("Metrics"), QStringLiteral("torch/grad_norm"));
    QVERIFY(norm);
    QCOMPARE(norm->toolTip(0), QStringLiteral("gradient norm"));
    QCOMPARE(norm->text(1), QStringLiteral("plugin torch"));  // not a device: the plugin's
    // A plugin's sampler beside the built-in ones, from the same registry.
    QVERIFY(findItem(tree, QStringLiteral("Samplers"), QStringLiteral("shuffled")));
    QVERIFY(findItem(tree, QStringLiteral("Samplers"), QStringLiteral("torch/subset")));
    QVERIFY(findItem(tree, QStringLiteral("Datasets"), QStringLiteral("torch/folder")));
    QVERIFY(findItem(tree, QStringLiteral("Datasets"), QStringLiteral("synthetic")));

    // The training form offers the plugins' datasets and samplers beside the built-in ones.
    editor.document()->setLevel(QStringLiteral("training"));
    auto* samplerBox = editor.findChild<QComboBox*>(QStringLiteral("trainingSampler"));
    auto* datasetBox = editor.findChild<QComboBox*>(QStringLiteral("trainingDataset"));
    QVERIFY(samplerBox && datasetBox);
    QVERIFY(datasetBox->findData(QStringLiteral("torch/folder")) >= 0);
    QVERIFY(datasetBox->findData(QStringLiteral("synthetic")) >= 0);
    const int subset = samplerBox->findData(QStringLiteral("torch/subset"));
    QVERIFY(subset >= 0);
    QCOMPARE(samplerBox->itemData(subset, Qt::ToolTipRole).toString(),
             QStringLiteral("a random subset"));
    samplerBox->setCurrentIndex(subset);
    Q_EMIT samplerBox->activated(subset);
    JCOMPARE(editor.document()->json()["training"]["sampler"], Json("torch/subset"));

    ExperimentDocument doc;
    doc.chooseComponent(QStringLiteral("metric"), QStringLiteral("ece"));
    QCOMPARE(doc.undoStack()->count(), 1);
    JCOMPARE(doc.json()["level"], Json("training"));
    JCOMPARE(doc.json()["training"]["metrics"], Json::array({"ece"}));
    doc.chooseComponent(QStringLiteral("metric"), QStringLiteral("torch/grad_norm"));
    doc.chooseComponent(QStringLiteral("metric"), QStringLiteral("ece"));
    JCOMPARE(doc.json()["training"]["metrics"], Json::array({"ece", "torch/grad_norm"}));
    QCOMPARE(doc.undoStack()->count(), 2);  // choosing one that is there is no edit
    doc.undoStack()->undo();
    JCOMPARE(doc.json()["training"]["metrics"], Json::array({"ece"}));

    doc.setValue(JsonPath{QStringLiteral("training"), QStringLiteral("metrics")},
                 Json::array({"ece", "ecee"}));
    bool named = false;
    for (const auto& p : doc.problems())
      named = named || (p.message.contains(QStringLiteral("ecee")) &&
                        p.path.contains(QStringLiteral("metrics")));
    QVERIFY2(named, "an unknown metric is not reported at its path");
  }

  void networkExecutorChecksEditTheList() {
    ExperimentEditor editor(new ExperimentDocument);
    editor.setCatalog(catalog());
    editor.document()->setLevel(QStringLiteral("network"));
    editor.show();
    auto* torch = editor.findChild<QCheckBox*>(QStringLiteral("executor_torch"));
    QVERIFY(torch);
    QVERIFY(torch->isVisible());
    QVERIFY(!torch->isChecked());
    torch->click();
    JCOMPARE(editor.document()->json()["network"]["executors"],
             Json::array({"reference", "torch"}));
    editor.findChild<QCheckBox*>(QStringLiteral("executor_reference"))->click();
    JCOMPARE(editor.document()->json()["network"]["executors"], Json::array({"torch"}));
    editor.document()->undoStack()->undo();
    QVERIFY(editor.findChild<QCheckBox*>(QStringLiteral("executor_reference"))->isChecked());
  }

  // The editor's training experiment, saved, is one the real runner runs to the end.
  void runnerRunsWhatTheEditorBuilt() {
    QTemporaryDir dir;
    ExperimentDocument doc;
    doc.setLevel(QStringLiteral("training"));
    doc.chooseComponent(QStringLiteral("dataset"), QStringLiteral("synthetic"));
    const JsonPath t{QStringLiteral("training")};
    doc.setValue(
        t.key(QStringLiteral("synthetic")),
        Json::parse(R"({"samples": 256, "test_samples": 64, "shape": [1, 8, 8], "classes": 4})"));
    doc.setValue(t.key(QStringLiteral("network")).key(QStringLiteral("hidden")), Json::array({16}));
    doc.setValue(t.key(QStringLiteral("epochs")), Json(1));
    doc.setValue(t.key(QStringLiteral("seeds")), Json(1));
    doc.setValue(t.key(QStringLiteral("target_accuracy")), Json(0.0));
    QVERIFY2(doc.problems().isEmpty(), qPrintable(doc.problems().value(0).message));
    QString error;
    QVERIFY2(doc.saveAs(dir.filePath(QStringLiteral("t.json")), &error), qPrintable(error));
    QProcess p;
    p.start(runner(), {QStringLiteral("--db"), dir.filePath(QStringLiteral("s.d500db")),
                       QStringLiteral("run"), dir.filePath(QStringLiteral("t.json")),
                       QStringLiteral("--progress"), QStringLiteral("none")});
    QVERIFY(p.waitForFinished(120000));
    QVERIFY2(p.exitCode() == 0, p.readAllStandardError().constData());
  }
};

QTEST_MAIN(EditorLevelsTest)
#include "test_studio_editor_levels.moc"
