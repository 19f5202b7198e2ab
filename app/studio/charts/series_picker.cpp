#include "charts/series_picker.h"

#include <QFrame>
#include <QHBoxLayout>
#include <QLineEdit>
#include <QListWidget>
#include <QPainter>
#include <QPixmap>
#include <QPushButton>
#include <QSignalBlocker>
#include <QVBoxLayout>

namespace d500::studio {

namespace {

QIcon swatchIcon(const QColor& c) {
  QPixmap p(14, 14);
  p.fill(Qt::transparent);
  QPainter painter(&p);
  painter.fillRect(QRect(1, 5, 12, 4), c);
  return QIcon(p);
}

}  // namespace

SeriesPicker::SeriesPicker(const QString& text, QWidget* parent)
    : QToolButton(parent), popup_(new QFrame(this, Qt::Popup)) {
  setText(text);
  setToolTip(tr("Choose what to draw"));
  popup_->setFrameShape(QFrame::StyledPanel);
  auto* layout = new QVBoxLayout(popup_);
  search_ = new QLineEdit(popup_);
  search_->setPlaceholderText(tr("Search…"));
  search_->setClearButtonEnabled(true);
  layout->addWidget(search_);
  auto* buttons = new QHBoxLayout;
  auto* all = new QPushButton(tr("All"), popup_);
  auto* none = new QPushButton(tr("None"), popup_);
  buttons->addWidget(all);
  buttons->addWidget(none);
  buttons->addStretch();
  layout->addLayout(buttons);
  list_ = new QListWidget(popup_);
  list_->setMinimumWidth(280);
  list_->setWordWrap(true);
  layout->addWidget(list_);
  connect(search_, &QLineEdit::textChanged, this, &SeriesPicker::setFilter);
  connect(all, &QPushButton::clicked, this, [this] { checkAll(true); });
  connect(none, &QPushButton::clicked, this, [this] { checkAll(false); });
  connect(list_, &QListWidget::itemChanged, this, [this] { Q_EMIT checkedChanged(checked()); });
  connect(this, &QToolButton::clicked, this, &SeriesPicker::showPopup);
}

void SeriesPicker::showPopup() {
  popup_->adjustSize();
  popup_->move(mapToGlobal(QPoint(0, height())));
  popup_->show();
  search_->setFocus();
}

void SeriesPicker::setItems(const QStringList& names, const QList<QColor>& colors, bool checkNew) {
  if (names == items()) return;
  const QStringList was = items(), on = checked();
  const QSignalBlocker block(list_);
  list_->clear();
  for (int i = 0; i < names.size(); ++i) {
    auto* item = new QListWidgetItem(names[i], list_);
    item->setFlags(Qt::ItemIsEnabled | Qt::ItemIsUserCheckable);
    const bool keep = was.contains(names[i]) ? on.contains(names[i]) : checkNew;
    item->setCheckState(keep ? Qt::Checked : Qt::Unchecked);
    if (i < colors.size()) item->setIcon(swatchIcon(colors[i]));
  }
  setFilter(search_->text());
}

void SeriesPicker::setChecked(const QStringList& names) {
  const QSignalBlocker block(list_);
  for (int i = 0; i < list_->count(); ++i)
    list_->item(i)->setCheckState(names.contains(list_->item(i)->text()) ? Qt::Checked
                                                                         : Qt::Unchecked);
}

QStringList SeriesPicker::items() const {
  QStringList out;
  for (int i = 0; i < list_->count(); ++i) out.append(list_->item(i)->text());
  return out;
}

QStringList SeriesPicker::checked() const {
  QStringList out;
  for (int i = 0; i < list_->count(); ++i)
    if (list_->item(i)->checkState() == Qt::Checked) out.append(list_->item(i)->text());
  return out;
}

void SeriesPicker::setFilter(const QString& text) {
  if (search_->text() != text) search_->setText(text);  // comes back here through textChanged
  for (int i = 0; i < list_->count(); ++i)
    list_->item(i)->setHidden(!list_->item(i)->text().contains(text, Qt::CaseInsensitive));
}

QStringList SeriesPicker::visibleItems() const {
  QStringList out;
  for (int i = 0; i < list_->count(); ++i)
    if (!list_->item(i)->isHidden()) out.append(list_->item(i)->text());
  return out;
}

void SeriesPicker::checkAll(bool on) {
  {
    const QSignalBlocker block(list_);
    for (int i = 0; i < list_->count(); ++i)
      if (!list_->item(i)->isHidden())
        list_->item(i)->setCheckState(on ? Qt::Checked : Qt::Unchecked);
  }
  Q_EMIT checkedChanged(checked());
}

}  // namespace d500::studio
