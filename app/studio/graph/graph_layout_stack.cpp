// GraphLayout::layout: one dot layout, or dot layouts of segments stacked (graph_layout.h).
#include <algorithm>
#include <queue>

#include "graph/graph_layout.h"

namespace d500::studio {

namespace {

// Kahn's order, ready nodes in index order; nodes on a cycle (none in a checked model) last. A
// node no edge enters (a graph input, a Constant) comes just before the first node reading it:
// taken first, all such nodes would fill the first segment, each with a long edge down to a
// reader segments below.
std::vector<size_t> topologicalOrder(const LayoutRequest& r) {
  const size_t n = r.boxes.size();
  std::vector<std::vector<size_t>> out(n), sourcesOf(n);
  std::vector<size_t> indegree(n, 0), waiting(n, 0);
  for (const auto& e : r.edges) {
    out[e.from].push_back(e.to);
    ++indegree[e.to];
  }
  for (const auto& e : r.edges) {
    if (indegree[e.from] == 0)
      sourcesOf[e.to].push_back(e.from);
    else
      ++waiting[e.to];
  }
  std::priority_queue<size_t, std::vector<size_t>, std::greater<>> ready;
  for (size_t i = 0; i < n; ++i)
    if (waiting[i] == 0 && (indegree[i] > 0 || out[i].empty())) ready.push(i);
  std::vector<size_t> order;
  std::vector<bool> placed(n, false);
  auto place = [&](size_t i) {
    if (placed[i]) return;
    placed[i] = true;
    order.push_back(i);
  };
  while (!ready.empty()) {
    const size_t i = ready.top();
    ready.pop();
    for (size_t s : sourcesOf[i]) place(s);
    place(i);
    for (size_t j : out[i])
      if (--waiting[j] == 0) ready.push(j);
  }
  for (size_t i = 0; i < n; ++i) place(i);
  return order;
}

// Where to cut `order` into segments of at most kSegment nodes: at the positions (within each
// segment's second half) that the fewest edges cross, so that few edges run from one segment to
// the next (between two blocks of a ResNet, one). Returns each segment's first position, then
// order.size().
std::vector<size_t> segmentStarts(const LayoutRequest& r, const std::vector<size_t>& order,
                                  size_t most) {
  std::vector<size_t> position(order.size());
  for (size_t k = 0; k < order.size(); ++k) position[order[k]] = k;
  std::vector<long> crossing(order.size() + 2, 0);  // crossing[k]: edges over the cut before k
  for (const auto& e : r.edges) {
    const size_t a = position[e.from], b = position[e.to];
    if (a >= b) continue;
    ++crossing[a + 1];
    --crossing[b + 1];
  }
  for (size_t k = 1; k < crossing.size(); ++k) crossing[k] += crossing[k - 1];
  std::vector<size_t> starts{0};
  while (order.size() - starts.back() > most) {
    size_t best = starts.back() + most;
    for (size_t k = best; k > starts.back() + most / 2; --k)
      if (crossing[k] < crossing[best]) best = k;
    starts.push_back(best);
  }
  starts.push_back(order.size());
  return starts;
}

LayoutResult::Path curveBetween(LayoutPoint tail, double tailHalfHeight, LayoutPoint head,
                                double headHalfHeight) {
  const LayoutPoint from{tail.x, tail.y + tailHalfHeight};
  const LayoutPoint tip{head.x, head.y - headHalfHeight};
  const LayoutPoint end{tip.x, tip.y - 8};  // room for the arrowhead, as dot leaves it
  const double bend = std::max(24.0, (end.y - from.y) / 3);
  return {{from, {from.x, from.y + bend}, {end.x, end.y - bend}, end}, tip};
}

}  // namespace

LayoutResult GraphLayout::layout(const LayoutRequest& r) {
  if (r.boxes.size() <= kSegment) return layoutWithDot(r);
  const std::vector<size_t> order = topologicalOrder(r);
  const std::vector<size_t> starts = segmentStarts(r, order, kSegment);
  const size_t count = starts.size() - 1;
  std::vector<size_t> segmentOf(r.boxes.size()), local(r.boxes.size());
  for (size_t s = 0; s < count; ++s)
    for (size_t k = starts[s]; k < starts[s + 1]; ++k) {
      segmentOf[order[k]] = s;
      local[order[k]] = k - starts[s];
    }
  LayoutResult out;
  out.tuned = true;
  out.segments = int(count);
  out.centers.resize(r.boxes.size());
  out.edges.resize(r.edges.size());
  double top = 0;
  for (size_t s = 0; s < count; ++s) {
    LayoutRequest part;
    part.rankGap = r.rankGap;
    part.boxGap = r.boxGap;
    for (size_t k = starts[s]; k < starts[s + 1]; ++k) part.boxes.push_back(r.boxes[order[k]]);
    std::vector<size_t> edgeIndex;
    for (size_t e = 0; e < r.edges.size(); ++e)
      if (segmentOf[r.edges[e].from] == s && segmentOf[r.edges[e].to] == s) {
        part.edges.push_back({local[r.edges[e].from], local[r.edges[e].to]});
        edgeIndex.push_back(e);
      }
    LayoutResult laid = layoutWithDot(part);
    if (!laid.ok()) return laid;
    // Segments share one vertical axis (their centres), each below the one before.
    const double dx = -laid.width / 2, dy = top;
    auto shift = [&](LayoutPoint p) { return LayoutPoint{p.x + dx, p.y + dy}; };
    for (size_t k = 0; k < part.boxes.size(); ++k)
      out.centers[order[starts[s] + k]] = shift(laid.centers[k]);
    for (size_t k = 0; k < edgeIndex.size(); ++k) {
      LayoutResult::Path& path = out.edges[edgeIndex[k]] = laid.edges[k];
      for (LayoutPoint& c : path.controls) c = shift(c);
      path.tip = shift(path.tip);
    }
    out.width = std::max(out.width, laid.width);
    top += laid.height + 2 * r.rankGap;
  }
  for (size_t e = 0; e < r.edges.size(); ++e) {
    const auto& edge = r.edges[e];
    if (segmentOf[edge.from] == segmentOf[edge.to]) continue;
    out.edges[e] = curveBetween(out.centers[edge.from], r.boxes[edge.from].height / 2,
                                out.centers[edge.to], r.boxes[edge.to].height / 2);
  }
  // Back to a bounding box from (0, 0).
  for (LayoutPoint& c : out.centers) c.x += out.width / 2;
  for (auto& path : out.edges) {
    for (LayoutPoint& c : path.controls) c.x += out.width / 2;
    path.tip.x += out.width / 2;
  }
  out.height = top - 2 * r.rankGap;
  return out;
}

}  // namespace d500::studio
