#include "charts/axis_titles.h"

#include <QFontMetricsF>
#include <QStringList>
#include <QVariant>
#include <QtCharts/QAbstractAxis>
#include <QtCharts/QChart>

namespace d500::studio {

namespace {

const char* const kWholeTitle = "d500WholeTitle";    // the title as the model set it
const char* const kFittedTitle = "d500FittedTitle";  // what fit() made of it
constexpr double kTextMargins = 16;  // Qt's text margins and the title's padding, both sides

// A word longer than the axis ("Kommunikationsanteil" beside a short panel), hyphenated into
// pieces that fit; the axis would elide it otherwise. Always at least one letter per piece.
QStringList splitWord(const QString& word, const QFontMetricsF& metrics, double width) {
  QStringList pieces;
  QString rest = word;
  while (metrics.horizontalAdvance(rest) + kTextMargins > width && rest.size() > 1) {
    qsizetype n = 1;
    while (n + 1 < rest.size() &&
           metrics.horizontalAdvance(rest.left(n + 1) + QLatin1Char('-')) + kTextMargins <= width)
      ++n;
    pieces.append(rest.left(n) + QLatin1Char('-'));
    rest = rest.mid(n);
  }
  pieces.append(rest);
  return pieces;
}

}  // namespace

QString AxisTitles::wrapped(const QString& title, const QFont& font, double width) {
  const QFontMetricsF metrics(font);
  if (metrics.horizontalAdvance(title) + kTextMargins <= width) return title.toHtmlEscaped();
  QStringList lines;
  for (const QString& word : title.split(QLatin1Char(' '), Qt::SkipEmptyParts)) {
    if (!lines.isEmpty() &&
        metrics.horizontalAdvance(lines.back() + QLatin1Char(' ') + word) + kTextMargins <= width)
      lines.back() += QLatin1Char(' ') + word;
    else
      lines.append(splitWord(word, metrics, width));
  }
  for (QString& l : lines) l = l.toHtmlEscaped();
  return lines.join(QStringLiteral("<br>"));
}

void AxisTitles::fit(QChart* chart) {
  QRectF area = chart->plotArea();
  if (area.width() < 50 || area.height() < 50)  // not laid out yet: about what the axes leave
    area = QRectF(QPointF(0, 0), chart->size() - QSizeF(120, 110));
  if (area.width() < 50 || area.height() < 50) return;
  for (QAbstractAxis* a : chart->axes()) {
    // A title the model set since the last fit is the whole one; the fitted text is ours.
    if (a->titleText() != a->property(kFittedTitle).toString())
      a->setProperty(kWholeTitle, a->titleText());
    const QString whole = a->property(kWholeTitle).toString();
    if (whole.isEmpty()) continue;
    const double length = a->orientation() == Qt::Horizontal ? area.width() : area.height();
    const QString fitted = wrapped(whole, a->titleFont(), length);
    a->setProperty(kFittedTitle, fitted);
    if (a->titleText() != fitted) a->setTitleText(fitted);
  }
}

void AxisTitles::keepWhole(QChart* chart) {
  QObject::connect(chart, &QChart::plotAreaChanged, chart, [chart] { fit(chart); });
}

}  // namespace d500::studio
