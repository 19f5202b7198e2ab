#include "dialogs/settings_dialog.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFileDialog>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLineEdit>
#include <QPushButton>
#include <QSettings>
#include <QSpinBox>

#include "main_window/language.h"

namespace d500::studio {

QString SettingsDialog::runnerOverride() { return QSettings().value(QStringLiteral("runner")).toString(); }

int SettingsDialog::maxConcurrentRuns() {
  return qBound(1, QSettings().value(QStringLiteral("maxConcurrentRuns"), 1).toInt(), 64);
}

int SettingsDialog::cancelGracePeriodMs() {
  return qBound(100, QSettings().value(QStringLiteral("cancelGraceMs"), 5000).toInt(), 600000);
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
  concurrent_->setToolTip(tr("Benchmarks running at the same time disturb each other's timings; "
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
  return changed;
}

}  // namespace d500::studio
