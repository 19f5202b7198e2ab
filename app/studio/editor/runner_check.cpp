#include "editor/runner_check.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>

#include "runs/runner_locator.h"

namespace d500::studio {

RunnerCheck::RunnerCheck(QObject* parent) : QObject(parent) {}

RunnerCheck::~RunnerCheck() {
  cancel();
}

void RunnerCheck::cancel() {
  if (!process_) return;
  process_->disconnect(this);
  process_->kill();
  process_->waitForFinished(1000);
  delete process_;
  process_ = nullptr;
}

void RunnerCheck::start(const QByteArray& json, const QString& baseDir, const QString& storePath,
                        const QString& runner) {
  cancel();
  const QString exe = runner.isEmpty() ? RunnerLocator::runnerPath() : runner;
  if (exe.isEmpty())
    return Q_EMIT failed(
        tr("the runner (d500) was not found beside the studio nor on PATH; set "
           "D500_RUNNER to its path"));
  if (!scratch_) scratch_ = std::make_unique<QTemporaryDir>();
  const QString file = scratch_->filePath(QStringLiteral("experiment.json"));
  QFile f(file);
  if (!scratch_->isValid() || !f.open(QIODevice::WriteOnly | QIODevice::Truncate) ||
      f.write(json) != json.size())
    return Q_EMIT failed(tr("cannot write a copy of the experiment for the runner to check"));
  f.close();
  QStringList args;
  if (!storePath.isEmpty()) args << QStringLiteral("--db") << storePath;
  args << QStringLiteral("check") << QStringLiteral("--json") << file;
  if (!baseDir.isEmpty()) args << QStringLiteral("--base-dir") << baseDir;
  process_ = new QProcess(this);
  process_->setProcessChannelMode(QProcess::SeparateChannels);
  connect(process_, &QProcess::finished, this, &RunnerCheck::onFinished);
  connect(process_, &QProcess::errorOccurred, this, [this, exe](QProcess::ProcessError e) {
    if (e == QProcess::FailedToStart)
      Q_EMIT failed(tr("cannot start the runner %1: %2").arg(exe, process_->errorString()));
  });
  process_->start(exe, args);
}

bool RunnerCheck::parse(const QByteArray& out, QList<SpecProblem>* problems) {
  const QJsonDocument doc = QJsonDocument::fromJson(out);
  if (!doc.isObject() || !doc.object().value(QStringLiteral("ok")).isBool()) return false;
  problems->clear();
  for (const QJsonValue& v : doc.object().value(QStringLiteral("problems")).toArray()) {
    const QJsonObject p = v.toObject();
    problems->append({p.value(QStringLiteral("path")).toString(QStringLiteral("$")),
                      p.value(QStringLiteral("message")).toString()});
  }
  // "ok" and the list say the same: a verdict of "ok" with problems is not the runner's.
  return doc.object().value(QStringLiteral("ok")).toBool() == problems->isEmpty();
}

void RunnerCheck::onFinished(int exitCode, QProcess::ExitStatus status) {
  const QByteArray out = process_->readAllStandardOutput();
  const QString err = QString::fromLocal8Bit(process_->readAllStandardError()).trimmed();
  process_->deleteLater();
  process_ = nullptr;
  QList<SpecProblem> problems;
  if (status == QProcess::CrashExit)
    return Q_EMIT failed(tr("the runner crashed (signal %1) while checking").arg(exitCode));
  if (!parse(out, &problems))
    return Q_EMIT failed(
        err.isEmpty() ? tr("the runner's check answered no verdict (exit %1)").arg(exitCode) : err);
  Q_EMIT finished(problems);
}

}  // namespace d500::studio
