// Axis titles that are never cut short. Qt Charts elides a title longer than its axis ("median
// tim...", "time per call (...": the unit lost); these wrap it between words onto lines that fit
// the axis instead, and again whenever the plot area changes size.
// Threading: GUI thread, like the chart.
#pragma once

#include <QFont>
#include <QString>

QT_BEGIN_NAMESPACE
class QChart;
QT_END_NAMESPACE

namespace d500::studio {

class AxisTitles {
 public:
  // Keeps the titles of `chart`'s axes, present and future, whole: wraps them now and after
  // every change of the plot area. Call once per chart.
  static void keepWhole(QChart* chart);
  // Wraps each axis title of `chart` to its axis's current length now (after a rebuild made new
  // axes, before the chart is next laid out or drawn into a file).
  static void fit(QChart* chart);
  // `title` as rich-text lines of at most `width` pixels in `font`, broken between words
  // ("median time per call (µs),<br>95% CI bars"); one line when it fits. Escaped: the axis
  // reads its title as HTML.
  static QString wrapped(const QString& title, const QFont& font, double width);
};

}  // namespace d500::studio
