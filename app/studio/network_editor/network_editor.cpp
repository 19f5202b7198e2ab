#include "network_editor/network_editor.h"

#include <QFileInfo>
#include <QGraphicsScene>
#include <QLabel>
#include <QListWidget>
#include <QShortcut>
#include <QSplitter>
#include <QUndoStack>
#include <QVBoxLayout>

#include "d500/onnx/model_builder.h"
#include "graph/graph_items.h"
#include "graph/graph_view.h"
#include "network_editor/attribute_text.h"
#include "network_editor/gelu_expansion.h"
#include "network_editor/network_edit_command.h"
#include "network_editor/network_palette.h"
#include "network_editor/node_form.h"

namespace d500::studio {

namespace {

QString qs(const std::string& s) {
  return QString::fromStdString(s);
}

Result<std::string> builderBytes(const QString& builder) {
  const onnx::BuildOptions options{.seed = 1, .batch = 0, .with_loss = true};
  if (builder == QLatin1String("empty")) return onnx::build_empty({}, {.seed = 1, .batch = 0});
  if (builder == QLatin1String("mlp")) return onnx::build_mlp({}, options);
  if (builder == QLatin1String("lenet")) return onnx::build_lenet({}, options);
  if (builder == QLatin1String("resnet")) return onnx::build_resnet({}, options);
  return Error{"no builder \"" + builder.toStdString() + "\" (empty, mlp, lenet or resnet)", ""};
}

}  // namespace

NetworkEditor::NetworkEditor(QWidget* parent) : QWidget(parent) {
  setObjectName(QStringLiteral("networkEditor"));
  stack_ = new QUndoStack(this);
  buildUi();
  connect(stack_, &QUndoStack::cleanChanged, this, &NetworkEditor::documentChanged);
}

NetworkEditor::~NetworkEditor() {
  // The commands call back into the editor: they go before the document does; and the scene's
  // items, going with it, must not ask for the form, which goes first.
  stack_->clear();
  scene_->disconnect(this);
}

void NetworkEditor::buildUi() {
  palette_ = new NetworkPalette;
  scene_ = new QGraphicsScene(this);
  view_ = new GraphView(scene_);
  view_->setDragMode(QGraphicsView::RubberBandDrag);
  problems_ = new QListWidget;
  problems_->setObjectName(QStringLiteral("networkProblems"));
  problems_->setMaximumHeight(96);
  status_ = new QLabel;
  status_->setObjectName(QStringLiteral("networkStatus"));
  status_->setWordWrap(true);
  form_ = new NodeForm;
  form_->setOperators(palette_->operators());

  auto* centre = new QWidget;
  auto* column = new QVBoxLayout(centre);
  column->setContentsMargins(0, 0, 0, 0);
  column->addWidget(view_, 1);
  column->addWidget(status_);
  column->addWidget(problems_);
  auto* split = new QSplitter(Qt::Horizontal);
  split->addWidget(palette_);
  split->addWidget(centre);
  split->addWidget(form_);
  split->setStretchFactor(1, 1);
  split->setSizes({200, 820, 340});
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(4, 4, 4, 4);
  layout->addWidget(split);

  connect(palette_, &NetworkPalette::operatorChosen, this, &NetworkEditor::startNewNode);
  connect(scene_, &QGraphicsScene::selectionChanged, this, &NetworkEditor::showSelection);
  connect(problems_, &QListWidget::itemActivated, this,
          [this](QListWidgetItem* item) { selectNode(item->data(Qt::UserRole).toString()); });
  connect(form_, &NodeForm::inputChosen, this, &NetworkEditor::connectInput);
  connect(form_, &NodeForm::attributeEdited, this,
          [this](const QString& node, const QString& name, const QString&, const QString& text) {
            setAttribute(node, name, text);
          });
  connect(form_, &NodeForm::replaceRequested, this, &NetworkEditor::replaceOp);
  connect(form_, &NodeForm::deleteRequested, this, &NetworkEditor::removeNode);
  connect(form_, &NodeForm::widenRequested, this, &NetworkEditor::widen);
  connect(form_, &NodeForm::addRequested, this,
          [this](const QString& op, const QStringList& inputs,
                 const QMap<QString, QString>& attrs) { addNode(op, inputs, attrs); });
  auto* del = new QShortcut(QKeySequence::Delete, view_, nullptr, nullptr, Qt::WidgetShortcut);
  connect(del, &QShortcut::activated, this, [this] {
    if (!selectedNode().isEmpty()) removeNode(selectedNode());
  });
  status_->setText(
      tr("Open an ONNX model, start from a builder (File menu), or double-click an operator in "
         "the palette to start an empty network."));
}

bool NetworkEditor::refuse(const QString& error) {
  lastError_ = error;
  status_->setText(
      QStringLiteral("<span style='color:#b00020'>%1</span>").arg(error.toHtmlEscaped()));
  Q_EMIT message(error);
  return false;
}

bool NetworkEditor::open(std::string bytes, const QString& where, const QString& path) {
  auto doc = onnx::ModelDocument::parse(bytes, where.toStdString());
  if (!doc.ok()) return refuse(tr("Cannot open %1: %2").arg(where, qs(doc.error().message)));
  stack_->clear();
  doc_ = std::make_unique<onnx::ModelDocument>(std::move(doc).value());
  path_ = path;
  where_ = where;
  lastError_.clear();
  palette_->setOpset(doc_->opset(""));
  form_->setOperators(palette_->operators());
  form_->showNothing(
      tr("Click a node to edit it, or double-click an operator in the palette to add one."));
  render(QString());
  view_->showReadable();
  stack_->setClean();
  Q_EMIT documentChanged();
  return true;
}

bool NetworkEditor::openFile(const QString& path) {
  QFile f(path);
  if (!f.open(QIODevice::ReadOnly))
    return refuse(tr("Cannot open %1: %2").arg(path, f.errorString()));
  return open(f.readAll().toStdString(), path, path);
}

bool NetworkEditor::openBuilder(const QString& builder) {
  auto bytes = builderBytes(builder);
  if (!bytes.ok()) return refuse(qs(bytes.error().message));
  return open(std::move(bytes).value(), tr("builder %1").arg(builder), QString());
}

void NetworkEditor::setCatalog(const PluginCatalog& catalog) {
  palette_->setCatalog(catalog);
  form_->setOperators(palette_->operators());
}

void NetworkEditor::setCatalogError(const QString& error) {
  palette_->setError(error);
}

bool NetworkEditor::apply(const QString& text,
                          const std::function<Result<std::string>(onnx::ModelDocument&)>& edit,
                          bool weights) {
  if (!doc_) return refuse(tr("Open a model first."));
  std::string before = doc_->snapshot(weights);
  auto done = edit(*doc_);
  if (!done.ok()) {
    doc_->restore(before);  // an edit of several steps may have made some
    return refuse(qs(done.error().message));
  }
  lastError_.clear();
  stack_->push(
      new NetworkEditCommand(this, text, std::move(before), doc_->snapshot(weights), qs(*done)));
  return true;
}

bool NetworkEditor::addNode(const QString& opType, const QStringList& inputs,
                            const QMap<QString, QString>& attributes, const QString& domain) {
  if (!doc_) return refuse(tr("Open a model first."));
  onnx::NewNode n;
  n.op_type = opType.toStdString();
  n.domain = domain.toStdString();
  for (const QString& in : inputs) n.inputs.push_back(in.toStdString());
  const auto schema = schemaOf(n.op_type, n.domain);
  for (auto it = attributes.begin(); it != attributes.end(); ++it) {
    const onnx::OpAttributeInfo* info =
        schema ? schema->attribute(it.key().toStdString()) : nullptr;
    if (!info) return refuse(tr("%1 has no attribute “%2”").arg(opType, it.key()));
    plugin::Attribute a;
    QString error;
    if (!parseAttribute(it.key(), qs(info->type), it.value(), &a, &error)) return refuse(error);
    n.attributes.push_back(std::move(a));
  }
  return apply(tr("Add %1").arg(opType), [n](onnx::ModelDocument& d) { return d.add_node(n); });
}

bool NetworkEditor::removeNode(const QString& node) {
  return apply(tr("Delete %1").arg(node),
               [node](onnx::ModelDocument& d) { return d.remove_node(node.toStdString()); });
}

bool NetworkEditor::replaceOp(const QString& node, const QString& opType) {
  QString op = opType, domain;
  if (opType.contains(QStringLiteral("::"))) PluginCatalog::splitOperatorKey(opType, &op, &domain);
  return apply(tr("Replace %1 by %2").arg(node, op), [node, op, domain](onnx::ModelDocument& d) {
    // Gelu without a schema here: the opset-17 group PyTorch exports, one undo step.
    if (geluNeedsExpansion(d, op.toStdString(), domain.toStdString()))
      return expandToGelu(d, node.toStdString());
    return d.replace_op(node.toStdString(), op.toStdString(), domain.toStdString());
  });
}

bool NetworkEditor::setAttribute(const QString& node, const QString& name, const QString& text) {
  if (!doc_) return refuse(tr("Open a model first."));
  const long index = doc_->find_node(node.toStdString());
  if (index < 0) return refuse(tr("No node named “%1”").arg(node));
  if (text.trimmed().isEmpty())
    return apply(tr("Unset %1 of %2").arg(name, node), [node, name](onnx::ModelDocument& d) {
      return d.remove_attribute(node.toStdString(), name.toStdString());
    });
  const onnx::NodeInfo info = doc_->node(size_t(index));
  const auto schema = schemaOf(info.op_type, info.domain);
  const onnx::OpAttributeInfo* a = schema ? schema->attribute(name.toStdString()) : nullptr;
  if (!a) return refuse(tr("%1 has no attribute “%2”").arg(qs(info.op_type), name));
  plugin::Attribute value;
  QString error;
  if (!parseAttribute(name, qs(a->type), text, &value, &error)) return refuse(error);
  return apply(tr("Set %1 of %2").arg(name, node), [node, value](onnx::ModelDocument& d) {
    return d.set_attribute(node.toStdString(), value);
  });
}

bool NetworkEditor::connectInput(const QString& node, int index, const QString& tensor) {
  return apply(
      tr("Connect %1 to %2").arg(tensor, node), [node, index, tensor](onnx::ModelDocument& d) {
        return d.connect(node.toStdString(), size_t(std::max(index, 0)), tensor.toStdString());
      });
}

bool NetworkEditor::widen(const QString& node, int outputs) {
  return apply(
      tr("Widen %1 to %2").arg(node).arg(outputs),
      [node, outputs](onnx::ModelDocument& d) { return d.widen(node.toStdString(), outputs, 1); },
      true);
}

int NetworkEditor::outputsOf(const onnx::NodeInfo& n) const {
  if ((n.op_type != "Conv" && n.op_type != "Gemm") || n.inputs.size() < 2) return -1;
  const onnx::ValueInfo w = doc_->initializer_info(n.inputs[1]);
  bool transB = false;
  if (const long i = doc_->find_node(n.name); i >= 0)
    if (auto attrs = doc_->attributes(size_t(i)); attrs.ok())
      for (const auto& a : *attrs)
        if (a.name == "transB" && std::holds_alternative<int64_t>(a.value))
          transB = std::get<int64_t>(a.value) != 0;
  const size_t axis = n.op_type == "Gemm" && !transB ? 1 : 0;
  return w.shape.size() > axis ? int(w.shape[axis]) : -1;
}

bool NetworkEditor::save() {
  if (path_.isEmpty()) return refuse(tr("This model has no file yet: use Save As."));
  return saveAs(path_);
}

bool NetworkEditor::saveAs(const QString& path) {
  if (!doc_) return refuse(tr("Open a model first."));
  if (doc_->node_count() == 0)
    return refuse(tr("The network is empty: add an operator before saving."));
  // A network started empty has no outputs: what no node reads becomes one (an undo step).
  if (doc_->outputs().empty() &&
      !apply(tr("Make the unread tensors outputs"),
             [](onnx::ModelDocument& d) { return d.expose_unread_outputs(); }))
    return false;
  auto saved = doc_->save(path.toStdString());
  if (!saved.ok()) return refuse(tr("Not saved: %1").arg(qs(saved.error().message)));
  path_ = path;
  stack_->setClean();
  lastError_.clear();
  showProblems();  // the status line no longer shows an earlier refusal
  Q_EMIT message(tr("Saved %1 (passes the ONNX checker)").arg(path));
  Q_EMIT documentChanged();
  return true;
}

QString NetworkEditor::title() const {
  if (!doc_) return tr("Network editor");
  const QString name = path_.isEmpty() ? where_ : QFileInfo(path_).fileName();
  return tr("Network editor · %1%2")
      .arg(name, stack_->isClean() ? QString() : QStringLiteral(" *"));
}

QString NetworkEditor::nodeProblem(const QString& node) const {
  auto it = diagnostics_.node_errors.find(node.toStdString());
  return it == diagnostics_.node_errors.end() ? QString() : qs(it->second);
}

QStringList NetworkEditor::edgeLabels() const {
  return edgeLabels_;
}

NodeItem* NetworkEditor::nodeItem(const QString& name) const {
  for (NodeItem* n : nodes_)
    if (n->name() == name) return n;
  return nullptr;
}

bool NetworkEditor::selectNode(const QString& name) {
  NodeItem* item = nodeItem(name);
  if (!item) return false;
  scene_->clearSelection();
  item->setSelected(true);
  view_->ensureVisible(item);
  return true;
}

QString NetworkEditor::selectedNode() const {
  for (QGraphicsItem* i : scene_->selectedItems())
    if (i->type() == NodeItem::Type && static_cast<NodeItem*>(i)->isOperator())
      return static_cast<NodeItem*>(i)->name();
  return QString();
}

void NetworkEditor::restoreSnapshot(const std::string& snapshot, const QString& select) {
  doc_->restore(snapshot);
  render(select);
}

void NetworkEditor::refresh(const QString& select) {
  render(select);
}

std::optional<onnx::OpSchemaInfo> NetworkEditor::schemaOf(const std::string& op,
                                                          const std::string& domain) const {
  const int64_t opset = doc_ ? doc_->opset(domain) : 0;
  return onnx::op_schema(op, domain, opset ? opset : 1);
}

QStringList NetworkEditor::tensorNames() const {
  QStringList out;
  if (doc_)
    for (const std::string& t : doc_->tensor_names()) out << qs(t);
  return out;
}

}  // namespace d500::studio
