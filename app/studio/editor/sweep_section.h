// Sweep variables: each a name and its values; the measurement points are their cartesian
// product (times the explicit points of a problem list, if the file has one). The count of
// points is shown, since it is what a run's duration scales with.
#pragma once

#include <QGroupBox>
#include <QStringList>

class QGridLayout;
class QLabel;
class QLineEdit;
class QWidget;

namespace d500::studio {

class ExperimentDocument;

class SweepSection : public QGroupBox {
  Q_OBJECT
 public:
  SweepSection(ExperimentDocument* doc, QWidget* parent = nullptr);

 private:
  void refresh();
  void rebuild(const QStringList& names);

  ExperimentDocument* doc_;
  QWidget* rows_;
  QGridLayout* grid_;
  QLineEdit* newName_;
  QLineEdit* newValues_;
  QLabel* summary_;
  QStringList names_;
  bool built_ = false;
};

}  // namespace d500::studio
