// One experiment being edited: its JSON, where it lives (a file, or embedded in the project),
// the undo stack every edit goes through, and the runner's verdict on it: check_experiment()
// (core, the function `d500 run` calls before it records a run) in-process without plugins at
// every edit, then, when that finds nothing, `d500 check` (RunnerCheck) for what needs the
// plugins, so that "accepted" is only ever the runner's own answer.
// The undo stack belongs to the document, not to a view: the form, the palette and the JSON text
// all edit through the methods below, and each user action is exactly one undo step.
// Threading: GUI thread.
#pragma once

#include <QList>
#include <QObject>
#include <QString>
#include <QStringList>
#include <optional>

#include "editor/json_path.h"
#include "editor/runner_check.h"

class QTimer;
class QUndoCommand;
class QUndoStack;

namespace d500::studio {

class ExperimentDocument : public QObject {
  Q_OBJECT
 public:
  // path: "$.operator.inputs[0][1]" ("$" when the problem is the whole file); message: what was
  // expected.
  using Problem = SpecProblem;

  enum class Verdict {
    Refused,   // problems() lists why
    Checking,  // nothing found without the plugins; the runner is being asked
    Accepted,  // the runner said it will accept the experiment as it is now
    Unknown,   // nothing found without the plugins, but the runner gave no answer (verdictNote)
  };

  // Ownership: parent. Starts as a blank operator experiment.
  explicit ExperimentDocument(QObject* parent = nullptr);
  ~ExperimentDocument() override;

  // A new experiment: an operator benchmark with the default repetition policy.
  static Json blankExperiment();

  // --- where it lives -----------------------------------------------------------------------
  bool load(const QString& path, QString* error);
  // Writes the file (indented, key order kept); the undo stack's clean state moves here.
  bool saveAs(const QString& path, QString* error);
  bool save(QString* error) { return saveAs(filePath_, error); }
  // An experiment embedded in the project file (no file of its own).
  void setEmbedded(const Json& json);
  void markSaved();  // for embedded experiments: the project was saved
  QString filePath() const { return filePath_; }
  bool isEmbedded() const { return filePath_.isEmpty(); }
  bool isModified() const;
  QString name() const;
  QString title() const;  // name, with "*" when modified

  // --- the content --------------------------------------------------------------------------
  const Json& json() const { return json_; }
  QString jsonText() const;  // indented, as saved
  Json value(const JsonPath& path, const Json& fallback = Json()) const {
    return path.get(json_, fallback);
  }
  QUndoStack* undoStack() const { return undo_; }

  // --- edits: each call is one undo step ----------------------------------------------------
  // Sets a field (consecutive sets of the same field merge, so typing "128" is one step);
  // nullopt removes it.
  void setValue(const JsonPath& path, const std::optional<Json>& value);
  // Picks the operator from the palette, in one step: op type, domain and implementations. The
  // implementations chosen already stay where they are among `offering` (every implementation of
  // the operator; empty: `implementations`); when none is, `implementations` are taken. Inputs
  // stay when the operator can take them (OperatorDefaults::inputsFit), attributes when the op
  // type does not change; otherwise the operator's defaults, with the sweep variables they name.
  void chooseOperator(const QString& opType, const QString& domain,
                      const QStringList& implementations, const QStringList& offering = {});
  void addImplementation(const QString& id);
  void removeImplementation(const QString& id);  // also drops it as the baseline
  // Appends an input, with the sweep variables its dimensions name (added when missing).
  void addInput(const Json& dims);
  // "Add input": the input the operator takes next (OperatorDefaults::nextInput); null when it
  // takes no more, or no operator is chosen.
  Json nextInput() const;
  void addNextInput();  // nothing when nextInput() is null
  void removeInput(int index);
  void setInput(int index, const Json& dims);
  void setAttribute(const QString& name, const Json& value);
  void removeAttribute(const QString& name);
  void addSweepVariable(const QString& name, const Json& values);
  void removeSweepVariable(const QString& name);
  void setSweepValues(const QString& name, const Json& values);
  void addHost(const QString& host);
  void removeHost(int index);
  // Makes it an experiment of another level ("training", ...): LevelTemplates::switchLevel.
  // Setting the "level" field through setValue() does the same.
  void setLevel(const QString& level);
  // A component picked from the palette (LevelTemplates::withComponent), switching the level
  // when the current one has no place for it.
  void chooseComponent(const QString& kind, const QString& value);
  // The whole experiment, from the JSON text view.
  void replaceJson(const Json& json);

  // --- validation ---------------------------------------------------------------------------
  // The runner's problems with the experiment (empty unless verdict() is Refused).
  const QList<Problem>& problems() const { return problems_; }
  Verdict verdict() const { return verdict_; }
  QString verdictNote() const { return verdictNote_; }  // why it is Unknown
  // The store a run would write (the project's): its folder must exist. "" = not checked.
  void setStorePath(const QString& path);
  // The runner asked (`d500 check`); "" = RunnerLocator's. For tests and the settings.
  void setRunner(const QString& runner);
  // Blocks (tests) until the verdict is no longer Checking or `ms` passed.
  bool waitForVerdict(int ms);
  QStringList problemsAt(const JsonPath& path) const;  // at this path or inside it

  // Used by the undo commands only: puts `value` (nullopt: nothing) at `path`; or puts back a
  // whole document as it was.
  void apply(const JsonPath& path, const std::optional<Json>& value);
  void restore(const Json& json);

 Q_SIGNALS:
  // After any change of the content (edit, undo, redo, load).
  void changed();
  void problemsChanged();  // problems() or verdict() changed
  void titleChanged(const QString& title);

 private:
  void validate();
  void askRunner();
  void setVerdict(Verdict v, const QList<Problem>& problems, const QString& note = QString());
  void pushList(const JsonPath& arrayPath, bool insert, int index, const Json& item,
                const QString& text);
  Json chosenImplementations(const QStringList& implementations, const QStringList& offering) const;
  // Under `parent`: adds the sweep variables that `dims` (a shape, or a list of shapes) name and
  // the experiment lacks, with the default values.
  void addMissingSweepVariables(const Json& dims, QUndoCommand* parent);

  Json json_;
  QString filePath_;
  QUndoStack* undo_;
  QList<Problem> problems_;
  Verdict verdict_ = Verdict::Checking;
  QString verdictNote_;
  QString storePath_, runner_;
  RunnerCheck* runnerCheck_;
  QTimer* checkTimer_;       // asks the runner once edits pause
  std::string checkedJson_;  // what the running check is about
  bool embeddedModified_ = false;
};

}  // namespace d500::studio
