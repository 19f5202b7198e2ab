#include "graph/graph_overlay.h"

#include <QLinearGradient>
#include <QPainter>
#include <algorithm>
#include <cmath>

#include "charts/units.h"

namespace d500::studio {

namespace {

// ColorBrewer's YlOrRd, light to dark.
const QColor kStops[] = {QColor(0xff, 0xf7, 0xbc), QColor(0xfe, 0xc4, 0x4f),
                         QColor(0xfb, 0x8a, 0x2c), QColor(0xe3, 0x1a, 0x1c),
                         QColor(0x80, 0x00, 0x26)};
constexpr int kStopCount = sizeof kStops / sizeof kStops[0];

QColor mix(const QColor& a, const QColor& b, double t) {
  return QColor::fromRgbF(float(a.redF() + (b.redF() - a.redF()) * t),
                          float(a.greenF() + (b.greenF() - a.greenF()) * t),
                          float(a.blueF() + (b.blueF() - a.blueF()) * t));
}

QString bytesText(double b) {
  const char* units[] = {"B", "KiB", "MiB", "GiB"};
  int u = 0;
  while (b >= 1024 && u < 3) {
    b /= 1024;
    ++u;
  }
  return QStringLiteral("%1 %2").arg(formatNumber(b)).arg(QLatin1String(units[u]));
}

}  // namespace

double Overlay::heat(const QString& node) const {
  auto it = values.find(node);
  if (it == values.end()) return -1;
  return maxValue > 0 ? it->second / maxValue : 0;
}

QColor Overlay::scale(double heat) {
  const double t = std::clamp(heat, 0.0, 1.0) * (kStopCount - 1);
  const int i = std::min(int(t), kStopCount - 2);
  return mix(kStops[i], kStops[i + 1], t - i);
}

QColor Overlay::color(const QString& node) const {
  const double h = heat(node);
  return h < 0 || mode == OverlayMode::None ? QColor() : scale(h);
}

QString Overlay::valueText(double v) const {
  switch (mode) {
    case OverlayMode::TimeShare:
      return v == 0 ? QStringLiteral("0%") : formatPercent(100 * v) + QLatin1Char('%');
    case OverlayMode::Memory:
      return bytesText(v);
    default:
      return formatNumber(v);
  }
}

Overlay Overlay::compute(const NodeProfile& profile, OverlayMode mode, const QString& executor,
                         const QString& group) {
  Overlay o;
  o.mode = mode;
  if (mode == OverlayMode::TimeShare || mode == OverlayMode::Memory) {
    const NodeGroup* g = profile.find(executor, group);
    if (!g) return o;
    for (const auto& [name, times] : g->nodes) {
      double bytes = 0;
      for (const NodePass& p : times.passes) bytes += p.bytes;
      if (mode == OverlayMode::TimeShare)
        o.values[name] = g->share(name);
      else if (bytes > 0)
        o.values[name] = bytes;
    }
    o.title = mode == OverlayMode::TimeShare
                  ? QObject::tr("Share of the time of %1 (%2)").arg(group, executor)
                  : QObject::tr("Bytes moved per call, %1 (%2)").arg(group, executor);
  } else if (mode == OverlayMode::Validation) {
    if (const auto* v = profile.validation(executor))
      for (const auto& [name, error] : *v) o.values[name] = error.value;
    o.title = QObject::tr("Validation error against the reference (%1)").arg(executor);
  }
  for (const auto& [name, v] : o.values) o.maxValue = std::max(o.maxValue, v);
  return o;
}

OverlayLegend::OverlayLegend(QWidget* parent) : QWidget(parent) {
  setObjectName(QStringLiteral("graphLegend"));
  setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Fixed);
}

void OverlayLegend::setOverlay(const Overlay& overlay) {
  overlay_ = overlay;
  setVisible(overlay.mode != OverlayMode::None);
  updateGeometry();
  update();
}

QSize OverlayLegend::sizeHint() const {
  return {360, fontMetrics().height() * (overlay_.note.isEmpty() ? 3 : 4) + 14};
}

void OverlayLegend::paintEvent(QPaintEvent*) {
  QPainter p(this);
  p.setRenderHint(QPainter::Antialiasing);
  const int line = fontMetrics().height();
  p.setPen(palette().color(QPalette::WindowText));
  p.drawText(QRect(4, 2, width() - 8, line), Qt::AlignLeft | Qt::AlignVCenter, overlay_.title);
  const QRect bar(4, line + 6, std::min(width() - 150, 260), line);
  QLinearGradient g(bar.topLeft(), bar.topRight());
  for (int i = 0; i < kStopCount; ++i) g.setColorAt(double(i) / (kStopCount - 1), kStops[i]);
  p.setPen(QColor(0x88, 0x88, 0x88));
  p.setBrush(g);
  p.drawRect(bar);
  p.setPen(palette().color(QPalette::WindowText));
  const QRect ends(bar.left(), bar.bottom() + 2, bar.width(), line);
  p.drawText(ends, Qt::AlignLeft, overlay_.valueText(0));
  p.drawText(ends, Qt::AlignRight,
             overlay_.values.empty() ? tr("not measured") : overlay_.valueText(overlay_.maxValue));
  const QRect swatch(bar.right() + 14, bar.top(), line * 2, line);
  p.setPen(QPen(QColor(0x55, 0x55, 0x55), 1, Qt::DashLine));
  p.setBrush(QColor(0xf7, 0xf7, 0xf7));
  p.drawRoundedRect(swatch, 3, 3);
  p.setPen(palette().color(QPalette::WindowText));
  p.drawText(QRect(swatch.right() + 6, swatch.top(), 120, line), Qt::AlignVCenter,
             tr("not measured"));
  if (!overlay_.note.isEmpty())
    p.drawText(QRect(4, ends.bottom() + 2, width() - 8, line), Qt::AlignLeft, overlay_.note);
}

}  // namespace d500::studio
