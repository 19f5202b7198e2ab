// Qt Charts draws every point it is given, and a polyline with more points than the plot has pixel
// columns only costs time: one column cannot show more than its lowest and its highest value.
// Reducing each column to its minimum and maximum keeps every peak and trough on screen at about
// two points per column, which is what keeps a 10^6-point series fast (platform.md).
#pragma once

#include <QList>
#include <QPointF>
#include <span>

namespace d500::studio {

struct DecimateOptions {
  double xMin = 0, xMax = 1;  // the visible x range (the axis range), in data units
  int columns = 1000;         // pixel columns of the plot area (device pixels when exporting)
  bool logX = false;          // columns of equal width in log10(x); points with x <= 0 dropped
  bool logY = false;          // points with y <= 0 dropped: a log axis cannot place them
  // xs non-decreasing: the visible range is then found by binary search, and the nearest point
  // outside it on each side is kept so that the line runs on to the plot's edge.
  bool sortedX = false;
};

// The points to draw for the polyline (xs[i], ys[i]): for every column that holds points, the
// column's minimum and its maximum (one point when they are the same point), in their original
// order. Points with a non-finite coordinate are skipped; so are points outside [xMin, xMax],
// except the two edge neighbours described above. At most 2 * columns + 2 points.
QList<QPointF> decimateMinMax(std::span<const double> xs, std::span<const double> ys,
                              const DecimateOptions& options);

}  // namespace d500::studio
