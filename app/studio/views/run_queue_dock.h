// The run queue dock: queued, running and finished runs with their progress, and the log of the
// selected one (live while it runs).
#pragma once

#include <QWidget>

class QPlainTextEdit;
class QPushButton;
class QTableView;

namespace d500::studio {

class RunJob;
class RunManager;
class RunQueueModel;

class RunQueueDock : public QWidget {
  Q_OBJECT
 public:
  // `manager` must outlive the dock. Ownership: parent.
  RunQueueDock(RunManager* manager, QWidget* parent = nullptr);

  RunJob* selectedJob() const;
  void selectJob(const RunJob* job);
  QTableView* table() const { return table_; }
  QString shownLog() const;

 Q_SIGNALS:
  // The user picked a finished run: its store id, for the properties dock and charts.
  void runActivated(qint64 runId);

 private:
  void showLogOf(RunJob* job);
  void updateButtons();

  RunManager* manager_;
  RunQueueModel* model_;
  QTableView* table_;
  QPlainTextEdit* log_;
  QPushButton* cancel_;
  QPushButton* clear_;
  RunJob* shown_ = nullptr;
};

}  // namespace d500::studio
