#include "runs/runner_locator.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QStandardPaths>

namespace d500::studio {

QString RunnerLocator::runnerPath() {
  const QString env = qEnvironmentVariable("D500_RUNNER");
  if (!env.isEmpty()) return env;
  const QString beside =
      QDir(QCoreApplication::applicationDirPath()).filePath(QStringLiteral("d500"));
  if (QFileInfo(beside).isExecutable()) return beside;
  return QStandardPaths::findExecutable(QStringLiteral("d500"));
}

QString RunnerLocator::mpirunPath() {
  const QString env = qEnvironmentVariable("D500_MPIRUN");
  if (!env.isEmpty()) return env;
  return QStandardPaths::findExecutable(QStringLiteral("mpirun"));
}

}  // namespace d500::studio
