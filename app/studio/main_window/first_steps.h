// The start page and the first steps on it that are more than another action (issue 35 item 3):
// the example project (the user's copy, ExampleFiles), an operator comparison from the canvas
// template, and a run of the Fashion-MNIST recipe. Dialogs and asking to save stay with the main
// window, which these reach through signals.
// Threading: GUI thread.
#pragma once

#include <QObject>
#include <QString>

namespace d500::studio {

class ExperimentActions;
class ExperimentEditor;
class ProjectController;
class RunJob;
class StartPage;
class StudioActions;
class WorkspaceTabs;

class FirstSteps : public QObject {
  Q_OBJECT
 public:
  // All pointers must outlive this object. Ownership: parent.
  FirstSteps(ProjectController* project, ExperimentActions* experiments, WorkspaceTabs* tabs,
             QObject* parent = nullptr);

  // The start page over `actions` (theirs: example, comparison, recipe, ONNX model, store).
  // Ownership: the caller's.
  static StartPage* createStartPage(const StudioActions& actions);

  // Makes or completes the user's copy of the examples and asks to open its project
  // (openProjectRequested), or says why it cannot (failure).
  void openExampleProject();
  // A new embedded experiment from the "compare-implementations" canvas template, shown on its
  // canvas. nullptr when it cannot be opened (failure says why).
  ExperimentEditor* compareImplementations();
  // Adds the one-seed Fashion-MNIST recipe experiment (from the user's copy of the examples) to
  // the project and runs it. nullptr when it cannot run (failure or the run's refusal says why).
  RunJob* runRecipe();

 Q_SIGNALS:
  void openProjectRequested(const QString& path);
  void failure(const QString& text);

 private:
  QString examples();  // the user's copy's root; "" after failure

  ProjectController* project_;
  ExperimentActions* experiments_;
  WorkspaceTabs* tabs_;
};

}  // namespace d500::studio
