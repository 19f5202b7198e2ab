// One non-modal banner above the workspace for what the studio has to tell: a project that
// opened with problems, a store that is missing, an export that failed. Messages collect in it
// instead of stacking dialogs; it shows the newest, "Show all (N)" lists every one, and Dismiss
// (or Esc while it has the focus) hides it until the next message. A warning turns it amber.
// Threading: GUI thread.
#pragma once

#include <QFrame>
#include <QStringList>

class QLabel;
class QToolButton;

namespace d500::studio {

class NoticeBanner : public QFrame {
  Q_OBJECT
 public:
  enum class Severity { Info, Warning };
  explicit NoticeBanner(QWidget* parent = nullptr);

  void add(const QString& text, Severity severity = Severity::Info);
  void dismiss();  // hides it and forgets the messages
  QStringList messages() const { return messages_; }
  Severity severity() const { return severity_; }
  bool expanded() const { return expanded_; }
  void setExpanded(bool expanded);
  QString shownText() const;  // what the banner's label says now, as plain text

 protected:
  void keyPressEvent(QKeyEvent* event) override;

 private:
  void refreshText();

  QStringList messages_;
  Severity severity_ = Severity::Info;
  bool expanded_ = false;
  QLabel* icon_;
  QLabel* text_;
  QToolButton* more_;
  QToolButton* close_;
};

}  // namespace d500::studio
