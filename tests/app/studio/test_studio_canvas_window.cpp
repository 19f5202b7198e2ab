// Issue 17, item 1, in the main window: an experiment's editor has a Canvas tab over the same
// document as the form and the JSON text, and the canvas layout is saved with the project and
// restored when it is opened again.
#include <QDir>
#include <QFile>
#include <QPlainTextEdit>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>

#include "canvas/canvas_model.h"
#include "canvas/experiment_canvas.h"
#include "editor/experiment_document.h"
#include "editor/experiment_editor.h"
#include "editor/json_view.h"
#include "editor/operator_palette.h"
#include "main_window/experiment_actions.h"
#include "main_window/main_window.h"
#include "main_window/project_controller.h"

using namespace d500::studio;

namespace {

QString copyExample(const QTemporaryDir& dir) {
  const QString source = QStringLiteral(D500_TEST_SOURCE_DIR "/resources/");
  for (const char* sub : {"examples", "problems"}) {
    QDir().mkpath(dir.filePath(QLatin1String(sub)));
    for (const QString& f : QDir(source + QLatin1String(sub)).entryList(QDir::Files))
      QFile::copy(source + QLatin1String(sub) + QLatin1Char('/') + f, dir.filePath(QLatin1String(sub) + QLatin1Char('/') + f));
  }
  return dir.filePath(QStringLiteral("examples/example.d500proj"));
}

ExperimentCanvas* canvasOf(ExperimentEditor* editor) { return editor ? editor->findChild<ExperimentCanvas*>() : nullptr; }

}  // namespace

class CanvasWindowTest : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void editorHasACanvasOverTheSameDocument();
};

void CanvasWindowTest::editorHasACanvasOverTheSameDocument() {
  QTemporaryDir dir;
  const QString project = copyExample(dir);
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
    QVERIFY(canvas->model()->addComponent(QStringLiteral("implementation"), QStringLiteral("torch"), {600, 300}).isEmpty());
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
  QCOMPARE(canvas->model()->position(canvas->model()->nodeId(QStringLiteral("implementation/reference"))), moved);
  QVERIFY(canvas->model()->nodeId(QStringLiteral("implementation/torch")) > 0);
}

QTEST_MAIN(CanvasWindowTest)
#include "test_studio_canvas_window.moc"
