// The words and sentences core writes (in English, Qt-free) as the studio shows them, in the UI
// language: stop reasons ("converged", "target reached"), verdicts ("faster"), the runner's
// problem messages ("missing (required)") and the training's verdict sentences. Each follows a
// template known here; a text that follows none is shown as core wrote it, in English.
// Threading: any thread (read-only tables).
#pragma once

#include <QCoreApplication>
#include <QString>
#include <string>

namespace d500::training {
struct TtaSummary;
}

namespace d500::studio {

class CoreText {
  Q_DECLARE_TR_FUNCTIONS(CoreText)

 public:
  // A measurement's or a training's stop reason ("max_samples", "epochs", "error: ...").
  static QString stopReason(const QString& stored);
  static QString stopReason(const std::string& s) { return stopReason(QString::fromStdString(s)); }
  // A comparison's verdict: "faster", "slower" or "same".
  static QString verdict(const QString& stored);
  // A problem of an experiment, as core's checks write it (check_experiment, spec::Checker).
  static QString problem(const QString& message);
  // A validation's detail or verdict sentence ("stopped: epochs; 120 steps in 3.52 s").
  static QString sentence(const QString& text);
  static QString sentence(const std::string& s) { return sentence(QString::fromStdString(s)); }
  // The time-to-accuracy summary over seeds (TtaSummary::describe, with the locale's digits).
  static QString ttaSummary(const training::TtaSummary& s);

 private:
  static QString word(const QString& w);
};

}  // namespace d500::studio
