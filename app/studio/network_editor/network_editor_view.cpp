// NetworkEditor's drawing: after every edit the document is diagnosed (checker and shape
// inference), laid out by dot and drawn; nodes with a problem are red and listed below the graph.
#include <QGraphicsScene>
#include <QLabel>
#include <QListWidget>
#include <QScrollBar>

#include "graph/graph_items.h"
#include "graph/graph_layout.h"
#include "graph/graph_view.h"
#include "network_editor/gelu_expansion.h"
#include "network_editor/network_editor.h"
#include "network_editor/node_form.h"

namespace d500::studio {

namespace {

const QColor kProblemFill(0xf6, 0xc6, 0xc1);
const QColor kGeluFill(0xe4, 0xdc, 0xf5);  // the nodes of one Gelu, written in opset-17 ops

QString qs(const std::string& s) {
  return QString::fromStdString(s);
}

}  // namespace

void NetworkEditor::render(const QString& select) {
  if (!doc_) return;
  const QPointF centre = view_->mapToScene(view_->viewport()->rect().center());
  diagnostics_ = doc_->diagnose();
  graph_ = onnx::display_graph(*doc_, diagnostics_);
  buildScene();
  showProblems();
  view_->centerOn(centre);
  if (!select.isEmpty() && selectNode(select)) return;
  showSelection();
}

void NetworkEditor::buildScene() {
  const QSignalBlocker quiet(scene_);
  scene_->clear();
  nodes_.clear();
  edgeLabels_.clear();
  LayoutRequest request;
  std::vector<QSizeF> sizes;
  for (const onnx::DisplayNode& n : graph_.nodes) {
    sizes.push_back(NodeItem::boxSize(n));
    request.boxes.push_back({sizes.back().width(), sizes.back().height()});
  }
  for (const onnx::DisplayEdge& e : graph_.edges) request.edges.push_back({e.from, e.to});
  const LayoutResult layout = GraphLayout::layout(request);
  if (!layout.ok()) {
    refuse(qs(layout.error));
    return;
  }
  for (size_t i = 0; i < graph_.nodes.size(); ++i) {
    auto* item = new NodeItem(int(i), graph_.nodes[i], sizes[i]);
    item->setPos(layout.centers[i].x, layout.centers[i].y);
    const QString problem = nodeProblem(item->name());
    if (item->isOperator() && isGeluGroupNode(item->name().toStdString())) {
      item->setFill(kGeluFill, tr("Gelu"));
      item->setToolTip(
          tr("%1 (%2): part of a Gelu, x·0.5·(1 + Erf(x/√2)), as PyTorch exports it for opset 17")
              .arg(item->name(), item->opType()));
    }
    if (item->isOperator() && !problem.isEmpty()) {
      item->setFill(kProblemFill, tr("problem"));
      item->setToolTip(tr("%1 (%2): %3").arg(item->name(), item->opType(), problem));
    }
    scene_->addItem(item);
    nodes_.push_back(item);
  }
  for (size_t i = 0; i < graph_.edges.size(); ++i) {
    const LayoutResult::Path& p = layout.edges[i];
    const std::string& shape = graph_.edges[i].tensor.shape;
    const QString label = shape.empty() ? QStringLiteral("?") : qs(onnx::compact_shape(shape));
    edgeLabels_ << label;
    scene_->addItem(new EdgeItem(layoutPath(p), QPointF(p.tip.x, p.tip.y), label));
  }
  scene_->setSceneRect(scene_->itemsBoundingRect().adjusted(-60, -40, 60, 40));
}

void NetworkEditor::showProblems() {
  problems_->clear();
  for (const auto& [node, problem] : diagnostics_.node_errors) {
    auto* item = new QListWidgetItem(tr("%1: %2").arg(qs(node), qs(problem)));
    item->setData(Qt::UserRole, qs(node));
    item->setForeground(QColor(0xb0, 0x00, 0x20));
    item->setToolTip(tr("Double-click to select the node"));
    problems_->addItem(item);
  }
  if (!diagnostics_.model_error.empty())
    problems_->addItem(tr("Model: %1").arg(qs(diagnostics_.model_error)));
  problems_->setVisible(problems_->count() > 0);
  const int n = int(diagnostics_.node_errors.size()) + (diagnostics_.model_error.empty() ? 0 : 1);
  const QString counts = tr("%n node(s)", "", int(doc_->node_count()));
  status_->setText(
      n == 0 ? tr("<span style='color:#1b5e20'>✔ Valid</span>: %1, passes the ONNX checker; "
                  "shapes from ONNX shape inference label the edges.")
                   .arg(counts)
             : tr("<span style='color:#b00020'>✖ %n problem(s)</span>: fix them to save "
                  "(the model is kept as it is meanwhile).",
                  "", n));
}

void NetworkEditor::showSelection() {
  const QString name = selectedNode();
  if (name.isEmpty()) {
    if (form_->newOp().isEmpty())
      form_->showNothing(
          tr("Click a node to edit it, or double-click an operator in the palette to add one."));
    return;
  }
  const long index = doc_->find_node(name.toStdString());
  if (index < 0) return;
  const onnx::NodeInfo info = doc_->node(size_t(index));
  auto attributes = doc_->attributes(size_t(index));
  form_->showNode(info, attributes.ok() ? *attributes : std::vector<plugin::Attribute>{},
                  schemaOf(info.op_type, info.domain), tensorNames(), nodeProblem(name),
                  outputsOf(info));
}

void NetworkEditor::startNewNode(const QString& opType, const QString& domain) {
  if (!doc_ && !openBuilder(QStringLiteral("empty"))) return;  // double-click starts a network
  // The new node reads what the selected node writes, or else the first graph input.
  QString first;
  if (const long i = doc_->find_node(selectedNode().toStdString()); i >= 0)
    first = qs(doc_->node(size_t(i)).outputs.front());
  else if (!doc_->inputs().empty())
    first = qs(doc_->inputs().front().name);
  scene_->clearSelection();
  form_->showNewNode(opType, schemaOf(opType.toStdString(), domain.toStdString()), tensorNames(),
                     first);
}

}  // namespace d500::studio
