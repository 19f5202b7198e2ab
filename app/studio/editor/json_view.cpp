#include "editor/json_view.h"

#include <QFontDatabase>
#include <QLabel>
#include <QPlainTextEdit>
#include <QVBoxLayout>

#include "editor/experiment_document.h"

namespace d500::studio {

JsonView::JsonView(ExperimentDocument* doc, QWidget* parent) : QWidget(parent), doc_(doc) {
  text_ = new QPlainTextEdit;
  text_->setObjectName(QStringLiteral("experimentJson"));
  text_->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
  text_->setLineWrapMode(QPlainTextEdit::NoWrap);
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
