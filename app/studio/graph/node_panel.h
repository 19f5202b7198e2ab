// The side panel of the graph view: the selected node's measurements (median, CI and share of
// its group's time, per executor, group and pass), its validation error, its attributes, and its
// input and output tensors with their shapes.
// Threading: GUI thread.
#pragma once

#include <QTextBrowser>

#include "d500/onnx/display_graph.h"
#include "graph/node_profile.h"

namespace d500::studio {

class NodePanel : public QTextBrowser {
  Q_OBJECT
 public:
  explicit NodePanel(QWidget* parent = nullptr);
  // `executor` and `group` are the overlay's, highlighted among the rows.
  void showNode(const onnx::DisplayNode& node, const NodeProfile& profile, const QString& executor,
                const QString& group);
  void showNothing(const QString& hint);
  // The node shown, "" when none.
  const QString& node() const { return node_; }

 private:
  QString node_;
};

// The panel's HTML (tests read it too).
QString nodeHtml(const onnx::DisplayNode& node, const NodeProfile& profile, const QString& executor,
                 const QString& group);

}  // namespace d500::studio
