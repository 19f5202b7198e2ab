#include "dialogs/settings_dialog.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFileDialog>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QRegularExpressionValidator>
#include <QSettings>
#include <QSpinBox>

#include "main_window/language.h"

namespace d500::studio {

QString SettingsDialog::runnerOverride() {
  return QSettings().value(QStringLiteral("runner")).toString();
}

int SettingsDialog::maxConcurrentRuns() {
  return qBound(1, QSettings().value(QStringLiteral("maxConcurrentRuns"), 1).toInt(), 64);
}

int SettingsDialog::cancelGracePeriodMs() {
  return qBound(100, QSettings().value(QStringLiteral("cancelGraceMs"), 5000).toInt(), 600000);
}

ClusterDefaults SettingsDialog::clusterDefaults() {
  QSettings s;
  ClusterDefaults c;
  c.partition = s.value(QStringLiteral("slurm/partition")).toString();
  c.account = s.value(QStringLiteral("slurm/account")).toString();
  c.time = s.value(QStringLiteral("slurm/time"), c.time).toString();
  c.modules = s.value(QStringLiteral("slurm/modules"))
                  .toString()
                  .split(QLatin1Char(' '), Qt::SkipEmptyParts);
  c.sbatchLines = s.value(QStringLiteral("slurm/sbatch"))
                      .toString()
                      .split(QLatin1Char('\n'), Qt::SkipEmptyParts);
  for (QString& l : c.sbatchLines) l = l.trimmed();
  c.sbatchLines.removeAll(QString());
  return c;
}

// The Slurm launcher's defaults; `d500 job` checks each value again and names a bad one.
static QGroupBox* clusterGroup(QLineEdit* partition, QLineEdit* account, QLineEdit* time,
                               QLineEdit* modules, QPlainTextEdit* sbatch) {
  const ClusterDefaults c = SettingsDialog::clusterDefaults();
  partition->setText(c.partition);
  partition->setPlaceholderText(SettingsDialog::tr("the cluster's default"));
  account->setText(c.account);
  account->setPlaceholderText(SettingsDialog::tr("none"));
  time->setText(c.time);
  time->setValidator(new QRegularExpressionValidator(
      QRegularExpression(QStringLiteral("\\d+(-\\d+)?(:\\d{2}){0,2}")), time));
  time->setToolTip(SettingsDialog::tr("Slurm time limit: HH:MM:SS, D-HH:MM:SS, MM:SS or minutes"));
  modules->setText(c.modules.join(QLatin1Char(' ')));
  modules->setPlaceholderText(SettingsDialog::tr("e.g. gcc/12 openmpi/4.1 (loaded before srun)"));
  sbatch->setPlainText(c.sbatchLines.join(QLatin1Char('\n')));
  sbatch->setPlaceholderText(SettingsDialog::tr("one option a line, e.g. --qos=short"));
  sbatch->setMaximumHeight(70);
  partition->setObjectName(QStringLiteral("settingsSlurmPartition"));
  account->setObjectName(QStringLiteral("settingsSlurmAccount"));
  time->setObjectName(QStringLiteral("settingsSlurmTime"));
  modules->setObjectName(QStringLiteral("settingsSlurmModules"));
  sbatch->setObjectName(QStringLiteral("settingsSlurmSbatch"));
  auto* group = new QGroupBox(SettingsDialog::tr("Cluster (the Slurm launcher)"));
  auto* form = new QFormLayout(group);
  form->addRow(SettingsDialog::tr("Partition"), partition);
  form->addRow(SettingsDialog::tr("Account"), account);
  form->addRow(SettingsDialog::tr("Time limit"), time);
  form->addRow(SettingsDialog::tr("Modules"), modules);
  form->addRow(SettingsDialog::tr("Extra #SBATCH"), sbatch);
  return group;
}

SettingsDialog::SettingsDialog(QWidget* parent) : QDialog(parent) {
  setWindowTitle(tr("Settings"));
  language_ = new QComboBox;
  language_->setObjectName(QStringLiteral("settingsLanguage"));
  for (const auto& [code, name] : Language::available()) language_->addItem(name, code);
  language_->setCurrentIndex(qMax(0, language_->findData(Language::fromSettings())));
  runner_ = new QLineEdit(runnerOverride());
  runner_->setPlaceholderText(tr("automatic: d500 beside the studio, or D500_RUNNER"));
  auto* browse = new QPushButton(tr("Browse..."));
  connect(browse, &QPushButton::clicked, this, [this] {
    const QString f = QFileDialog::getOpenFileName(this, tr("The d500 runner"));
    if (!f.isEmpty()) runner_->setText(f);
  });
  auto* runnerRow = new QHBoxLayout;
  runnerRow->addWidget(runner_);
  runnerRow->addWidget(browse);
  concurrent_ = new QSpinBox;
  concurrent_->setRange(1, 64);
  concurrent_->setValue(maxConcurrentRuns());
  concurrent_->setToolTip(
      tr("Benchmarks running at the same time disturb each other's timings; "
         "keep 1 unless the runs do not measure time."));
  grace_ = new QSpinBox;
  grace_->setRange(1, 600);
  grace_->setSuffix(tr(" s"));
  grace_->setValue(cancelGracePeriodMs() / 1000);
  auto* form = new QFormLayout;
  form->addRow(tr("Language (after restart)"), language_);
  form->addRow(tr("Runner"), runnerRow);
  form->addRow(tr("Runs at once"), concurrent_);
  form->addRow(tr("Cancel: kill after"), grace_);
  auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel);
  connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
  connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
  auto* layout = new QVBoxLayout(this);
  layout->addLayout(form);
  partition_ = new QLineEdit;
  account_ = new QLineEdit;
  time_ = new QLineEdit;
  modules_ = new QLineEdit;
  sbatch_ = new QPlainTextEdit;
  layout->addWidget(clusterGroup(partition_, account_, time_, modules_, sbatch_));
  layout->addWidget(buttons);
}

bool SettingsDialog::apply() {
  QSettings s;
  const QString language = language_->currentData().toString();
  const bool changed = language != Language::fromSettings();
  Language::saveToSettings(language);
  s.setValue(QStringLiteral("runner"), runner_->text().trimmed());
  s.setValue(QStringLiteral("maxConcurrentRuns"), concurrent_->value());
  s.setValue(QStringLiteral("cancelGraceMs"), grace_->value() * 1000);
  s.setValue(QStringLiteral("slurm/partition"), partition_->text().trimmed());
  s.setValue(QStringLiteral("slurm/account"), account_->text().trimmed());
  s.setValue(QStringLiteral("slurm/time"), time_->text().trimmed().isEmpty()
                                               ? QStringLiteral("01:00:00")
                                               : time_->text().trimmed());
  s.setValue(QStringLiteral("slurm/modules"), modules_->text().simplified());
  s.setValue(QStringLiteral("slurm/sbatch"), sbatch_->toPlainText().trimmed());
  return changed;
}

}  // namespace d500::studio
