#include "editor/launcher_section.h"

#include <QComboBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLineEdit>
#include <QListWidget>
#include <QPushButton>
#include <QRegularExpressionValidator>

#include "editor/experiment_document.h"
#include "editor/field_binding.h"
#include "editor/number_validator.h"

namespace d500::studio {

namespace {
const JsonPath kLauncher{QStringLiteral("launcher")};
}

LauncherSection::LauncherSection(ExperimentDocument* doc, QWidget* parent)
    : QGroupBox(tr("Launcher"), parent), doc_(doc) {
  auto* form = new QFormLayout(this);
  kind_ = new QComboBox;
  kind_->setObjectName(QStringLiteral("launcherKind"));
  kind_->addItem(tr("local"), QStringLiteral("local"));
  kind_->addItem(tr("MPI (mpirun)"), QStringLiteral("mpi"));
  kind_->addItem(tr("Slurm (sbatch; cluster defaults in Settings)"), QStringLiteral("slurm"));
  FieldBinding::comboBox(doc, kind_, kLauncher.key(QStringLiteral("kind")),
                         QStringLiteral("local"));
  ranks_ = new QLineEdit;
  ranks_->setObjectName(QStringLiteral("launcherRanks"));
  ranks_->setPlaceholderText(QStringLiteral("1"));
  FieldBinding::lineEdit(doc, ranks_, kLauncher.key(QStringLiteral("ranks")),
                         FieldBinding::Kind::Integer, true,
                         new NumberValidator(NumberValidator::Kind::Integer, 1, 1 << 20));
  hosts_ = new QListWidget;
  hosts_->setObjectName(QStringLiteral("launcherHosts"));
  hosts_->setMaximumHeight(80);
  newHost_ = new QLineEdit;
  newHost_->setObjectName(QStringLiteral("launcherNewHost"));
  newHost_->setPlaceholderText(tr("host name, e.g. node01 or node01:4"));
  // Host names as Open MPI takes them (name[:slots]); no spaces, no shell characters.
  newHost_->setValidator(new QRegularExpressionValidator(
      QRegularExpression(QStringLiteral("[A-Za-z0-9._-]+(:\\d+)?")), newHost_));
  addHost_ = new QPushButton(tr("Add host"));
  removeHost_ = new QPushButton(tr("Remove host"));
  auto* hostRow = new QHBoxLayout;
  hostRow->addWidget(newHost_);
  hostRow->addWidget(addHost_);
  hostRow->addWidget(removeHost_);
  form->addRow(tr("Kind"), kind_);
  form->addRow(tr("Ranks"), ranks_);
  form->addRow(tr("Hosts"), hosts_);
  form->addRow(QString(), hostRow);

  connect(addHost_, &QPushButton::clicked, this, [this] {
    if (!newHost_->hasAcceptableInput()) return;
    doc_->addHost(newHost_->text());
    newHost_->clear();
  });
  connect(newHost_, &QLineEdit::returnPressed, addHost_, &QPushButton::click);
  connect(removeHost_, &QPushButton::clicked, this,
          [this] { doc_->removeHost(hosts_->currentRow()); });
  connect(doc_, &ExperimentDocument::changed, this, &LauncherSection::refresh);
  refresh();
}

void LauncherSection::refresh() {
  const Json hosts = kLauncher.key(QStringLiteral("hosts")).get(doc_->json(), Json::array());
  QStringList names;
  if (hosts.is_array())
    for (const Json& h : hosts)
      names << (h.is_string() ? QString::fromStdString(h.get<std::string>())
                              : QString::fromStdString(h.dump()));
  QStringList shown;
  for (int i = 0; i < hosts_->count(); ++i) shown << hosts_->item(i)->text();
  if (shown != names) {
    hosts_->clear();
    hosts_->addItems(names);
  }
  const Json kind = kLauncher.key(QStringLiteral("kind")).get(doc_->json());
  const bool mpi = kind == Json("mpi");
  ranks_->setEnabled(mpi || kind == Json("slurm"));  // Slurm: the job's tasks on one node
  hosts_->setEnabled(mpi);
  newHost_->setEnabled(mpi);
  addHost_->setEnabled(mpi);
  removeHost_->setEnabled(mpi && !names.isEmpty());
}

}  // namespace d500::studio
