#include "editor/operator_section.h"

#include <QComboBox>
#include <QFormLayout>
#include <QGridLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QRegularExpressionValidator>
#include <QToolButton>
#include <QVBoxLayout>

#include "editor/experiment_document.h"
#include "editor/field_binding.h"
#include "editor/shape_validator.h"
#include "editor/values_validator.h"

namespace d500::studio {

namespace {

const JsonPath kOperator{QStringLiteral("operator")};

void clearGrid(QGridLayout* grid) {
  while (QLayoutItem* item = grid->takeAt(0)) {
    if (QWidget* w = item->widget()) {
      w->hide();  // deleted later: a click handler of its own may be running now
      w->deleteLater();
    }
    delete item;
  }
}

QToolButton* removeButton(const QString& tip) {
  auto* b = new QToolButton;
  b->setText(QStringLiteral("✕"));
  b->setToolTip(tip);
  b->setAutoRaise(true);
  return b;
}

}  // namespace

OperatorSection::OperatorSection(ExperimentDocument* doc, QWidget* parent)
    : QGroupBox(tr("Operator"), parent), doc_(doc) {
  auto* layout = new QVBoxLayout(this);
  auto* form = new QFormLayout;
  auto* op = new QLineEdit;
  op->setObjectName(QStringLiteral("operatorOp"));
  op->setPlaceholderText(tr("ONNX op type, or pick one in the palette"));
  FieldBinding::lineEdit(
      doc, op, kOperator.key(QStringLiteral("op")), FieldBinding::Kind::Text, false,
      new QRegularExpressionValidator(QRegularExpression(QStringLiteral("[A-Za-z][A-Za-z0-9_]*"))));
  auto* domain = new QLineEdit;
  domain->setObjectName(QStringLiteral("operatorDomain"));
  domain->setPlaceholderText(tr("ai.onnx"));
  FieldBinding::lineEdit(
      doc, domain, kOperator.key(QStringLiteral("domain")), FieldBinding::Kind::Text, true,
      new QRegularExpressionValidator(QRegularExpression(QStringLiteral("[A-Za-z0-9_.]*"))));
  auto* dtype = new QComboBox;
  dtype->setObjectName(QStringLiteral("operatorDtype"));
  for (const char* t : {"float32", "float64", "int64", "int32", "uint8", "bool"})
    dtype->addItem(QLatin1String(t), QLatin1String(t));
  FieldBinding::comboBox(doc, dtype, kOperator.key(QStringLiteral("dtype")),
                         QStringLiteral("float32"));
  form->addRow(tr("Op type"), op);
  form->addRow(tr("Domain"), domain);
  form->addRow(tr("Element type"), dtype);
  layout->addLayout(form);

  layout->addWidget(
      new QLabel(tr("Inputs (dimensions: integers or sweep variables, e.g. \"N, C, 64, 64\")")));
  inputsBox_ = new QWidget;
  inputsGrid_ = new QGridLayout(inputsBox_);
  inputsGrid_->setContentsMargins(0, 0, 0, 0);
  layout->addWidget(inputsBox_);
  addInput_ = new QPushButton(tr("Add input"));
  addInput_->setObjectName(QStringLiteral("operatorAddInput"));
  connect(addInput_, &QPushButton::clicked, this, [this] { doc_->addNextInput(); });
  layout->addWidget(addInput_, 0, Qt::AlignLeft);

  layout->addWidget(new QLabel(tr("Attributes (a value may name a sweep variable as \"$name\")")));
  attributesBox_ = new QWidget;
  attributesGrid_ = new QGridLayout(attributesBox_);
  attributesGrid_->setContentsMargins(0, 0, 0, 0);
  layout->addWidget(attributesBox_);
  auto* addRow = new QHBoxLayout;
  newAttrName_ = new QLineEdit;
  newAttrName_->setObjectName(QStringLiteral("operatorNewAttributeName"));
  newAttrName_->setPlaceholderText(tr("name"));
  newAttrName_->setValidator(new QRegularExpressionValidator(
      QRegularExpression(QStringLiteral("[A-Za-z_][A-Za-z0-9_]*")), newAttrName_));
  newAttrValue_ = new QLineEdit;
  newAttrValue_->setObjectName(QStringLiteral("operatorNewAttributeValue"));
  newAttrValue_->setPlaceholderText(tr("value: 1, 1.0, [1, 1], $var, text"));
  newAttrValue_->setValidator(new ValuesValidator(ValuesValidator::Mode::Single, newAttrValue_));
  auto* add = new QPushButton(tr("Add attribute"));
  add->setObjectName(QStringLiteral("operatorAddAttribute"));
  addRow->addWidget(newAttrName_);
  addRow->addWidget(newAttrValue_);
  addRow->addWidget(add);
  layout->addLayout(addRow);
  connect(add, &QPushButton::clicked, this, [this] {
    Json v;
    if (!newAttrName_->hasAcceptableInput() ||
        !ValuesValidator::valueFromText(newAttrValue_->text(), &v))
      return;
    doc_->setAttribute(newAttrName_->text(), v);
    newAttrName_->clear();
    newAttrValue_->clear();
  });
  connect(newAttrValue_, &QLineEdit::returnPressed, add, &QPushButton::click);

  connect(doc_, &ExperimentDocument::changed, this, &OperatorSection::refresh);
  refresh();
}

void OperatorSection::refresh() {
  const Json inputs = kOperator.key(QStringLiteral("inputs")).get(doc_->json(), Json::array());
  const int count = inputs.is_array() ? int(inputs.size()) : 0;
  if (count != inputCount_) rebuildInputs(count);
  QStringList names;
  const Json attrs = kOperator.key(QStringLiteral("attributes")).get(doc_->json(), Json::object());
  if (attrs.is_object())
    for (auto it = attrs.begin(); it != attrs.end(); ++it)
      names << QString::fromStdString(it.key());
  if (names != attributeNames_) rebuildAttributes(names);
  updateAddInput();
}

void OperatorSection::updateAddInput() {
  const Json next = doc_->nextInput();
  addInput_->setEnabled(!next.is_null());
  const Json op = kOperator.key(QStringLiteral("op")).get(doc_->json());
  const QString name = op.is_string() ? QString::fromStdString(op.get<std::string>()) : QString();
  if (name.isEmpty())
    addInput_->setToolTip(tr("Choose the operator first: its inputs depend on it."));
  else if (next.is_null())
    addInput_->setToolTip(tr("%1 takes no more inputs.").arg(name));
  else
    addInput_->setToolTip(tr("Adds the input %1 takes next, with the shape %2.")
                              .arg(name, QString::fromStdString(next.dump())));
}

void OperatorSection::rebuildInputs(int count) {
  clearGrid(inputsGrid_);
  inputCount_ = count;
  const JsonPath inputs = kOperator.key(QStringLiteral("inputs"));
  for (int i = 0; i < count; ++i) {
    auto* edit = new QLineEdit;
    edit->setObjectName(QStringLiteral("operatorInput%1").arg(i));
    edit->setPlaceholderText(tr("scalar (no dimensions)"));
    FieldBinding::lineEdit(doc_, edit, inputs.index(i), FieldBinding::Kind::Shape, false,
                           new ShapeValidator);
    auto* remove = removeButton(tr("Remove input %1").arg(i));
    connect(remove, &QToolButton::clicked, this, [this, i] { doc_->removeInput(i); });
    inputsGrid_->addWidget(new QLabel(tr("Input %1").arg(i)), i, 0);
    inputsGrid_->addWidget(edit, i, 1);
    inputsGrid_->addWidget(remove, i, 2);
  }
}

void OperatorSection::rebuildAttributes(const QStringList& names) {
  clearGrid(attributesGrid_);
  attributeNames_ = names;
  const JsonPath attrs = kOperator.key(QStringLiteral("attributes"));
  for (int i = 0; i < names.size(); ++i) {
    const QString name = names[i];
    auto* edit = new QLineEdit;
    edit->setObjectName(QStringLiteral("operatorAttribute_") + name);
    FieldBinding::lineEdit(doc_, edit, attrs.key(name), FieldBinding::Kind::Value, false,
                           new ValuesValidator(ValuesValidator::Mode::Single));
    auto* remove = removeButton(tr("Remove attribute %1").arg(name));
    connect(remove, &QToolButton::clicked, this, [this, name] { doc_->removeAttribute(name); });
    attributesGrid_->addWidget(new QLabel(name), i, 0);
    attributesGrid_->addWidget(edit, i, 1);
    attributesGrid_->addWidget(remove, i, 2);
  }
}

}  // namespace d500::studio
