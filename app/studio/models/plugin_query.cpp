#include "models/plugin_query.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QEventLoop>

namespace d500::studio {

PluginQuery::PluginQuery(QObject* parent) : QObject(parent) {}

void PluginQuery::start(const QString& runner, bool probe) {
  if (process_) {
    process_->disconnect(this);
    process_->kill();
    process_->deleteLater();
  }
  runner_ = runner;
  done_ = false;
  process_ = new QProcess(this);
  connect(process_, &QProcess::finished, this, &PluginQuery::onFinished);
  connect(process_, &QProcess::errorOccurred, this, [this](QProcess::ProcessError e) {
    if (e != QProcess::FailedToStart) return;
    done_ = true;
    Q_EMIT failed(tr("Cannot start the runner %1: %2").arg(runner_, process_->errorString()));
  });
  if (runner.isEmpty()) {
    done_ = true;
    Q_EMIT failed(
        tr("The runner (d500) was not found beside the studio nor on PATH; set "
           "D500_RUNNER to its path."));
    return;
  }
  QStringList args{QStringLiteral("plugins"), QStringLiteral("--json"),
                   QStringLiteral("--operators")};
  if (probe) args << QStringLiteral("--probe");
  process_->start(runner, args);
}

bool PluginQuery::waitForFinished(int ms) {
  // An event loop rather than QProcess::waitForFinished, so the finished signal is delivered
  // exactly as in normal use.
  QElapsedTimer t;
  t.start();
  while (!done_ && t.elapsed() < ms)
    QCoreApplication::processEvents(QEventLoop::AllEvents | QEventLoop::WaitForMoreEvents, 20);
  return done_;
}

void PluginQuery::onFinished(int exitCode, QProcess::ExitStatus status) {
  done_ = true;
  const QByteArray out = process_->readAllStandardOutput();
  if (status == QProcess::CrashExit) {
    Q_EMIT failed(tr("The runner crashed (signal %1) while listing plugins").arg(exitCode));
    return;
  }
  PluginCatalog catalog;
  QString error;
  if (!PluginCatalog::fromJson(out, &catalog, &error)) {
    const QString err = QString::fromLocal8Bit(process_->readAllStandardError()).trimmed();
    Q_EMIT failed(err.isEmpty() ? error : err);
    return;
  }
  Q_EMIT finished(catalog);
}

}  // namespace d500::studio
