// What the studio can do with a project's result store, checked before showing its runs: a store
// that does not exist yet (the first run creates it), one written by a newer d500 (refused
// without being modified), or one that cannot be read at all.
#pragma once

#include <QCoreApplication>
#include <QString>

namespace d500::studio {

class StoreStatus {
  Q_DECLARE_TR_FUNCTIONS(StoreStatus)

 public:
  enum class State { Ok, Missing, Newer, Unreadable };

  // Opens the store read-only (never creates or migrates it) and closes it again.
  static StoreStatus probe(const QString& storePath);

  State state = State::Missing;
  QString detail;  // the store's own error text, when there is one
  // A sentence for the user naming the path and what follows ("... runs will create it").
  QString message(const QString& storePath) const;
};

}  // namespace d500::studio
