#include "main_window/first_steps.h"

#include "canvas/canvas_templates.h"
#include "editor/experiment_editor.h"
#include "main_window/experiment_actions.h"
#include "main_window/project_controller.h"
#include "main_window/studio_actions.h"
#include "project/example_files.h"
#include "views/start_page.h"
#include "views/workspace_tabs.h"

namespace d500::studio {

namespace {

constexpr int kCanvasView = 1;  // the editor's views: 0 the form, 1 the canvas (ExperimentActions)

}  // namespace

FirstSteps::FirstSteps(ProjectController* project, ExperimentActions* experiments,
                       WorkspaceTabs* tabs, QObject* parent)
    : QObject(parent), project_(project), experiments_(experiments), tabs_(tabs) {}

StartPage* FirstSteps::createStartPage(const StudioActions& a) {
  auto* page = new StartPage;
  page->addEntry(a.openExample, tr("Open the example project"),
                 tr("Operator experiments with their sweep and timing charts. A copy is made for "
                    "you, so your runs stay with it."));
  page->addEntry(a.compareImplementations, tr("Compare implementations of an operator"),
                 tr("A new experiment from the canvas template: Gemm on the reference and torch "
                    "implementations over a sweep of sizes."));
  page->addEntry(a.runRecipe, tr("Run the Fashion-MNIST recipe"),
                 tr("Train the MLP to 85% test accuracy with one seed and watch its training "
                    "dashboard as it runs."));
  page->addEntry(a.openOnnxModel, tr("Open an ONNX model"),
                 tr("See a network as a graph of its operators, with each node's attributes and "
                    "shapes."));
  page->addEntry(a.openStore, tr("Open a result store"),
                 tr("Browse the runs of a .d500db file without a project."));
  return page;
}

QString FirstSteps::examples() {
  QString error;
  const QString root = ExampleFiles::userCopy(&error);
  if (root.isEmpty()) Q_EMIT failure(error);
  return root;
}

void FirstSteps::openExampleProject() {
  const QString root = examples();
  if (!root.isEmpty()) Q_EMIT openProjectRequested(ExampleFiles::exampleProject(root));
}

ExperimentEditor* FirstSteps::compareImplementations() {
  const QString id = QStringLiteral("compare-implementations");
  const int index = project_->addEmbeddedExperiment(CanvasTemplates::experiment(id));
  ExperimentEditor* editor = experiments_->open(index);
  if (editor) editor->showView(kCanvasView);
  return editor;
}

RunJob* FirstSteps::runRecipe() {
  const QString root = examples();
  if (root.isEmpty()) return nullptr;
  const int index = project_->addExperimentFile(ExampleFiles::recipeExperiment(root));
  if (!experiments_->open(index)) return nullptr;
  return experiments_->runExperiment(index);
}

}  // namespace d500::studio
