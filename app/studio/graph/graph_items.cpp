#include "graph/graph_items.h"

#include <QCoreApplication>
#include <QFontMetricsF>
#include <QLineF>
#include <QPainter>
#include <QStyleOptionGraphicsItem>
#include <algorithm>
#include <cmath>

namespace d500::studio {

namespace {

constexpr double kMinWidth = 84, kMaxWidth = 250, kPad = 10;
constexpr double kOperatorHeight = 40, kTagHeight = 34, kBadge = 20;
// Below these zoom levels text is too small to read and is not drawn.
constexpr double kTextLod = 0.35, kLabelLod = 0.5;

QFont pixelFont(int px, bool bold) {
  QFont f;
  f.setPixelSize(px);
  f.setBold(bold);
  return f;
}

QString tagCaption(const onnx::DisplayNode& n) {
  const onnx::DisplayTensor& t =
      n.kind == onnx::DisplayNode::Kind::Input ? n.outputs.front() : n.inputs.front();
  return QString::fromStdString(t.shape.empty() ? t.type() : onnx::compact_shape(t.shape));
}

bool dark(const QColor& c) {
  return c.isValid() && c.lightnessF() < 0.5;
}

}  // namespace

QPainterPath layoutPath(const LayoutResult::Path& p) {
  QPainterPath path(QPointF(p.controls.front().x, p.controls.front().y));
  for (size_t i = 1; i + 2 < p.controls.size(); i += 3)
    path.cubicTo(QPointF(p.controls[i].x, p.controls[i].y),
                 QPointF(p.controls[i + 1].x, p.controls[i + 1].y),
                 QPointF(p.controls[i + 2].x, p.controls[i + 2].y));
  return path;
}

QFont GraphFonts::title() {
  return pixelFont(13, true);
}
QFont GraphFonts::name() {
  return pixelFont(11, false);
}
QFont GraphFonts::label() {
  return pixelFont(10, false);
}

QSizeF NodeItem::boxSize(const onnx::DisplayNode& n) {
  const bool op = n.kind == onnx::DisplayNode::Kind::Operator;
  const QString top = QString::fromStdString(op ? n.op_type : n.name);
  const QString bottom = op ? QString::fromStdString(n.name) : tagCaption(n);
  // An operator's name line also holds the overlay's value (" · 12.3%").
  const QFontMetricsF nameMetrics(GraphFonts::name());
  const double value = op ? nameMetrics.horizontalAdvance(QStringLiteral(" · 00.0%")) : 0;
  const double w = std::max(QFontMetricsF(GraphFonts::title()).horizontalAdvance(top),
                            nameMetrics.horizontalAdvance(bottom) + value);
  // Room for the "+n" badge of constant inputs on both sides, so that the text stays centred.
  const bool badge = std::any_of(
      n.inputs.begin(), n.inputs.end(),
      [](const onnx::DisplayTensor& t) { return t.initializer || !t.constant.empty(); });
  return {std::clamp(w + 2 * kPad + (badge ? 2 * kBadge : 0), kMinWidth, kMaxWidth),
          op ? kOperatorHeight : kTagHeight};
}

NodeItem::NodeItem(int index, const onnx::DisplayNode& n, QSizeF size)
    : index_(index),
      kind_(n.kind),
      name_(QString::fromStdString(n.name)),
      opType_(QString::fromStdString(n.op_type)),
      size_(size) {
  caption_ = isOperator() ? name_ : tagCaption(n);
  setFlag(ItemIsSelectable);
  setAcceptHoverEvents(false);
  QStringList constants;
  for (const onnx::DisplayTensor& t : n.inputs)
    if (t.initializer || !t.constant.empty())
      constants << QString::fromStdString(t.name + (t.constant.empty() ? "" : " = " + t.constant));
  constants_ = int(constants.size());
  QString tip = isOperator() ? QStringLiteral("%1 (%2)").arg(name_, opType_) : name_;
  if (constants_ > 0)
    tip += QLatin1Char('\n') +
           QCoreApplication::translate("d500::studio::NodeItem", "Constant inputs: %1")
               .arg(constants.join(QStringLiteral(", ")));
  setToolTip(tip);
  setZValue(1);
}

void NodeItem::setFill(const QColor& fill, const QString& value, bool unmeasured) {
  fill_ = fill;
  value_ = value;
  unmeasured_ = unmeasured;
  update();
}

QRectF NodeItem::boundingRect() const {
  return QRectF(-size_.width() / 2 - 2, -size_.height() / 2 - 2, size_.width() + 4,
                size_.height() + 4);
}

void NodeItem::paint(QPainter* p, const QStyleOptionGraphicsItem* option, QWidget*) {
  const double lod = option->levelOfDetailFromTransform(p->worldTransform());
  const QRectF box(-size_.width() / 2, -size_.height() / 2, size_.width(), size_.height());
  QColor background = fill_;
  if (!background.isValid())
    background = kind_ == onnx::DisplayNode::Kind::Input    ? QColor(0xdc, 0xea, 0xf7)
                 : kind_ == onnx::DisplayNode::Kind::Output ? QColor(0xdf, 0xf0, 0xdf)
                                                            : QColor(0xf7, 0xf7, 0xf7);
  QPen pen(isSelected() ? QColor(0x15, 0x65, 0xc0) : QColor(0x55, 0x55, 0x55),
           isSelected() ? 3 : 1);
  if (unmeasured_) pen.setStyle(Qt::DashLine);
  p->setPen(pen);
  p->setBrush(background);
  const double radius = isOperator() ? 5 : size_.height() / 2;
  p->drawRoundedRect(box, radius, radius);
  if (lod < kTextLod) return;
  if (constants_ > 0) paintBadge(p, box);
  p->setPen(dark(fill_) ? Qt::white : QColor(0x20, 0x20, 0x20));
  const QRectF upper(box.left() + 4, box.top() + 2, box.width() - 8, box.height() / 2);
  const QRectF lower(box.left() + 4, box.center().y(), box.width() - 8, box.height() / 2 - 3);
  p->setFont(GraphFonts::title());
  const QString top = isOperator() ? opType_ : name_;
  p->drawText(upper, Qt::AlignHCenter | Qt::AlignBottom,
              QFontMetricsF(p->font()).elidedText(top, Qt::ElideMiddle, upper.width()));
  p->setFont(GraphFonts::name());
  const QFontMetricsF fm(p->font());
  const QString suffix = value_.isEmpty() ? QString() : QStringLiteral(" · ") + value_;
  p->drawText(
      lower, Qt::AlignHCenter | Qt::AlignTop,
      fm.elidedText(caption_, Qt::ElideMiddle, lower.width() - fm.horizontalAdvance(suffix)) +
          suffix);
}

void NodeItem::paintBadge(QPainter* p, const QRectF& box) const {
  // "+2": the constant inputs drawn inside the box, not as boxes of their own.
  QFont f = GraphFonts::label();
  f.setPixelSize(9);
  const QString text = QStringLiteral("+%1").arg(constants_);
  const double w = QFontMetricsF(f).horizontalAdvance(text) + 6;
  const QRectF badge(box.right() - w - 2, box.top() + 2, w, 12);
  p->setPen(Qt::NoPen);
  p->setBrush(QColor(0xe0, 0xe0, 0xe0));
  p->drawRoundedRect(badge, 4, 4);
  p->setPen(QColor(0x44, 0x44, 0x44));
  p->setFont(f);
  p->drawText(badge, Qt::AlignCenter, text);
}

EdgeItem::EdgeItem(QPainterPath path, QPointF tip, QString label)
    : path_(std::move(path)), label_(std::move(label)) {
  const QPointF from = path_.currentPosition();
  QLineF dir(tip, from);
  if (dir.length() < 1e-6) dir = QLineF(tip, tip - QPointF(0, 1));
  dir.setLength(8);
  QLineF left = dir, right = dir;
  left.setAngle(dir.angle() + 22);
  right.setAngle(dir.angle() - 22);
  arrow_ << tip << left.p2() << right.p2();
  path_.lineTo(dir.p2());
  labelAt_ = path_.pointAtPercent(0.5) + QPointF(5, 0);
  bounds_ = path_.boundingRect().united(arrow_.boundingRect());
  if (!label_.isEmpty()) {
    const QRectF text = QFontMetricsF(GraphFonts::label()).boundingRect(label_);
    bounds_ = bounds_.united(text.translated(labelAt_ + QPointF(0, text.height() / 2)));
  }
  bounds_.adjust(-2, -2, 2, 2);
  setZValue(0);
}

QRectF EdgeItem::boundingRect() const {
  return bounds_;
}

void EdgeItem::paint(QPainter* p, const QStyleOptionGraphicsItem* option, QWidget*) {
  const QColor ink(0x70, 0x70, 0x70);
  p->setPen(QPen(ink, 1.2));
  p->setBrush(Qt::NoBrush);
  p->drawPath(path_);
  p->setBrush(ink);
  p->drawPolygon(arrow_);
  if (label_.isEmpty() || option->levelOfDetailFromTransform(p->worldTransform()) < kLabelLod)
    return;
  p->setFont(GraphFonts::label());
  p->setPen(QColor(0x44, 0x44, 0x44));
  const QFontMetricsF fm(p->font());
  p->drawText(labelAt_ + QPointF(0, (fm.ascent() - fm.descent()) / 2), label_);
}

}  // namespace d500::studio
