// The list (issue 19, item 5) as a view of the project's store: the recipe-compliant training
// runs ranked by time-to-accuracy per recipe, and operator and network workloads ranked by
// throughput per problem, ties within confidence intervals shown as ties; runs that are not
// compliant listed apart with the reason. The same ranking as `d500 list` (core/ranking).
// Threading: GUI thread; reads the store through its own read-only connection, when asked.
#pragma once

#include <QString>
#include <QWidget>

QT_BEGIN_NAMESPACE
class QLabel;
class QTreeWidget;
QT_END_NAMESPACE

namespace d500::studio {

class ListView : public QWidget {
  Q_OBJECT

 public:
  ListView(const QString& storePath, QWidget* parent = nullptr);

  QString storePath() const { return storePath_; }
  void setStorePath(const QString& storePath);
  // Reads the store again (new runs rank as they finish).
  void refresh();

  // The tree as shown: one top-level item per list, its entries below (for tests and copying).
  const QTreeWidget* tree() const { return tree_; }

 private:
  QString storePath_;
  QTreeWidget* tree_ = nullptr;
  QLabel* status_ = nullptr;
};

}  // namespace d500::studio
