#include "runs/slurm_follower.h"

#include <QCoreApplication>
#include <QFile>
#include <QPointer>
#include <QThread>
#include <functional>

#include "d500/env/slurm.h"
#include "d500/store/result_store.h"

namespace d500::studio {

namespace {

// Runs `work` on a thread of its own and hands its result to `done` on the GUI thread, unless
// `owner` is gone by then (the check runs on the GUI thread, where owners are deleted).
template <class Result>
void offThread(QObject* owner, std::function<Result()> work, std::function<void(Result)> done) {
  QPointer<QObject> guard(owner);
  QThread* t = QThread::create([guard, work, done] {
    Result r = work();
    QMetaObject::invokeMethod(
        QCoreApplication::instance(),
        [guard, done, r] {
          if (guard) done(r);
        },
        Qt::QueuedConnection);
  });
  QObject::connect(t, &QThread::finished, t, &QObject::deleteLater);
  t->start();
}

// Polls in a row for which Slurm knows nothing of the job before it counts as ended.
constexpr int kUnknownPolls = 15;

}  // namespace

SlurmFollower::SlurmFollower(const QString& jobId, const QString& outputFile,
                             const QString& storePath, QObject* parent)
    : QObject(parent), jobId_(jobId), outputFile_(outputFile), storePath_(storePath) {
  connect(&timer_, &QTimer::timeout, this, &SlurmFollower::poll);
}

SlurmFollower::~SlurmFollower() = default;

void SlurmFollower::start(int pollMs) {
  timer_.start(pollMs);
  poll();
}

void SlurmFollower::cancel() {
  const std::string id = jobId_.toStdString();
  offThread<std::string>(
      this, [id] { return env::slurm::cancel(id); },
      [this](const std::string& error) {
        Q_EMIT message(
            error.empty()
                ? tr("scancel %1: Slurm asks the job to stop (SIGTERM)").arg(jobId_)
                : tr("Cannot cancel Slurm job %1: %2").arg(jobId_, QString::fromStdString(error)));
      });
}

void SlurmFollower::poll() {
  readOutput();
  if (runId_ == 0) findRun();
  if (asking_ || done_) return;
  asking_ = true;
  const std::string id = jobId_.toStdString();
  using Answer = std::pair<std::string, bool>;
  offThread<Answer>(
      this,
      [id] {
        const auto states = env::slurm::job_states({id});
        const auto it = states.find(id);
        return it == states.end() ? Answer{"", false} : Answer{it->second.state, true};
      },
      [this](const Answer& a) {
        asking_ = false;
        onState(QString::fromStdString(a.first), a.second);
      });
}

void SlurmFollower::onState(const QString& state, bool known) {
  if (done_) return;
  unknownPolls_ = known ? 0 : unknownPolls_ + 1;
  if (known && state != state_) {
    state_ = state;
    Q_EMIT stateChanged(state_);
  }
  const bool ended =
      known ? env::slurm::state_is_final(state_.toStdString()) : unknownPolls_ >= kUnknownPolls;
  if (!ended) return;
  if (!known)
    Q_EMIT message(tr("Neither squeue nor sacct knows Slurm job %1 any more; taking it as ended.")
                       .arg(jobId_));
  done_ = true;
  timer_.stop();
  readOutput();
  if (runId_ == 0) findRun();
  Q_EMIT finished(state_);
}

void SlurmFollower::readOutput() {
  QFile f(outputFile_);
  if (!f.open(QIODevice::ReadOnly) || f.size() <= outputOffset_) return;
  f.seek(outputOffset_);
  const QByteArray bytes = f.readAll();
  // Whole lines only: the rest comes with the next poll.
  const int end = bytes.lastIndexOf('\n') + 1;
  if (end <= 0) return;
  outputOffset_ += end;
  Q_EMIT outputAppended(QString::fromLocal8Bit(bytes.left(end)).trimmed());
}

void SlurmFollower::findRun() {
  auto s = store::ResultStore::open(storePath_.toStdString(), store::ResultStore::Mode::ReadOnly);
  if (!s.ok()) return;  // not created yet: the job has not started its runner
  try {
    const auto runs = s.value()->runs();
    for (auto it = runs.rbegin(); it != runs.rend(); ++it)
      if (env::slurm::job_id_of_launcher(it->launcher) == jobId_.toStdString()) {
        runId_ = it->id;
        Q_EMIT runFound(runId_);
        return;
      }
  } catch (const std::exception&) {
    // Being written: look again at the next poll.
  }
}

}  // namespace d500::studio
