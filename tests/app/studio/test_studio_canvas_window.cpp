// Issue 17, item 1, in the main window: an experiment's editor has a Canvas tab over the same
// document as the form and the JSON text, and the canvas layout is saved with the project and
// restored when it is opened again.
#include <QDir>
#include <QFile>
#include <QPlainTextEdit>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QUndoStack>

#include "canvas/canvas_model.h"
#include "canvas/experiment_canvas.h"
#include "editor/experiment_document.h"
#include "editor/experiment_editor.h"
#include "editor/json_view.h"
#include "editor/operator_palette.h"
#include "main_window/experiment_actions.h"
#include "main_window/main_window.h"
#include "main_window/project_controller.h"
#include "studio_test_support.h"
#include "views/properties_dock.h"
#include "views/workspace_tabs.h"

using namespace d500::studio;

namespace {

ExperimentCanvas* canvasOf(ExperimentEditor* editor) {
  return editor ? editor->findChild<ExperimentCanvas*>() : nullptr;
}

}  // namespace

class CanvasWindowTest : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void editorHasACanvasOverTheSameDocument();
  void propertiesFollowCanvasEditsAndTemplates();
};

void CanvasWindowTest::editorHasACanvasOverTheSameDocument() {
  QTemporaryDir dir;
  const QString project = d500::test::copyExampleProject(dir);
  QPointF moved;
  {
    MainWindow w(false);
    QVERIFY(w.openProject(project));
    w.resize(1600, 1000);
    w.show();
    ExperimentEditor* editor = w.experimentActions()->open(0);
    ExperimentCanvas* canvas = canvasOf(editor);
    QVERIFY(canvas);
    QCOMPARE(canvas->model()->document(), editor->document());
    editor->showView(1);
    QVERIFY(canvas->isVisible());
    QVERIFY(!editor->palette()->isVisible());  // the canvas brings its own palette
    // An edit on the canvas is in the JSON text at once, and one undo step of the document.
    const int impl = canvas->model()->nodeId(QStringLiteral("implementation/reference"));
    QVERIFY(impl > 0);
    QVERIFY(
        canvas->model()
            ->addComponent(QStringLiteral("implementation"), QStringLiteral("torch"), {600, 300})
            .isEmpty());
    QVERIFY(editor->jsonView()->editor()->toPlainText().contains(QStringLiteral("\"torch\"")));
    canvas->model()->moveNodes({{impl, QPointF(-240.5, 410)}});
    moved = canvas->model()->position(impl);
    QString error;
    QVERIFY2(w.project()->save(&error), qPrintable(error));
    QVERIFY2(w.experimentActions()->saveEditor(editor), "saving the experiment");
    if (const char* out = std::getenv("D500_SCREENSHOT_DIR"))
      w.grab().save(QString::fromLocal8Bit(out) + QStringLiteral("/canvas_window.png"));
  }
  MainWindow again(false);
  QVERIFY(again.openProject(project));
  ExperimentCanvas* canvas = canvasOf(again.experimentActions()->open(0));
  QVERIFY(canvas);
  QCOMPARE(canvas->model()->position(
               canvas->model()->nodeId(QStringLiteral("implementation/reference"))),
           moved);
  QVERIFY(canvas->model()->nodeId(QStringLiteral("implementation/torch")) > 0);
}

// Issue 35, item 6: the Properties dock showed "Implementations []" while the JSON held two, after
// canvas edits and a template. It follows every change of the current editor's document.
void CanvasWindowTest::propertiesFollowCanvasEditsAndTemplates() {
  QTemporaryDir dir;
  MainWindow w(false);
  QVERIFY(w.openProject(d500::test::copyExampleProject(dir)));
  w.show();
  ExperimentEditor* editor = w.experimentActions()->open(0);
  ExperimentCanvas* canvas = canvasOf(editor);
  QVERIFY(canvas);
  QCOMPARE(w.tabs()->currentEditor(), editor);
  ExperimentDocument* doc = editor->document();
  const auto shown = [&w] { return w.propertiesDock()->value(QStringLiteral("Implementations")); };
  const auto inJson = [doc] {
    return QString::fromStdString(doc->json()["implementations"].dump());
  };
  QCOMPARE(shown(), inJson());
  QVERIFY(canvas->model()
              ->addComponent(QStringLiteral("implementation"), QStringLiteral("torch"), {600, 300})
              .isEmpty());
  QVERIFY(shown().contains(QStringLiteral("torch")));
  QCOMPARE(shown(), inJson());
  canvas->openTemplate(QStringLiteral("compare-implementations"));
  QCOMPARE(w.propertiesDock()->value(QStringLiteral("Experiment")),
           QStringLiteral("compare-implementations"));
  QCOMPARE(shown(), inJson());
  doc->undoStack()->undo();
  QCOMPARE(shown(), inJson());
  QCOMPARE(
      w.propertiesDock()->value(QStringLiteral("Problems")),
      doc->problems().isEmpty() ? QStringLiteral("none") : QString::number(doc->problems().size()));
}

QTEST_MAIN(CanvasWindowTest)
#include "test_studio_canvas_window.moc"
