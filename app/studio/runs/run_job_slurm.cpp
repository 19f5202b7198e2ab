// RunJob with the Slurm launcher (issue 20, item 2): `d500 job --submit` writes the script into
// a job folder beside the store and submits it; the job is then followed until Slurm says it
// ended, and the store's record of the run decides how it ended.
#include <QDir>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>

#include "runs/run_job.h"
#include "runs/slurm_follower.h"

namespace d500::studio {

void RunJob::startSlurm(const QString& runner) {
  // The job folder: beside the store, so that it is as shared as the store is.
  const QString jobDir = QFileInfo(storePath_).absoluteDir().filePath(QStringLiteral("slurm-jobs"));
  QString error;
  if (!QDir().mkpath(jobDir))
    error = tr("Cannot create the job folder %1").arg(jobDir);
  else if (!RunCommand::buildSlurm(runner, experimentFile_, storePath_, launch_, cluster_, jobDir,
                                   &command_, &error))
    error = error.isEmpty() ? tr("Cannot submit to Slurm") : error;
  if (!error.isEmpty()) {
    appendLog(error);
    finish(State::Error, error);
    return;
  }
  process_ = new QProcess(this);
  connect(process_, &QProcess::readyReadStandardError, this, &RunJob::onStderr);
  connect(process_, &QProcess::finished, this, &RunJob::onSubmitted);
  connect(process_, &QProcess::errorOccurred, this, &RunJob::onError);
  appendLog(QStringLiteral("$ ") + commandLine());
  state_ = State::Running;
  Q_EMIT changed();
  process_->start(command_.program, command_.arguments);
}

void RunJob::onSubmitted(int exitCode, QProcess::ExitStatus status) {
  onStderr();
  const QJsonObject out = QJsonDocument::fromJson(process_->readAllStandardOutput()).object();
  slurmJobId_ = out.value(QStringLiteral("job_id")).toString();
  if (status != QProcess::NormalExit || exitCode != 0 || slurmJobId_.isEmpty()) {
    exitCode_ = exitCode;
    finish(State::Error, tr("the job was not submitted (d500 job --submit exited with %1; see "
                            "the log)")
                             .arg(exitCode));
    return;
  }
  const QString output = out.value(QStringLiteral("output")).toString();
  appendLog(tr("Submitted Slurm job %1; its output: %2").arg(slurmJobId_, output));
  slurm_ = new SlurmFollower(slurmJobId_, output, storePath_, this);
  connect(slurm_, &SlurmFollower::stateChanged, this, [this](const QString& s) {
    slurmState_ = s;
    appendLog(tr("Slurm job %1: %2").arg(slurmJobId_, s));
    Q_EMIT changed();
  });
  connect(slurm_, &SlurmFollower::outputAppended, this, &RunJob::appendLog);
  connect(slurm_, &SlurmFollower::message, this, &RunJob::appendLog);
  connect(slurm_, &SlurmFollower::runFound, this, [this](qint64 id) {
    runId_ = id;
    appendLog(tr("Run #%1 started in Slurm job %2").arg(id).arg(slurmJobId_));
    Q_EMIT runStarted(id);
    Q_EMIT changed();
  });
  connect(slurm_, &SlurmFollower::finished, this, &RunJob::onSlurmFinished);
  Q_EMIT changed();
  slurm_->start(slurmPollMs_);
  if (cancelAfterSubmit_) slurm_->cancel();
}

void RunJob::onSlurmFinished(const QString& state) {
  readStoreStatus();
  const QString s = finishedStatus_;
  const QString ended =
      tr("Slurm job %1 ended: %2").arg(slurmJobId_, state.isEmpty() ? tr("unknown") : state);
  appendLog(ended);
  if (s == QLatin1String("succeeded"))
    finish(State::Succeeded, reason_);
  else if (s == QLatin1String("cancelled") || (s.isEmpty() && state_ == State::Cancelling))
    finish(State::Cancelled, reason_.isEmpty() ? ended : reason_);
  else if (!s.isEmpty())
    finish(State::Failed, reason_.isEmpty() ? s : reason_);
  else
    finish(State::Failed,
           tr("%1, without a run in the store (see its output in the log)").arg(ended));
}

}  // namespace d500::studio
