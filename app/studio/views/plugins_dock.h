// The plugins dock: every plugin the runner finds, with version, ABI and what it offers, or the
// error that kept it from loading.
#pragma once

#include <QWidget>

class QLabel;
class QPushButton;
class QTableView;

namespace d500::studio {

class PluginListModel;

class PluginsDock : public QWidget {
  Q_OBJECT
 public:
  // `model` must outlive the dock. Ownership: parent.
  PluginsDock(PluginListModel* model, QWidget* parent = nullptr);
  void setSearchPath(const QStringList& path);
  QTableView* table() const { return table_; }

 Q_SIGNALS:
  void reloadRequested();

 private:
  QTableView* table_;
  QLabel* searchPath_;
};

}  // namespace d500::studio
