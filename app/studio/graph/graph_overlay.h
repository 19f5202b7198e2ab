// What the nodes are coloured by: their share of a group's time, their validation error against
// the reference, or the bytes they move; one sequential colour scale (pale = little, dark red =
// the most) and its legend. Nodes with no value are "not measured" (no fill).
// Threading: GUI thread.
#pragma once

#include <QColor>
#include <QString>
#include <QWidget>
#include <map>

#include "graph/node_profile.h"

namespace d500::studio {

enum class OverlayMode { None, TimeShare, Validation, Memory };

struct Overlay {
  OverlayMode mode = OverlayMode::None;
  std::map<QString, double> values;  // by node name
  double maxValue = 0;
  QString title;  // "time share of fwd b=1 (reference)"
  QString note;   // time outside the graph's nodes, say

  // 0..1 (the node's value over the largest); -1 when the node has no value.
  double heat(const QString& node) const;
  QColor color(const QString& node) const;  // invalid when not measured
  QString valueText(double v) const;        // "45.9%", "1.2e-07", "3.1 MiB"

  static QColor scale(double heat);  // the colour scale, 0..1
  static Overlay compute(const NodeProfile& profile, OverlayMode mode, const QString& executor,
                         const QString& group);
};

// The legend: the scale with its ends labelled, and the "not measured" swatch.
class OverlayLegend : public QWidget {
  Q_OBJECT
 public:
  explicit OverlayLegend(QWidget* parent = nullptr);
  void setOverlay(const Overlay& overlay);
  QSize sizeHint() const override;

 protected:
  void paintEvent(QPaintEvent* event) override;

 private:
  Overlay overlay_;
};

}  // namespace d500::studio
