// The experiment file as text, kept in sync with the form both ways: edits elsewhere rewrite the
// text (unless the user is typing in it), and text that parses as a JSON object replaces the
// experiment after a short pause (one undo step per pause). Text that does not parse yet is
// left alone and its error shown beneath. Undo and redo here are the document's (its undo stack),
// not the text's: the text has no history of its own.
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

 protected:
  bool eventFilter(QObject* watched, QEvent* event) override;

 private:
  void refresh();
  // Undo (or redo) of the document, pending typing applied first as a step of its own.
  void undoDocument(bool redo);

  ExperimentDocument* doc_;
  QPlainTextEdit* text_;
  QLabel* status_;
  QTimer debounce_;
  bool applying_ = false;
};

}  // namespace d500::studio
