#include "main_window/experiment_actions.h"

#include <QFileDialog>
#include <QFileInfo>
#include <QJsonDocument>
#include <QWidget>

#include "canvas/canvas_model.h"
#include "canvas/experiment_canvas.h"
#include "common/dialog_folder.h"
#include "editor/experiment_document.h"
#include "editor/experiment_editor.h"
#include "editor/json_view.h"
#include "main_window/project_controller.h"
#include "models/project_tree_model.h"
#include "models/store_watcher.h"
#include "project/store_status.h"
#include "runs/run_manager.h"
#include "views/project_dock.h"
#include "views/workspace_tabs.h"

namespace d500::studio {

ExperimentActions::ExperimentActions(QWidget* window, ProjectController* project,
                                     WorkspaceTabs* tabs, ProjectDock* dock, RunManager* runs,
                                     QObject* parent)
    : QObject(parent), window_(window), project_(project), tabs_(tabs), dock_(dock), runs_(runs) {
  connect(tabs_, &WorkspaceTabs::editorOpened, this, &ExperimentActions::addCanvas);
}

ExperimentEditor* ExperimentActions::open(int index) {
  if (ExperimentEditor* e = tabs_->editorFor(index)) {
    tabs_->setCurrentWidget(e);
    return e;
  }
  QString error;
  ExperimentDocument* doc = project_->createDocument(index, &error);
  if (!doc) {
    Q_EMIT failure(error);
    return nullptr;
  }
  ExperimentEditor* editor = tabs_->openEditor(index, doc);
  // An embedded experiment lives in the project: each edit is the project's change too.
  if (doc->isEmbedded())
    connect(doc, &ExperimentDocument::changed, project_, [this, editor, doc] {
      project_->setEmbeddedExperiment(tabs_->experimentIndexOf(editor), doc->json());
    });
  return editor;
}

void ExperimentActions::addCanvas(ExperimentEditor* editor, int index) {
  auto* canvas = new ExperimentCanvas(editor->document());
  editor->addView(canvas, tr("Canvas"));
  canvas->setCatalog(editor->catalog());
  connect(editor, &ExperimentEditor::catalogChanged, canvas, &ExperimentCanvas::setCatalog);
  canvas->setRunManager(runs_, project_->project().storePath);
  canvas->setRunSource([this, editor] {
    return project_->runSource(tabs_->experimentIndexOf(editor), editor->document()->name());
  });
  const QJsonObject layout = project_->project().experiments.value(index).canvas;
  canvas->model()->setLayoutJson(
      Json::parse(QJsonDocument(layout).toJson().toStdString(), nullptr, false));
  // The project keeps the canvas as shown; only an edit on the canvas is a change to save (the
  // placements a rebuild makes, when the runner's verdict arrives after opening, are not).
  auto keep = [this, editor, canvas](bool edited) {
    project_->setCanvasLayout(tabs_->experimentIndexOf(editor), canvas->model()->layoutJson(),
                              edited);
  };
  connect(canvas->model(), &CanvasModel::changed, project_, [keep] { keep(false); });
  connect(canvas->model(), &CanvasModel::layoutEdited, project_, [keep] { keep(true); });
  connect(canvas, &ExperimentCanvas::pathActivated, editor, [editor](const QString& path) {
    editor->showView(0);
    editor->focusPath(path);
  });
}

int ExperimentActions::currentExperiment() const {
  if (ExperimentEditor* e = tabs_->currentEditor()) return tabs_->experimentIndexOf(e);
  return dock_->currentExperiment();
}

void ExperimentActions::newExperiment() {
  const int index = project_->addEmbeddedExperiment(ExperimentDocument::blankExperiment());
  open(index);
  dock_->selectExperiment(index);
  Q_EMIT message(tr("New experiment: pick an operator in the palette on the left."));
}

void ExperimentActions::addExperimentFile() {
  const QStringList files =
      QFileDialog::getOpenFileNames(window_, tr("Add experiment files"), DialogFolder::folder(),
                                    tr("Experiments (*.json);;All files (*)"));
  int last = -1;
  for (const QString& f : files) last = project_->addExperimentFile(f);
  if (last >= 0) open(last);
}

bool ExperimentActions::saveEditor(ExperimentEditor* editor) {
  if (!editor) return true;
  editor->jsonView()->applyNow();  // typing not yet applied belongs to what is saved
  ExperimentDocument* doc = editor->document();
  if (doc->isEmbedded() || !doc->isModified()) return true;
  QString error;
  if (!doc->save(&error)) {
    Q_EMIT failure(error);
    return false;
  }
  Q_EMIT message(tr("Saved %1").arg(doc->filePath()));
  return true;
}

void ExperimentActions::saveCurrent() {
  saveEditor(tabs_->currentEditor());
}

void ExperimentActions::saveCurrentAsFile() {
  ExperimentEditor* editor = tabs_->currentEditor();
  if (!editor) return;
  ExperimentDocument* doc = editor->document();
  const QString suggestion =
      doc->isEmbedded() ? doc->name() + QStringLiteral(".json") : doc->filePath();
  const QString path =
      QFileDialog::getSaveFileName(window_, tr("Save experiment as"),
                                   DialogFolder::suggest(suggestion), tr("Experiments (*.json)"));
  if (path.isEmpty()) return;
  QString error;
  const int index = tabs_->experimentIndexOf(editor);
  const bool wasEmbedded = doc->isEmbedded();
  if (!doc->saveAs(path, &error)) {
    Q_EMIT failure(error);
    return;
  }
  // From now on the project refers to the file instead of embedding the experiment.
  if (wasEmbedded) {
    QObject::disconnect(doc, nullptr, project_, nullptr);
    project_->removeExperiment(index);
    tabs_->experimentRemoved(index);
    open(project_->addExperimentFile(path));
  }
}

void ExperimentActions::removeSelected() {
  const int index = currentExperiment();
  if (index < 0) return;
  tabs_->experimentRemoved(index);
  project_->removeExperiment(index);
}

bool ExperimentActions::saveAllEditors() {
  bool ok = true;
  for (ExperimentEditor* e : tabs_->editors()) ok = saveEditor(e) && ok;
  return ok;
}

RunJob* ExperimentActions::runCurrent() {
  const int index = currentExperiment();
  if (index < 0) {
    Q_EMIT failure(
        tr("Select an experiment to run (in the project dock, or open it in the editor)."));
    return nullptr;
  }
  return runExperiment(index);
}

RunJob* ExperimentActions::runExperiment(int index) {
  const StoreStatus store = StoreStatus::probe(project_->project().storePath);
  if (store.state == StoreStatus::State::Newer || store.state == StoreStatus::State::Unreadable) {
    Q_EMIT failure(store.message(project_->project().storePath));
    return nullptr;
  }
  // The editor's content if it is open (saved first, as the runner reads the file), else the
  // file or embedded experiment as the project has it.
  ExperimentEditor* editor = tabs_->editorFor(index);
  std::unique_ptr<ExperimentDocument> loaded;
  ExperimentDocument* doc = editor ? editor->document() : nullptr;
  if (editor && !saveEditor(editor)) return nullptr;
  if (!doc) {
    QString error;
    loaded.reset(project_->createDocument(index, &error));
    if (!loaded) {
      Q_EMIT failure(error);
      return nullptr;
    }
    doc = loaded.get();
  }
  if (!doc->problems().isEmpty()) {
    QStringList lines;
    for (const auto& p : doc->problems()) lines << QStringLiteral("%1: %2").arg(p.path, p.message);
    Q_EMIT failure(tr("%1 cannot run yet:\n%2").arg(doc->name(), lines.join(QLatin1Char('\n'))));
    return nullptr;
  }
  QString error;
  const QString file = project_->runnableFile(index, doc->json(), &error);
  if (file.isEmpty()) {
    Q_EMIT failure(error);
    return nullptr;
  }
  LaunchSpec launch = launchSpecOf(doc->json());
  // The runner reads a temporary copy of an embedded experiment: the run records the project.
  if (doc->isEmbedded()) launch.source = project_->runSource(index, doc->name());
  RunJob* job = runs_->enqueue(doc->name(), file, project_->project().storePath, launch);
  Q_EMIT message(tr("Queued %1").arg(doc->name()));
  return job;
}

}  // namespace d500::studio
