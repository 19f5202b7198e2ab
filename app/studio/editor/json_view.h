// The experiment file as text, kept in sync with the form both ways: edits elsewhere rewrite the
// text (unless the user is typing in it), and text that parses as a JSON object replaces the
// experiment after a short pause (one undo step per pause). Text that does not parse yet is
// left alone and its error shown beneath.
#pragma once

#include <QTimer>
#include <QWidget>

class QLabel;
class QPlainTextEdit;

namespace d500::studio {

class ExperimentDocument;

class JsonView : public QWidget {
  Q_OBJECT
 public:
  JsonView(ExperimentDocument* doc, QWidget* parent = nullptr);
  QPlainTextEdit* editor() const { return text_; }
  // Applies pending typing now (tests; and before the document is saved).
  void applyNow();

 private:
  void refresh();

  ExperimentDocument* doc_;
  QPlainTextEdit* text_;
  QLabel* status_;
  QTimer debounce_;
  bool applying_ = false;
};

}  // namespace d500::studio
