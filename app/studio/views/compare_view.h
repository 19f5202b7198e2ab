// Comparing runs (issue 6, item 6): pick runs from the store; see every measurement side by side
// with the speedup beside both medians, the Mann-Whitney verdict, the validation verdicts, and
// what changed in the environment. Picking one run compares its implementations against a
// baseline implementation instead. Reports of the comparison are written from here.
// Threading: GUI thread. Reads the store through its own read-only connection, when asked.
#pragma once

#include <QList>
#include <QString>
#include <QWidget>

QT_BEGIN_NAMESPACE
class QComboBox;
class QLabel;
class QListWidget;
class QListWidgetItem;
class QTableWidget;
class QTabWidget;
QT_END_NAMESPACE

namespace d500::studio {

class ComparisonTable;

class CompareView : public QWidget {
  Q_OBJECT

 public:
  // Ownership: parent. `runIds[0]` is the baseline run.
  CompareView(const QString& storePath, const QList<qint64>& runIds, QWidget* parent = nullptr);
  ~CompareView() override;

  // The runs compared, the baseline first.
  QList<qint64> runIds() const { return runIds_; }
  void setRunIds(const QList<qint64>& runIds);
  QString storePath() const { return storePath_; }
  void setStorePath(const QString& storePath);
  // One-run mode: the implementation the others are compared against ("" = the experiment's).
  void setBaselineImplementation(const QString& implementation);

  // Re-reads the run list and the comparison (the store may have new runs).
  void refresh();

  // The tables as shown, for tests and for copying.
  const QTableWidget* measurementsTable() const { return measurements_; }
  const QTableWidget* environmentTable() const { return environment_; }

  bool exportHtml(const QString& path, QString* error) const;
  bool exportPdf(const QString& path, QString* error) const;

 Q_SIGNALS:
  void runIdsChanged(const QList<qint64>& runIds);

 private:
  void reloadRunList();
  void rebuildTables();
  void fillMeasurements(const ComparisonTable& t);
  void fillEnvironment(const ComparisonTable& t);
  void runItemChanged(QListWidgetItem* item);
  void exportInteractively(bool pdf);

  QString storePath_;
  QList<qint64> runIds_;
  QString baselineImplementation_;
  QListWidget* runList_ = nullptr;
  QComboBox* baseline_ = nullptr;
  QLabel* summary_ = nullptr;
  QTabWidget* tabs_ = nullptr;
  QTableWidget* measurements_ = nullptr;
  QTableWidget* environment_ = nullptr;
  bool updating_ = false;  // suppresses item-changed signals while the list is refilled
};

}  // namespace d500::studio
