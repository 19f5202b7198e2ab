// The project dock's tree: the project's experiments, each with the runs of it found in the
// store, and the store's other runs under their own group. A run belongs to an experiment when
// it was run from that file, or else when it carries the experiment's name.
// Rows are appended as the runner adds runs (the watcher polls the store), so selection and
// expansion survive a run being added.
#pragma once

#include <QAbstractItemModel>
#include <QList>
#include <QString>
#include <vector>

#include "project/project.h"

namespace d500::studio {

class StoreWatcher;

class ProjectTreeModel : public QAbstractItemModel {
  Q_OBJECT
 public:
  enum Column { Name, Status, Started, ColumnCount };
  enum class NodeKind { Experiment, OtherRuns, Run };
  enum Role { KindRole = Qt::UserRole + 1, ExperimentIndexRole, RunIdRole };

  // `watcher` must outlive the model.
  explicit ProjectTreeModel(StoreWatcher* watcher, QObject* parent = nullptr);

  void setExperiments(const QList<ProjectExperiment>& experiments);
  // The run ids shown under an experiment (or, for -1, under "Other runs").
  QList<qint64> runIdsOf(int experimentIndex) const;
  QModelIndex indexOfExperiment(int experimentIndex) const;
  QModelIndex indexOfRun(qint64 runId) const;
  // The experiment's name as read from its file (or the embedded JSON).
  QString experimentName(int experimentIndex) const;

  QModelIndex index(int row, int column, const QModelIndex& parent = {}) const override;
  QModelIndex parent(const QModelIndex& child) const override;
  int rowCount(const QModelIndex& parent = {}) const override;
  int columnCount(const QModelIndex& parent = {}) const override;
  QVariant data(const QModelIndex& index, int role) const override;
  QVariant headerData(int section, Qt::Orientation o, int role) const override;

 private:
  struct Group {
    QString name;  // the experiment's name, or "Other runs"
    QString path;  // canonical path of the experiment file; empty when embedded/other
    QString tooltip;
    int experiment = -1;  // index in the project's list; -1 for "Other runs"
    QList<qint64> runs;
  };
  // Sorts the store's runs into groups (the "Other runs" group last, only if it has runs).
  QList<Group> grouped() const;
  void onRunsChanged();
  const Group* groupOf(const QModelIndex& index) const;

  StoreWatcher* watcher_;
  QList<Group> groups_;
  QList<Group> experiments_;  // one per experiment, without runs
};

}  // namespace d500::studio
