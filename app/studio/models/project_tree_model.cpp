#include "models/project_tree_model.h"

#include <QBrush>
#include <QColor>
#include <QDateTime>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLocale>

#include "common/display_names.h"
#include "models/store_watcher.h"

namespace d500::studio {

namespace {

// Top-level rows carry id 0; a run row carries its group's row + 1.
constexpr quintptr kTopLevel = 0;

QString canonical(const QString& path) {
  const QString c = QFileInfo(path).canonicalFilePath();
  return c.isEmpty() ? QFileInfo(path).absoluteFilePath() : c;
}

}  // namespace

ProjectTreeModel::ProjectTreeModel(StoreWatcher* watcher, QObject* parent)
    : QAbstractItemModel(parent), watcher_(watcher) {
  connect(watcher_, &StoreWatcher::runsChanged, this, &ProjectTreeModel::onRunsChanged);
}

void ProjectTreeModel::setExperiments(const QList<ProjectExperiment>& experiments) {
  beginResetModel();
  experiments_.clear();
  for (int i = 0; i < experiments.size(); ++i) {
    const ProjectExperiment& e = experiments[i];
    Group g;
    g.experiment = i;
    if (e.isEmbedded()) {
      g.name = e.embedded.value(QStringLiteral("name")).toString();
      g.tooltip = tr("Embedded in the project");
    } else {
      g.path = canonical(e.path);
      g.tooltip = e.path;
      // The name links runs started elsewhere (the command line, a script) to this file.
      QFile f(e.path);
      if (f.open(QIODevice::ReadOnly))
        g.name =
            QJsonDocument::fromJson(f.readAll()).object().value(QStringLiteral("name")).toString();
      else
        g.tooltip = tr("%1 (missing)").arg(e.path);
      if (g.name.isEmpty()) g.name = e.displayName();
    }
    experiments_.append(g);
  }
  groups_ = grouped();
  endResetModel();
}

QList<ProjectTreeModel::Group> ProjectTreeModel::grouped() const {
  QList<Group> groups = experiments_;
  Group other;
  other.name = tr("Other runs");
  other.tooltip = tr("Runs in the store that belong to none of the project's experiments");
  for (const auto& run : watcher_->runs()) {
    const QString spec =
        run.spec_path.empty() ? QString() : canonical(QString::fromStdString(run.spec_path));
    const QString name = QString::fromStdString(run.name);
    Group* target = nullptr;
    for (Group& g : groups)
      if (!g.path.isEmpty() && g.path == spec) target = &g;
    if (!target)
      for (Group& g : groups)
        if (g.name == name) {
          target = &g;
          break;
        }
    (target ? target : &other)->runs.append(run.id);
  }
  if (!other.runs.isEmpty()) groups.append(other);
  return groups;
}

void ProjectTreeModel::onRunsChanged() {
  QList<Group> now = grouped();
  bool appendOnly = now.size() >= groups_.size();
  for (int g = 0; appendOnly && g < groups_.size(); ++g)
    appendOnly = now[g].runs.mid(0, groups_[g].runs.size()) == groups_[g].runs;
  if (!appendOnly) {
    beginResetModel();
    groups_ = now;
    endResetModel();
    return;
  }
  for (int g = 0; g < groups_.size(); ++g) {
    const int before = int(groups_[g].runs.size());
    if (before)
      Q_EMIT dataChanged(index(0, 0, index(g, 0)), index(before - 1, ColumnCount - 1, index(g, 0)));
    if (now[g].runs.size() > before) {
      beginInsertRows(index(g, 0), before, int(now[g].runs.size()) - 1);
      groups_[g].runs = now[g].runs;
      endInsertRows();
    }
    Q_EMIT dataChanged(index(g, 0), index(g, ColumnCount - 1));
  }
  if (now.size() > groups_.size()) {
    beginInsertRows({}, int(groups_.size()), int(now.size()) - 1);
    groups_ = now;
    endInsertRows();
  }
}

QList<qint64> ProjectTreeModel::runIdsOf(int experimentIndex) const {
  for (const Group& g : groups_)
    if (g.experiment == experimentIndex) return g.runs;
  return {};
}

QString ProjectTreeModel::experimentName(int experimentIndex) const {
  return experimentIndex >= 0 && experimentIndex < experiments_.size()
             ? experiments_[experimentIndex].name
             : QString();
}

QModelIndex ProjectTreeModel::indexOfExperiment(int experimentIndex) const {
  for (int g = 0; g < groups_.size(); ++g)
    if (groups_[g].experiment == experimentIndex) return index(g, 0);
  return {};
}

QModelIndex ProjectTreeModel::indexOfRun(qint64 runId) const {
  for (int g = 0; g < groups_.size(); ++g) {
    const int r = int(groups_[g].runs.indexOf(runId));
    if (r >= 0) return index(r, 0, index(g, 0));
  }
  return {};
}

const ProjectTreeModel::Group* ProjectTreeModel::groupOf(const QModelIndex& index) const {
  const int g = index.internalId() == kTopLevel ? index.row() : int(index.internalId()) - 1;
  return g >= 0 && g < groups_.size() ? &groups_[g] : nullptr;
}

QModelIndex ProjectTreeModel::index(int row, int column, const QModelIndex& parent) const {
  if (column < 0 || column >= ColumnCount || row < 0) return {};
  if (!parent.isValid())
    return row < groups_.size() ? createIndex(row, column, kTopLevel) : QModelIndex();
  if (parent.internalId() != kTopLevel || parent.row() >= groups_.size()) return {};
  if (row >= groups_[parent.row()].runs.size()) return {};
  return createIndex(row, column, quintptr(parent.row() + 1));
}

QModelIndex ProjectTreeModel::parent(const QModelIndex& child) const {
  if (!child.isValid() || child.internalId() == kTopLevel) return {};
  return createIndex(int(child.internalId()) - 1, 0, kTopLevel);
}

int ProjectTreeModel::rowCount(const QModelIndex& parent) const {
  if (!parent.isValid()) return int(groups_.size());
  if (parent.internalId() != kTopLevel || parent.column() != 0) return 0;
  return parent.row() < groups_.size() ? int(groups_[parent.row()].runs.size()) : 0;
}

int ProjectTreeModel::columnCount(const QModelIndex&) const {
  return ColumnCount;
}

QVariant ProjectTreeModel::data(const QModelIndex& index, int role) const {
  const Group* g = groupOf(index);
  if (!g) return {};
  const bool isRun = index.internalId() != kTopLevel;
  if (!isRun) {
    if (role == KindRole)
      return int(g->experiment < 0 ? NodeKind::OtherRuns : NodeKind::Experiment);
    if (role == ExperimentIndexRole) return g->experiment;
    if (role == Qt::ToolTipRole) return g->tooltip;
    if (role == Qt::DisplayRole) {
      if (index.column() == Name) return g->name;
      if (index.column() == Status) return tr("runs: %n", "", int(g->runs.size()));
    }
    return {};
  }
  const qint64 id = g->runs.value(index.row());
  const d500::store::RunInfo* run = watcher_->run(id);
  if (!run) return {};
  switch (role) {
    case KindRole:
      return int(NodeKind::Run);
    case ExperimentIndexRole:
      return g->experiment;
    case RunIdRole:
      return id;
    case Qt::DisplayRole:
      if (index.column() == Name)
        return QStringLiteral("#%1 %2").arg(id).arg(QString::fromStdString(run->name));
      if (index.column() == Status) return DisplayNames::runStatus(run->status);
      if (index.column() == Started) return DisplayNames::time(run->started_at);
      return {};
    case Qt::ToolTipRole:
      return run->status_reason.empty() ? QString::fromStdString(run->spec_path)
                                        : QString::fromStdString(run->status_reason);
    case Qt::ForegroundRole:
      if (index.column() != Status) return {};
      if (run->status == d500::store::RunStatus::Succeeded) return QBrush(QColor(0x20, 0x80, 0x30));
      if (run->status == d500::store::RunStatus::Failed ||
          run->status == d500::store::RunStatus::Crashed)
        return QBrush(QColor(0xb0, 0x20, 0x20));
      return {};
  }
  return {};
}

QVariant ProjectTreeModel::headerData(int section, Qt::Orientation o, int role) const {
  if (o != Qt::Horizontal || role != Qt::DisplayRole) return {};
  switch (section) {
    case Name:
      return tr("Experiment / run");
    case Status:
      return tr("Status");
    case Started:
      return tr("Started");
  }
  return {};
}

}  // namespace d500::studio
