#include "views/project_dock.h"

#include <QHeaderView>
#include <QLabel>
#include <QMenu>
#include <QSet>
#include <QTreeView>
#include <QVBoxLayout>

#include "models/project_tree_model.h"

namespace d500::studio {

ProjectDock::ProjectDock(ProjectTreeModel* model, QWidget* parent)
    : QWidget(parent), model_(model) {
  view_ = new QTreeView;
  view_->setObjectName(QStringLiteral("projectTree"));
  view_->setModel(model_);
  view_->setSelectionMode(QAbstractItemView::ExtendedSelection);
  view_->setSelectionBehavior(QAbstractItemView::SelectRows);
  view_->setContextMenuPolicy(Qt::CustomContextMenu);
  view_->header()->setSectionResizeMode(ProjectTreeModel::Name, QHeaderView::Stretch);
  view_->header()->setStretchLastSection(false);
  storeMessage_ = new QLabel;
  storeMessage_->setObjectName(QStringLiteral("storeMessage"));
  storeMessage_->setWordWrap(true);
  storeMessage_->hide();
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(2, 2, 2, 2);
  layout->addWidget(storeMessage_);
  layout->addWidget(view_);

  connect(view_, &QTreeView::activated, this, [this](const QModelIndex& index) {
    const auto kind = ProjectTreeModel::NodeKind(index.data(ProjectTreeModel::KindRole).toInt());
    if (kind == ProjectTreeModel::NodeKind::Experiment)
      Q_EMIT experimentActivated(index.data(ProjectTreeModel::ExperimentIndexRole).toInt());
    else if (kind == ProjectTreeModel::NodeKind::Run)
      Q_EMIT runActivated(index.data(ProjectTreeModel::RunIdRole).toLongLong());
  });
  connect(view_, &QTreeView::customContextMenuRequested, this, [this](const QPoint& pos) {
    if (contextActions_.isEmpty()) return;
    QMenu menu(this);
    menu.addActions(contextActions_);
    menu.exec(view_->viewport()->mapToGlobal(pos));
  });
  connect(view_->selectionModel(), &QItemSelectionModel::currentChanged, this,
          [this] { Q_EMIT currentChanged(); });
  // New runs appear under their experiment: keep experiments open so they are seen.
  connect(model_, &QAbstractItemModel::modelReset, view_, &QTreeView::expandAll);
  connect(model_, &QAbstractItemModel::rowsInserted, this, [this](const QModelIndex& parent) {
    view_->expand(parent.isValid() ? parent : QModelIndex());
    if (!parent.isValid()) view_->expandAll();
  });
}

int ProjectDock::currentExperiment() const {
  const QModelIndex i = view_->currentIndex();
  return i.isValid() ? i.data(ProjectTreeModel::ExperimentIndexRole).toInt() : -1;
}

qint64 ProjectDock::currentRunId() const {
  const QModelIndex i = view_->currentIndex();
  return i.isValid() ? i.data(ProjectTreeModel::RunIdRole).toLongLong() : 0;
}

QList<qint64> ProjectDock::selectedRunIds() const {
  QList<qint64> ids;
  QSet<qint64> seen;
  auto add = [&](qint64 id) {
    if (id > 0 && !seen.contains(id)) {
      seen.insert(id);
      ids << id;
    }
  };
  for (const QModelIndex& i : view_->selectionModel()->selectedRows()) {
    const auto kind = ProjectTreeModel::NodeKind(i.data(ProjectTreeModel::KindRole).toInt());
    if (kind == ProjectTreeModel::NodeKind::Run) {
      add(i.data(ProjectTreeModel::RunIdRole).toLongLong());
    } else {
      for (int r = 0; r < model_->rowCount(i); ++r)
        add(model_->index(r, 0, i).data(ProjectTreeModel::RunIdRole).toLongLong());
    }
  }
  return ids;
}

void ProjectDock::selectRun(qint64 runId) {
  const QModelIndex i = model_->indexOfRun(runId);
  if (!i.isValid()) return;
  view_->setCurrentIndex(i);
  view_->scrollTo(i);
}

void ProjectDock::selectExperiment(int index) {
  const QModelIndex i = model_->indexOfExperiment(index);
  if (i.isValid()) view_->setCurrentIndex(i);
}

void ProjectDock::setContextActions(const QList<QAction*>& actions) {
  contextActions_ = actions;
}

void ProjectDock::setStoreMessage(const QString& message) {
  storeMessage_->setText(message);
  storeMessage_->setVisible(!message.isEmpty());
}

}  // namespace d500::studio
