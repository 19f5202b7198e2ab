#include "charts/chart_options.h"

#include <QJsonArray>
#include <algorithm>

namespace d500::studio {

QJsonObject ChartOptions::toJson() const {
  QJsonObject o;
  o[QStringLiteral("series")] = QJsonArray::fromStringList(series);
  o[QStringLiteral("x")] = x == XAxis::Step ? QStringLiteral("step") : QStringLiteral("wall_time");
  o[QStringLiteral("log_x")] = logX;
  o[QStringLiteral("log_y")] = logY;
  o[QStringLiteral("smoothing")] = smoothing;
  if (zoomed) {
    QJsonObject z;
    z[QStringLiteral("x")] = QJsonArray{xMin, xMax};
    z[QStringLiteral("y")] = QJsonArray{yMin, yMax};
    o[QStringLiteral("zoom")] = z;
  }
  return o;
}

ChartOptions ChartOptions::fromJson(const QJsonObject& j, const ChartOptions& defaults) {
  ChartOptions o = defaults;
  if (j.contains(QStringLiteral("series"))) {
    o.series.clear();
    for (const auto& v : j[QStringLiteral("series")].toArray()) o.series.append(v.toString());
  }
  if (j.contains(QStringLiteral("x")))
    o.x = j[QStringLiteral("x")].toString() == QStringLiteral("wall_time") ? XAxis::WallTime
                                                                           : XAxis::Step;
  o.logX = j[QStringLiteral("log_x")].toBool(o.logX);
  o.logY = j[QStringLiteral("log_y")].toBool(o.logY);
  o.smoothing = std::clamp(j[QStringLiteral("smoothing")].toDouble(o.smoothing), 0.0, 0.999);
  const QJsonObject z = j[QStringLiteral("zoom")].toObject();
  const QJsonArray zx = z[QStringLiteral("x")].toArray(), zy = z[QStringLiteral("y")].toArray();
  // A saved view without a zoom follows the data.
  o.zoomed = zx.size() == 2 && zy.size() == 2;
  if (o.zoomed) {
    o.xMin = zx[0].toDouble();
    o.xMax = zx[1].toDouble();
    o.yMin = zy[0].toDouble();
    o.yMax = zy[1].toDouble();
  }
  return o;
}

}  // namespace d500::studio
