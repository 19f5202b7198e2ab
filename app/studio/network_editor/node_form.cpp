#include "network_editor/node_form.h"

#include <QComboBox>
#include <QCoreApplication>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QScrollArea>
#include <QSpinBox>
#include <QVBoxLayout>

#include "network_editor/attribute_text.h"

namespace d500::studio {

namespace {

QLabel* heading(const QString& text) {
  auto* l = new QLabel(text);
  QFont f = l->font();
  f.setBold(true);
  l->setFont(f);
  return l;
}

QLabel* note(const QString& text, const QString& style = {}) {
  auto* l = new QLabel(text);
  l->setWordWrap(true);
  l->setTextInteractionFlags(Qt::TextSelectableByMouse);
  if (!style.isEmpty()) l->setStyleSheet(style);
  return l;
}

// How many input pickers a node gets: every formal input, one more for a variadic one, at least
// as many as it has.
int inputRows(const std::optional<onnx::OpSchemaInfo>& s, int current) {
  if (!s) return current + 1;
  const bool variadic = !s->inputs.empty() && s->inputs.back().variadic;
  const int rows = variadic ? current + 1 : int(s->inputs.size());
  return std::min(std::max(rows, current), s->max_inputs);
}

QString inputLabel(const std::optional<onnx::OpSchemaInfo>& s, int i) {
  if (!s || s->inputs.empty())
    return QCoreApplication::translate("d500::studio::NodeForm", "input %1").arg(i);
  const size_t formal = std::min(size_t(i), s->inputs.size() - 1);
  const onnx::OpPortInfo& p = s->inputs[formal];
  QString label = QString::fromStdString(p.name);
  if (p.variadic) label += QStringLiteral("[%1]").arg(i - int(formal));
  if (p.optional) label += QCoreApplication::translate("d500::studio::NodeForm", " (optional)");
  return label;
}

}  // namespace

NodeForm::NodeForm(QWidget* parent) : QWidget(parent) {
  setObjectName(QStringLiteral("networkNodeForm"));
  scroll_ = new QScrollArea;
  scroll_->setWidgetResizable(true);
  scroll_->setFrameShape(QFrame::NoFrame);
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addWidget(scroll_);
  setMinimumWidth(300);
  showNothing(
      tr("Click a node to edit it, or double-click an operator in the palette to add one."));
}

void NodeForm::setOperators(const QStringList& opTypes) {
  operators_ = opTypes;
  // Gelu is offered even where no plugin lists it: the editor writes it as ops they all run.
  if (!operators_.contains(QStringLiteral("Gelu"))) operators_ << QStringLiteral("Gelu");
}

QVBoxLayout* NodeForm::startPage(const QString& title, const QString& subtitle) {
  inputs_.clear();
  fields_.clear();
  replace_ = nullptr;
  widen_ = nullptr;
  auto* page = new QWidget;
  auto* column = new QVBoxLayout(page);
  column->addWidget(heading(title));
  if (!subtitle.isEmpty()) column->addWidget(note(subtitle, QStringLiteral("color: #555")));
  // The previous page goes later: this may run inside one of its widgets' signals.
  if (QWidget* old = scroll_->takeWidget()) old->deleteLater();
  scroll_->setWidget(page);
  return column;
}

void NodeForm::showNothing(const QString& hint) {
  node_.clear();
  newOp_.clear();
  QVBoxLayout* page = startPage(tr("Nothing selected"), QString());
  page->addWidget(note(hint));
  page->addStretch(1);
}

void NodeForm::addInputs(QVBoxLayout* page, const std::optional<onnx::OpSchemaInfo>& schema,
                         const QStringList& current, const QStringList& tensors) {
  page->addWidget(heading(tr("Inputs")));
  auto* form = new QFormLayout;
  for (int i = 0; i < inputRows(schema, int(current.size())); ++i) {
    auto* pick = new QComboBox;
    pick->setObjectName(QStringLiteral("networkInput%1").arg(i));
    pick->addItem(tr("(not connected)"), QString());
    for (const QString& t : tensors) pick->addItem(t, t);
    pick->setCurrentIndex(std::max(0, pick->findData(current.value(i))));
    pick->setToolTip(tr("The tensor this input reads"));
    connect(pick, &QComboBox::activated, this, [this, i, pick] {
      if (!node_.isEmpty()) Q_EMIT inputChosen(node_, i, pick->currentData().toString());
    });
    form->addRow(inputLabel(schema, i), pick);
    inputs_ << pick;
  }
  page->addLayout(form);
}

void NodeForm::addAttributes(QVBoxLayout* page, const std::optional<onnx::OpSchemaInfo>& schema,
                             const std::vector<plugin::Attribute>& values) {
  page->addWidget(heading(tr("Attributes")));
  if (!schema) {
    page->addWidget(
        note(tr("libonnx has no schema for this operator: its attributes are not known.")));
    return;
  }
  if (schema->attributes.empty()) page->addWidget(note(tr("This operator has no attributes.")));
  auto* form = new QFormLayout;
  for (const onnx::OpAttributeInfo& a : schema->attributes) {
    if (a.type == "tensor" || a.type == "graph") continue;
    const QString name = QString::fromStdString(a.name), type = QString::fromStdString(a.type);
    auto* field = new QLineEdit;
    field->setObjectName(QStringLiteral("networkAttr_") + name);
    for (const plugin::Attribute& v : values)
      if (v.name == a.name) field->setText(attributeText(v));
    field->setPlaceholderText(a.default_value.empty()
                                  ? (a.required ? tr("required") : tr("not set"))
                                  : tr("default %1").arg(QString::fromStdString(a.default_value)));
    field->setToolTip(QStringLiteral("%1 (%2)\n\n%3")
                          .arg(name, type, QString::fromStdString(a.description).trimmed()));
    connect(field, &QLineEdit::editingFinished, this, [this, name, type, field] {
      if (!node_.isEmpty() && field->isModified()) {
        field->setModified(false);
        Q_EMIT attributeEdited(node_, name, type, field->text());
      }
    });
    form->addRow(QStringLiteral("%1 <span style='color:#777'>%2</span>").arg(name, type), field);
    fields_.insert(name, field);
  }
  page->addLayout(form);
}

void NodeForm::addNodeActions(QVBoxLayout* page) {
  page->addWidget(heading(tr("Replace the op")));
  auto* row = new QHBoxLayout;
  replace_ = new QComboBox;
  replace_->setObjectName(QStringLiteral("networkReplaceOp"));
  replace_->addItems(operators_);
  replace_->setEditable(true);
  replace_->setCurrentIndex(-1);
  replace_->lineEdit()->setPlaceholderText(tr("another op, e.g. Sigmoid"));
  auto* apply = new QPushButton(tr("Replace"));
  apply->setToolTip(tr("Keeps the inputs, outputs and the attributes the new op has"));
  connect(apply, &QPushButton::clicked, this,
          [this] { Q_EMIT replaceRequested(node_, replace_->currentText().trimmed()); });
  row->addWidget(replace_, 1);
  row->addWidget(apply);
  page->addLayout(row);
  auto* remove = new QPushButton(tr("Delete node"));
  remove->setObjectName(QStringLiteral("networkDeleteNode"));
  remove->setToolTip(tr("Nodes reading its output read its first input instead (Delete)"));
  connect(remove, &QPushButton::clicked, this, [this] { Q_EMIT deleteRequested(node_); });
  page->addWidget(remove);
}

void NodeForm::addWiden(QVBoxLayout* page, int outputs) {
  page->addWidget(heading(tr("Widen")));
  auto* row = new QHBoxLayout;
  widen_ = new QSpinBox;
  widen_->setObjectName(QStringLiteral("networkWiden"));
  widen_->setRange(outputs + 1, 1 << 20);
  widen_->setValue(outputs * 2);
  widen_->setPrefix(tr("%1 → ").arg(outputs));
  widen_->setSuffix(tr(" outputs"));
  auto* apply = new QPushButton(tr("Widen"));
  apply->setToolTip(tr(
      "More output channels: new weights drawn at random, the next layer's grown by zeros, so the "
      "network computes what it did"));
  connect(apply, &QPushButton::clicked, this,
          [this] { Q_EMIT widenRequested(node_, widen_->value()); });
  row->addWidget(widen_, 1);
  row->addWidget(apply);
  page->addLayout(row);
}

void NodeForm::showNode(const onnx::NodeInfo& node,
                        const std::vector<plugin::Attribute>& attributes,
                        const std::optional<onnx::OpSchemaInfo>& schema, const QStringList& tensors,
                        const QString& problem, int outputs) {
  newOp_.clear();
  node_ = QString::fromStdString(node.name);
  QStringList written;
  for (const auto& o : node.outputs) written << QString::fromStdString(o);
  QVBoxLayout* page =
      startPage(QStringLiteral("%1 · %2").arg(QString::fromStdString(node.op_type), node_),
                tr("writes %1").arg(written.join(QStringLiteral(", "))));
  if (!problem.isEmpty())
    page->addWidget(note(tr("Problem: %1").arg(problem), QStringLiteral("color: #b00020")));
  QStringList current;
  for (const auto& in : node.inputs) current << QString::fromStdString(in);
  QStringList readable = tensors;
  for (const QString& o : written) readable.removeAll(o);
  addInputs(page, schema, current, readable);
  addAttributes(page, schema, attributes);
  if (outputs > 0) addWiden(page, outputs);
  addNodeActions(page);
  page->addStretch(1);
}

void NodeForm::showNewNode(const QString& opType, const std::optional<onnx::OpSchemaInfo>& schema,
                           const QStringList& tensors, const QString& firstInput) {
  node_.clear();
  newOp_ = opType;
  QVBoxLayout* page =
      startPage(tr("New %1 node").arg(opType),
                schema ? tr("ONNX %1, since opset %2").arg(opType).arg(schema->since_version)
                       : tr("not in libonnx's schemas: inputs and attributes are not checked"));
  addInputs(page, schema, firstInput.isEmpty() ? QStringList() : QStringList{firstInput}, tensors);
  addAttributes(page, schema, {});
  auto* add = new QPushButton(tr("Add node"));
  add->setObjectName(QStringLiteral("networkAddNode"));
  connect(add, &QPushButton::clicked, this, [this] {
    QStringList inputs;
    for (QComboBox* c : inputs_) inputs << c->currentData().toString();
    while (!inputs.isEmpty() && inputs.back().isEmpty()) inputs.removeLast();
    QMap<QString, QString> attributes;
    for (auto it = fields_.begin(); it != fields_.end(); ++it)
      if (!it.value()->text().trimmed().isEmpty()) attributes.insert(it.key(), it.value()->text());
    Q_EMIT addRequested(newOp_, inputs, attributes);
  });
  page->addWidget(add);
  page->addStretch(1);
}

}  // namespace d500::studio
