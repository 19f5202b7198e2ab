// Draws a progress bar in a table cell from the model's progress role (0..100), with the cell's
// text ("3/8") on it: the queue shows many runs, so a widget per row would be wasteful.
#pragma once

#include <QStyledItemDelegate>

namespace d500::studio {

class ProgressDelegate : public QStyledItemDelegate {
  Q_OBJECT
 public:
  // `progressRole`: the model role holding the percentage.
  ProgressDelegate(int progressRole, QObject* parent = nullptr);
  void paint(QPainter* painter, const QStyleOptionViewItem& option,
             const QModelIndex& index) const override;

 private:
  int role_;
};

}  // namespace d500::studio
