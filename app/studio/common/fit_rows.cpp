#include "common/fit_rows.h"

#include <QListWidget>
#include <QScrollBar>
#include <algorithm>

namespace d500::studio {

void fitToRows(QListWidget* list, int maxRows) {
  const int rows = std::clamp(list->count(), 1, std::max(1, maxRows));
  int rowHeight = list->count() > 0 ? list->sizeHintForRow(0) : 0;
  if (rowHeight <= 0) rowHeight = list->fontMetrics().height() + 2;
  int height = rows * rowHeight + 2 * list->frameWidth();
  if (list->count() > rows || list->horizontalScrollBar()->isVisible())
    height += list->horizontalScrollBar()->sizeHint().height();
  list->setFixedHeight(height);
}

}  // namespace d500::studio
