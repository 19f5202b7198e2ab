#include "runs/run_manager.h"

#include <unistd.h>

#include "runs/runner_locator.h"

namespace d500::studio {

RunManager::RunManager(QObject* parent) : QObject(parent) {}

RunManager::~RunManager() {
  // Jobs stop their runners in their destructors; queued ones must not start meanwhile.
  for (RunJob* j : jobs_) j->disconnect(this);
  qDeleteAll(jobs_);
}

RunJob* RunManager::enqueue(const QString& title, const QString& experimentFile,
                            const QString& storePath, const LaunchSpec& launch) {
  auto* job = new RunJob(nextId_++, title, experimentFile, storePath, launch, this);
  job->setGracePeriodMs(gracePeriodMs_);
  job->setClusterDefaults(cluster_);
  job->setSlurmPollMs(slurmPollMs_);
  connect(job, &RunJob::changed, this, [this, job] { Q_EMIT jobChanged(job); });
  connect(job, &RunJob::runStarted, this,
          [this, job](qint64 runId) { Q_EMIT jobRunStarted(job, runId); });
  connect(job, &RunJob::finished, this, [this, job] {
    Q_EMIT jobFinished(job);
    startNext();
  });
  jobs_.append(job);
  Q_EMIT jobAdded(job);
  startNext();
  return job;
}

RunJob* RunManager::job(int jobId) const {
  for (RunJob* j : jobs_)
    if (j->jobId() == jobId) return j;
  return nullptr;
}

bool RunManager::hasActive() const {
  for (RunJob* j : jobs_)
    if (j->isActive()) return true;
  return false;
}

void RunManager::cancel(RunJob* job) {
  if (job && jobs_.contains(job)) job->cancel();
}

void RunManager::cancelAll() {
  // Queued ones first, so none starts while the running ones are being stopped.
  for (RunJob* j : jobs_)
    if (j->state() == RunJob::State::Queued) j->cancel();
  for (RunJob* j : jobs_)
    if (j->isActive()) j->cancel();
}

void RunManager::removeFinished() {
  QList<RunJob*> keep;
  for (RunJob* j : jobs_) {
    if (j->isFinished())
      j->deleteLater();
    else
      keep.append(j);
  }
  if (keep.size() == jobs_.size()) return;
  jobs_ = keep;
  Q_EMIT jobsRemoved();
}

void RunManager::startNext() {
  int active = 0;
  for (RunJob* j : jobs_) active += j->isActive() ? 1 : 0;
  for (RunJob* j : jobs_) {
    if (active >= maxConcurrent_) return;
    if (j->state() != RunJob::State::Queued) continue;
    const QString runner = runnerPath_.isEmpty() ? RunnerLocator::runnerPath() : runnerPath_;
    j->start(runner, RunnerLocator::mpirunPath(), ::geteuid() == 0);
    if (j->isActive()) ++active;
  }
}

}  // namespace d500::studio
