// The runner's own verdict on an experiment being edited: `d500 check --json` on a copy of it,
// in a child process. The studio never loads plugin code itself (a broken plugin must not take
// the workbench down), so whether the plugins, operators, executors and optimizers an experiment
// names exist and take it is asked of the runner, which answers with check_experiment(), the
// function `d500 run` calls before it records a run.
// Threading: GUI thread.
#pragma once

#include <QList>
#include <QObject>
#include <QProcess>
#include <QString>
#include <memory>

class QTemporaryDir;

namespace d500::studio {

// A problem of an experiment: its JSON path ("$" for the whole file) and what was expected.
struct SpecProblem {
  QString path;
  QString message;
  bool operator==(const SpecProblem&) const = default;
};

class RunnerCheck : public QObject {
  Q_OBJECT
 public:
  // Ownership: parent.
  explicit RunnerCheck(QObject* parent = nullptr);
  ~RunnerCheck() override;

  // Checks `json` (a running check is abandoned). `baseDir`: where its relative paths are taken
  // from ("" = the copy's folder, as a run of an embedded experiment does); `storePath`: the store
  // a run would write ("" = not checked); `runner`: the d500 binary ("" = RunnerLocator's).
  void start(const QByteArray& json, const QString& baseDir, const QString& storePath,
             const QString& runner = QString());
  void cancel();
  bool isRunning() const { return process_ && process_->state() != QProcess::NotRunning; }

  // Parses `d500 check --json` output. False when it is not what the runner writes.
  static bool parse(const QByteArray& out, QList<SpecProblem>* problems);

 Q_SIGNALS:
  void finished(const QList<d500::studio::SpecProblem>& problems);  // empty: accepted
  void failed(const QString& error);                                // no verdict came

 private:
  void onFinished(int exitCode, QProcess::ExitStatus status);

  QProcess* process_ = nullptr;
  std::unique_ptr<QTemporaryDir> scratch_;
};

}  // namespace d500::studio
