// The run queue dock's table over the RunManager's jobs: what runs, its state, its progress
// (drawn as a bar by ProgressDelegate) and the store's run id once the runner reported it.
#pragma once

#include <QAbstractTableModel>

namespace d500::studio {

class RunManager;
class RunJob;

class RunQueueModel : public QAbstractTableModel {
  Q_OBJECT
 public:
  enum Column { Experiment, Status, Progress, RunId, ColumnCount };
  enum Role { ProgressRole = Qt::UserRole + 1, JobIdRole };

  // `manager` must outlive the model.
  explicit RunQueueModel(RunManager* manager, QObject* parent = nullptr);

  RunJob* jobAt(int row) const;
  int rowOf(const RunJob* job) const;

  int rowCount(const QModelIndex& parent = {}) const override;
  int columnCount(const QModelIndex& parent = {}) const override;
  QVariant data(const QModelIndex& index, int role) const override;
  QVariant headerData(int section, Qt::Orientation o, int role) const override;

 private:
  RunManager* manager_;
};

}  // namespace d500::studio
