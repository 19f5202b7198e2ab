// Test support for what a chart actually draws (issue 35, items 10-14): the visible text items
// of a chart's scene (axis titles, tick labels, the chart's title), found without processing
// deferred deletions, so an axis item that lingers after a rebuild is counted as drawn.
#pragma once

#include <QGraphicsScene>
#include <QGraphicsTextItem>
#include <QList>
#include <QString>
#include <QWidget>
#include <QtCharts/QAbstractAxis>
#include <QtCharts/QChart>
#include <QtCharts/QChartView>

namespace d500::test {

// Every visible text item `chart` draws.
inline QList<QGraphicsTextItem*> visibleTexts(QChart* chart) {
  QList<QGraphicsTextItem*> out;
  if (!chart->scene()) return out;
  for (QGraphicsItem* i : chart->scene()->items())
    if (auto* t = qgraphicsitem_cast<QGraphicsTextItem*>(i);
        t && t->isVisible() && chart->isAncestorOf(t))
      out.append(t);
  return out;
}

// Words compared without the line breaks a wrapped title or label is drawn with.
inline QString words(const QString& text) {
  QString t = text;
  t.replace(QStringLiteral("<br>"), QStringLiteral(" "));
  t.replace(QChar(0x2028), QLatin1Char(' '));
  return t.simplified();
}

// The visible text items that draw `axis`'s title (several when an old one lingers).
inline QList<QGraphicsTextItem*> titleItems(QChart* chart, QAbstractAxis* axis) {
  QList<QGraphicsTextItem*> out;
  const QString title = words(axis->titleText());
  for (QGraphicsTextItem* t : visibleTexts(chart))
    if (!title.isEmpty() && words(t->toPlainText()) == title) out.append(t);
  return out;
}

// The text items that Qt Charts cut short ("median tim...").
inline QStringList elidedTexts(QChart* chart) {
  QStringList out;
  for (QGraphicsTextItem* t : visibleTexts(chart))
    if (t->toPlainText().contains(QStringLiteral("...")) ||
        t->toPlainText().contains(QChar(0x2026)))
      out.append(t->toPlainText());
  return out;
}

// Every chart inside `w` (a chart panel or a dashboard).
inline QList<QChart*> chartsIn(QWidget* w) {
  QList<QChart*> out;
  for (QChartView* v : w->findChildren<QChartView*>())
    if (v->chart()) out.append(v->chart());
  return out;
}

}  // namespace d500::test
