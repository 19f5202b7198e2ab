#include "editor/json_view.h"

#include <QFontDatabase>
#include <QKeyEvent>
#include <QLabel>
#include <QPlainTextEdit>
#include <QUndoStack>
#include <QVBoxLayout>

#include "editor/experiment_document.h"

namespace d500::studio {

JsonView::JsonView(ExperimentDocument* doc, QWidget* parent) : QWidget(parent), doc_(doc) {
  text_ = new QPlainTextEdit;
  text_->setObjectName(QStringLiteral("experimentJson"));
  text_->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
  text_->setLineWrapMode(QPlainTextEdit::NoWrap);
  // The text's own history would undo keystrokes the document never saw (issue 35, item 7).
  text_->setUndoRedoEnabled(false);
  text_->installEventFilter(this);
  status_ = new QLabel;
  status_->setWordWrap(true);
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addWidget(text_);
  layout->addWidget(status_);
  debounce_.setSingleShot(true);
  debounce_.setInterval(400);
  connect(&debounce_, &QTimer::timeout, this, &JsonView::applyNow);
  connect(text_, &QPlainTextEdit::textChanged, this, [this] {
    if (!applying_) debounce_.start();
  });
  connect(doc_, &ExperimentDocument::changed, this, &JsonView::refresh);
  refresh();
}

void JsonView::applyNow() {
  debounce_.stop();
  Json parsed;
  try {
    parsed = Json::parse(text_->toPlainText().toStdString());
  } catch (const std::exception& e) {
    status_->setText(tr("Not valid JSON yet: %1").arg(QString::fromUtf8(e.what())));
    return;
  }
  if (!parsed.is_object()) {
    status_->setText(tr("An experiment is a JSON object ({ ... })."));
    return;
  }
  status_->clear();
  applying_ = true;
  doc_->replaceJson(parsed);
  applying_ = false;
}

bool JsonView::eventFilter(QObject* watched, QEvent* event) {
  if (watched != text_ ||
      (event->type() != QEvent::ShortcutOverride && event->type() != QEvent::KeyPress))
    return QWidget::eventFilter(watched, event);
  auto* key = static_cast<QKeyEvent*>(event);
  const bool undo = key->matches(QKeySequence::Undo), redo = key->matches(QKeySequence::Redo);
  if (!undo && !redo) return QWidget::eventFilter(watched, event);
  // The key comes here rather than to the window's Undo action: the same document either way.
  if (event->type() == QEvent::ShortcutOverride) {
    event->accept();
    return true;
  }
  undoDocument(redo);
  return true;
}

void JsonView::undoDocument(bool redo) {
  if (debounce_.isActive()) applyNow();
  QUndoStack* stack = doc_->undoStack();
  redo ? stack->redo() : stack->undo();
  // The document's text, even where the user's text did not parse.
  applying_ = true;
  text_->setPlainText(doc_->jsonText());
  applying_ = false;
  status_->clear();
}

void JsonView::refresh() {
  if (applying_) return;
  // While the user types here, keep their text (and cursor) if it already says the same thing.
  if (text_->hasFocus()) {
    try {
      if (Json::parse(text_->toPlainText().toStdString()) == doc_->json()) return;
    } catch (const std::exception&) {
      if (debounce_.isActive()) return;
    }
  }
  const QString text = doc_->jsonText();
  if (text_->toPlainText() == text) return;
  applying_ = true;
  const int pos = text_->textCursor().position();
  text_->setPlainText(text);
  QTextCursor c = text_->textCursor();
  c.setPosition(qMin(pos, int(text.size())));
  text_->setTextCursor(c);
  applying_ = false;
  status_->clear();
}

}  // namespace d500::studio
