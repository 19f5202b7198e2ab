// CanvasModel: positions, the auto-layout, alignment, copy and paste, variants and the saved
// layout.
#include <QCoreApplication>
#include <QRectF>
#include <QUndoStack>

#include "canvas/canvas_model.h"
#include "editor/experiment_document.h"
#include "graph/graph_layout.h"

namespace d500::studio {

namespace {

using d500::spec::ComponentKind;
using Shape = ComponentKind::Shape;

constexpr double kWidth = 220, kHeader = 46, kPortRow = 20, kParamRow = 16, kLiveRow = 20;
constexpr double kColumnGap = 90, kRowGap = 26;

QString compact(const Json& v) {
  std::string s = v.is_string() ? v.get<std::string>() : v.dump();
  if (s.size() > 22) s = s.substr(0, 20) + "…";
  return QString::fromStdString(s);
}

}  // namespace

QStringList CanvasModel::paramLines(const Node& n) {
  QStringList out;
  for (auto it = n.params.begin(); it != n.params.end() && out.size() < kParamLines; ++it)
    out << QString::fromStdString(it.key()) + QLatin1Char(' ') + compact(it.value());
  if (int(n.params.size()) > kParamLines)
    out.last() = QCoreApplication::translate("d500::studio::CanvasModel", "… %n more", nullptr,
                                             int(n.params.size()) - kParamLines + 1);
  return out;
}

int CanvasModel::liveLines(const Node& n) {
  // A component that gives a Series (a metric) shows its own last value.
  const int own = n.kind->output == "Series" ? 1 : 0;
  return int(n.kind->live_series.size()) + own + (n.kind->shows_progress ? 1 : 0);
}

QSizeF CanvasModel::nodeSize(const Node& n) {
  // Rows for the live state only on components a run reports about: one per series it shows,
  // one for the run's progress, so no value is cut off.
  const int live = liveLines(n);
  const double body = n.ports.size() * kPortRow + paramLines(n).size() * kParamRow +
                      (live ? kLiveRow + (live - 1) * kParamRow : 0);
  return QSizeF(kWidth, kHeader + std::max(body, 14.0) + 6);
}

Json CanvasModel::layoutJson() const {
  Json positions = Json::object();
  for (const Node& n : nodes_) {
    const QPointF p = positions_.value(n.key);
    positions[n.key.toStdString()] = {p.x(), p.y()};
  }
  Json spares = Json::array();
  for (const Json& s : spares_) spares.push_back(s);
  return Json{{"positions", positions}, {"spares", spares}, {"next_spare", nextSpare_}};
}

void CanvasModel::restoreState(const Json& state) {
  positions_.clear();
  const Json pos = state.value("positions", Json::object());
  for (auto it = pos.begin(); it != pos.end(); ++it)
    if (it.value().is_array() && it.value().size() == 2 && it.value()[0].is_number())
      positions_.insert(QString::fromStdString(it.key()),
                        QPointF(it.value()[0].get<double>(), it.value()[1].get<double>()));
  spares_.clear();
  for (const Json& s : state.value("spares", Json::array()))
    if (s.is_object() && s.contains("key") && s.contains("kind")) spares_ << s;
  nextSpare_ = state.value("next_spare", 1);
  rebuild();
}

void CanvasModel::setLayoutJson(const Json& layout) {
  restoreState(layout.is_object() ? layout : Json::object());
}

void CanvasModel::placeMissing() {
  int placed = 0, missing = 0;
  for (const Node& n : nodes_) ++(positions_.contains(n.key) ? placed : missing);
  if (!missing) return;
  // Nothing placed yet (a new canvas, a file opened), or most of it new (another level chosen):
  // lay everything out.
  const bool any = placed >= missing;
  double right = 0, y = 0;
  for (const Node& n : nodes_)
    if (positions_.contains(n.key))
      right = std::max(right, positions_.value(n.key).x() + nodeSize(n).width() + kColumnGap);
  if (!any) {
    LayoutRequest req;
    req.rankGap = kColumnGap;
    req.boxGap = kRowGap;
    for (const Node& n : nodes_) req.boxes.push_back({nodeSize(n).height(), nodeSize(n).width()});
    for (const Edge& e : edges_) {
      size_t a = 0, b = 0;
      for (int i = 0; i < nodes_.size(); ++i) {
        if (nodes_[i].id == e.from) a = size_t(i);
        if (nodes_[i].id == e.to) b = size_t(i);
      }
      req.edges.push_back({a, b});
    }
    const LayoutResult r = GraphLayout::layout(req);
    for (int i = 0; i < nodes_.size(); ++i) {
      const QSizeF s = nodeSize(nodes_[i]);
      // Laid out top to bottom with the boxes turned, then turned back: the pipeline reads from
      // left to right, inputs on each box's left edge.
      const QPointF c =
          r.ok() ? QPointF(r.centers[size_t(i)].y, r.centers[size_t(i)].x) : QPointF(i * 300, 0);
      positions_.insert(nodes_[i].key, QPointF(std::round(c.x() - s.width() / 2),
                                               std::round(c.y() - s.height() / 2)));
    }
    return;
  }
  for (const Node& n : nodes_) {
    if (positions_.contains(n.key)) continue;
    if (const auto near = besideNeighbour(n)) {
      positions_.insert(n.key, *near);
      continue;
    }
    positions_.insert(n.key, QPointF(right, y));
    y += nodeSize(n).height() + kRowGap;
  }
}

std::optional<QPointF> CanvasModel::besideNeighbour(const Node& n) const {
  // Left of the placed component it feeds, else right of the one feeding it, at its height.
  std::optional<QPointF> spot;
  for (const Edge& e : edges_) {
    const Node* other = node(e.from == n.id ? e.to : e.from);
    if ((e.from != n.id && e.to != n.id) || !other || !positions_.contains(other->key)) continue;
    const QPointF p = positions_.value(other->key);
    spot = e.from == n.id ? QPointF(p.x() - kWidth - kColumnGap, p.y())
                          : QPointF(p.x() + kWidth + kColumnGap, p.y());
    break;
  }
  if (!spot) return std::nullopt;
  // Down that column until it overlaps nothing placed.
  const QSizeF size = nodeSize(n);
  for (bool moved = true; moved;) {
    moved = false;
    const QRectF box(*spot, size);
    for (const Node& m : nodes_)
      if (positions_.contains(m.key) &&
          QRectF(positions_.value(m.key), nodeSize(m)).adjusted(0, 0, 0, kRowGap).intersects(box)) {
        spot->setY(positions_.value(m.key).y() + nodeSize(m).height() + kRowGap);
        moved = true;
      }
  }
  return spot;
}

void CanvasModel::moveNodes(const QHash<int, QPointF>& positions) {
  Json state = layoutJson();
  for (auto it = positions.begin(); it != positions.end(); ++it)
    if (const Node* n = node(it.key()))
      state["positions"][n->key.toStdString()] = {it.value().x(), it.value().y()};
  push(doc_->json(), state, tr("Move %n component(s)", nullptr, int(positions.size())));
}

void CanvasModel::autoLayout() {
  const QHash<QString, QPointF> before = positions_;
  positions_.clear();
  placeMissing();
  const Json state = layoutJson();
  positions_ = before;
  push(doc_->json(), state, tr("Auto-layout"));
}

void CanvasModel::align(const QList<int>& ids, Align how) {
  if (ids.size() < 2) return;
  double target = 0;
  bool first = true;
  for (int id : ids) {
    const Node* n = node(id);
    if (!n) continue;
    const QPointF p = position(id);
    const QSizeF s = nodeSize(*n);
    const double v = how == Align::Left      ? p.x()
                     : how == Align::Top     ? p.y()
                     : how == Align::HCenter ? p.x() + s.width() / 2
                                             : p.y() + s.height() / 2;
    target = first ? v : (how == Align::Left || how == Align::Top ? std::min(target, v) : target);
    first = false;
  }
  QHash<int, QPointF> moved;
  for (int id : ids) {
    const Node* n = node(id);
    if (!n) continue;
    QPointF p = position(id);
    const QSizeF s = nodeSize(*n);
    if (how == Align::Left)
      p.setX(target);
    else if (how == Align::Top)
      p.setY(target);
    else if (how == Align::HCenter)
      p.setX(target - s.width() / 2);
    else
      p.setY(target - s.height() / 2);
    moved.insert(id, p);
  }
  Json state = layoutJson();
  for (auto it = moved.begin(); it != moved.end(); ++it)
    state["positions"][node(it.key())->key.toStdString()] = {it.value().x(), it.value().y()};
  push(doc_->json(), state, tr("Align %n component(s)", nullptr, int(moved.size())));
}

Json CanvasModel::copy(const QList<int>& ids) const {
  Json clip = Json::array();
  for (int id : ids)
    if (const Node* n = node(id); n && n->kind->shape != Shape::Implied)
      clip.push_back(
          {{"kind", n->kind->kind}, {"value", n->value.toStdString()}, {"params", n->params}});
  return clip;
}

void CanvasModel::paste(const Json& clip, const QPointF& at) {
  if (!clip.is_array()) return;
  // One step for the whole paste: the edits are made on the side and pushed as one macro.
  doc_->undoStack()->beginMacro(tr("Paste %n component(s)", nullptr, int(clip.size())));
  QPointF p = at;
  for (const Json& c : clip) {
    if (!c.is_object()) continue;
    addComponent(QString::fromStdString(c.value("kind", "")),
                 QString::fromStdString(c.value("value", "")), p);
    p += QPointF(30, 30);
  }
  doc_->undoStack()->endMacro();
}

QList<Json> CanvasModel::variants() const {
  QList<Json> out{doc_->json()};
  for (const Node& s : nodes_) {
    if (!s.spare) continue;
    Json v = doc_->json();
    for (const Node& n : nodes_)
      if (!n.spare && n.kind == s.kind) v = ComponentSlots::without(v, *n.kind, n.value);
    v = ComponentSlots::with(v, *s.kind, s.value, s.params);
    QString suffix = s.value;
    suffix.replace(QLatin1Char('/'), QLatin1Char('-'));
    v["name"] = v.value("name", std::string("experiment")) + "-" + suffix.toStdString();
    out << v;
  }
  return out;
}

}  // namespace d500::studio
