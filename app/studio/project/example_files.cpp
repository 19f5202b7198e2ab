#include "project/example_files.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QStandardPaths>

namespace d500::studio {

namespace {

// The folders an example refers to by relative paths ("../recipes/...", "../problems/...").
const char* const kFolders[] = {"examples", "problems", "recipes", "models"};

bool hasExamples(const QString& dir) {
  return !dir.isEmpty() &&
         QFileInfo::exists(QDir(dir).filePath(QStringLiteral("examples/example.d500proj")));
}

// Copies the files of `from` missing under `to`; false with *error on the first that fails.
bool copyMissing(const QString& from, const QString& to, QString* error) {
  QDirIterator it(from, QDir::Files, QDirIterator::Subdirectories);
  while (it.hasNext()) {
    const QString source = it.next();
    const QString target = QDir(to).filePath(QDir(from).relativeFilePath(source));
    if (QFileInfo::exists(target)) continue;
    QDir().mkpath(QFileInfo(target).absolutePath());
    if (!QFile::copy(source, target)) {
      *error = ExampleFiles::tr("Cannot copy the example %1 to %2").arg(source, target);
      return false;
    }
    // An install's files are read-only; the user's copy is theirs to edit.
    QFile::setPermissions(target, QFile::permissions(target) | QFileDevice::WriteOwner);
  }
  return true;
}

}  // namespace

QString ExampleFiles::shippedDir() {
  const QString set = qEnvironmentVariable("D500_RESOURCES_DIR");
  if (!set.isEmpty()) return hasExamples(set) ? QDir(set).absolutePath() : QString();
  const QString installed = QDir(QCoreApplication::applicationDirPath())
                                .absoluteFilePath(QStringLiteral("../share/d500"));
  if (hasExamples(installed)) return QDir(installed).absolutePath();
  const QString source = QStringLiteral(D500_SOURCE_RESOURCES_DIR);
  return hasExamples(source) ? source : QString();
}

QString ExampleFiles::userCopy(QString* error) {
  const QString shipped = shippedDir();
  if (shipped.isEmpty()) {
    *error =
        tr("The examples were not found (set D500_RESOURCES_DIR to the folder holding examples/).");
    return QString();
  }
  const QString root = QDir(QStandardPaths::writableLocation(QStandardPaths::AppDataLocation))
                           .filePath(QStringLiteral("examples"));
  for (const char* folder : kFolders) {
    const QString from = QDir(shipped).filePath(QLatin1String(folder));
    if (QFileInfo(from).isDir() &&
        !copyMissing(from, QDir(root).filePath(QLatin1String(folder)), error))
      return QString();
  }
  return root;
}

QString ExampleFiles::exampleProject(const QString& root) {
  return QDir(root).filePath(QStringLiteral("examples/example.d500proj"));
}

QString ExampleFiles::recipeExperiment(const QString& root) {
  return QDir(root).filePath(QStringLiteral("examples/first_run_mlp.json"));
}

}  // namespace d500::studio
