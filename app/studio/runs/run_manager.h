// The run queue: experiments waiting to run, the runs in progress, and those finished this
// session. Runs start one at a time by default, because two benchmarks measuring at once on the
// same machine disturb each other's timings.
// Threading: GUI thread.
#pragma once

#include <QList>
#include <QObject>
#include <QString>

#include "runs/run_command.h"
#include "runs/run_job.h"

namespace d500::studio {

class RunManager : public QObject {
  Q_OBJECT
 public:
  // Ownership: parent.
  explicit RunManager(QObject* parent = nullptr);
  ~RunManager() override;

  // Queues a run and starts it when a slot is free. Returns the job (owned by the manager).
  RunJob* enqueue(const QString& title, const QString& experimentFile, const QString& storePath,
                  const LaunchSpec& launch);
  void cancel(RunJob* job);
  void cancelAll();
  // Forgets the finished jobs (their results stay in the store).
  void removeFinished();

  const QList<RunJob*>& jobs() const { return jobs_; }
  RunJob* job(int jobId) const;
  bool hasActive() const;

  void setMaxConcurrent(int n) { maxConcurrent_ = qMax(1, n); }
  void setGracePeriodMs(int ms) { gracePeriodMs_ = ms; }
  // The Slurm launcher's defaults (Settings), for the jobs queued from now on.
  void setClusterDefaults(const ClusterDefaults& c) { cluster_ = c; }
  void setSlurmPollMs(int ms) { slurmPollMs_ = ms; }
  // Empty: found by RunnerLocator at each start (so D500_RUNNER is honoured).
  void setRunnerPath(const QString& path) { runnerPath_ = path; }

 Q_SIGNALS:
  void jobAdded(d500::studio::RunJob* job);
  void jobChanged(d500::studio::RunJob* job);
  void jobFinished(d500::studio::RunJob* job);
  void jobRunStarted(d500::studio::RunJob* job, qint64 runId);
  void jobsRemoved();

 private:
  void startNext();

  QList<RunJob*> jobs_;
  int nextId_ = 1;
  int maxConcurrent_ = 1;
  int gracePeriodMs_ = 5000;
  QString runnerPath_;
  ClusterDefaults cluster_;
  int slurmPollMs_ = 2000;
};

}  // namespace d500::studio
