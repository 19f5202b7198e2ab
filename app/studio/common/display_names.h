// The words and dates the studio shows for what the store records, in the user's language:
// run states ("succeeded"), level names ("training"), and times in the locale's format. The
// store keeps the English identifiers; only what is shown goes through tr() and QLocale.
// Threading: any thread (read-only).
#pragma once

#include <QCoreApplication>
#include <QString>

#include "d500/store/result_store.h"

namespace d500::studio {

class DisplayNames {
  Q_DECLARE_TR_FUNCTIONS(DisplayNames)

 public:
  static QString runStatus(store::RunStatus status);
  // A stored status name ("succeeded"); an unknown one is shown as it is.
  static QString runStatus(const QString& stored);
  // A level as stored ("operator", "network", "training", "distributed", "collective").
  static QString level(const QString& stored);
  static QString level(const std::string& stored) { return level(QString::fromStdString(stored)); }
  // Seconds since the epoch (as the store keeps them) in the locale's short date and time;
  // "" for 0 (never happened).
  static QString time(double secondsSinceEpoch);
};

}  // namespace d500::studio
