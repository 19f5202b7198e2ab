#include "models/run_queue_model.h"

#include <QBrush>
#include <QColor>

#include "runs/run_manager.h"

namespace d500::studio {

RunQueueModel::RunQueueModel(RunManager* manager, QObject* parent)
    : QAbstractTableModel(parent), manager_(manager) {
  connect(manager, &RunManager::jobAdded, this, [this] {
    // The manager appended the job already; announce the last row.
    const int row = int(manager_->jobs().size()) - 1;
    beginInsertRows({}, row, row);
    endInsertRows();
  });
  connect(manager, &RunManager::jobChanged, this, [this](RunJob* job) {
    const int row = rowOf(job);
    if (row >= 0) Q_EMIT dataChanged(index(row, 0), index(row, ColumnCount - 1));
  });
  connect(manager, &RunManager::jobsRemoved, this, [this] {
    beginResetModel();
    endResetModel();
  });
}

RunJob* RunQueueModel::jobAt(int row) const {
  return row >= 0 && row < manager_->jobs().size() ? manager_->jobs().at(row) : nullptr;
}

int RunQueueModel::rowOf(const RunJob* job) const {
  return int(manager_->jobs().indexOf(const_cast<RunJob*>(job)));
}

int RunQueueModel::rowCount(const QModelIndex& parent) const {
  return parent.isValid() ? 0 : int(manager_->jobs().size());
}

int RunQueueModel::columnCount(const QModelIndex& parent) const {
  return parent.isValid() ? 0 : ColumnCount;
}

QVariant RunQueueModel::data(const QModelIndex& index, int role) const {
  const RunJob* job = jobAt(index.row());
  if (!job) return {};
  if (role == JobIdRole) return job->jobId();
  if (role == ProgressRole) {
    if (job->state() == RunJob::State::Succeeded) return 100;
    return job->total() > 0 ? int(100 * job->done() / job->total()) : 0;
  }
  if (role == Qt::DisplayRole) {
    switch (index.column()) {
      case Experiment:
        return job->title();
      case Status:
        return job->statusText();
      case Progress:
        if (job->total() > 0) return QStringLiteral("%1/%2").arg(job->done()).arg(job->total());
        if (!job->isActive()) return QString();
        return job->runId() > 0 ? tr("preparing") : tr("starting");
      case RunId:
        return job->runId() > 0 ? QVariant(job->runId()) : QVariant();
    }
  } else if (role == Qt::ToolTipRole) {
    return job->subject().isEmpty() ? job->statusText() : job->subject();
  } else if (role == Qt::ForegroundRole && index.column() == Status) {
    switch (job->state()) {
      case RunJob::State::Crashed:
      case RunJob::State::Failed:
      case RunJob::State::Error:
        return QBrush(QColor(0xb0, 0x20, 0x20));
      case RunJob::State::Succeeded:
        return QBrush(QColor(0x20, 0x80, 0x30));
      default:
        return {};
    }
  }
  return {};
}

QVariant RunQueueModel::headerData(int section, Qt::Orientation o, int role) const {
  if (o != Qt::Horizontal || role != Qt::DisplayRole) return {};
  switch (section) {
    case Experiment:
      return tr("Experiment");
    case Status:
      return tr("Status");
    case Progress:
      return tr("Progress");
    case RunId:
      return tr("Run");
  }
  return {};
}

}  // namespace d500::studio
