// The view settings of one chart, kept apart from the widget so that a project file can store
// them and applying them reproduces the view exactly (series shown, axes, smoothing, zoom).
#pragma once

#include <QJsonObject>
#include <QStringList>

namespace d500::studio {

struct ChartOptions {
  enum class XAxis { Step, WallTime };

  QStringList series;     // series names shown; empty: the chart kind's default choice
  XAxis x = XAxis::Step;  // for series charts: step or wall time since the run started
  bool logX = false;
  bool logY = false;
  double smoothing = 0;  // EMA weight in [0, 1); 0 draws the raw line only
  // The user's zoom, in data units; when false the axes follow the data.
  bool zoomed = false;
  double xMin = 0, xMax = 0, yMin = 0, yMax = 0;

  QJsonObject toJson() const;
  // Reads what `json` holds; keys it lacks keep the values of `defaults`.
  static ChartOptions fromJson(const QJsonObject& json, const ChartOptions& defaults);
  bool operator==(const ChartOptions&) const = default;
};

}  // namespace d500::studio
