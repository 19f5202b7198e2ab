#include "canvas/canvas_model.h"

#include <QDir>
#include <QFileInfo>
#include <QUndoStack>

#include "canvas/canvas_command.h"
#include "canvas/canvas_names.h"
#include "common/core_text.h"
#include "editor/experiment_document.h"
#include "editor/operator_defaults.h"

namespace d500::studio {

namespace {

using d500::spec::ComponentKind;
using Shape = ComponentKind::Shape;

QString q(const std::string& s) {
  return QString::fromStdString(s);
}

// The JSON paths a node owns: problems reported there are its problems.
QList<JsonPath> ownedPaths(const CanvasModel::Node& n) {
  QList<JsonPath> out;
  JsonPath at;
  if (!n.jsonPath.isEmpty() && JsonPath::fromString(n.jsonPath, &at)) out << at;
  const JsonPath base = ComponentSlots::pathOf(*n.kind);
  const JsonPath owner = n.kind->shape == Shape::Value ? base.parentPath() : base;
  if (n.kind->shape == Shape::Value || n.kind->shape == Shape::Fields)
    for (const auto& f : n.kind->fields) out << owner.key(q(f));
  return out;
}

}  // namespace

CanvasModel::CanvasModel(ExperimentDocument* doc, QObject* parent) : QObject(parent), doc_(doc) {
  connect(doc, &ExperimentDocument::changed, this, &CanvasModel::rebuild);
  connect(doc, &ExperimentDocument::problemsChanged, this, &CanvasModel::rebuild);
  rebuild();
}

QString CanvasModel::level() const {
  return ComponentSlots::levelOf(doc_->json());
}

const CanvasModel::Node* CanvasModel::node(int id) const {
  for (const Node& n : nodes_)
    if (n.id == id) return &n;
  return nullptr;
}

int CanvasModel::nodeId(const QString& key) const {
  for (const Node& n : nodes_)
    if (n.key == key) return n.id;
  return -1;
}

QPointF CanvasModel::position(int id) const {
  const Node* n = node(id);
  return n ? positions_.value(n->key) : QPointF();
}

int CanvasModel::idFor(const QString& key) {
  auto it = ids_.find(key);
  if (it == ids_.end()) it = ids_.insert(key, int(ids_.size()) + 1);
  return *it;
}

void CanvasModel::rebuild() {
  if (!doc_) return;
  nodes_.clear();
  edges_.clear();
  const std::string lvl = level().toStdString();
  for (const ComponentInstance& c : ComponentSlots::instances(doc_->json())) {
    Node n;
    n.id = idFor(c.key);
    n.key = c.key;
    n.kind = c.kind;
    n.value = c.value;
    n.params = c.params;
    n.jsonPath = c.jsonPath;
    nodes_ << n;
  }
  for (const Json& s : spares_) {
    const ComponentKind* k = d500::spec::find_component_kind(s.value("kind", ""));
    if (!k || std::find(k->levels.begin(), k->levels.end(), lvl) == k->levels.end()) continue;
    Node n;
    n.key = q(s.value("key", ""));
    n.id = idFor(n.key);
    n.kind = k;
    n.value = q(s.value("value", ""));
    n.params = s.value("params", Json::object());
    n.spare = true;
    nodes_ << n;
  }
  for (Node& n : nodes_) {
    for (const auto& p : d500::spec::component_ports(*n.kind, lvl)) {
      Port port{q(p.name), q(p.type), p.required, -1};
      for (const auto& from : p.from) {
        if (n.spare || port.feeder >= 0) break;
        for (const Node& f : nodes_)
          if (!f.spare && f.kind->kind == from) {
            port.feeder = f.id;
            break;
          }
      }
      if (port.feeder >= 0) edges_ << Edge{port.feeder, n.id, port.name};
      if (port.required && port.feeder < 0 && !n.spare)
        n.problems << tr("needs a %1 at its \"%2\" input")
                          .arg(CanvasNames::type(port.type), CanvasNames::port(port.name));
      n.ports << port;
    }
  }
  // A spare fans into the input its wired twin feeds: the run compares them as variants.
  const QList<Edge> wired = edges_;
  for (const Node& spare : nodes_) {
    if (!spare.spare) continue;
    for (const Edge& e : wired)
      for (const Node& twin : nodes_)
        if (twin.id == e.from && twin.kind == spare.kind)
          edges_ << Edge{spare.id, e.to, e.port, true};
  }
  for (const auto& p : doc_->problems()) {
    JsonPath at;
    if (!JsonPath::fromString(p.path, &at)) continue;
    for (Node& n : nodes_) {
      if (n.spare) continue;
      bool mine = false;
      for (const JsonPath& own : ownedPaths(n)) mine = mine || at.startsWith(own);
      if (mine) {
        n.problems << CoreText::problem(p.message);
        break;
      }
    }
  }
  for (Node& n : nodes_) n.live = liveFor(n);
  placeMissing();
  Q_EMIT changed();
}

QStringList CanvasModel::problemList() const {
  QStringList out;
  QList<QString> claimed;
  for (const Node& n : nodes_) {
    const QString name = n.value.isEmpty()
                             ? CanvasNames::kind(n.kind->title)
                             : CanvasNames::kind(n.kind->title) + QStringLiteral(" ") + n.value;
    for (const QString& p : n.problems) {
      out << tr("%1: %2").arg(name, p);
      claimed << p;
    }
  }
  for (const auto& p : doc_->problems())
    if (!claimed.contains(CoreText::problem(p.message)))
      out << tr("%1: %2").arg(p.path, CoreText::problem(p.message));
  return out;
}

// --- edits -------------------------------------------------------------------------------------

QString CanvasModel::refuse(int node, const QString& port, const QString& reason) {
  refusal_ = reason;
  refusedNode_ = node;
  refusedPort_ = port;
  Q_EMIT refused(node, port, reason);
  Q_EMIT changed();
  return reason;
}

void CanvasModel::push(const Json& nextDoc, const Json& nextState, const QString& text) {
  refusal_.clear();
  refusedNode_ = -1;
  refusedPort_.clear();
  const Json before = doc_->json(), stateBefore = layoutJson();
  if (before == nextDoc && stateBefore == nextState) return;
  doc_->undoStack()->push(
      new CanvasCommand(doc_, this, before, nextDoc, stateBefore, nextState, text));
}

Json CanvasModel::defaultParams(const ComponentKind& k, const QString& value) const {
  Json params = Json::object();
  if (!k.default_params.empty()) {
    const Json all = Json::parse(k.default_params, nullptr, false);
    if (all.is_object())
      for (auto it = all.begin(); it != all.end(); ++it)
        if (d500::spec::param_applies(k, value.toStdString(), it.key()))
          params[it.key()] = it.value();
  }
  // An operator starts from shapes that run (the palette's own choice, OperatorDefaults).
  if (k.offered_by == "operator" && k.shape == Shape::Object) {
    params["inputs"] = OperatorDefaults::inputsFor(value);
    const Json attrs = OperatorDefaults::attributesFor(value);
    if (attrs.is_object()) params["attributes"] = attrs;
  }
  return params;
}

Json CanvasModel::spareJson(const Node& n) const {
  return Json{{"key", n.key.toStdString()},
              {"kind", n.kind->kind},
              {"value", n.value.toStdString()},
              {"params", n.params}};
}

QList<Json> CanvasModel::sparesOf(const Json& state) const {
  QList<Json> out;
  for (const Json& s : state.value("spares", Json::array())) out << s;
  return out;
}

Json CanvasModel::withSpares(Json state, const QList<Json>& spares) const {
  Json list = Json::array();
  for (const Json& s : spares) list.push_back(s);
  state["spares"] = list;
  return state;
}

QString CanvasModel::addComponent(const QString& kindName, const QString& valueIn,
                                  const QPointF& at, int onto, const QString& ontoPort) {
  const ComponentKind* k = d500::spec::find_component_kind(kindName.toStdString());
  if (!k) return refuse(onto, ontoPort, tr("There is no component kind \"%1\"").arg(kindName));
  const std::string lvl = level().toStdString();
  if (std::find(k->levels.begin(), k->levels.end(), lvl) == k->levels.end())
    return refuse(
        onto, ontoPort,
        tr("A %1 has no place in a %2 experiment").arg(CanvasNames::kind(k->title), level()));
  const QString value = valueIn.isEmpty() ? q(k->default_value) : valueIn;
  Json doc = doc_->json(), state = layoutJson();
  const Node* target = node(onto);
  if (target && !ontoPort.isEmpty()) {
    const std::string why =
        d500::spec::connection_refusal(*k, *target->kind, ontoPort.toStdString(), lvl);
    if (!why.empty()) return refuse(onto, ontoPort, q(why));
  }
  if (target && ontoPort.isEmpty() && target->kind == k) {  // a swap
    if (target->spare) {
      QList<Json> spares = sparesOf(state);
      for (Json& s : spares)
        if (s.value("key", "") == target->key.toStdString()) s["value"] = value.toStdString();
      push(doc, withSpares(state, spares), tr("Swap %1 for %2").arg(target->value, value));
      return QString();
    }
    if (k->shape == Shape::ListItem) {
      Json list = ComponentSlots::pathOf(*k).get(doc, Json::array());
      for (Json& x : list)
        if (x == Json(target->value.toStdString())) x = value.toStdString();
      ComponentSlots::pathOf(*k).set(doc, list);
    } else {
      doc = ComponentSlots::with(doc, *k, value, Json::object());
    }
    state["positions"][ComponentSlots::keyOf(*k, value).toStdString()] =
        state["positions"][target->key.toStdString()];
    push(doc, state, tr("Swap %1 for %2").arg(target->value, value));
    return QString();
  }
  bool present = false, emptySlot = false;
  for (const Node& n : nodes_) {
    present =
        present || (!n.spare && n.kind == k && (k->shape != Shape::ListItem || n.value == value));
    emptySlot =
        emptySlot || (!n.spare && n.kind == k && n.value.isEmpty() && k->shape == Shape::Object);
  }
  if (k->shape == Shape::ListItem && present)
    return refuse(onto, ontoPort,
                  tr("%1 %2 is already there").arg(CanvasNames::kind(k->title), value));
  if (k->shape == Shape::Implied)
    return refuse(onto, ontoPort,
                  tr("The %1 comes with the level").arg(CanvasNames::kind(k->title)));
  const Json params = defaultParams(*k, value);
  QString key;
  if (present && !emptySlot && k->shape != Shape::ListItem && ontoPort.isEmpty()) {
    key = QStringLiteral("spare/%1").arg(state.value("next_spare", 1));
    state["next_spare"] = state.value("next_spare", 1) + 1;
    QList<Json> spares = sparesOf(state);
    spares << Json{{"key", key.toStdString()},
                   {"kind", k->kind},
                   {"value", value.toStdString()},
                   {"params", params}};
    state = withSpares(state, spares);
  } else {
    // An empty slot (an operator not chosen yet) takes the new one's defaults too.
    doc = present && !emptySlot ? ComponentSlots::with(doc, *k, value, Json::object())
                                : ComponentSlots::with(doc, *k, value, params);
    key = ComponentSlots::keyOf(*k, value);
  }
  state["positions"][key.toStdString()] = {at.x(), at.y()};
  push(doc, state, tr("Add %1 %2").arg(CanvasNames::kind(k->title), value));
  return QString();
}

QString CanvasModel::addModelFile(const QString& path, const QPointF& at) {
  const ComponentKind* k = ComponentSlots::modelKindOf(level());
  if (!k)
    return refuse(-1, QString(),
                  tr("A %1 experiment takes no model: a network, training or distributed one does")
                      .arg(level()));
  const QFileInfo file(path);
  if (!ComponentSlots::isModelFile(path))
    return refuse(-1, QString(), tr("%1 is not an ONNX model (.onnx)").arg(file.fileName()));
  if (!file.isFile()) return refuse(-1, QString(), tr("There is no model file %1").arg(path));
  const QString value =
      doc_->isEmbedded()
          ? file.absoluteFilePath()
          : QFileInfo(doc_->filePath()).absoluteDir().relativeFilePath(file.absoluteFilePath());
  return addComponent(q(k->kind), value, at, nodeId(ComponentSlots::keyOf(*k, QString())));
}

QString CanvasModel::connectPorts(int from, int to, const QString& port) {
  const Node* f = node(from);
  const Node* t = node(to);
  if (!f || !t) return refuse(to, port, tr("There is nothing to connect"));
  if (t->spare)
    return refuse(to, port,
                  tr("A spare takes no inputs: connect into the experiment's components"));
  const std::string why =
      d500::spec::connection_refusal(*f->kind, *t->kind, port.toStdString(), level().toStdString());
  if (!why.empty()) return refuse(to, port, q(why));
  if (!f->spare) return QString();  // what the file says is already wired
  Json doc = doc_->json(), state = layoutJson();
  QList<Json> spares = sparesOf(state);
  spares.removeIf([&](const Json& s) { return s.value("key", "") == f->key.toStdString(); });
  for (const Node& old : nodes_) {
    if (old.spare || old.kind != f->kind || f->kind->shape == Shape::ListItem) continue;
    doc = ComponentSlots::without(doc, *old.kind, old.value);
    Node asSpare = old;
    asSpare.key = f->key;  // it takes the spare's place on the canvas
    spares << spareJson(asSpare);
    state["positions"][f->key.toStdString()] = state["positions"][old.key.toStdString()];
  }
  const QString key = ComponentSlots::keyOf(*f->kind, f->value);
  state["positions"][key.toStdString()] = {position(from).x(), position(from).y()};
  doc = ComponentSlots::with(doc, *f->kind, f->value, f->params);
  push(doc, withSpares(state, spares),
       tr("Connect %1 to %2").arg(f->value, CanvasNames::kind(t->kind->title)));
  return QString();
}

QString CanvasModel::disconnect(int to, const QString& port) {
  const Node* t = node(to);
  const Port* p = nullptr;
  for (const Port& x : t ? t->ports : QList<Port>())
    if (x.name == port) p = &x;
  const Node* f = p ? node(p->feeder) : nullptr;
  if (!f) return refuse(to, port, tr("Nothing is connected there"));
  if (f->kind->shape == Shape::Implied)
    return refuse(to, port,
                  tr("The %1 comes with the level").arg(CanvasNames::kind(f->kind->title)));
  Json state = layoutJson();
  Node spare = *f;
  spare.key = QStringLiteral("spare/%1").arg(state.value("next_spare", 1));
  state["next_spare"] = state.value("next_spare", 1) + 1;
  state["positions"][spare.key.toStdString()] = state["positions"][f->key.toStdString()];
  QList<Json> spares = sparesOf(state);
  spares << spareJson(spare);
  push(ComponentSlots::without(doc_->json(), *f->kind, f->value), withSpares(state, spares),
       tr("Disconnect %1").arg(CanvasNames::kind(f->kind->title)));
  return QString();
}

void CanvasModel::removeNodes(const QList<int>& ids) {
  Json doc = doc_->json(), state = layoutJson();
  QList<Json> spares = sparesOf(state);
  for (int id : ids) {
    const Node* n = node(id);
    if (!n) continue;
    if (n->spare)
      spares.removeIf([&](const Json& s) { return s.value("key", "") == n->key.toStdString(); });
    else
      doc = ComponentSlots::without(doc, *n->kind, n->value);
    state["positions"].erase(n->key.toStdString());
  }
  push(doc, withSpares(state, spares), tr("Delete %n component(s)", nullptr, int(ids.size())));
}

void CanvasModel::replaceAll(const Json& experiment, const Json& layout) {
  push(experiment, layout, tr("Open template"));
}

// What the run reports about a kind belongs to the component in the experiment: a spare waits
// for its own variant's run.
QString CanvasModel::liveFor(const Node& n) const {
  if (n.spare) return {};
  return live_.contains(n.key) ? live_.value(n.key) : live_.value(q(n.kind->kind));
}

void CanvasModel::setLive(const QHash<QString, QString>& byKind) {
  live_ = byKind;
  for (Node& n : nodes_) n.live = liveFor(n);
  Q_EMIT liveChanged();
}

}  // namespace d500::studio
