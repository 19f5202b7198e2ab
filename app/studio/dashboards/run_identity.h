// What binds a dashboard tab to one run rather than to a run number: the run's spec hash and
// creation time, taken from the store the first time the tab finds the run and kept in the
// project's settings. A project reopened on another store whose run of the same id is another
// experiment is then told apart, and the tab shows none of it.
// Threading: any; plain data.
#pragma once

#include <QCoreApplication>
#include <QJsonObject>
#include <QString>

#include "d500/store/result_store.h"

namespace d500::studio {

class RunIdentity {
  Q_DECLARE_TR_FUNCTIONS(RunIdentity)

 public:
  // Whether `run` is the run this identity names; an identity not yet bound binds to it.
  bool matches(const store::RunInfo& run);
  bool bound() const { return !hash_.isEmpty(); }
  // The sentence a tab shows when run `id` of its store is another run.
  static QString mismatchText(qint64 id);

  // {"spec_hash": ..., "created_at": ...}; empty while not bound.
  QJsonObject toJson() const;
  // Binds to what `json` names; false when it names nothing (the identity is left as it was).
  bool fromJson(const QJsonObject& json);

 private:
  QString hash_;
  double created_ = 0;
};

}  // namespace d500::studio
