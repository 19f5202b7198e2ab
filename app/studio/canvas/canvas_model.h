// The experiment canvas's graph: one node per component of the experiment (ComponentSlots over
// the core's component table), typed ports, the edges the file implies, and what is wrong with
// each node. The experiment document is the source of truth: the model is rebuilt from it after
// every change, whoever made it (the canvas, the form or the JSON text), and every edit made here
// is one undo step on the document's stack (CanvasCommand), which also carries the canvas's own
// state: node positions and spare components (dropped beside a slot that is taken, kept with
// the layout in the project, run as variants).
// Nodes are keyed by stable ids: a node's id lasts as long as the model, across rebuilds.
// Threading: GUI thread.
#pragma once

#include <QHash>
#include <QList>
#include <QObject>
#include <QPointF>
#include <QPointer>
#include <QSizeF>
#include <QStringList>
#include <optional>

#include "canvas/component_slots.h"

namespace d500::studio {

class ExperimentDocument;

class CanvasModel : public QObject {
  Q_OBJECT
 public:
  struct Port {
    QString name, type;
    bool required = false;
    int feeder = -1;  // the node feeding it, -1 when unconnected
  };
  struct Node {
    int id = -1;
    QString key;  // "optimizer", "implementation/torch", "spare/2"
    const d500::spec::ComponentKind* kind = nullptr;
    QString value;
    Json params = Json::object();
    bool spare = false;  // on the canvas, not in the experiment
    QString jsonPath;
    QList<Port> ports;
    QStringList problems;  // the runner's, and required inputs left unconnected
    QString live;          // what a run reports about it now ("lr 0.001")
  };
  struct Edge {
    int from = -1, to = -1;
    QString port;
    bool variant = false;  // from a spare: it runs as its own variant beside the wired one
  };

  // Ownership: parent. `doc` must outlive the model.
  explicit CanvasModel(ExperimentDocument* doc, QObject* parent = nullptr);

  ExperimentDocument* document() const { return doc_; }
  QString level() const;
  const QList<Node>& nodes() const { return nodes_; }
  const QList<Edge>& edges() const { return edges_; }
  const Node* node(int id) const;
  int nodeId(const QString& key) const;  // -1 when there is none
  QPointF position(int id) const;
  // "Node: message", for the Problems pane.
  QStringList problemList() const;

  // --- edits: each is one undo step; "" when done, else why not (also lastRefusal()) --------
  // From the palette: onto a node of the same kind swaps it (keeping the parameters that still
  // apply); onto an input port fills that slot; elsewhere fills the kind's slot, or adds a spare
  // when the slot is taken (a list kind, an implementation or executor, fans out instead).
  QString addComponent(const QString& kind, const QString& value, const QPointF& at,
                       int ontoNode = -1, const QString& ontoPort = QString());
  // An ONNX model file (the network editor's, or any .onnx) as the level's model or network
  // (network.model, training.network.model): onto the model node it swaps it. Stored relative
  // to the experiment file when the experiment has one, else absolute.
  QString addModelFile(const QString& path, const QPointF& at);
  // Wires `from`'s output into `port` of `to`: refused when the types differ; a spare becomes
  // the slot's component, the one it replaces a spare.
  QString connectPorts(int from, int to, const QString& port);
  // The source of the edge leaves the experiment and stays on the canvas as a spare.
  QString disconnect(int to, const QString& port);
  void removeNodes(const QList<int>& ids);
  void moveNodes(const QHash<int, QPointF>& positions);
  void autoLayout();
  enum class Align { Left, Top, HCenter, VCenter };
  void align(const QList<int>& ids, Align how);
  Json copy(const QList<int>& ids) const;  // [{"kind", "value", "params"}]
  void paste(const Json& clip, const QPointF& at);
  // A template: the whole experiment and its layout, as one step.
  void replaceAll(const Json& experiment, const Json& layout);
  QString lastRefusal() const { return refusal_; }
  int refusedNode() const { return refusedNode_; }
  QString refusedPort() const { return refusedPort_; }

  // --- state kept in the project ----------------------------------------------------------
  // {"positions": {key: [x, y]}, "spares": [{"kind", "value", "params"}]}
  Json layoutJson() const;
  void setLayoutJson(const Json& layout);  // not an edit (opening a project)
  // The experiment and one copy per spare swapped into its slot: what "run variants" runs.
  QList<Json> variants() const;

  // --- live state -------------------------------------------------------------------------
  void setLive(const QHash<QString, QString>& byKind);  // kind -> text; empty clears

  // A node's box on the canvas (points), from its ports and parameters: the items draw it, the
  // auto-layout spaces it.
  static QSizeF nodeSize(const Node& n);
  static QStringList paramLines(const Node& n);  // "lr 0.001", at most kParamLines
  static int liveLines(const Node& n);           // the rows its live state may take (0: none)
  static constexpr int kParamLines = 4;

  // Used by CanvasCommand only.
  void restoreState(const Json& state);
  void notifyEdited() { Q_EMIT layoutEdited(); }

 Q_SIGNALS:
  // After every rebuild: an edit, the runner's verdict arriving, a layout restored on opening.
  void changed();
  // After an edit made on the canvas, its undo or its redo (CanvasCommand): the layout is the
  // user's change, unlike the placements a rebuild makes on its own.
  void layoutEdited();
  void liveChanged();
  void refused(int node, const QString& port, const QString& reason);

 private:
  void rebuild();
  void push(const Json& nextDoc, const Json& nextState, const QString& text);
  QString refuse(int node, const QString& port, const QString& reason);
  Json spareJson(const Node& n) const;
  Json withSpares(Json state, const QList<Json>& spares) const;
  QList<Json> sparesOf(const Json& state) const;
  Json defaultParams(const d500::spec::ComponentKind& k, const QString& value) const;
  void placeMissing();
  // Where a new component goes beside a placed one it is wired to; nullopt when it has none.
  std::optional<QPointF> besideNeighbour(const Node& n) const;
  QString liveFor(const Node& n) const;
  int idFor(const QString& key);

  ExperimentDocument* doc_;
  QList<Node> nodes_;
  QList<Edge> edges_;
  QHash<QString, int> ids_;
  QHash<QString, QPointF> positions_;  // by key
  QList<Json> spares_;                 // {"key", "kind", "value", "params"}
  int nextSpare_ = 1;
  QHash<QString, QString> live_;
  QString refusal_, refusedPort_;
  int refusedNode_ = -1;
};

}  // namespace d500::studio
