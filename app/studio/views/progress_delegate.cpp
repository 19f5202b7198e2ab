#include "views/progress_delegate.h"

#include <QApplication>
#include <QStyleOptionProgressBar>

namespace d500::studio {

ProgressDelegate::ProgressDelegate(int progressRole, QObject* parent)
    : QStyledItemDelegate(parent), role_(progressRole) {}

void ProgressDelegate::paint(QPainter* painter, const QStyleOptionViewItem& option,
                             const QModelIndex& index) const {
  QStyleOptionProgressBar bar;
  bar.rect = option.rect.adjusted(2, 2, -2, -2);
  bar.minimum = 0;
  bar.maximum = 100;
  bar.progress = index.data(role_).toInt();
  bar.text = index.data(Qt::DisplayRole).toString();
  bar.textVisible = true;
  bar.state = option.state | QStyle::State_Horizontal;
  const QWidget* w = option.widget;
  QStyle* style = w ? w->style() : QApplication::style();
  style->drawControl(QStyle::CE_ProgressBar, &bar, painter, w);
}

}  // namespace d500::studio
