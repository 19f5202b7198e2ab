// Help > About: what this is and the versions that matter when reporting a problem (the studio,
// the runner it starts — which may be another build —, Qt at build and at run time).
#pragma once

#include <QDialog>

namespace d500::studio {

class AboutDialog : public QDialog {
  Q_OBJECT
 public:
  // `runner`: the d500 binary whose version to show (asked with --version; empty: not found).
  AboutDialog(const QString& runner, QWidget* parent = nullptr);
  // The text shown, as plain lines (tests).
  QString versionsText() const { return versions_; }

  // `d500 --version` of `runner`, or a sentence saying why it is unknown.
  static QString runnerVersion(const QString& runner);

 private:
  QString versions_;
};

}  // namespace d500::studio
