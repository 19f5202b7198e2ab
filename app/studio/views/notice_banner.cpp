#include "views/notice_banner.h"

#include <QHBoxLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QStyle>
#include <QTextDocument>
#include <QToolButton>

namespace d500::studio {

NoticeBanner::NoticeBanner(QWidget* parent) : QFrame(parent) {
  setObjectName(QStringLiteral("noticeBanner"));
  setFrameShape(QFrame::StyledPanel);
  setFocusPolicy(Qt::ClickFocus);
  icon_ = new QLabel;
  text_ = new QLabel;
  text_->setObjectName(QStringLiteral("noticeText"));
  text_->setWordWrap(true);
  text_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  text_->setTextFormat(Qt::RichText);
  more_ = new QToolButton;
  more_->setObjectName(QStringLiteral("noticeMore"));
  more_->setAutoRaise(true);
  close_ = new QToolButton;
  close_->setObjectName(QStringLiteral("noticeDismiss"));
  close_->setText(tr("Dismiss"));
  close_->setToolTip(tr("Hide these messages (Esc)"));
  close_->setAutoRaise(true);
  auto* row = new QHBoxLayout(this);
  row->setContentsMargins(8, 4, 4, 4);
  row->addWidget(icon_, 0, Qt::AlignTop);
  row->addWidget(text_, 1);
  row->addWidget(more_, 0, Qt::AlignTop);
  row->addWidget(close_, 0, Qt::AlignTop);
  connect(more_, &QToolButton::clicked, this, [this] { setExpanded(!expanded_); });
  connect(close_, &QToolButton::clicked, this, &NoticeBanner::dismiss);
  hide();
}

void NoticeBanner::add(const QString& text, Severity severity) {
  if (text.isEmpty()) return;
  messages_ << text;
  if (severity == Severity::Warning) severity_ = Severity::Warning;
  refreshText();
  show();
}

void NoticeBanner::dismiss() {
  messages_.clear();
  severity_ = Severity::Info;
  expanded_ = false;
  hide();
}

void NoticeBanner::setExpanded(bool expanded) {
  expanded_ = expanded;
  refreshText();
}

QString NoticeBanner::shownText() const {
  QTextDocument d;
  d.setHtml(text_->text());
  return d.toPlainText();
}

void NoticeBanner::keyPressEvent(QKeyEvent* event) {
  if (event->key() == Qt::Key_Escape) {
    dismiss();
    return;
  }
  QFrame::keyPressEvent(event);
}

void NoticeBanner::refreshText() {
  const bool warn = severity_ == Severity::Warning;
  setStyleSheet(
      warn ? QStringLiteral("#noticeBanner { background: #fff3cd; border: 1px solid #e0b84c; }")
           : QStringLiteral("#noticeBanner { background: #e8f1fb; border: 1px solid #9cbde3; }"));
  const auto icon =
      style()->standardIcon(warn ? QStyle::SP_MessageBoxWarning : QStyle::SP_MessageBoxInformation);
  icon_->setPixmap(icon.pixmap(20, 20));
  QStringList shown;
  if (expanded_)
    for (const QString& m : messages_) shown << m.toHtmlEscaped();
  else if (!messages_.isEmpty())
    shown << messages_.last().toHtmlEscaped();
  text_->setText(shown.join(QStringLiteral("<br>")));
  more_->setVisible(messages_.size() > 1);
  more_->setText(expanded_ ? tr("Show the newest") : tr("Show all (%1)").arg(messages_.size()));
}

}  // namespace d500::studio
