#include "editor/general_section.h"

#include <QComboBox>
#include <QFormLayout>
#include <QLineEdit>
#include <QRegularExpressionValidator>

#include "editor/experiment_document.h"
#include "editor/field_binding.h"
#include "editor/number_validator.h"

namespace d500::studio {

GeneralSection::GeneralSection(ExperimentDocument* doc, QWidget* parent)
    : QGroupBox(tr("Experiment"), parent) {
  auto* form = new QFormLayout(this);
  auto* name = new QLineEdit;
  name->setObjectName(QStringLiteral("experimentName"));
  FieldBinding::lineEdit(
      doc, name, JsonPath{QStringLiteral("name")}, FieldBinding::Kind::Text, false,
      new QRegularExpressionValidator(QRegularExpression(QStringLiteral("\\S.*"))));
  auto* description = new QLineEdit;
  description->setObjectName(QStringLiteral("experimentDescription"));
  FieldBinding::lineEdit(doc, description, JsonPath{QStringLiteral("description")},
                         FieldBinding::Kind::Text, true);

  auto* level = new QComboBox;
  level->setObjectName(QStringLiteral("experimentLevel"));
  level->addItem(tr("Operators (L0)"), QStringLiteral("operator"));
  level->addItem(tr("Networks (L1)"), QStringLiteral("network"));
  level->addItem(tr("Training (L2)"), QStringLiteral("training"));
  level->addItem(tr("Distributed training (L3)"), QStringLiteral("distributed"));
  level->addItem(tr("Collective communication (L3)"), QStringLiteral("collective"));
  level->setToolTip(
      tr("Changing the level replaces the level's sections with its defaults (undo brings them "
         "back)."));
  FieldBinding::comboBox(doc, level, JsonPath{QStringLiteral("level")}, QStringLiteral("operator"));

  auto* seed = new QLineEdit;
  seed->setObjectName(QStringLiteral("experimentSeed"));
  seed->setPlaceholderText(QStringLiteral("0"));
  FieldBinding::lineEdit(doc, seed, JsonPath{QStringLiteral("seed")}, FieldBinding::Kind::Integer,
                         true, new NumberValidator(NumberValidator::Kind::Integer, 0, 9.0e18));

  form->addRow(tr("Name"), name);
  form->addRow(tr("Description"), description);
  form->addRow(tr("Level"), level);
  form->addRow(tr("Seed"), seed);
}

}  // namespace d500::studio
