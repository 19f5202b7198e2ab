// How the experiment is launched: locally, under MPI with a number of ranks and the hosts to use
// (the studio starts mpirun), or as a Slurm job of that many ranks (the studio submits it with
// `d500 job --submit`; the cluster defaults are in Settings).
#pragma once

#include <QGroupBox>

class QComboBox;
class QLineEdit;
class QListWidget;
class QPushButton;

namespace d500::studio {

class ExperimentDocument;

class LauncherSection : public QGroupBox {
  Q_OBJECT
 public:
  LauncherSection(ExperimentDocument* doc, QWidget* parent = nullptr);

 private:
  void refresh();

  ExperimentDocument* doc_;
  QComboBox* kind_;
  QLineEdit* ranks_;
  QListWidget* hosts_;
  QLineEdit* newHost_;
  QPushButton* addHost_;
  QPushButton* removeHost_;
};

}  // namespace d500::studio
