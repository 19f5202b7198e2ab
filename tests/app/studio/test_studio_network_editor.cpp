// The network editor (issue 17 item 2), offscreen: LeNet-5 from the builder edited through the
// editor's API and through its palette and form (replace Relu by Sigmoid, an attribute that
// breaks a shape downstream, a node added from the palette and connected, a node deleted,
// refusals), every edit undone back to the original bytes and redone, saved through the checker,
// reopened identical, and used in a network experiment that the real runner checks and runs.
// Screenshots of the editor go to the build tree (and resources/screenshots with
// D500_SCREENSHOT_DIR).
#include <QComboBox>
#include <QDir>
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QProcess>
#include <QPushButton>
#include <QSpinBox>
#include <QTemporaryDir>
#include <QTest>
#include <QUndoStack>

#include "d500/onnx/model.h"
#include "graph/graph_items.h"
#include "graph/graph_view.h"
#include "models/plugin_query.h"
#include "network_editor/network_editor.h"
#include "network_editor/network_editor_window.h"
#include "network_editor/network_palette.h"
#include "network_editor/node_form.h"

using namespace d500::studio;

namespace {

const QString kRunner = QStringLiteral(D500_TEST_BINARY_DIR "/bin/d500");

QByteArray bytesOf(const NetworkEditor* e) {
  return QByteArray::fromStdString(e->document()->to_bytes());
}

// The Widen button beside the form's spin box.
QPushButton* widenButton(NetworkEditor* e) {
  for (QPushButton* b : e->form()->findChildren<QPushButton*>())
    if (b->text() == QStringLiteral("Widen")) return b;
  return nullptr;
}

void shoot(QWidget* w, const QString& name) {
  w->repaint();
  QCoreApplication::processEvents();
  const QImage image = w->grab().toImage();
  QVERIFY(image.save(QStringLiteral(D500_TEST_BINARY_DIR "/tests/app/studio/") + name));
  const QString dir = qEnvironmentVariable("D500_SCREENSHOT_DIR");
  if (!dir.isEmpty()) QVERIFY(image.save(dir + QLatin1Char('/') + name));
}

}  // namespace

class NetworkEditorTest : public QObject {
  Q_OBJECT

 private:
  PluginCatalog catalog_;
  QTemporaryDir dir_;

 private Q_SLOTS:
  void initTestCase() {
    PluginQuery query;
    bool got = false;
    connect(&query, &PluginQuery::finished, this, [&](const PluginCatalog& c) {
      catalog_ = c;
      got = true;
    });
    query.start(kRunner);
    QVERIFY(query.waitForFinished(60000));
    QTRY_VERIFY(got);
    QVERIFY(catalog_.operatorKeys().contains(QStringLiteral("Sigmoid")));
    QVERIFY(dir_.isValid());
  }

  void paletteListsThePluginsOperators() {
    NetworkEditor editor;
    editor.setCatalog(catalog_);
    QVERIFY(editor.openBuilder(QStringLiteral("lenet")));
    QCOMPARE(editor.palette()->operators(), catalog_.operatorKeys());
  }

  void editsUndoToTheOriginalBytesAndSave() {
    NetworkEditorWindow window;
    NetworkEditor* e = window.editor();
    e->setCatalog(catalog_);
    window.show();
    QVERIFY(QTest::qWaitForWindowActive(&window));
    QVERIFY(e->openBuilder(QStringLiteral("lenet")));
    QVERIFY(e->diagnostics().ok());
    QVERIFY(e->edgeLabels().contains(QStringLiteral("N×6×28×28")));
    const QByteArray original = bytesOf(e);

    // 1. Relu -> Sigmoid, through the API.
    QVERIFY2(e->replaceOp(QStringLiteral("act1"), QStringLiteral("Sigmoid")),
             qPrintable(e->lastError()));
    QCOMPARE(e->nodeItem(QStringLiteral("act1"))->opType(), QStringLiteral("Sigmoid"));
    // 2. A 3-D pooling window on 2-D images: shape inference fails on pool2, which is marked,
    // and the model is not saved.
    QVERIFY(e->setAttribute(QStringLiteral("pool2"), QStringLiteral("kernel_shape"),
                            QStringLiteral("3, 3, 3")));
    QVERIFY(!e->nodeProblem(QStringLiteral("pool2")).isEmpty());
    QVERIFY(e->nodeItem(QStringLiteral("pool2"))->fill().isValid());
    QVERIFY(!e->saveAs(dir_.filePath(QStringLiteral("broken.onnx"))));
    QVERIFY(e->lastError().contains(QStringLiteral("pool2")));
    // 3. Back to 2x2 through the form's field.
    QVERIFY(e->selectNode(QStringLiteral("pool2")));
    QLineEdit* kernel = e->form()->attributeField(QStringLiteral("kernel_shape"));
    QVERIFY(kernel);
    QCOMPARE(kernel->text(), QStringLiteral("3, 3, 3"));
    kernel->setFocus();
    kernel->selectAll();
    QTest::keyClicks(kernel, QStringLiteral("2, 2"));
    QTest::keyClick(kernel, Qt::Key_Return);
    QVERIFY(e->diagnostics().ok());
    // 4. A Sigmoid from the palette after act2, then pool2 connected to it through its picker.
    QVERIFY(e->selectNode(QStringLiteral("act2")));
    QListWidget* list = e->palette()->list();
    const QList<QListWidgetItem*> hits =
        list->findItems(QStringLiteral("Sigmoid"), Qt::MatchExactly);
    QCOMPARE(hits.size(), 1);
    Q_EMIT list->itemActivated(hits.front());
    QCOMPARE(e->form()->newOp(), QStringLiteral("Sigmoid"));
    QCOMPARE(e->form()->inputPicker(0)->currentData().toString(), QStringLiteral("act2"));
    QTest::mouseClick(e->form()->findChild<QPushButton*>(QStringLiteral("networkAddNode")),
                      Qt::LeftButton);
    QVERIFY2(e->nodeItem(QStringLiteral("sigmoid_0")), qPrintable(e->lastError()));
    QCOMPARE(e->selectedNode(), QStringLiteral("sigmoid_0"));
    QVERIFY(e->selectNode(QStringLiteral("pool2")));
    QComboBox* pick = e->form()->inputPicker(0);
    pick->setCurrentIndex(pick->findData(QStringLiteral("sigmoid_0")));
    Q_EMIT pick->activated(pick->currentIndex());
    QCOMPARE(e->document()->node(size_t(e->document()->find_node("pool2"))).inputs[0],
             std::string("sigmoid_0"));
    // 5. Delete act3 with the Delete key: fc2 reads fc1.
    QVERIFY(e->selectNode(QStringLiteral("act3")));
    e->view()->setFocus();
    QTest::keyClick(e->view(), Qt::Key_Delete);
    QVERIFY(!e->nodeItem(QStringLiteral("act3")));
    QVERIFY(e->diagnostics().ok());
    // 6. conv1 widened from 6 to 8 channels through the form: conv2's weights follow.
    QVERIFY(e->selectNode(QStringLiteral("conv1")));
    QSpinBox* widen = e->form()->widenChoice();
    QVERIFY(widen);
    widen->setValue(8);
    QTest::mouseClick(widenButton(e), Qt::LeftButton);
    QVERIFY2(e->edgeLabels().contains(QStringLiteral("N×8×28×28")), qPrintable(e->lastError()));
    QVERIFY(e->diagnostics().ok());
    const int steps = e->undoStack()->count();
    QCOMPARE(steps, 7);

    // Refusals change nothing and leave no step.
    const QByteArray edited = bytesOf(e);
    QVERIFY(!e->connectInput(QStringLiteral("conv1"), 0, QStringLiteral("pool1")));
    QVERIFY(e->lastError().contains(QStringLiteral("cycle")));
    QVERIFY(!e->addNode(QStringLiteral("Relu"), {QStringLiteral("nowhere")}, {}));
    QVERIFY(e->lastError().contains(QStringLiteral("nowhere")));
    QVERIFY(
        !e->setAttribute(QStringLiteral("conv1"), QStringLiteral("group"), QStringLiteral("two")));
    QVERIFY(!e->removeNode(QStringLiteral("fc3")));
    QCOMPARE(e->undoStack()->count(), steps);
    QCOMPARE(bytesOf(e), edited);
    QVERIFY(window.windowTitle().endsWith(QLatin1Char('*')));

    // Undo every edit: the original bytes; redo every edit: the edited ones.
    for (int i = 0; i < steps; ++i) e->undoStack()->undo();
    QCOMPARE(bytesOf(e), original);
    for (int i = 0; i < steps; ++i) e->undoStack()->redo();
    QCOMPARE(bytesOf(e), edited);
    e->view()->fitAll();
    e->selectNode(QStringLiteral("conv1"));
    shoot(&window, QStringLiteral("network_editor.png"));

    // Saved through the checker, loaded by core, reopened byte for byte.
    const QString path = dir_.filePath(QStringLiteral("lenet_edited.onnx"));
    QVERIFY2(e->saveAs(path), qPrintable(e->lastError()));
    QVERIFY(!window.windowTitle().endsWith(QLatin1Char('*')));
    auto model = d500::onnx::Model::load(path.toStdString());
    QVERIFY2(model.ok(), model.ok() ? "" : model.error().to_string().c_str());
    QCOMPARE(QString::fromStdString(model->node(size_t(e->document()->find_node("act1"))).op_type),
             QStringLiteral("Sigmoid"));
    NetworkEditor reopened;
    QVERIFY(reopened.openFile(path));
    QCOMPARE(bytesOf(&reopened), edited);

    // Used in a network experiment: the runner checks it and runs it.
    const QString experiment = window.useInExperiment();
    QVERIFY(QFile::exists(experiment));
    QProcess check;
    check.start(kRunner, {QStringLiteral("check"), experiment});
    QVERIFY(check.waitForFinished(120000));
    QVERIFY2(check.exitCode() == 0, check.readAllStandardOutput() + check.readAllStandardError());
    QProcess run;
    run.start(kRunner, {QStringLiteral("--db"), dir_.filePath(QStringLiteral("runs.d500db")),
                        QStringLiteral("run"), experiment});
    QVERIFY(run.waitForFinished(240000));
    QVERIFY2(run.exitCode() == 0, run.readAllStandardOutput() + run.readAllStandardError());
    QProcess runs;
    runs.start(kRunner, {QStringLiteral("--db"), dir_.filePath(QStringLiteral("runs.d500db")),
                         QStringLiteral("runs")});
    QVERIFY(runs.waitForFinished(60000));
    const QString listed = QString::fromUtf8(runs.readAllStandardOutput());
    QVERIFY2(listed.contains(QStringLiteral("lenet_edited-network")), qPrintable(listed));
  }

  void aProblemIsShownOnTheNode() {
    NetworkEditorWindow window;
    NetworkEditor* e = window.editor();
    e->setCatalog(catalog_);
    window.show();
    QVERIFY(e->openBuilder(QStringLiteral("lenet")));
    QVERIFY(e->addNode(QStringLiteral("Add"), {QStringLiteral("act4")}, {}));
    QVERIFY(e->nodeProblem(QStringLiteral("add_0")).contains(QStringLiteral("input size 1")));
    QVERIFY(e->connectInput(QStringLiteral("add_0"), 1, QStringLiteral("act4")));
    QVERIFY(e->nodeProblem(QStringLiteral("add_0")).isEmpty());
    QVERIFY(e->setAttribute(QStringLiteral("pool2"), QStringLiteral("kernel_shape"),
                            QStringLiteral("3, 3, 3")));
    QVERIFY(!e->nodeProblem(QStringLiteral("pool2")).isEmpty());
    // Only pool2's own problem: the nodes after it, left untyped, are not listed as well.
    QVERIFY(e->nodeProblem(QStringLiteral("fc1")).isEmpty());
    e->view()->fitAll();
    e->selectNode(QStringLiteral("pool2"));
    shoot(&window, QStringLiteral("network_editor_problem.png"));
  }

  // Issue 35 item 9: a network starts empty from a double-click in the palette (no "Open a model
  // first"), grows node by node, saves with the unread tensor as its output, and a refusal in the
  // status line is gone once the save succeeds.
  void aNetworkStartsEmptyAndARefusalClearsOnSave() {
    NetworkEditorWindow window;
    NetworkEditor* e = window.editor();
    e->setCatalog(catalog_);
    window.show();
    QVERIFY(!e->hasDocument());
    Q_EMIT e->palette()->operatorChosen(QStringLiteral("Relu"), QString());
    QVERIFY2(e->hasDocument(), qPrintable(e->lastError()));
    QCOMPARE(e->document()->node_count(), size_t(0));
    QCOMPARE(e->form()->newOp(), QStringLiteral("Relu"));
    QCOMPARE(e->form()->inputPicker(0)->currentText(), QStringLiteral("input"));
    QVERIFY(!e->saveAs(dir_.filePath(QStringLiteral("nothing.onnx"))));  // nothing to save yet
    QVERIFY(e->lastError().contains(QStringLiteral("empty")));
    QVERIFY2(e->addNode(QStringLiteral("Relu"), {QStringLiteral("input")}, {}),
             qPrintable(e->lastError()));
    QVERIFY(e->addNode(QStringLiteral("Flatten"), {QStringLiteral("relu_0")}, {}));
    QVERIFY(!e->save());  // no file yet: a red refusal
    auto* status = window.findChild<QLabel*>(QStringLiteral("networkStatus"));
    QVERIFY(status->text().contains(QStringLiteral("Save As")));
    const QString path = dir_.filePath(QStringLiteral("from_empty.onnx"));
    QVERIFY2(e->saveAs(path), qPrintable(e->lastError()));
    QVERIFY2(!status->text().contains(QStringLiteral("b00020")), qPrintable(status->text()));
    QVERIFY(e->lastError().isEmpty());
    e->view()->fitAll();
    shoot(&window, QStringLiteral("network_editor_from_empty.png"));
    auto saved = d500::onnx::Model::load(path.toStdString());
    QVERIFY2(saved.ok(), saved.ok() ? "" : saved.error().message.c_str());
    QCOMPARE(saved->outputs().size(), size_t(1));
    QCOMPARE(saved->outputs().front().name, std::string("flatten_0"));
    QVERIFY(e->undoStack()->isClean());
    e->undoStack()->undo();  // the outputs were one undo step
    QVERIFY(e->document()->outputs().empty());
  }

  void aFileThatIsNoModelIsRefused() {
    NetworkEditor e;
    const QString path = dir_.filePath(QStringLiteral("junk.onnx"));
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write("not a model");
    f.close();
    QVERIFY(!e.openFile(path));
    QVERIFY(e.lastError().contains(path));
    QVERIFY(!e.hasDocument());
    QVERIFY(!e.replaceOp(QStringLiteral("act1"), QStringLiteral("Sigmoid")));
  }
};

QTEST_MAIN(NetworkEditorTest)
#include "test_studio_network_editor.moc"
