#include "network_editor/network_editor_window.h"

#include <QCloseEvent>
#include <QFileDialog>
#include <QMenuBar>
#include <QMessageBox>
#include <QStatusBar>
#include <QToolBar>
#include <QUndoStack>

#include "common/dialog_folder.h"
#include "d500/onnx/model_edit.h"
#include "graph/graph_view.h"
#include "network_editor/network_editor.h"
#include "network_editor/network_experiment.h"

namespace d500::studio {

NetworkEditorWindow::NetworkEditorWindow(QWidget* parent) : QMainWindow(parent) {
  setObjectName(QStringLiteral("networkEditorWindow"));
  setWindowFlag(Qt::Window);  // its own window, also with the studio's main window as parent
  editor_ = new NetworkEditor;
  setCentralWidget(editor_);
  buildMenus();
  resize(1400, 860);
  setWindowTitle(editor_->title());
  connect(editor_, &NetworkEditor::documentChanged, this,
          [this] { setWindowTitle(editor_->title()); });
  connect(editor_, &NetworkEditor::message, this,
          [this](const QString& text) { statusBar()->showMessage(text, 10000); });
}

void NetworkEditorWindow::buildMenus() {
  QMenu* file = menuBar()->addMenu(tr("&File"));
  QMenu* builders = file->addMenu(tr("&New from Builder"));
  builders->menuAction()->setObjectName(QStringLiteral("networkNewFromBuilder"));
  const QList<QPair<QString, QString>> kinds = {
      {QStringLiteral("empty"), tr("&Empty Network (input only)")},
      {QStringLiteral("mlp"), tr("&MLP (784-256-10)")},
      {QStringLiteral("lenet"), tr("&LeNet-5")},
      {QStringLiteral("resnet"), tr("&ResNet (small)")}};
  for (const auto& [key, text] : kinds)
    builders->addAction(text, this, [this, key] {
      if (maybeSave()) editor_->openBuilder(key);
    });
  QAction* open = file->addAction(tr("&Open ONNX Model…"), QKeySequence::Open, this,
                                  &NetworkEditorWindow::openModel);
  QAction* save = file->addAction(tr("&Save"), QKeySequence::Save, this, [this] {
    if (editor_->filePath().isEmpty())
      saveAs();
    else
      editor_->save();
  });
  file->addAction(tr("Save &As…"), QKeySequence::SaveAs, this, &NetworkEditorWindow::saveAs);
  file->addSeparator();
  QAction* use =
      file->addAction(tr("&Use in Network Experiment"), this, [this] { useInExperiment(); });
  use->setToolTip(tr("Save the model and add a network benchmark of it to the project"));
  file->addSeparator();
  file->addAction(tr("&Close"), QKeySequence::Close, this, &QWidget::close);

  QMenu* edit = menuBar()->addMenu(tr("&Edit"));
  QAction* undo = editor_->undoStack()->createUndoAction(this, tr("&Undo"));
  undo->setShortcut(QKeySequence::Undo);
  QAction* redo = editor_->undoStack()->createRedoAction(this, tr("&Redo"));
  redo->setShortcuts({QKeySequence(tr("Ctrl+Shift+Z")), QKeySequence(tr("Ctrl+Y"))});
  edit->addActions({undo, redo});
  QMenu* view = menuBar()->addMenu(tr("&View"));
  view->addAction(tr("&Fit the Graph"), QKeySequence(tr("F")), editor_->view(), &GraphView::fitAll);

  QToolBar* bar = addToolBar(tr("Network"));
  bar->setObjectName(QStringLiteral("networkToolbar"));
  bar->setToolButtonStyle(Qt::ToolButtonTextOnly);
  QAction* fromBuilder = builders->menuAction();
  fromBuilder->setToolTip(tr("Start from a network the d500 model builders write"));
  bar->addAction(fromBuilder);
  bar->addActions({open, save, undo, redo, use});
}

void NetworkEditorWindow::openModel() {
  if (!maybeSave()) return;
  const QString path =
      QFileDialog::getOpenFileName(this, tr("Open ONNX model"), DialogFolder::folder(),
                                   tr("ONNX models (*.onnx);;All files (*)"));
  if (!path.isEmpty()) editor_->openFile(path);
}

bool NetworkEditorWindow::saveAs() {
  const QString path = QFileDialog::getSaveFileName(
      this, tr("Save ONNX model"), DialogFolder::suggest(QStringLiteral("edited.onnx")),
      tr("ONNX models (*.onnx)"));
  return !path.isEmpty() && editor_->saveAs(path);
}

QString NetworkEditorWindow::useInExperiment() {
  if (!editor_->hasDocument()) return QString();
  const bool saved =
      editor_->filePath().isEmpty() ? saveAs() : editor_->undoStack()->isClean() || editor_->save();
  if (!saved) return QString();
  bool hasLoss = false;
  for (const auto& o : editor_->document()->outputs()) hasLoss = hasLoss || o.name == "loss";
  QString error;
  const QString path = writeNetworkExperiment(editor_->filePath(), hasLoss, &error);
  if (path.isEmpty()) {
    statusBar()->showMessage(error, 10000);
    return path;
  }
  statusBar()->showMessage(tr("Wrote %1").arg(path), 10000);
  Q_EMIT experimentWritten(path);
  return path;
}

bool NetworkEditorWindow::maybeSave() {
  if (!editor_->hasDocument() || editor_->undoStack()->isClean()) return true;
  const auto answer = QMessageBox::question(
      this, tr("Unsaved model"), tr("The model has unsaved edits. Save them?"),
      QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel);
  if (answer == QMessageBox::Cancel) return false;
  if (answer == QMessageBox::Discard) return true;
  return editor_->filePath().isEmpty() ? saveAs() : editor_->save();
}

void NetworkEditorWindow::closeEvent(QCloseEvent* event) {
  if (maybeSave())
    event->accept();
  else
    event->ignore();
}

}  // namespace d500::studio
