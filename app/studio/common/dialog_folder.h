// The folder the studio's file dialogs open in: the open project's folder (set by the main
// window when a project is opened or saved), else the current directory. A dialog's suggested
// file name goes there unless it is already a path.
// Threading: GUI thread.
#pragma once

#include <QString>

namespace d500::studio::DialogFolder {

void set(const QString& folder);  // "" forgets it
QString folder();
QString suggest(const QString& fileName);  // an absolute path as is, else folder()/fileName

}  // namespace d500::studio::DialogFolder
