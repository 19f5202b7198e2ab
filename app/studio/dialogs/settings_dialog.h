// Edit > Settings: the language, the runner to start (empty: the one beside the studio), how
// many runs at once, how long a cancelled runner gets before it is killed, and the cluster's
// defaults for the Slurm launcher (partition, account, time limit, modules, extra #SBATCH
// options). Stored in QSettings; the language applies at the next start.
#pragma once

#include <QDialog>

#include "runs/run_command.h"

class QComboBox;
class QLineEdit;
class QPlainTextEdit;
class QSpinBox;

namespace d500::studio {

class SettingsDialog : public QDialog {
  Q_OBJECT
 public:
  explicit SettingsDialog(QWidget* parent = nullptr);
  // Writes the settings; true when the language changed (the caller says "restart").
  bool apply();

  static QString runnerOverride();   // "" = automatic
  static int maxConcurrentRuns();    // default 1
  static int cancelGracePeriodMs();  // default 5000
  static ClusterDefaults clusterDefaults();

 private:
  QComboBox* language_;
  QLineEdit* runner_;
  QSpinBox* concurrent_;
  QSpinBox* grace_;
  QLineEdit *partition_, *account_, *time_, *modules_;
  QPlainTextEdit* sbatch_;
};

}  // namespace d500::studio
