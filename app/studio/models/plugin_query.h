// Asks the runner which plugins it finds (`d500 plugins --json --operators`) in a child process,
// so that loading a broken plugin can only fail that child, never the studio.
#pragma once

#include <QObject>
#include <QProcess>
#include <QString>

#include "models/plugin_catalog.h"

namespace d500::studio {

class PluginQuery : public QObject {
  Q_OBJECT
 public:
  // Ownership: parent.
  explicit PluginQuery(QObject* parent = nullptr);

  // Starts the query (a running one is abandoned). `runner`: the d500 binary.
  // `probe`: load every plugin again (d500 plugins --probe) rather than list unchanged ones from
  // the runner's capability cache, which loads no plugin code.
  void start(const QString& runner, bool probe = false);
  bool isRunning() const { return process_ && process_->state() != QProcess::NotRunning; }
  // Blocks (tests, --screenshot) until the answer came or `ms` passed.
  bool waitForFinished(int ms);

 Q_SIGNALS:
  void finished(const d500::studio::PluginCatalog& catalog);
  void failed(const QString& error);

 private:
  void onFinished(int exitCode, QProcess::ExitStatus status);

  QProcess* process_ = nullptr;
  QString runner_;
  bool done_ = false;
};

}  // namespace d500::studio
