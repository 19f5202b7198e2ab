// What `d500-studio` opens, from its command line: --project FILE, --store FILE and one
// positional path, which a file manager passes (the .desktop file's %f). A positional path ending
// in .d500db is a store, anything else a project (issue 35 item 1). QtCore only.
#pragma once

#include <QCoreApplication>
#include <QString>
#include <QStringList>

namespace d500::studio {

struct OpenTarget {
  Q_DECLARE_TR_FUNCTIONS(OpenTarget)

 public:
  QString project;  // "" = none: an untitled project
  QString store;    // with a project: this session's store; alone: the store to open

  // False with *error for a contradiction (two projects, two stores, several positional paths).
  static bool fromArguments(const QString& projectOption, const QString& storeOption,
                            const QStringList& positional, OpenTarget* out, QString* error);
};

}  // namespace d500::studio
