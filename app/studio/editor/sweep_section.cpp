#include "editor/sweep_section.h"

#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QRegularExpressionValidator>
#include <QToolButton>
#include <QVBoxLayout>

#include "editor/experiment_document.h"
#include "editor/field_binding.h"
#include "editor/values_validator.h"

namespace d500::studio {

namespace {
const JsonPath kSweep{QStringLiteral("sweep")};
}

SweepSection::SweepSection(ExperimentDocument* doc, QWidget* parent)
    : QGroupBox(tr("Sweep"), parent), doc_(doc) {
  auto* layout = new QVBoxLayout(this);
  rows_ = new QWidget;
  grid_ = new QGridLayout(rows_);
  grid_->setContentsMargins(0, 0, 0, 0);
  layout->addWidget(rows_);
  auto* addRow = new QHBoxLayout;
  newName_ = new QLineEdit;
  newName_->setObjectName(QStringLiteral("sweepNewName"));
  newName_->setPlaceholderText(tr("variable, e.g. N"));
  newName_->setValidator(new QRegularExpressionValidator(
      QRegularExpression(QStringLiteral("[A-Za-z_][A-Za-z0-9_]*")), newName_));
  newValues_ = new QLineEdit;
  newValues_->setObjectName(QStringLiteral("sweepNewValues"));
  newValues_->setPlaceholderText(tr("values, e.g. 64, 128, 256"));
  newValues_->setValidator(new ValuesValidator(ValuesValidator::Mode::List, newValues_));
  auto* add = new QPushButton(tr("Add variable"));
  add->setObjectName(QStringLiteral("sweepAdd"));
  addRow->addWidget(newName_);
  addRow->addWidget(newValues_, 1);
  addRow->addWidget(add);
  layout->addLayout(addRow);
  summary_ = new QLabel;
  summary_->setObjectName(QStringLiteral("sweepSummary"));
  layout->addWidget(summary_);
  connect(add, &QPushButton::clicked, this, [this] {
    Json values;
    if (!newName_->hasAcceptableInput() ||
        !ValuesValidator::listFromText(newValues_->text(), &values))
      return;
    doc_->addSweepVariable(newName_->text(), values);
    newName_->clear();
    newValues_->clear();
  });
  connect(newValues_, &QLineEdit::returnPressed, add, &QPushButton::click);
  connect(doc_, &ExperimentDocument::changed, this, &SweepSection::refresh);
  refresh();
}

void SweepSection::refresh() {
  const Json sweep = kSweep.get(doc_->json(), Json::object());
  QStringList names;
  qint64 points = 1;
  if (sweep.is_object())
    for (auto it = sweep.begin(); it != sweep.end(); ++it) {
      names << QString::fromStdString(it.key());
      points *= it.value().is_array() ? qint64(it.value().size()) : 1;
    }
  if (!built_ || names != names_) rebuild(names);
  const Json explicitPoints = JsonPath{QStringLiteral("points")}.get(doc_->json());
  const Json problems = JsonPath{QStringLiteral("problems")}.get(doc_->json());
  QString text = tr("measurement points per implementation: %n", "", int(points));
  if (explicitPoints.is_array())
    text = tr("%1 explicit points × %2 sweep combinations").arg(explicitPoints.size()).arg(points);
  else if (problems.is_string())
    text = tr("the problem list %1 × %2 sweep combinations")
               .arg(QString::fromStdString(problems.get<std::string>()))
               .arg(points);
  summary_->setText(text);
}

void SweepSection::rebuild(const QStringList& names) {
  built_ = true;
  names_ = names;
  while (QLayoutItem* item = grid_->takeAt(0)) {
    if (QWidget* w = item->widget()) {
      w->hide();
      w->deleteLater();
    }
    delete item;
  }
  for (int i = 0; i < names.size(); ++i) {
    const QString name = names[i];
    auto* values = new QLineEdit;
    values->setObjectName(QStringLiteral("sweepValues_") + name);
    FieldBinding::lineEdit(doc_, values, kSweep.key(name), FieldBinding::Kind::ValueList, false,
                           new ValuesValidator(ValuesValidator::Mode::List));
    auto* remove = new QToolButton;
    remove->setText(QStringLiteral("✕"));
    remove->setAutoRaise(true);
    remove->setToolTip(tr("Remove sweep variable %1").arg(name));
    connect(remove, &QToolButton::clicked, this, [this, name] { doc_->removeSweepVariable(name); });
    grid_->addWidget(new QLabel(name), i, 0);
    grid_->addWidget(values, i, 1);
    grid_->addWidget(remove, i, 2);
  }
}

}  // namespace d500::studio
