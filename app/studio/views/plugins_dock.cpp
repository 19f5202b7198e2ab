#include "views/plugins_dock.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QTableView>
#include <QVBoxLayout>

#include "models/plugin_list_model.h"

namespace d500::studio {

PluginsDock::PluginsDock(PluginListModel* model, QWidget* parent) : QWidget(parent) {
  table_ = new QTableView;
  table_->setObjectName(QStringLiteral("pluginTable"));
  table_->setModel(model);
  table_->verticalHeader()->hide();
  table_->setSelectionBehavior(QAbstractItemView::SelectRows);
  table_->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
  table_->horizontalHeader()->setStretchLastSection(true);
  table_->setWordWrap(false);
  searchPath_ = new QLabel;
  searchPath_->setWordWrap(true);
  searchPath_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  auto* reload = new QPushButton(tr("Reload"));
  reload->setToolTip(tr("Ask the runner again, e.g. after building or installing a plugin"));
  auto* row = new QHBoxLayout;
  row->addWidget(searchPath_, 1);
  row->addWidget(reload);
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(2, 2, 2, 2);
  layout->addWidget(table_);
  layout->addLayout(row);
  connect(reload, &QPushButton::clicked, this, &PluginsDock::reloadRequested);
  connect(model, &QAbstractItemModel::modelReset, table_, &QTableView::resizeColumnsToContents);
}

void PluginsDock::setSearchPath(const QStringList& path) {
  searchPath_->setText(path.isEmpty() ? QString()
                                      : tr("Search path: %1").arg(path.join(QLatin1Char(':'))));
}

}  // namespace d500::studio
