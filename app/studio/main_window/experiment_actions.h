// What the File > Experiment and Run commands do: new, add, open, save and remove experiments,
// and start runs of them. Dialogs are parented to `window`; the work goes to the project
// controller, the tabs and the run manager.
#pragma once

#include <QObject>
#include <QString>

class QWidget;

namespace d500::studio {

class ExperimentEditor;
class ProjectController;
class ProjectDock;
class RunJob;
class RunManager;
class WorkspaceTabs;

class ExperimentActions : public QObject {
  Q_OBJECT
 public:
  // All pointers must outlive this object. Ownership: parent.
  ExperimentActions(QWidget* window, ProjectController* project, WorkspaceTabs* tabs,
                    ProjectDock* dock, RunManager* runs, QObject* parent = nullptr);

  // Opens the editor of experiment `index` (a tab), reporting a file that cannot be read.
  ExperimentEditor* open(int index);
  void newExperiment();
  void addExperimentFile();                   // asks for the file
  bool saveEditor(ExperimentEditor* editor);  // a file experiment: writes it; embedded: no-op
  void saveCurrent();
  void saveCurrentAsFile();  // asks where
  void removeSelected();
  // Saves every modified experiment file (before saving the project, or running).
  bool saveAllEditors();

  // Runs the current editor's experiment, or the one selected in the project dock. Returns the
  // queued job, or nullptr when it cannot run (a message says why).
  RunJob* runCurrent();
  RunJob* runExperiment(int index);

  // Experiment index whose editor or tree item is current; -1 for none.
  int currentExperiment() const;

 Q_SIGNALS:
  void message(const QString& text);  // for the status bar
  // A problem that stops an action; the window shows it (a dialog, or stderr when headless).
  void failure(const QString& text);

 private:
  // The experiment canvas beside the form (issue 17), its layout kept in the project.
  void addCanvas(ExperimentEditor* editor, int index);
  QWidget* window_;
  ProjectController* project_;
  WorkspaceTabs* tabs_;
  ProjectDock* dock_;
  RunManager* runs_;
};

}  // namespace d500::studio
