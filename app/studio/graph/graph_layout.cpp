// GraphLayout over Graphviz's cgraph and gvc (dot). The only file that includes Graphviz.
#include "graph/graph_layout.h"

#include <graphviz/gvc.h>

#include <cstdio>
#include <memory>
#include <mutex>
#include <string>

namespace d500::studio {

namespace {

std::mutex& graphvizMutex() {
  static std::mutex m;
  return m;
}

// Graphviz reports errors through a callback; held under graphvizMutex().
std::string& graphvizMessages() {
  static std::string messages;
  return messages;
}

int collectMessage(char* text) {
  graphvizMessages() += text;
  return 0;
}

std::string inches(double points) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.4f", points / 72.0);
  return buf;
}

void setGraphAttributes(Agraph_t* g, const LayoutRequest& r, bool big) {
  agattr(g, AGRAPH, const_cast<char*>("rankdir"), const_cast<char*>("TB"));
  agattr(g, AGRAPH, const_cast<char*>("nodesep"), const_cast<char*>(inches(r.boxGap).c_str()));
  agattr(g, AGRAPH, const_cast<char*>("ranksep"), const_cast<char*>(inches(r.rankGap).c_str()));
  if (!big) return;
  // Bounded network-simplex iterations (ranking, x coordinates) and crossing-minimisation passes:
  // 10-15% faster on the segments of a big model (measured on ladders of 2000-5000 nodes), at a
  // small cost in crossings. Length still costs superlinearly: GraphLayout::layout segments.
  agattr(g, AGRAPH, const_cast<char*>("nslimit"), const_cast<char*>("4"));
  agattr(g, AGRAPH, const_cast<char*>("nslimit1"), const_cast<char*>("4"));
  agattr(g, AGRAPH, const_cast<char*>("mclimit"), const_cast<char*>("0.3"));
  agattr(g, AGRAPH, const_cast<char*>("searchsize"), const_cast<char*>("10"));
}

struct GraphDeleter {
  void operator()(Agraph_t* g) const { agclose(g); }
};

LayoutPoint flip(pointf p, double top) {
  return {p.x, top - p.y};
}

void readResult(Agraph_t* g, const std::vector<Agnode_t*>& nodes,
                const std::vector<Agedge_t*>& edges, LayoutResult& out) {
  const boxf bb = GD_bb(g);
  const double top = bb.UR.y;
  out.width = bb.UR.x - bb.LL.x;
  out.height = bb.UR.y - bb.LL.y;
  out.centers.reserve(nodes.size());
  for (Agnode_t* n : nodes) out.centers.push_back(flip(ND_coord(n), top));
  out.edges.reserve(edges.size());
  for (Agedge_t* e : edges) {
    LayoutResult::Path path;
    const splines* spl = ED_spl(e);
    if (spl && spl->size > 0) {
      const bezier& bz = spl->list[0];
      for (size_t i = 0; i < bz.size; ++i) path.controls.push_back(flip(bz.list[i], top));
      path.tip = bz.eflag ? flip(bz.ep, top) : path.controls.back();
    } else {  // no route (should not happen with dot): a straight line between the centres
      path.controls = {flip(ND_coord(agtail(e)), top), flip(ND_coord(aghead(e)), top)};
      path.tip = path.controls.back();
    }
    out.edges.push_back(std::move(path));
  }
}

}  // namespace

LayoutResult GraphLayout::layoutWithDot(const LayoutRequest& r) {
  std::lock_guard<std::mutex> lock(graphvizMutex());
  LayoutResult out;
  out.tuned = r.boxes.size() > kBigGraph;
  graphvizMessages().clear();
  agseterrf(collectMessage);
  agseterr(AGERR);  // warnings are not failures
  GVC_t* gvc = gvContext();
  if (!gvc) {
    out.error = "Graphviz could not start (gvContext failed)";
    return out;
  }
  {
    std::unique_ptr<Agraph_t, GraphDeleter> g(agopen(const_cast<char*>("g"), Agdirected, nullptr));
    setGraphAttributes(g.get(), r, out.tuned);
    Agsym_t* shape = agattr(g.get(), AGNODE, const_cast<char*>("shape"), const_cast<char*>("box"));
    Agsym_t* fixed =
        agattr(g.get(), AGNODE, const_cast<char*>("fixedsize"), const_cast<char*>("true"));
    Agsym_t* width = agattr(g.get(), AGNODE, const_cast<char*>("width"), const_cast<char*>("1"));
    Agsym_t* height =
        agattr(g.get(), AGNODE, const_cast<char*>("height"), const_cast<char*>("0.5"));
    agattr(g.get(), AGNODE, const_cast<char*>("label"), const_cast<char*>(""));
    (void)shape;
    (void)fixed;
    std::vector<Agnode_t*> nodes;
    nodes.reserve(r.boxes.size());
    for (size_t i = 0; i < r.boxes.size(); ++i) {
      std::string name = "n" + std::to_string(i);
      Agnode_t* n = agnode(g.get(), name.data(), 1);
      agxset(n, width, const_cast<char*>(inches(r.boxes[i].width).c_str()));
      agxset(n, height, const_cast<char*>(inches(r.boxes[i].height).c_str()));
      nodes.push_back(n);
    }
    std::vector<Agedge_t*> edges;
    edges.reserve(r.edges.size());
    for (const auto& e : r.edges)
      edges.push_back(agedge(g.get(), nodes.at(e.from), nodes.at(e.to), nullptr, 1));
    if (gvLayout(gvc, g.get(), "dot") != 0) {
      out.error =
          "Graphviz's dot layout failed" +
          (graphvizMessages().empty() ? std::string(" (is the dot layout plugin installed?)")
                                      : ": " + graphvizMessages());
    } else {
      readResult(g.get(), nodes, edges, out);
      gvFreeLayout(gvc, g.get());
    }
  }
  gvFreeContext(gvc);
  return out;
}

}  // namespace d500::studio
