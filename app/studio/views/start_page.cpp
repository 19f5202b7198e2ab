#include "views/start_page.h"

#include <QAction>
#include <QCommandLinkButton>
#include <QFont>
#include <QLabel>
#include <QScrollArea>
#include <QVBoxLayout>

namespace d500::studio {

namespace {

constexpr int kColumnWidth = 600;  // pixels

}  // namespace

StartPage::StartPage(QWidget* parent) : QWidget(parent) {
  setObjectName(QStringLiteral("startPage"));
  auto* title = new QLabel(tr("Welcome to d500 Studio"));
  QFont big = title->font();
  big.setPointSizeF(big.pointSizeF() * 1.6);
  big.setBold(true);
  title->setFont(big);
  auto* intro =
      new QLabel(tr("Fair, reproducible deep-learning benchmarks: every number with its "
                    "confidence interval, its validation and the machine it was measured "
                    "on. Start with one of these:"));
  intro->setWordWrap(true);
  list_ = new QVBoxLayout;
  list_->setSpacing(0);
  auto* hint =
      new QLabel(tr("Recent projects are in File > Recent Projects; F1 opens the User Guide."));
  hint->setWordWrap(true);
  hint->setEnabled(false);

  // A column of readable width in the middle of the area, however large the window (a width of
  // its own: the buttons' descriptions wrap to it, and are never cut off).
  auto* column = new QWidget;
  column->setFixedWidth(kColumnWidth);
  auto* inner = new QVBoxLayout(column);
  inner->addWidget(title);
  inner->addWidget(intro);
  inner->addSpacing(8);
  inner->addLayout(list_);
  inner->addSpacing(8);
  inner->addWidget(hint);
  auto* page = new QWidget;
  auto* centred = new QVBoxLayout(page);
  centred->addStretch(1);
  centred->addWidget(column, 0, Qt::AlignHCenter);
  centred->addStretch(2);
  // A small window scrolls the page rather than squeezing it.
  auto* scroll = new QScrollArea;
  scroll->setFrameShape(QFrame::NoFrame);
  scroll->setWidgetResizable(true);
  scroll->setWidget(page);
  auto* outer = new QVBoxLayout(this);
  outer->setContentsMargins(0, 0, 0, 0);
  outer->addWidget(scroll);
}

void StartPage::addEntry(QAction* action, const QString& title, const QString& description) {
  auto* button = new QCommandLinkButton(title);
  if (!action->objectName().isEmpty())
    button->setObjectName(action->objectName() + QStringLiteral("Button"));
  if (!action->icon().isNull()) button->setIcon(action->icon());
  connect(button, &QAbstractButton::clicked, action, &QAction::trigger);
  // The description in a label of its own: QCommandLinkButton's does not wrap, and a long one
  // would be cut off.
  auto* text = new QLabel(description);
  text->setWordWrap(true);
  text->setContentsMargins(button->iconSize().width() + 10, 0, 0, 6);
  list_->addWidget(button);
  list_->addWidget(text);
  actions_ << action;
  buttons_ << button;
}

QAbstractButton* StartPage::buttonFor(QAction* action) const {
  const qsizetype i = actions_.indexOf(action);
  return i < 0 ? nullptr : buttons_.at(i);
}

}  // namespace d500::studio
