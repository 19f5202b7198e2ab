#include "canvas/canvas_items.h"

#include <QCoreApplication>
#include <QFileInfo>
#include <QFontMetricsF>
#include <QPainter>
#include <QStyleOptionGraphicsItem>

#include "canvas/canvas_names.h"
#include "canvas/component_slots.h"

namespace d500::studio {

namespace {

constexpr double kHeader = 46, kPortRow = 20, kParamRow = 16;

// One hue per stage of the pipeline, from the port type the component gives.
QColor hueOf(const std::string& type) {
  static const std::pair<const char*, int> hues[] = {
      {"Dataset", 200},  {"Indices", 190}, {"Batches", 170},      {"Network", 280},
      {"Model", 280},    {"Loss", 330},    {"Optimizer", 30},     {"Schedule", 45},
      {"Stop", 0},       {"Ranks", 120},   {"Communicator", 140}, {"Scheme", 100},
      {"Operator", 260}, {"Timings", 215}, {"Points", 60},        {"Policy", 15},
      {"Executor", 240}, {"Recipe", 300},  {"BatchSizes", 170},   {"Measures", 50},
      {"Series", 75}};
  for (const auto& [name, hue] : hues)
    if (type == name) return QColor::fromHsv(hue, 110, 200);
  return QColor::fromHsv(0, 0, 170);
}

}  // namespace

CanvasNodeItem::CanvasNodeItem(const CanvasModel::Node& node, QGraphicsItem* parent)
    : QGraphicsObject(parent), node_(node), size_(CanvasModel::nodeSize(node)) {
  setFlags(ItemIsSelectable | ItemIsMovable | ItemSendsGeometryChanges);
  setToolTip(node.problems.isEmpty()
                 ? (ComponentSlots::isModelFile(node.value) ? node.value : QString())
                 : node.problems.join(QLatin1Char('\n')));
  setData(0, node.id);
}

QRectF CanvasNodeItem::boundingRect() const {
  // Room for the ports' circles that stick out, and for a refusal's note under the box.
  return QRectF(-kPortRadius - 2, -2, size_.width() + 2 * kPortRadius + 4,
                size_.height() + (refusal_.isEmpty() ? 4 : 60));
}

QColor CanvasNodeItem::accent() const {
  return hueOf(node_.kind->output.empty() ? "Stop" : node_.kind->output);
}

QPointF CanvasNodeItem::inputLocal(int index) const {
  return QPointF(0, kHeader + kPortRow * (index + 0.5));
}

QPointF CanvasNodeItem::inputPortPos(const QString& port) const {
  for (int i = 0; i < node_.ports.size(); ++i)
    if (node_.ports[i].name == port) return mapToScene(inputLocal(i));
  return mapToScene(QPointF(0, kHeader / 2));
}

QPointF CanvasNodeItem::outputPortPos() const {
  return mapToScene(QPointF(size_.width(), kHeader / 2));
}

QString CanvasNodeItem::inputPortAt(const QPointF& scenePos) const {
  const QPointF l = mapFromScene(scenePos);
  for (int i = 0; i < node_.ports.size(); ++i) {
    const QPointF c = inputLocal(i);
    // The circle and the port's label: a forgiving target.
    if (QRectF(c.x() - 12, c.y() - kPortRow / 2, 100, kPortRow).contains(l))
      return node_.ports[i].name;
  }
  return QString();
}

bool CanvasNodeItem::isOverOutput(const QPointF& scenePos) const {
  if (node_.kind->output.empty()) return false;
  const QPointF d = mapFromScene(scenePos) - QPointF(size_.width(), kHeader / 2);
  return d.x() * d.x() + d.y() * d.y() <= 14 * 14;
}

void CanvasNodeItem::setRefusal(const QString& port, const QString& reason) {
  prepareGeometryChange();
  refusedPort_ = port;
  refusal_ = reason;
  update();
}

void CanvasNodeItem::setLive(const QString& text) {
  node_.live = text;
  update();
}

QVariant CanvasNodeItem::itemChange(GraphicsItemChange change, const QVariant& value) {
  if (change == ItemPositionHasChanged) Q_EMIT moved();
  return QGraphicsObject::itemChange(change, value);
}

void CanvasNodeItem::paint(QPainter* p, const QStyleOptionGraphicsItem*, QWidget*) {
  p->setRenderHint(QPainter::Antialiasing);
  const QRectF box(QPointF(0, 0), size_);
  const bool bad = !node_.problems.isEmpty();
  QPen border(isSelected() ? QColor(30, 100, 220)
              : bad        ? QColor(200, 40, 40)
                           : QColor(120, 120, 120),
              isSelected() || bad ? 2.4 : 1.2);
  if (node_.spare) border.setStyle(Qt::DashLine);
  p->setPen(border);
  p->setBrush(node_.spare ? QColor(248, 248, 248) : Qt::white);
  p->drawRoundedRect(box, 7, 7);
  // Header: the kind, then the value in bold.
  QPainterPath head;
  head.addRoundedRect(QRectF(0, 0, size_.width(), kHeader), 7, 7);
  p->fillPath(head, accent().lighter(node_.spare ? 150 : 125));
  p->setPen(QColor(60, 60, 60));
  QFont f = p->font();
  f.setPointSizeF(8.5);
  p->setFont(f);
  const QString kindTitle = CanvasNames::kind(node_.kind->title);
  // A component without a value of its own (the loader, the trainer) is named once, in bold.
  if (!node_.value.isEmpty() || node_.spare)
    p->drawText(QRectF(10, 3, size_.width() - 20, 18), Qt::AlignLeft | Qt::AlignVCenter,
                node_.spare
                    ? QCoreApplication::translate("d500::studio::CanvasNodeItem", "%1 (spare)")
                          .arg(kindTitle)
                    : kindTitle);
  if (!node_.kind->output.empty()) {
    p->setPen(QColor(90, 90, 90));
    p->drawText(
        QRectF(size_.width() / 2, 3, size_.width() / 2 - 12, 18), Qt::AlignRight | Qt::AlignVCenter,
        CanvasNames::type(QString::fromStdString(node_.kind->output)) + QStringLiteral(" →"));
  }
  QFont bold = f;
  bold.setBold(true);
  bold.setPointSizeF(10);
  p->setFont(bold);
  p->setPen(Qt::black);
  // A model file reads as its name; the tool tip has the whole path.
  const QString value = node_.value.isEmpty() ? kindTitle
                        : ComponentSlots::isModelFile(node_.value)
                            ? QFileInfo(node_.value).fileName()
                            : node_.value;
  // Without a value of its own, the title alone fills the header.
  const QRectF valueRect = node_.value.isEmpty() && !node_.spare
                               ? QRectF(10, 12, size_.width() - 30, 30)
                               : QRectF(10, 20, size_.width() - 30, 22);
  p->drawText(valueRect, Qt::AlignLeft | Qt::AlignVCenter,
              QFontMetricsF(bold).elidedText(value, Qt::ElideMiddle, size_.width() - 30));
  if (bad) {
    p->setBrush(QColor(200, 40, 40));
    p->setPen(Qt::NoPen);
    p->drawEllipse(QPointF(size_.width() - 16, 31), 7, 7);
    p->setPen(Qt::white);
    p->drawText(QRectF(size_.width() - 23, 24, 14, 14), Qt::AlignCenter, QStringLiteral("!"));
  }
  p->setFont(f);
  paintPorts(p);
  double y = kHeader + kPortRow * node_.ports.size() + 2;
  p->setPen(QColor(80, 80, 80));
  for (const QString& line : CanvasModel::paramLines(node_)) {
    p->drawText(QRectF(12, y, size_.width() - 24, kParamRow), Qt::AlignLeft | Qt::AlignVCenter,
                QFontMetricsF(f).elidedText(line, Qt::ElideRight, size_.width() - 24));
    y += kParamRow;
  }
  if (!node_.live.isEmpty()) {
    // One row per value ("lr 0.001", "loss 0.41"), as many as the node has room for.
    p->setPen(QColor(20, 120, 40));
    const QStringList parts = node_.live.split(QStringLiteral(" · "));
    const int rows = std::max(1, CanvasModel::liveLines(node_));
    for (int i = 0; i < parts.size() && i < rows; ++i) {
      const QString text = i + 1 == rows && parts.size() > rows
                               ? parts.mid(i).join(QStringLiteral(" · "))
                               : parts[i];
      p->drawText(
          QRectF(12, y + 2 + i * kParamRow, size_.width() - 24, kParamRow),
          Qt::AlignLeft | Qt::AlignVCenter,
          QFontMetricsF(f).elidedText((i ? QStringLiteral("   ") : QStringLiteral("▶ ")) + text,
                                      Qt::ElideRight, size_.width() - 24));
    }
  }
  if (!refusal_.isEmpty()) {
    const QRectF note(0, size_.height() + 6, size_.width() + 40, 48);
    p->setPen(QColor(200, 40, 40));
    p->setBrush(QColor(255, 236, 236));
    p->drawRoundedRect(note, 4, 4);
    p->drawText(note.adjusted(6, 2, -6, -2), Qt::AlignLeft | Qt::AlignVCenter | Qt::TextWordWrap,
                refusal_);
  }
}

void CanvasNodeItem::paintPorts(QPainter* p) const {
  for (int i = 0; i < node_.ports.size(); ++i) {
    const CanvasModel::Port& port = node_.ports[i];
    const QPointF c = inputLocal(i);
    const bool missing = port.required && port.feeder < 0 && !node_.spare;
    const bool refused = port.name == refusedPort_ && !refusal_.isEmpty();
    p->setPen(QPen(missing || refused ? QColor(200, 40, 40) : QColor(90, 90, 90), 1.4));
    p->setBrush(port.feeder >= 0 ? hueOf(port.type.toStdString()) : QColor(Qt::white));
    p->drawEllipse(c, kPortRadius, kPortRadius);
    p->setPen(missing || refused ? QColor(200, 40, 40) : QColor(50, 50, 50));
    const QString text =
        CanvasNames::port(port.name) + (port.required ? QStringLiteral(" *") : QString());
    p->drawText(QRectF(c.x() + 12, c.y() - kPortRow / 2, size_.width() / 2, kPortRow),
                Qt::AlignLeft | Qt::AlignVCenter, text);
    p->setPen(QColor(140, 140, 140));
    p->drawText(QRectF(size_.width() / 2, c.y() - kPortRow / 2, size_.width() / 2 - 10, kPortRow),
                Qt::AlignRight | Qt::AlignVCenter, CanvasNames::type(port.type));
  }
  if (node_.kind->output.empty()) return;
  const QPointF out(size_.width(), kHeader / 2);
  p->setPen(QPen(QColor(90, 90, 90), 1.4));
  p->setBrush(accent());
  p->drawEllipse(out, kPortRadius, kPortRadius);
}

CanvasEdgeItem::CanvasEdgeItem(CanvasNodeItem* from, CanvasNodeItem* to, const QString& port,
                               bool variant)
    : from_(from), to_(to), port_(port) {
  setZValue(-1);
  setPen(QPen(QColor(110, 110, 110), 1.6, variant ? Qt::DashLine : Qt::SolidLine));
  if (variant)
    setToolTip(QCoreApplication::translate("d500::studio::CanvasEdgeItem",
                                           "Runs as its own variant, compared with the wired one"));
  updatePath();
}

QPainterPath CanvasEdgeItem::wire(const QPointF& a, const QPointF& b) {
  QPainterPath path(a);
  const double dx = std::max(40.0, std::abs(b.x() - a.x()) / 2);
  path.cubicTo(a + QPointF(dx, 0), b - QPointF(dx, 0), b);
  return path;
}

void CanvasEdgeItem::updatePath() {
  setPath(wire(from_->outputPortPos(), to_->inputPortPos(port_)));
}

}  // namespace d500::studio
