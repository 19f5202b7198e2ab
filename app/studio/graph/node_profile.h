// What a network run stored per node (measurements whose point_json has "kind": "node"), by
// executor and group ("fwd b=1", "fwd+bwd b=64"): each node's passes (fwd, bwd) with their
// median and CI, the node's share of the group's time, per-node validation errors and memory when
// the store holds them. The graph view colours and describes nodes from it.
// Threading: a value; build it on any thread, read it on any.
#pragma once

#include <QList>
#include <QString>
#include <QStringList>
#include <map>

#include "d500/store/result_store.h"

namespace d500::studio {

struct NodePass {
  QString pass;  // "fwd", "bwd"
  double medianNs = 0, ciLoNs = 0, ciHiNs = 0;
  bool ciValid = false;
  qint64 samples = 0;
  double bytes = 0;  // per call; 0 = not measured
};

struct NodeTimes {
  QString node, opType;
  QList<NodePass> passes;
  double totalNs() const;
};

struct NodeGroup {
  QString executor, group;
  std::map<QString, NodeTimes> nodes;  // by node name
  double totalNs = 0;                  // over every node pass of the group
  // The node's share of the group's time, 0..1 (0 for a node not measured).
  double share(const QString& node) const;
  // The measured node with the most time ("" when none).
  QString slowest() const;
};

struct NodeValidation {
  QString metric;
  double value = 0, tolerance = 0;
  bool passed = false;
};

class NodeProfile {
 public:
  // Reads run `runId`'s node measurements and validations; empty when it has none.
  static NodeProfile fromStore(const store::ResultStore& s, qint64 runId);

  bool empty() const { return groups_.empty(); }
  QStringList executors() const;
  QStringList groups(const QString& executor) const;
  const NodeGroup* find(const QString& executor, const QString& group) const;
  // Per-node validation of `executor` against the reference, by node; empty when not measured.
  const std::map<QString, NodeValidation>* validation(const QString& executor) const;
  bool hasValidation() const { return !validation_.empty(); }
  // Whether any node pass stored bytes moved per call.
  bool hasMemory() const { return hasMemory_; }

 private:
  std::map<QString, std::map<QString, NodeGroup>> groups_;           // executor -> group -> times
  std::map<QString, std::map<QString, NodeValidation>> validation_;  // executor -> node -> error
  QStringList executorOrder_;
  bool hasMemory_ = false;
};

}  // namespace d500::studio
