// One queued or running `d500 run` child process: its command, live progress (from the runner's
// JSON lines), its log (stderr and non-progress stdout), and how it ended. A runner that crashes
// ends this job as Crashed with its signal; nothing of it can reach the studio's own process.
// With the Slurm launcher the child is `d500 job --submit`, and the job is then followed by a
// SlurmFollower: its Slurm state, its output file into the log, its run in the store; cancel is
// scancel.
// Threading: GUI thread (QProcess signals).
#pragma once

#include <QObject>
#include <QProcess>
#include <QString>
#include <QTimer>

#include "runs/run_command.h"

namespace d500::studio {

class RunJob : public QObject {
  Q_OBJECT
 public:
  enum class State { Queued, Running, Cancelling, Succeeded, Failed, Cancelled, Crashed, Error };
  static QString stateName(State s);  // translated, for the queue's status column

  // Ownership: parent (the RunManager). `experimentFile` is what the runner reads; `storePath`
  // the store it writes.
  RunJob(int jobId, const QString& title, const QString& experimentFile, const QString& storePath,
         const LaunchSpec& launch, QObject* parent = nullptr);
  ~RunJob() override;

  // Starts the child process; a command that cannot be built ends the job as Error at once.
  void start(const QString& runner, const QString& mpirun, bool asRoot);
  // Asks the runner to stop (SIGTERM: it stores what it measured and marks the run cancelled),
  // and kills it if it is still there after the grace period. A queued job is just dropped.
  void cancel();
  void setGracePeriodMs(int ms) { gracePeriodMs_ = ms; }
  void setClusterDefaults(const ClusterDefaults& c) { cluster_ = c; }
  void setSlurmPollMs(int ms) { slurmPollMs_ = ms; }
  QString slurmJobId() const { return slurmJobId_; }  // "" until submitted, and for other launchers
  QString slurmState() const { return slurmState_; }  // "pending", "running", "completed", ...

  int jobId() const { return jobId_; }
  QString title() const { return title_; }
  QString experimentFile() const { return experimentFile_; }
  QString storePath() const { return storePath_; }
  const LaunchSpec& launch() const { return launch_; }
  State state() const { return state_; }
  bool isFinished() const { return state_ >= State::Succeeded; }
  bool isActive() const { return state_ == State::Running || state_ == State::Cancelling; }
  QString commandLine() const;  // for the log: program and arguments, quoted where needed

  qint64 runId() const { return runId_; }  // 0 until the runner reported run_started
  qint64 done() const { return done_; }
  qint64 total() const { return total_; }
  QString subject() const { return subject_; }
  int exitCode() const { return exitCode_; }  // valid when the runner exited
  int signal() const { return signal_; }      // the signal that ended a crashed runner
  QString statusText() const;  // "running 2/5", "crashed (signal 11)", "failed: reason"
  QString reason() const { return reason_; }
  QString log() const { return log_; }

 Q_SIGNALS:
  void changed();
  // The runner reported the store's id of this run (its first progress line).
  void runStarted(qint64 runId);
  void logAppended(const QString& text);
  void finished();

 private:
  void appendLog(const QString& text);
  void onStdout();
  void onStderr();
  void onFinished(int exitCode, QProcess::ExitStatus status);
  void onError(QProcess::ProcessError error);
  void finish(State s, const QString& reason);
  void readStoreStatus();
  void startSlurm(const QString& runner);
  void onSubmitted(int exitCode, QProcess::ExitStatus status);
  void onSlurmFinished(const QString& state);

  int jobId_;
  QString title_, experimentFile_, storePath_;
  LaunchSpec launch_;
  RunCommand command_;
  QProcess* process_ = nullptr;
  QTimer killTimer_;
  int gracePeriodMs_ = 5000;
  bool killed_ = false;
  State state_ = State::Queued;
  qint64 runId_ = 0, done_ = 0, total_ = 0;
  QString subject_;
  QString finishedStatus_;  // from the runner's run_finished line
  int exitCode_ = 0, signal_ = 0;
  QString reason_, log_;
  ClusterDefaults cluster_;
  class SlurmFollower* slurm_ = nullptr;
  QString slurmJobId_, slurmState_;
  int slurmPollMs_ = 2000;
  bool cancelAfterSubmit_ = false;
};

}  // namespace d500::studio
