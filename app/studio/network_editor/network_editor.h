// The network editor (issue 17 item 2): an ONNX model, opened from a file or a `d500 model`
// builder, drawn as the graph view draws it and edited: add operators from the palette (the
// loaded plugins' ops, attributes in a form), connect tensors, delete a node, replace a node's op,
// change an attribute. After each edit ONNX shape inference runs again: shapes label the edges, a
// node the checker or inference refuses is drawn red with the reason. Every edit is one step on
// the undo stack; saving writes ONNX only when the checker passes. The editing itself is
// onnx::ModelDocument's (core); this is a thin view over it.
// Threading: GUI thread.
#pragma once

#include <QMap>
#include <QWidget>
#include <functional>
#include <memory>
#include <vector>

#include "d500/onnx/display_graph.h"
#include "d500/onnx/model_edit.h"
#include "models/plugin_catalog.h"

class QGraphicsScene;
class QLabel;
class QListWidget;
class QUndoStack;

namespace d500::studio {

class GraphView;
class NetworkPalette;
class NodeForm;
class NodeItem;

class NetworkEditor : public QWidget {
  Q_OBJECT
 public:
  explicit NetworkEditor(QWidget* parent = nullptr);
  ~NetworkEditor() override;

  // --- opening (false with lastError() when the file is not an ONNX model) ---
  bool openFile(const QString& path);
  // "empty" (one input [N, 1, 28, 28], no node), "mlp", "lenet", "resnet": unsaved until Save As
  bool openBuilder(const QString& builder);
  void setCatalog(const PluginCatalog& catalog);
  void setCatalogError(const QString& error);

  // --- edits: each one undo step; false, with lastError() and nothing changed, when refused ---
  bool addNode(const QString& opType, const QStringList& inputs,
               const QMap<QString, QString>& attributes, const QString& domain = {});
  bool removeNode(const QString& node);
  bool replaceOp(const QString& node, const QString& opType);
  bool setAttribute(const QString& node, const QString& name,
                    const QString& text);  // "" removes it
  bool connectInput(const QString& node, int index, const QString& tensor);
  bool widen(const QString& node, int outputs);  // a Conv's or Gemm's output channels
  // To filePath(); false when there is none or the checker refuses the model. A network without
  // outputs first gets the tensors no node reads as outputs (one undo step).
  bool save();
  bool saveAs(const QString& path);

  // --- what the window and tests read ---
  bool hasDocument() const { return doc_ != nullptr; }
  const onnx::ModelDocument* document() const { return doc_.get(); }
  const onnx::EditDiagnostics& diagnostics() const { return diagnostics_; }
  const onnx::DisplayGraph& graph() const { return graph_; }
  QUndoStack* undoStack() const { return stack_; }
  QString filePath() const { return path_; }
  QString title() const;
  QString lastError() const { return lastError_; }
  QString nodeProblem(const QString& node) const;
  QStringList edgeLabels() const;
  NodeItem* nodeItem(const QString& name) const;
  bool selectNode(const QString& name);
  QString selectedNode() const;
  GraphView* view() const { return view_; }
  NodeForm* form() const { return form_; }
  NetworkPalette* palette() const { return palette_; }

  // --- for NetworkEditCommand ---
  void restoreSnapshot(const std::string& snapshot, const QString& select);
  void refresh(const QString& select);

 Q_SIGNALS:
  void documentChanged();  // opened, edited, undone or saved: the title may change
  void message(const QString& text);

 private:
  void buildUi();
  bool open(std::string bytes, const QString& where, const QString& path);
  // `weights`: the edit changes initializers (the snapshots hold them too).
  bool apply(const QString& text,
             const std::function<Result<std::string>(onnx::ModelDocument&)>& edit,
             bool weights = false);
  int outputsOf(const onnx::NodeInfo& node) const;  // a Conv's or Gemm's outputs, else -1
  bool refuse(const QString& error);
  void render(const QString& select);
  void buildScene();
  void showProblems();
  void showSelection();
  void startNewNode(const QString& opType, const QString& domain);
  std::optional<onnx::OpSchemaInfo> schemaOf(const std::string& op,
                                             const std::string& domain) const;
  QStringList tensorNames() const;

  std::unique_ptr<onnx::ModelDocument> doc_;
  onnx::EditDiagnostics diagnostics_;
  onnx::DisplayGraph graph_;
  QString path_, where_, lastError_;
  QUndoStack* stack_;
  QGraphicsScene* scene_;
  std::vector<NodeItem*> nodes_;
  QStringList edgeLabels_;
  GraphView* view_;
  NetworkPalette* palette_;
  NodeForm* form_;
  QListWidget* problems_;
  QLabel* status_;
};

}  // namespace d500::studio
