// The project dock: the project's experiments with their runs from the store (live), and what
// the user can do with them (open, run, chart, compare) through the context menu. Acting is left
// to the main window's actions: the dock only says what is selected.
#pragma once

#include <QList>
#include <QWidget>

class QLabel;
class QMenu;
class QTreeView;

namespace d500::studio {

class ProjectTreeModel;

class ProjectDock : public QWidget {
  Q_OBJECT
 public:
  // `model` must outlive the dock. Ownership: parent.
  ProjectDock(ProjectTreeModel* model, QWidget* parent = nullptr);

  // The experiment of the current item (a run's experiment for a run); -1 for none.
  int currentExperiment() const;
  // The selected runs; when an experiment is selected, its runs.
  QList<qint64> selectedRunIds() const;
  qint64 currentRunId() const;  // 0 when the current item is not a run
  void selectRun(qint64 runId);
  void selectExperiment(int index);
  // Actions shown in the context menu (owned by the caller).
  void setContextActions(const QList<QAction*>& actions);
  void setStoreMessage(const QString& message);
  QTreeView* view() const { return view_; }

 Q_SIGNALS:
  void experimentActivated(int index);  // double-click or Enter on an experiment
  void runActivated(qint64 runId);
  void currentChanged();

 private:
  ProjectTreeModel* model_;
  QTreeView* view_;
  QLabel* storeMessage_;
  QList<QAction*> contextActions_;
};

}  // namespace d500::studio
