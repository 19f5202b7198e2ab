#include "common/dialog_folder.h"

#include <QDir>
#include <QFileInfo>

namespace d500::studio::DialogFolder {

namespace {
QString& stored() {
  static QString folder;
  return folder;
}
}  // namespace

void set(const QString& folder) {
  stored() = folder;
}

QString folder() {
  const QString& f = stored();
  return !f.isEmpty() && QFileInfo(f).isDir() ? f : QDir::currentPath();
}

QString suggest(const QString& fileName) {
  if (QFileInfo(fileName).isAbsolute()) return fileName;
  return QDir(folder()).filePath(fileName);
}

}  // namespace d500::studio::DialogFolder
