// The per-node table of a network run: every node measurement (executor, pass group, node, op,
// pass, its share of its group's time, median, CI, and the validation stored for it), sortable by
// any column (numbers sort as numbers), sorted by time share at first, with a filter for one
// executor's pass group.
// Threading: GUI thread.
#pragma once

#include <QList>

#include "dashboards/measurement_panel.h"

QT_BEGIN_NAMESPACE
class QComboBox;
class QLabel;
class QTableWidget;
QT_END_NAMESPACE

namespace d500::studio {

class NodeTablePanel : public MeasurementPanel {
  Q_OBJECT
 public:
  enum Column { Executor, Group, Node, Op, Pass, Share, Median, Ci, Validation, Columns };
  // Ownership: parent.
  NodeTablePanel(const QString& id, const QString& title, QWidget* parent = nullptr);
  ~NodeTablePanel() override;

  void update(const DashboardData& data) override;
  void clear() override;
  bool hasData() const override;

  QTableWidget* table() const { return table_; }
  QComboBox* groupFilter() const { return filter_; }
  // The share column of the rows in their shown order, as fractions.
  QList<double> shares() const;

 private:
  struct Entry;
  void fill();

  QLabel* title_;
  QComboBox* filter_;
  QTableWidget* table_;
  QList<Entry>* entries_;
};

}  // namespace d500::studio
