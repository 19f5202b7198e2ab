// Everything the graph view needs, read and laid out away from the GUI thread: the model (from a
// network run's experiment, or an .onnx file), its display graph, the boxes' sizes, the dot
// layout, and the run's per-node measurements. Errors are one sentence naming the file or run.
// Threading: loadRunGraph and loadFileGraph run on any thread (each opens what it reads).
#pragma once

#include <QSizeF>
#include <QString>
#include <vector>

#include "d500/onnx/display_graph.h"
#include "graph/graph_layout.h"
#include "graph/node_profile.h"

namespace d500::studio {

struct LoadedGraph {
  QString error;   // "" when loaded
  QString title;   // the model's name ("lenet5", the graph's own name), "run 3 · lenet-network"
  QString source;  // the model file, or the run's model ("builder lenet")
  onnx::DisplayGraph graph;
  std::vector<QSizeF> sizes;  // per node of `graph`
  LayoutResult layout;
  NodeProfile profile;  // empty for a file
};

// Constant nodes are folded into their readers (onnx::fold_constants) unless `showConstants`.
LoadedGraph loadFileGraph(const QString& path, bool showConstants = false);
LoadedGraph loadRunGraph(const QString& storePath, qint64 runId, bool showConstants = false);
// What a model file's tab is called: its graph's name, unless that is empty or an exporter's
// default ("main_graph", "torch_jit"), then the file's base name.
QString modelTitle(const std::string& graphName, const QString& path);

}  // namespace d500::studio
