// Follows one submitted Slurm job for the run manager (issue 20, item 2): its state (squeue, else
// sacct, through core's env/slurm), its output file as it grows, and the run it writes into the
// store (the run whose launcher records the job). Asking Slurm runs on a worker thread, so a slow
// slurmctld never freezes the window; cancel() is scancel. Threading: GUI thread.
#pragma once

#include <QObject>
#include <QString>
#include <QTimer>

namespace d500::studio {

class SlurmFollower : public QObject {
  Q_OBJECT
 public:
  // Ownership: parent (the RunJob).
  SlurmFollower(const QString& jobId, const QString& outputFile, const QString& storePath,
                QObject* parent = nullptr);
  ~SlurmFollower() override;

  void start(int pollMs = 1000);
  void cancel();  // scancel: Slurm sends the job SIGTERM, the runner stores a cancelled run

  QString jobId() const { return jobId_; }
  QString state() const { return state_; }  // "pending", "running", "completed", ... "" = unknown
  qint64 runId() const { return runId_; }

 Q_SIGNALS:
  void stateChanged(const QString& state);
  void outputAppended(const QString& text);
  void runFound(qint64 runId);  // the job's run appeared in the store
  void message(const QString& text);
  void finished(const QString& state);

 private:
  void poll();
  void onState(const QString& state, bool known);
  void readOutput();
  void findRun();

  QString jobId_, outputFile_, storePath_;
  QTimer timer_;
  bool asking_ = false, done_ = false;
  int unknownPolls_ = 0;
  QString state_;
  qint64 outputOffset_ = 0, runId_ = 0;
};

}  // namespace d500::studio
