#include "runs/run_job.h"

#include <QRegularExpression>

#include "d500/store/result_store.h"
#include "runs/progress_event.h"
#include "runs/slurm_follower.h"

namespace d500::studio {

namespace {

QString quoted(const QString& arg) {
  if (!arg.isEmpty() && !arg.contains(QRegularExpression(QStringLiteral("[\\s'\"\\\\$]"))))
    return arg;
  QString a = arg;
  a.replace(QLatin1Char('\''), QStringLiteral("'\\''"));
  return QLatin1Char('\'') + a + QLatin1Char('\'');
}

}  // namespace

QString RunJob::stateName(State s) {
  switch (s) {
    case State::Queued:
      return tr("queued");
    case State::Running:
      return tr("running");
    case State::Cancelling:
      return tr("cancelling");
    case State::Succeeded:
      return tr("succeeded");
    case State::Failed:
      return tr("failed");
    case State::Cancelled:
      return tr("cancelled");
    case State::Crashed:
      return tr("crashed");
    case State::Error:
      return tr("error");
  }
  return QString();
}

RunJob::RunJob(int jobId, const QString& title, const QString& experimentFile,
               const QString& storePath, const LaunchSpec& launch, QObject* parent)
    : QObject(parent),
      jobId_(jobId),
      title_(title),
      experimentFile_(experimentFile),
      storePath_(storePath),
      launch_(launch) {
  killTimer_.setSingleShot(true);
  connect(&killTimer_, &QTimer::timeout, this, [this] {
    if (!process_ || process_->state() == QProcess::NotRunning) return;
    killed_ = true;
    appendLog(tr("The runner did not stop within %1 s; killing it.").arg(gracePeriodMs_ / 1000.0));
    process_->kill();
  });
}

RunJob::~RunJob() {
  // The studio closing must not leave a runner writing to the store unattended and unseen.
  if (process_ && process_->state() != QProcess::NotRunning) {
    process_->disconnect(this);
    process_->terminate();
    if (!process_->waitForFinished(gracePeriodMs_)) process_->kill();
    process_->waitForFinished(1000);
  }
}

QString RunJob::commandLine() const {
  QStringList parts{quoted(command_.program)};
  for (const QString& a : command_.arguments) parts << quoted(a);
  return parts.join(QLatin1Char(' '));
}

void RunJob::start(const QString& runner, const QString& mpirun, bool asRoot) {
  if (state_ != State::Queued) return;
  if (launch_.kind == QLatin1String("slurm")) {
    startSlurm(runner);
    return;
  }
  QString error;
  if (!RunCommand::build(runner, mpirun, experimentFile_, storePath_, launch_, asRoot, &command_,
                         &error)) {
    appendLog(error);
    finish(State::Error, error);
    return;
  }
  process_ = new QProcess(this);
  connect(process_, &QProcess::readyReadStandardOutput, this, &RunJob::onStdout);
  connect(process_, &QProcess::readyReadStandardError, this, &RunJob::onStderr);
  connect(process_, &QProcess::finished, this, &RunJob::onFinished);
  connect(process_, &QProcess::errorOccurred, this, &RunJob::onError);
  appendLog(QStringLiteral("$ ") + commandLine());
  state_ = State::Running;
  Q_EMIT changed();
  process_->start(command_.program, command_.arguments);
}

void RunJob::cancel() {
  if (state_ == State::Queued) {
    finish(State::Cancelled, tr("cancelled before it started"));
    return;
  }
  if (state_ != State::Running) return;
  if (launch_.kind == QLatin1String("slurm")) {
    state_ = State::Cancelling;
    if (slurm_)
      slurm_->cancel();
    else
      cancelAfterSubmit_ = true;  // still submitting: cancelled once the job id is known
    appendLog(tr("Cancelling: scancel asks Slurm to stop the job..."));
    Q_EMIT changed();
    return;
  }
  state_ = State::Cancelling;
  appendLog(tr("Cancelling: asking the runner to stop (SIGTERM)..."));
  Q_EMIT changed();
  process_->terminate();
  killTimer_.start(gracePeriodMs_);
}

void RunJob::appendLog(const QString& text) {
  log_ += text;
  if (!text.endsWith(QLatin1Char('\n'))) log_ += QLatin1Char('\n');
  Q_EMIT logAppended(text);
}

void RunJob::onStdout() {
  while (process_->canReadLine()) {
    const QByteArray line = process_->readLine();
    const ProgressEvent e = ProgressEvent::parse(line);
    switch (e.type) {
      case ProgressEvent::Type::RunStarted:
        runId_ = e.runId;
        appendLog(tr("Run #%1 started (%2)").arg(e.runId).arg(e.name));
        Q_EMIT runStarted(e.runId);
        break;
      case ProgressEvent::Type::Progress:
        if (e.done != done_ || e.total != total_)  // one log line per point, not per sample
          appendLog(QStringLiteral("[%1/%2] %3").arg(e.done).arg(e.total).arg(e.subject));
        done_ = e.done;
        total_ = e.total;
        subject_ = e.subject;
        break;
      case ProgressEvent::Type::RunFinished:
        if (e.runId) runId_ = e.runId;
        finishedStatus_ = e.status;
        reason_ = e.reason;
        appendLog(tr("Run finished: %1%2")
                      .arg(e.status, e.reason.isEmpty()
                                         ? QString()
                                         : QStringLiteral(" (") + e.reason + QLatin1Char(')')));
        break;
      case ProgressEvent::Type::Unknown:
        appendLog(QString::fromLocal8Bit(line).trimmed());
        break;
    }
    Q_EMIT changed();
  }
}

void RunJob::onStderr() {
  const QString text = QString::fromLocal8Bit(process_->readAllStandardError());
  if (!text.trimmed().isEmpty()) appendLog(text.trimmed());
}

void RunJob::onError(QProcess::ProcessError error) {
  if (error != QProcess::FailedToStart) return;  // the others are followed by finished()
  const QString why = tr("Cannot start %1: %2").arg(command_.program, process_->errorString());
  appendLog(why);
  finish(State::Error, why);
}

void RunJob::onFinished(int exitCode, QProcess::ExitStatus status) {
  killTimer_.stop();
  onStdout();
  onStderr();
  if (status == QProcess::CrashExit) {
    // On Unix, QProcess reports the terminating signal as the exit code of a crash.
    signal_ = exitCode;
    if (killed_) {
      finish(State::Cancelled, tr("killed after the grace period"));
    } else if (state_ == State::Cancelling) {
      finish(State::Cancelled, tr("stopped by signal %1").arg(signal_));
    } else {
      const QString why = tr("crashed (signal %1)").arg(signal_);
      appendLog(tr("The runner crashed with signal %1; what it committed to the store is kept.")
                    .arg(signal_));
      finish(State::Crashed, why);
    }
    return;
  }
  exitCode_ = exitCode;
  appendLog(tr("The runner exited with code %1.").arg(exitCode));
  readStoreStatus();
  const QString s = finishedStatus_;
  if (s == QLatin1String("succeeded") || (s.isEmpty() && exitCode == 0))
    finish(State::Succeeded, reason_);
  else if (s == QLatin1String("cancelled") || (s.isEmpty() && exitCode == 130))
    finish(State::Cancelled, reason_);
  else
    finish(State::Failed, reason_.isEmpty() ? tr("exit code %1").arg(exitCode) : reason_);
}

void RunJob::readStoreStatus() {
  // The store is the record: its status (and reason) win over what the process told us.
  if (runId_ <= 0) return;
  auto store = d500::store::ResultStore::open(storePath_.toStdString(),
                                              d500::store::ResultStore::Mode::ReadOnly);
  if (!store.ok()) return;
  try {
    if (auto run = store.value()->run(runId_)) {
      finishedStatus_ =
          QString::fromStdString(std::string(d500::store::run_status_name(run->status)));
      if (!run->status_reason.empty()) reason_ = QString::fromStdString(run->status_reason);
    }
  } catch (const std::exception&) {
    // Unreadable now: keep what the runner said.
  }
}

void RunJob::finish(State s, const QString& reason) {
  state_ = s;
  reason_ = reason;
  Q_EMIT changed();
  Q_EMIT finished();
}

QString RunJob::statusText() const {
  switch (state_) {
    case State::Running:
      if (launch_.kind == QLatin1String("slurm")) {
        if (slurmJobId_.isEmpty()) return tr("submitting to Slurm");
        // The run's number is in the Run column once the job's run is in the store.
        return tr("Slurm job %1: %2")
            .arg(slurmJobId_, slurmState_.isEmpty() ? tr("submitted") : slurmState_);
      }
      // From the runner's first event on, the run's own state: its number, then its points.
      if (runId_ <= 0) return tr("starting the runner");
      if (total_ <= 0) return tr("run #%1: preparing").arg(runId_);
      return tr("run #%1: %2/%3").arg(runId_).arg(done_).arg(total_);
    case State::Crashed:
      return tr("crashed (signal %1)").arg(signal_);
    case State::Failed:
    case State::Error:
      return reason_.isEmpty() ? stateName(state_)
                               : stateName(state_) + QStringLiteral(": ") + reason_;
    default:
      return stateName(state_);
  }
}

}  // namespace d500::studio
