// Issue 6, item 3: the experiment editor. Every edit goes through the document's undo stack as
// one command, and undo/redo of each restores exactly the JSON before/after it. Also: the form
// fields edit through the same path, the JSON view stays in sync both ways, validators accept and
// refuse as the file format does, and the parser's problems carry the paths of the fields.
#include <QCheckBox>
#include <QComboBox>
#include <QLineEdit>
#include <QListWidget>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QTest>
#include <QTreeWidget>
#include <QUndoStack>
#include <cstdlib>
#include <functional>

#include "editor/experiment_document.h"
#include "editor/experiment_editor.h"
#include "editor/json_path.h"
#include "editor/json_view.h"
#include "editor/number_validator.h"
#include "editor/operator_palette.h"
#include "editor/shape_validator.h"
#include "editor/values_validator.h"
#include "models/plugin_catalog.h"
#include "studio_test_support.h"

using namespace d500::studio;

namespace {

// A catalog as `d500 plugins --json --operators` reports it (two plugins, one failed).
PluginCatalog testCatalog() {
  const QByteArray json = R"({"search_path": ["/p"], "plugins": [
    {"name": "reference", "version": "0.1.0", "abi_version": 65537, "state": "loaded", "error": "",
     "library": "/p/libref.so", "wraps": "", "operators": [
       {"op_type": "Gemm", "domain": "", "variant": "default", "backward": true, "device_type": 1},
       {"op_type": "Conv", "domain": "", "variant": "default", "backward": true, "device_type": 1},
       {"op_type": "Relu", "domain": "", "variant": "default", "backward": true, "device_type": 1}]},
    {"name": "examples", "version": "1.0.0", "abi_version": 65537, "state": "loaded", "error": "",
     "library": "/p/libex.so", "wraps": "", "operators": [
       {"op_type": "Conv", "domain": "", "variant": "direct", "backward": false, "device_type": 1},
       {"op_type": "Conv", "domain": "", "variant": "im2col", "backward": false, "device_type": 1}]},
    {"name": "broken", "version": "", "abi_version": 0, "state": "failed",
     "error": "undefined symbol: d500_plugin_entry", "library": "/p/libbroken.so", "wraps": "", "operators": []}]})";
  PluginCatalog c;
  QString error;
  if (!PluginCatalog::fromJson(json, &c, &error)) qFatal("%s", qPrintable(error));
  return c;
}

Json gemmExperiment() {
  return Json::parse(R"({"d500": 1, "name": "gemm", "level": "operator", "seed": 500,
    "operator": {"op": "Gemm", "dtype": "float32", "inputs": [["N", "N"], ["N", "N"]], "attributes": {"alpha": 1.0}},
    "implementations": ["reference"], "sweep": {"N": [64, 128]},
    "repetition": {"target_rel_ci": 0.05, "min_samples": 10, "max_samples": 100, "max_seconds": 1}})");
}

}  // namespace

class EditorTest : public QObject {
  Q_OBJECT

 private:
  // Applies `edit` to a document holding `start`: one new undo command, the content becomes
  // `expected`; undo gives `start` back exactly, redo `expected` again.
  void checkUndoRedo(const char* what, const Json& start,
                     const std::function<void(ExperimentDocument&)>& edit,
                     const std::function<void(const Json&)>& expected) {
    ExperimentDocument doc;
    doc.setEmbedded(start);
    QCOMPARE(doc.undoStack()->count(), 0);
    edit(doc);
    QVERIFY2(doc.undoStack()->count() == 1, what);
    const Json after = doc.json();
    expected(after);
    doc.undoStack()->undo();
    QVERIFY2(doc.json() == start, what);
    QVERIFY2(doc.json().dump() == start.dump(), what);  // key order too
    doc.undoStack()->redo();
    QVERIFY2(doc.json() == after, what);
    doc.undoStack()->undo();
    QVERIFY2(doc.json() == start, what);
  }

 private Q_SLOTS:
  void setField() {
    checkUndoRedo(
        "set name", gemmExperiment(),
        [](ExperimentDocument& d) { d.setValue(JsonPath{QStringLiteral("name")}, Json("gemm2")); },
        [](const Json& j) { JCOMPARE(j["name"], Json("gemm2")); });
    checkUndoRedo(
        "set new key", gemmExperiment(),
        [](ExperimentDocument& d) {
          d.setValue(JsonPath{QStringLiteral("repetition"), QStringLiteral("confidence")},
                     Json(0.99));
        },
        [](const Json& j) { JCOMPARE(j["repetition"]["confidence"], Json(0.99)); });
    checkUndoRedo(
        "remove key", gemmExperiment(),
        [](ExperimentDocument& d) { d.setValue(JsonPath{QStringLiteral("seed")}, std::nullopt); },
        [](const Json& j) { QVERIFY(!j.contains("seed")); });
    checkUndoRedo(
        "set dtype", gemmExperiment(),
        [](ExperimentDocument& d) {
          d.setValue(JsonPath{QStringLiteral("operator"), QStringLiteral("dtype")},
                     Json("float64"));
        },
        [](const Json& j) { JCOMPARE(j["operator"]["dtype"], Json("float64")); });
  }

  void typingMergesIntoOneStep() {
    ExperimentDocument doc;
    doc.setEmbedded(gemmExperiment());
    const JsonPath p{QStringLiteral("repetition"), QStringLiteral("max_samples")};
    for (int v : {1, 12, 128}) doc.setValue(p, Json(v));
    QCOMPARE(doc.undoStack()->count(), 1);
    JCOMPARE(doc.json()["repetition"]["max_samples"], Json(128));
    doc.undoStack()->undo();
    JCOMPARE(doc.json()["repetition"]["max_samples"], Json(100));
    // Setting a field to the value it has is not an edit at all.
    doc.setValue(p, Json(100));
    QCOMPARE(doc.undoStack()->index(), 0);
  }

  void chooseOperator() {
    checkUndoRedo(
        "choose operator on a blank experiment", ExperimentDocument::blankExperiment(),
        [](ExperimentDocument& d) {
          d.chooseOperator(QStringLiteral("Conv"), QString(),
                           {QStringLiteral("reference"), QStringLiteral("examples/im2col")});
        },
        [](const Json& j) {
          JCOMPARE(j["operator"]["op"], Json("Conv"));
          JCOMPARE(j["implementations"], Json::array({"reference", "examples/im2col"}));
          JCOMPARE(j["operator"]["inputs"].size(), size_t(2));
          JCOMPARE(j["sweep"]["N"], Json::array({64, 128, 256}));
        });
    checkUndoRedo(
        "choose another operator keeps inputs, drops attributes", gemmExperiment(),
        [](ExperimentDocument& d) {
          d.chooseOperator(QStringLiteral("MatMul"), QStringLiteral("ai.onnx"),
                           {QStringLiteral("reference")});
        },
        [](const Json& j) {
          JCOMPARE(j["operator"]["op"], Json("MatMul"));
          JCOMPARE(j["operator"]["domain"], Json("ai.onnx"));
          QVERIFY(!j["operator"].contains("attributes"));
          JCOMPARE(j["operator"]["inputs"], gemmExperiment()["operator"]["inputs"]);
        });
  }

  // Issue 35, item 5: Conv chosen over Gemm's matrices gets shapes a convolution runs on (Gemm's
  // inputs fit MatMul, so those stay, above).
  void chooseConvOverGemmFillsItsShapes() {
    checkUndoRedo(
        "choose Conv over Gemm", gemmExperiment(),
        [](ExperimentDocument& d) {
          d.chooseOperator(QStringLiteral("Conv"), QString(), {QStringLiteral("reference")});
        },
        [](const Json& j) {
          JCOMPARE(j["operator"]["inputs"],
                   Json::array({Json::array({1, 16, "N", "N"}), Json::array({16, 16, 3, 3})}));
          JCOMPARE(j["sweep"]["N"], Json::array({64, 128}));  // the sweep it had
        });
  }

  // Issue 35, item 5: "Add input" appends what the operator takes next, with its sweep variable,
  // in one step, and is off once the operator takes no more (its ONNX schema).
  void addInputAddsWhatTheOperatorTakesNext() {
    Json conv = gemmExperiment();
    conv["operator"] = {
        {"op", "Conv"},
        {"inputs", Json::array({Json::array({1, 8, "N", "N"}), Json::array({4, 8, 3, 3})})}};
    auto* doc = new ExperimentDocument;
    doc->setEmbedded(conv);
    ExperimentEditor editor(doc);
    auto* add = editor.findChild<QPushButton*>(QStringLiteral("operatorAddInput"));
    QVERIFY(add && add->isEnabled());
    add->click();
    JCOMPARE(doc->json()["operator"]["inputs"][2],
             Json::array({4}));  // the bias: one per output channel
    QVERIFY(!add->isEnabled());
    doc->undoStack()->undo();
    JCOMPARE(doc->json(), conv);
    QVERIFY(add->isEnabled());

    Json relu = ExperimentDocument::blankExperiment();
    relu["operator"]["op"] = "Relu";
    relu["implementations"] = Json::array({"reference"});
    doc->setEmbedded(relu);
    add->click();
    JCOMPARE(doc->json()["operator"]["inputs"], Json::array({Json::array({"N", "N"})}));
    JCOMPARE(doc->json()["sweep"]["N"], Json::array({64, 128, 256}));
    QCOMPARE(doc->undoStack()->count(), 1);
    QVERIFY2(doc->problems().isEmpty(), qPrintable(doc->problems().value(0).message));
    QVERIFY(!add->isEnabled());
    doc->undoStack()->undo();
    JCOMPARE(doc->json(), relu);
  }

  // Issue 35, item 7: an operator double-clicked in the palette keeps the implementations chosen
  // that offer it, and takes every runnable one only when none does.
  void paletteKeepsTheImplementationsChosen() {
    auto* doc = new ExperimentDocument;
    Json j = gemmExperiment();
    j["operator"]["op"] = "Relu";
    j["implementations"] = Json::array({"reference", "torch"});
    doc->setEmbedded(j);
    ExperimentEditor editor(doc);
    editor.setCatalog(testCatalog());
    const auto item = [&editor](const QString& op) -> QTreeWidgetItem* {
      QTreeWidgetItem* ops = editor.palette()->tree()->topLevelItem(0);
      for (int i = 0; i < ops->childCount(); ++i)
        if (ops->child(i)->text(0) == op) return ops->child(i);
      return nullptr;
    };
    QTreeWidgetItem* conv = item(QStringLiteral("Conv"));
    QVERIFY(conv);
    Q_EMIT editor.palette()->tree()->itemActivated(conv, 0);
    JCOMPARE(doc->json()["operator"]["op"], Json("Conv"));
    JCOMPARE(doc->json()["implementations"], Json::array({"reference"}));
    doc->setValue(JsonPath{QStringLiteral("implementations")}, Json::array({"torch"}));
    QTreeWidgetItem* gemm = item(QStringLiteral("Gemm"));
    QVERIFY(gemm);
    Q_EMIT editor.palette()->tree()->itemActivated(gemm, 0);
    JCOMPARE(doc->json()["implementations"],
             Json::array({"reference"}));  // torch offers no Gemm here
  }

  // Issue 35, item 7: Ctrl+Z in the JSON text undoes the document (its undo stack), not the text.
  void undoInTheJsonTextUndoesTheDocument() {
    auto* doc = new ExperimentDocument;
    doc->setEmbedded(gemmExperiment());
    ExperimentEditor editor(doc);
    editor.show();
    QPlainTextEdit* text = editor.jsonView()->editor();
    doc->setValue(JsonPath{QStringLiteral("name")}, Json("renamed"));
    text->setFocus();
    QTest::keyClick(text, Qt::Key_Z, Qt::ControlModifier);
    JCOMPARE(doc->json()["name"], Json("gemm"));
    QVERIFY(text->toPlainText().contains(QStringLiteral("\"gemm\"")));
    QTest::keyClick(text, Qt::Key_Z, Qt::ControlModifier | Qt::ShiftModifier);
    JCOMPARE(doc->json()["name"], Json("renamed"));
    // Typing not yet applied becomes a step of its own first, and the undo takes it back.
    QString edited = text->toPlainText();
    edited.replace(QStringLiteral("\"renamed\""), QStringLiteral("\"typed\""));
    text->setPlainText(edited);
    QTest::keyClick(text, Qt::Key_Z, Qt::ControlModifier);
    JCOMPARE(doc->json()["name"], Json("renamed"));
    QVERIFY(text->toPlainText().contains(QStringLiteral("\"renamed\"")));
  }

  void implementations() {
    checkUndoRedo(
        "add implementation", gemmExperiment(),
        [](ExperimentDocument& d) { d.addImplementation(QStringLiteral("torch")); },
        [](const Json& j) {
          JCOMPARE(j["implementations"], Json::array({"reference", "torch"}));
        });
    Json withBaseline = gemmExperiment();
    withBaseline["implementations"] = Json::array({"reference", "torch"});
    withBaseline["baseline"] = "torch";
    checkUndoRedo(
        "remove implementation (and it as baseline)", withBaseline,
        [](ExperimentDocument& d) { d.removeImplementation(QStringLiteral("torch")); },
        [](const Json& j) {
          JCOMPARE(j["implementations"], Json::array({"reference"}));
          QVERIFY(!j.contains("baseline"));
        });
    ExperimentDocument doc;
    doc.setEmbedded(gemmExperiment());
    doc.addImplementation(QStringLiteral("reference"));  // already there: nothing to do
    doc.removeImplementation(QStringLiteral("nothing"));
    QCOMPARE(doc.undoStack()->count(), 0);
  }

  void inputs() {
    checkUndoRedo(
        "add input", gemmExperiment(),
        [](ExperimentDocument& d) { d.addInput(Json::array({"N"})); },
        [](const Json& j) { JCOMPARE(j["operator"]["inputs"].size(), size_t(3)); });
    checkUndoRedo(
        "remove input", gemmExperiment(), [](ExperimentDocument& d) { d.removeInput(0); },
        [](const Json& j) {
          JCOMPARE(j["operator"]["inputs"], Json::array({Json::array({"N", "N"})}));
        });
    checkUndoRedo(
        "set input shape", gemmExperiment(),
        [](ExperimentDocument& d) {
          d.setInput(1, Json::array({"N", 32}));
        },
        [](const Json& j) {
          JCOMPARE(j["operator"]["inputs"][1], Json::array({"N", 32}));
        });
  }

  void attributes() {
    checkUndoRedo(
        "set attribute", gemmExperiment(),
        [](ExperimentDocument& d) { d.setAttribute(QStringLiteral("transA"), Json(1)); },
        [](const Json& j) { JCOMPARE(j["operator"]["attributes"]["transA"], Json(1)); });
    checkUndoRedo(
        "remove last attribute", gemmExperiment(),
        [](ExperimentDocument& d) { d.removeAttribute(QStringLiteral("alpha")); },
        [](const Json& j) { QVERIFY(!j["operator"].contains("attributes")); });
  }

  void sweep() {
    checkUndoRedo(
        "add sweep variable", gemmExperiment(),
        [](ExperimentDocument& d) {
          d.addSweepVariable(QStringLiteral("K"), Json::array({1, 2}));
        },
        [](const Json& j) {
          JCOMPARE(j["sweep"]["K"], Json::array({1, 2}));
        });
    checkUndoRedo(
        "remove the last sweep variable removes sweep", gemmExperiment(),
        [](ExperimentDocument& d) { d.removeSweepVariable(QStringLiteral("N")); },
        [](const Json& j) { QVERIFY(!j.contains("sweep")); });
    checkUndoRedo(
        "edit sweep values", gemmExperiment(),
        [](ExperimentDocument& d) {
          d.setSweepValues(QStringLiteral("N"), Json::array({32, 64, 128}));
        },
        [](const Json& j) {
          JCOMPARE(j["sweep"]["N"], Json::array({32, 64, 128}));
        });
    checkUndoRedo(
        "add sweep to an experiment without one", ExperimentDocument::blankExperiment(),
        [](ExperimentDocument& d) { d.addSweepVariable(QStringLiteral("N"), Json::array({8})); },
        [](const Json& j) {
          JCOMPARE(j["sweep"], Json({{"N", Json::array({8})}}));
        });
  }

  void launcher() {
    checkUndoRedo(
        "launcher kind", gemmExperiment(),
        [](ExperimentDocument& d) {
          d.setValue(JsonPath{QStringLiteral("launcher"), QStringLiteral("kind")}, Json("mpi"));
        },
        [](const Json& j) { JCOMPARE(j["launcher"]["kind"], Json("mpi")); });
    checkUndoRedo(
        "add host", gemmExperiment(),
        [](ExperimentDocument& d) { d.addHost(QStringLiteral("node01:2")); },
        [](const Json& j) { JCOMPARE(j["launcher"]["hosts"], Json::array({"node01:2"})); });
    Json withHosts = gemmExperiment();
    withHosts["launcher"] = {{"kind", "mpi"}, {"ranks", 2}, {"hosts", Json::array({"a", "b"})}};
    checkUndoRedo(
        "remove host", withHosts, [](ExperimentDocument& d) { d.removeHost(0); },
        [](const Json& j) { JCOMPARE(j["launcher"]["hosts"], Json::array({"b"})); });
  }

  void replaceJson() {
    Json edited = gemmExperiment();
    edited["description"] = "typed in the JSON view";
    checkUndoRedo(
        "replace from the JSON view", gemmExperiment(),
        [&](ExperimentDocument& d) { d.replaceJson(edited); },
        [&](const Json& j) { JCOMPARE(j, edited); });
  }

  void problemsNameTheirPaths() {
    ExperimentDocument doc;
    doc.setEmbedded(gemmExperiment());
    QVERIFY(doc.problems().isEmpty());
    doc.setInput(0, Json::array({"M", "N"}));  // M is no sweep variable
    QCOMPARE(doc.problems().size(), 1);
    QCOMPARE(doc.problems().first().path, QStringLiteral("$.operator.inputs[0][0]"));
    QCOMPARE(doc.problemsAt(JsonPath{QStringLiteral("operator"), QStringLiteral("inputs")}.index(0))
                 .size(),
             1);
    doc.undoStack()->undo();
    QVERIFY(doc.problems().isEmpty());
    doc.setValue(JsonPath{QStringLiteral("repetition"), QStringLiteral("min_samples")}, Json(1));
    QCOMPARE(doc.problems().first().path, QStringLiteral("$.repetition.min_samples"));
  }

  void jsonPath() {
    JsonPath p;
    QVERIFY(JsonPath::fromString(QStringLiteral("$.operator.inputs[0][1]"), &p));
    QCOMPARE(p.toString(), QStringLiteral("$.operator.inputs[0][1]"));
    JCOMPARE(p.get(gemmExperiment()), Json("N"));
    QVERIFY(!JsonPath::fromString(QStringLiteral("operator"), &p));
  }

  void validators() {
    ShapeValidator shape;
    NumberValidator samples(NumberValidator::Kind::Integer, 3, 1e8);
    ValuesValidator list(ValuesValidator::Mode::List);
    int pos = 0;
    auto state = [&](const QValidator& v, QString s) { return v.validate(s, pos); };
    QCOMPARE(state(shape, QStringLiteral("N, C, 64, 64")), QValidator::Acceptable);
    QCOMPARE(state(shape, QStringLiteral("N, ")), QValidator::Intermediate);
    QCOMPARE(state(shape, QStringLiteral("N; 3")), QValidator::Invalid);
    JCOMPARE(ShapeValidator::toJson(QStringLiteral("N, 64")), Json::array({"N", 64}));
    QCOMPARE(state(samples, QStringLiteral("10")), QValidator::Acceptable);
    QCOMPARE(state(samples, QStringLiteral("2")), QValidator::Intermediate);  // below the range
    QCOMPARE(state(samples, QStringLiteral("1.5")), QValidator::Invalid);
    QCOMPARE(state(list, QStringLiteral("64, 128")), QValidator::Acceptable);
    QCOMPARE(state(list, QStringLiteral("[1, 1], [2, 2")), QValidator::Intermediate);
    Json v;
    QVERIFY(ValuesValidator::listFromText(QStringLiteral("1, 1.0, NCHW, [2, 2]"), &v));
    JCOMPARE(v, Json::array({1, 1.0, "NCHW", Json::array({2, 2})}));
    QVERIFY(v[1].is_number_float());  // "1.0" stays a real: ONNX attribute types depend on it
    QCOMPARE(ValuesValidator::listToText(v), QStringLiteral("1, 1.0, NCHW, [2,2]"));
  }

  void formEditsGoThroughTheUndoStack() {
    auto* doc = new ExperimentDocument;
    doc->setEmbedded(gemmExperiment());
    ExperimentEditor editor(doc);
    editor.setCatalog(testCatalog());
    editor.show();
    auto* maxSamples = editor.findChild<QLineEdit*>(QStringLiteral("repetition_max_samples"));
    QVERIFY(maxSamples);
    QCOMPARE(maxSamples->text(), QStringLiteral("100"));
    maxSamples->setFocus();
    maxSamples->selectAll();
    QTest::keyClicks(maxSamples, QStringLiteral("250"));
    JCOMPARE(doc->json()["repetition"]["max_samples"], Json(250));
    QCOMPARE(doc->undoStack()->count(), 1);  // three keystrokes, one step
    maxSamples->selectAll();
    QTest::keyClicks(maxSamples, QStringLiteral("2"));  // below min_samples' range: not applied
    JCOMPARE(doc->json()["repetition"]["max_samples"], Json(250));
    QVERIFY(!maxSamples->toolTip().isEmpty());
    doc->undoStack()->undo();
    QCOMPARE(maxSamples->text(), QStringLiteral("100"));  // the form follows undo

    // Sampling over the same period: off by default, one undoable step that writes the key.
    auto* same = editor.findChild<QCheckBox*>(QStringLiteral("repetition_same_period"));
    QVERIFY(same && !same->isChecked());
    QTest::mouseClick(same, Qt::LeftButton);
    JCOMPARE(doc->json()["repetition"]["same_period"], Json(true));
    if (const char* dir = std::getenv("D500_SCREENSHOT_DIR")) {  // documents; asserts nothing
      editor.resize(1100, 900);
      same->parentWidget()->grab().save(QString::fromLocal8Bit(dir) +
                                        QStringLiteral("/editor_repetition.png"));
    }
    doc->undoStack()->undo();
    QVERIFY(!doc->json()["repetition"].contains("same_period") ||
            doc->json()["repetition"]["same_period"] == Json(false));
    QVERIFY(!same->isChecked());

    // The implementation checkboxes list what the catalog offers for Gemm.
    auto* ref = editor.findChild<QCheckBox*>(QStringLiteral("implementation_reference"));
    QVERIFY(ref && ref->isChecked());
    // The palette picks Conv: one step that the form and the JSON view both show.
    const int before = doc->undoStack()->index();
    doc->removeImplementation(QStringLiteral("reference"));  // none chosen: all are taken
    Q_EMIT editor.palette()->operatorChosen(
        QStringLiteral("Conv"), QString(),
        testCatalog().implementationsFor(QStringLiteral("Conv"), QString()));
    QCOMPARE(doc->undoStack()->index(), before + 2);
    JCOMPARE(doc->json()["implementations"],
             Json::array({"reference", "examples/direct", "examples/im2col"}));
    QVERIFY(editor.findChild<QCheckBox*>(QStringLiteral("implementation_examples/direct")));
    QVERIFY(editor.jsonView()->editor()->toPlainText().contains(QStringLiteral("\"Conv\"")));
    // Rows rebuilt by an edit are hidden at once and deleted later: let that happen.
    QTest::qWait(20);
    auto* uncheck = editor.findChild<QCheckBox*>(QStringLiteral("implementation_examples/direct"));
    QVERIFY(uncheck && uncheck->isChecked());
    uncheck->click();
    JCOMPARE(doc->json()["implementations"], Json::array({"reference", "examples/im2col"}));
    doc->undoStack()->undo();
    JCOMPARE(doc->json()["implementations"].size(), size_t(3));

    // The palette shows every level (test_studio_editor_levels picks their components).
    QTreeWidget* tree = editor.palette()->tree();
    QCOMPARE(tree->topLevelItemCount(), 4);
    QCOMPARE(tree->topLevelItem(2)->text(0), QStringLiteral("Training (L2)"));
    QVERIFY(tree->topLevelItem(2)->flags().testFlag(Qt::ItemIsEnabled));
  }

  void jsonViewSyncsBothWays() {
    auto* doc = new ExperimentDocument;
    doc->setEmbedded(gemmExperiment());
    ExperimentEditor editor(doc);
    editor.show();
    QPlainTextEdit* text = editor.jsonView()->editor();
    QVERIFY(text->toPlainText().contains(QStringLiteral("\"gemm\"")));
    doc->setValue(JsonPath{QStringLiteral("name")}, Json("renamed"));
    QVERIFY(text->toPlainText().contains(QStringLiteral("\"renamed\"")));
    QString edited = text->toPlainText();
    edited.replace(QStringLiteral("\"renamed\""), QStringLiteral("\"from-text\""));
    text->setPlainText(edited);
    editor.jsonView()->applyNow();
    JCOMPARE(doc->json()["name"], Json("from-text"));
    auto* name = editor.findChild<QLineEdit*>(QStringLiteral("experimentName"));
    QCOMPARE(name->text(), QStringLiteral("from-text"));
    text->setPlainText(QStringLiteral("{ not json"));
    editor.jsonView()->applyNow();
    JCOMPARE(doc->json()["name"], Json("from-text"));  // broken text is not applied
    doc->undoStack()->undo();
    JCOMPARE(doc->json()["name"], Json("renamed"));
  }

  void problemListFocusesTheField() {
    auto* doc = new ExperimentDocument;
    Json j = gemmExperiment();
    j["operator"]["inputs"][1] = Json::array({"N", "X"});
    doc->setEmbedded(j);
    ExperimentEditor editor(doc);
    editor.show();
    QVERIFY(QTest::qWaitForWindowExposed(&editor));
    QListWidget* problems = editor.problemList();
    QCOMPARE(problems->count(), 1);
    QVERIFY(problems->item(0)->text().startsWith(QStringLiteral("$.operator.inputs[1][1]")));
    QVERIFY(editor.focusPath(QStringLiteral("$.operator.inputs[1][1]")));
    QCOMPARE(QApplication::focusWidget()->objectName(), QStringLiteral("operatorInput1"));
  }

  void saveAndReload() {
    QTemporaryDir dir;
    ExperimentDocument doc;
    doc.setEmbedded(gemmExperiment());
    QString error;
    QVERIFY2(doc.saveAs(dir.filePath(QStringLiteral("g.json")), &error), qPrintable(error));
    QVERIFY(!doc.isModified());
    doc.setValue(JsonPath{QStringLiteral("seed")}, Json(7));
    QVERIFY(doc.isModified());
    QVERIFY(doc.title().endsWith(QLatin1Char('*')));
    QVERIFY(doc.save(&error));
    // Written as people write it: shapes and sweep values on one line, and it parses back.
    QVERIFY(
        doc.jsonText().contains(QStringLiteral("\"inputs\": [[\"N\", \"N\"], [\"N\", \"N\"]]")));
    QVERIFY(doc.jsonText().contains(QStringLiteral("\"N\": [64, 128]")));
    JCOMPARE(Json::parse(doc.jsonText().toStdString()), doc.json());
    ExperimentDocument again;
    QVERIFY(again.load(dir.filePath(QStringLiteral("g.json")), &error));
    JCOMPARE(again.json(), doc.json());
    QVERIFY(again.json()["operator"]["attributes"]["alpha"].is_number_float());
  }
};

QTEST_MAIN(EditorTest)
#include "test_studio_editor.moc"
