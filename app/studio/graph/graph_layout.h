// A layered (top to bottom) layout of a directed acyclic graph by Graphviz's dot: sizes of boxes
// and the edges between them in, box centres and edge splines out. Nothing of Graphviz leaks out
// of graph_layout.cpp. Big graphs (over kBigGraph nodes) get dot's cheaper network-simplex and
// crossing-minimisation limits. Graphviz 2.43's dot grows faster than quadratically on long
// graphs (2000 nodes in a ladder: 0.6 s, 5000: 4 s, 10000: 50 s here, in recursive
// network-simplex tree walks that nslimit does not bound), so a graph of more than kSegment
// nodes is cut, in topological order, into segments of kSegment nodes, each laid out by dot and
// stacked top to bottom; an edge between segments is a plain curve from its tail's bottom to its
// head's top (graph_layout_stack.cpp).
// Threading: layout() may be called from any thread; calls are serialised (Graphviz keeps global
// state), so a second caller waits for the first.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

namespace d500::studio {

struct LayoutPoint {
  double x = 0, y = 0;  // points; y grows downward (as on screen)
};

struct LayoutRequest {
  struct Box {
    double width = 0, height = 0;  // points
  };
  struct Edge {
    size_t from = 0, to = 0;  // indices into boxes
  };
  std::vector<Box> boxes;
  std::vector<Edge> edges;
  double rankGap = 36;  // points between layers (room for the edge labels)
  double boxGap = 18;   // points between boxes of one layer
};

struct LayoutResult {
  std::vector<LayoutPoint> centers;  // per box
  // Per edge: a cubic Bézier path, tail to head: 1 + 3k control points, then where the arrow's
  // tip is (dot stops the curve short of the head box to leave room for the arrowhead).
  struct Path {
    std::vector<LayoutPoint> controls;
    LayoutPoint tip;
  };
  std::vector<Path> edges;
  double width = 0, height = 0;  // the bounding box, from (0, 0)
  bool tuned = false;            // the big-graph limits were used
  int segments = 1;              // dot layouts stacked (more than one for a very big graph)
  std::string error;             // "" on success; else why Graphviz could not lay it out
  bool ok() const { return error.empty(); }
};

class GraphLayout {
 public:
  static constexpr size_t kBigGraph = 400;
  static constexpr size_t kSegment = 1500;
  static LayoutResult layout(const LayoutRequest& request);

 private:
  static LayoutResult layoutWithDot(const LayoutRequest& request);
};

}  // namespace d500::studio
